package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.InvalidSnapshotException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * Issue 23 item 9: content after the snapshot's closing brace — garbage, the old tail of a file overwritten in
 * place, a second snapshot concatenated — is a located error, never ignored: the snapshot before it is loaded (the
 * read is lenient), {@code --strict} refuses it, and the read stops at its first byte.
 */
class TrailingContentTest {
    private static final String SNAPSHOT = "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"hand-written\"},\n\"threads\":[{\"id\":0}]}";

    @TempDir
    Path dir;

    private static LoadResult load(byte[] bytes, LoadOptions options) throws Exception {
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length, options,
                ProgressListener.NONE);
    }

    private static LoadResult load(String json, LoadOptions options) throws Exception {
        return load(json.getBytes(StandardCharsets.UTF_8), options);
    }

    private static Diagnostic trailing(LoadResult r) {
        assertThat(r.diagnostics()).filteredOn(d -> d.code().equals("trailing-content")).hasSize(1);
        return r.diagnostics().stream().filter(d -> d.code().equals("trailing-content")).findFirst().orElseThrow();
    }

    @Test
    void garbageAfterTheClosingBraceIsALocatedErrorAndTheSnapshotBeforeItLoads() throws Exception {
        for (String garbage : new String[] {"xyz", "}", "]", "\u0000\u0000\u0000", "42", "\"tail\"", "nul"}) {
            LoadResult r = load(SNAPSHOT + "\n  " + garbage, LoadOptions.LENIENT);
            Diagnostic d = trailing(r);
            assertThat(d.isError()).as(garbage).isTrue();
            assertThat(d.message()).as(garbage).isEqualTo("unexpected content after the snapshot at line 3, column 3");
            assertThat(d.location().line()).isEqualTo(3);
            assertThat(d.location().column()).isEqualTo(3);
            assertThat(d.fix()).contains("one snapshot");
            assertThat(r.snapshot().threads()).hasSize(1);
        }
    }

    @Test
    void aSecondConcatenatedSnapshotIsReportedWhereItStarts() throws Exception {
        LoadResult r = load(SNAPSHOT + SNAPSHOT, LoadOptions.LENIENT);
        Diagnostic d = trailing(r);
        assertThat(d.location().line()).isEqualTo(2);
        assertThat(d.location().column()).isEqualTo(SNAPSHOT.length() - SNAPSHOT.indexOf('\n'));
        assertThat(r.snapshot().threads()).hasSize(1);
    }

    @Test
    void whitespaceAfterTheSnapshotIsFine() throws Exception {
        assertThat(load(SNAPSHOT + "\n \t\r\n\n", LoadOptions.LENIENT).diagnostics()).isEmpty();
        assertThat(load(SNAPSHOT, LoadOptions.STRICT).diagnostics()).isEmpty();
    }

    @Test
    void strictRefusesIt() {
        InvalidSnapshotException e = catchThrowableOfType(InvalidSnapshotException.class,
                () -> load(SNAPSHOT + "garbage", LoadOptions.STRICT));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("unexpected content after the snapshot at line 2");
    }

    @Test
    void aBigFileInTheExportersLayoutReadInParallelReportsItToo() throws Exception {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 3000, 7));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter().write(s, out);
        String json = out.toString(StandardCharsets.UTF_8);
        long lines = json.lines().count();
        Path file = Files.writeString(dir.resolve("big.json"), json + "{\"format\":\"ompd-explorer-snapshot\"}\n");
        SnapshotJsonImporter importer = new SnapshotJsonImporter(2, 0);
        LoadResult r = importer.read(file, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(importer.parallelReads()).isEqualTo(1);
        Diagnostic d = trailing(r);
        assertThat(d.location().line()).isEqualTo(json.endsWith("\n") ? lines + 1 : lines);
        assertThat(r.snapshot().tasks()).hasSameSizeAs(s.tasks());
    }

    @Test
    void inAGzipFileItIsLocatedInTheDecompressedJson() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write((SNAPSHOT + "\n\n  garbage" + " ".repeat(1 << 20)).getBytes(StandardCharsets.UTF_8));
        }
        LoadResult r = load(out.toByteArray(), LoadOptions.LENIENT);
        Diagnostic d = trailing(r);
        assertThat(d.location().line()).isEqualTo(4);
        assertThat(d.location().column()).isEqualTo(3);
        assertThat(d.message()).contains("decompressed JSON");
        assertThat(r.decompressed()).isTrue();
    }
}
