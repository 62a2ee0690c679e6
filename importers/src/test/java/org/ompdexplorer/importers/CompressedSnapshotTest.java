package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * {@code *.json.gz}: recognized by its bytes whatever its name, read as the JSON it holds, damaged streams as one
 * located message; written gzip-compressed through the output helper for a name ending in {@code .gz}.
 */
class CompressedSnapshotTest {
    @TempDir
    Path dir;

    private final SnapshotLoader loader = new SnapshotLoader();
    private final Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 3000, 7));

    private static byte[] json(Snapshot s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(s, out);
        return out.toByteArray();
    }

    private static byte[] gzip(byte[]... members) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] m : members) {
            try (GZIPOutputStream gz = new GZIPOutputStream(out) {
                @Override
                public void close() throws IOException {
                    finish(); // several members into one buffer
                }
            }) {
                gz.write(m);
            }
        }
        return out.toByteArray();
    }

    private Snapshot load(Path file) throws SnapshotLoadException {
        return loader.load(file, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
    }

    @Test
    void aCompressedSnapshotLoadsAsTheModelOfThePlainOne() throws Exception {
        byte[] plain = json(generated);
        Path gz = Files.write(dir.resolve("s.json.gz"), gzip(plain));
        Path json = Files.write(dir.resolve("s.json"), plain);
        assertThat(json(load(gz))).isEqualTo(json(load(json)));
        assertThat(Files.size(gz)).isLessThan(Files.size(json) / 5);
    }

    @Test
    void theBytesDecideNotTheName() throws Exception {
        byte[] plain = json(generated);
        Path plainNamedGz = Files.write(dir.resolve("plain.json.gz"), plain);
        Path gzNamedJson = Files.write(dir.resolve("gz.json"), gzip(plain));
        assertThat(json(load(plainNamedGz))).isEqualTo(plain);
        assertThat(json(load(gzNamedJson))).isEqualTo(plain);
        assertThat(loader.load(gzNamedJson, LoadOptions.LENIENT, ProgressListener.NONE).decompressed()).isTrue();
        assertThat(loader.load(plainNamedGz, LoadOptions.LENIENT, ProgressListener.NONE).decompressed()).isFalse();
    }

    @Test
    void aFifoNamedGzIsWrittenCompressedThrough() throws Exception {
        Path fifo = dir.resolve("pipe.json.gz");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        byte[][] read = new byte[1][];
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(fifo))) {
                read[0] = in.readAllBytes();
            } catch (IOException e) {
                read[0] = new byte[0];
            }
        });
        new SnapshotJsonExporter().write(generated, fifo);
        reader.join(30_000);
        assertThat(read[0]).isEqualTo(json(generated));
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    @Test
    void membersOneAfterTheOtherReadAsOneStreamEvenFromAPipe() throws Exception {
        byte[] plain = json(generated);
        int half = plain.length / 2;
        byte[] two = gzip(Arrays.copyOfRange(plain, 0, half), Arrays.copyOfRange(plain, half, plain.length));
        assertThat(json(load(Files.write(dir.resolve("cat.json.gz"), two)))).isEqualTo(plain);

        // a pipe that has nothing at hand between the members must not end the read there
        PipedInputStream in = new PipedInputStream(1 << 10);
        PipedOutputStream feed = new PipedOutputStream(in);
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            try (feed) {
                for (int i = 0; i < two.length; i += 100) {
                    feed.write(two, i, Math.min(100, two.length - i));
                    feed.flush();
                }
            } catch (IOException e) {
                // the reader ended: its assertion says why
            }
        });
        Snapshot piped = loader.load(in, "<pipe>", -1, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
        writer.join();
        assertThat(json(piped)).isEqualTo(plain);
    }

    @Test
    void aTruncatedStreamIsOneLocatedMessage() throws Exception {
        byte[] whole = gzip(json(generated));
        for (int length : new int[] {2, 5, 10, whole.length / 2, whole.length - 4}) {
            Path cut = Files.write(dir.resolve("cut" + length + ".json.gz"), Arrays.copyOf(whole, length));
            MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(cut));
            assertThat(e).as("cut at %d", length).isNotNull();
            assertThat(e.diagnostics()).singleElement().satisfies(d -> {
                assertThat(d.code()).isIn("gzip-truncated", "gzip-damaged");
                assertThat(d.location().input()).isEqualTo(cut.toString());
                assertThat(d.location().offset()).isBetween(0L, (long) length);
            });
            assertThat(e.getMessage()).contains(cut.toString(), "gzip-compressed").doesNotContain("Exception");
        }
        Path cut = Files.write(dir.resolve("half.json.gz"), Arrays.copyOf(whole, whole.length / 2));
        assertThat(catchThrowableOfType(MalformedInputException.class, () -> load(cut)).getMessage())
                .contains("ends in the middle of its compressed data", "copy it again");
    }

    @Test
    void aCorruptStreamSaysWhereAndWhatToDo() throws Exception {
        byte[] bad = gzip(json(generated));
        for (int i = 2000; i < 2016; i++) {
            bad[i] ^= (byte) 0x5a;
        }
        Path file = Files.write(dir.resolve("bad.json.gz"), bad);
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(file));
        assertThat(e.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("gzip-damaged");
            assertThat(d.location().offset()).isGreaterThanOrEqualTo(2000L).isLessThanOrEqualTo(bad.length);
        });
        assertThat(e.getMessage()).contains(file.toString(), "is damaged", "gzip -t");

        byte[] badCrc = gzip(json(generated));
        badCrc[badCrc.length - 6] ^= 1;
        Path crc = Files.write(dir.resolve("crc.json.gz"), badCrc);
        assertThat(catchThrowableOfType(MalformedInputException.class, () -> load(crc)).diagnostics())
                .singleElement().satisfies(d -> assertThat(d.code()).isEqualTo("gzip-damaged"));
    }

    @Test
    void aSyntaxErrorSaysItsLineAndColumnCountInTheDecompressedJson() throws Exception {
        Path file = Files.write(dir.resolve("broken.json.gz"), gzip("{\n  \"format\": ]".getBytes()));
        MalformedInputException e = catchThrowableOfType(MalformedInputException.class, () -> load(file));
        assertThat(e.getMessage()).contains(file + ":2:").contains("decompressed JSON");
    }

    @Test
    void progressCountsCompressedBytesAndCancellationStopsTheLoad() throws Exception {
        Snapshot big = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 60_000, 3));
        Path file = Files.write(dir.resolve("big.json.gz"), gzip(json(big)));
        long size = Files.size(file);
        List<long[]> seen = new ArrayList<>();
        loader.load(file, LoadOptions.LENIENT, new ProgressListener() {
            @Override
            public void progress(String phase, long done, long total) {
                if (phase.startsWith("reading")) {
                    seen.add(new long[] {done, total});
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        });
        assertThat(seen).isNotEmpty().allSatisfy(p -> {
            assertThat(p[1]).isEqualTo(size);
            assertThat(p[0]).isBetween(0L, size);
        });
        assertThat(seen.getLast()[0]).isGreaterThan(size / 2);

        LoadCancelledException cancelled = catchThrowableOfType(LoadCancelledException.class,
                () -> loader.load(file, LoadOptions.LENIENT, new ProgressListener() {
                    @Override
                    public void progress(String phase, long done, long total) {
                    }

                    @Override
                    public boolean isCancelled() {
                        return true;
                    }
                }));
        assertThat(cancelled).isNotNull();
    }

    @Test
    void aGzNameIsWrittenCompressedAtomicallyAndNeverOverItsInput() throws Exception {
        Path target = dir.resolve("out.json.gz");
        new SnapshotJsonExporter().write(generated, target);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(target))) {
            assertThat(in.readAllBytes()).isEqualTo(json(generated));
        }
        assertThat(json(load(target))).isEqualTo(json(generated));

        // a failing body leaves the old file as it was, and no temporary file
        byte[] before = Files.readAllBytes(target);
        OutputException failed = catchThrowableOfType(OutputException.class,
                () -> org.ompdexplorer.importers.output.OutputFile.write(target, out -> {
                    out.write(new byte[100_000]);
                    throw new IOException("disk full");
                }));
        assertThat(failed).isNotNull();
        assertThat(Files.readAllBytes(target)).isEqualTo(before);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out.json.gz");
        }

        // the input itself, compressed or not, is never the output
        OutputException same = catchThrowableOfType(OutputException.class,
                () -> new SnapshotJsonExporter().write(load(target), target, List.of(target)));
        assertThat(same.reason()).isEqualTo(OutputException.Reason.SAME_AS_INPUT);
        assertThat(Files.readAllBytes(target)).isEqualTo(before);
    }

    @Test
    void plainAndCompressedRoundTripToTheSameModel() throws Exception {
        Path plain = dir.resolve("a.json");
        Path gz = dir.resolve("a.json.gz");
        Path back = dir.resolve("b.json");
        new SnapshotJsonExporter().write(generated, plain);
        new SnapshotJsonExporter().write(load(plain), gz, List.of(plain));
        new SnapshotJsonExporter().write(load(gz), back, List.of(gz));
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(plain));
        assertThat(new ByteArrayInputStream(Files.readAllBytes(gz)).readNBytes(2)).containsExactly(0x1f, 0x8b);
    }
}
