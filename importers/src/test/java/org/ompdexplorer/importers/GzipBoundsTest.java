package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * Issue 23 items 6a and 9: gzip input is read member after member without recursion (the JDK's stream recursed once
 * per empty member: a 10,000-member file overflowed the stack), and decompresses to at most
 * {@value GzipInput#MAX_RATIO} times its compressed size (or {@value GzipInput#FLOOR_MIB} MiB): a bomb stops at that
 * bound with one clear message. Bounds are checked by counting bytes, not by time.
 */
class GzipBoundsTest {
    private final Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 3000, 7));

    private static byte[] json(Snapshot s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(s, out);
        return out.toByteArray();
    }

    private static byte[] member(byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Counts the bytes the loader took from it. */
    private static final class Counted extends FilterInputStream {
        long count;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(0, n);
            return n;
        }
    }

    private static LoadResult load(InputStream in, LoadOptions options) throws SnapshotLoadException {
        return new SnapshotLoader().load(in, "in.json.gz", -1, options, ProgressListener.NONE);
    }

    @Test
    void aHundredThousandEmptyMembersAfterTheSnapshotAreReadWithoutRecursion() throws Exception {
        byte[] plain = json(generated);
        byte[] empty = member(new byte[0]);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(member(plain));
        for (int i = 0; i < 100_000; i++) { // 2 MB; 10,000 overflowed the CLI's stack, 100,000 any test's
            file.writeBytes(empty);
        }
        LoadResult r = load(new ByteArrayInputStream(file.toByteArray()), LoadOptions.STRICT);
        assertThat(json(r.snapshot())).isEqualTo(plain);
        assertThat(r.diagnostics()).isEmpty();
    }

    @Test
    void aSnapshotIn10000MembersAmongEmptyOnesReadsAsTheWhole() throws Exception {
        byte[] plain = json(generated);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        byte[] empty = member(new byte[0]);
        int step = plain.length / 10_000 + 1;
        for (int at = 0; at < plain.length; at += step) {
            file.writeBytes(empty);
            file.writeBytes(member(java.util.Arrays.copyOfRange(plain, at, Math.min(plain.length, at + step))));
            file.writeBytes(empty);
        }
        assertThat(json(load(new ByteArrayInputStream(file.toByteArray()), LoadOptions.STRICT).snapshot()))
                .isEqualTo(plain);
    }

    @Test
    void aBombInsideTheJsonStopsAtTheDocumentedBound() throws Exception {
        // 4 GiB of spaces between two tokens, in 4,096 members of 1 MiB each: about 4 MB compressed
        byte[] head = member("{\"format\": ".getBytes(StandardCharsets.US_ASCII));
        byte[] spaces = member(" ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII));
        Counted in = new Counted(new SequenceInputStream(Collections.enumeration(java.util.List.of(
                new ByteArrayInputStream(head), new SequenceInputStream(Collections.enumeration(
                        Collections.nCopies(4096, spaces).stream().map(ByteArrayInputStream::new).toList()))))));
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class,
                () -> load(in, LoadOptions.LENIENT));
        assertThat(e).isNotNull();
        assertThat(e.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("gzip-ratio");
            assertThat(d.message()).contains("in.json.gz", "decompresses to more than " + GzipInput.MAX_RATIO
                    + " times");
            assertThat(d.fix()).contains("zcat");
        });
        // it stopped once past the floor: 64 MiB of spaces are some 64 members, not the 4,096 of the bomb
        assertThat(in.count).isLessThan(256L * spaces.length);
    }

    @Test
    void aBombAfterTheSnapshotStopsAtTheBoundToo() throws Exception {
        byte[] spaces = member(" ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII));
        byte[] snapshot = member(json(generated));
        Counted in = new Counted(new SequenceInputStream(Collections.enumeration(java.util.List.of(
                new ByteArrayInputStream(snapshot), new SequenceInputStream(Collections.enumeration(
                        Collections.nCopies(4096, spaces).stream().map(ByteArrayInputStream::new).toList()))))));
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class,
                () -> load(in, LoadOptions.LENIENT));
        assertThat(e).isNotNull();
        assertThat(e.diagnostics()).singleElement().satisfies(d -> assertThat(d.code()).isEqualTo("gzip-ratio"));
        assertThat(in.count).isLessThan(snapshot.length + 256L * spaces.length);
    }

    @Test
    void aRealSnapshotIsFarBelowTheRatio() throws Exception {
        Snapshot big = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 200_000, 3));
        byte[] plain = json(big);
        byte[] gz = member(plain);
        assertThat(plain.length / gz.length).isLessThan(GzipInput.MAX_RATIO / 4);
        assertThat(json(load(new ByteArrayInputStream(gz), LoadOptions.LENIENT).snapshot())).isEqualTo(plain);
    }

    @Test
    void bytesAfterTheLastMemberAreALocatedErrorNotIgnored() throws Exception {
        byte[] plain = json(generated);
        byte[] gz = member(plain);
        LoadResult r = load(new ByteArrayInputStream(concat(gz, "garbage".getBytes(StandardCharsets.US_ASCII))),
                LoadOptions.LENIENT);
        assertThat(json(r.snapshot())).isEqualTo(plain);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("trailing-content");
            assertThat(d.isError()).isTrue();
            assertThat(d.location().offset()).isEqualTo(gz.length);
            assertThat(d.message()).contains("after the compressed snapshot", "compressed byte " + gz.length);
        });
        InvalidSnapshotException strict = catchThrowableOfType(InvalidSnapshotException.class,
                () -> load(new ByteArrayInputStream(concat(gz, new byte[] {0x1f})), LoadOptions.STRICT));
        assertThat(strict).isNotNull();
    }
}
