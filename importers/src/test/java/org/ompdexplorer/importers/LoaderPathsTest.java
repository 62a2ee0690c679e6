package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;
import org.ompdexplorer.importers.testfixtures.LoadOutcome;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The loader hands a big regular file in the exporter's layout to the parallel task read (ADR 9), and every other
 * input to the one stream it opened; the model is the same either way.
 */
class LoaderPathsTest {
    @TempDir
    Path dir;

    @Test
    void aBigExportedFileIsReadInParallelToTheSameModel() throws Exception {
        Path file = dir.resolve("big.json");
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 20_000, 3)),
                file);
        assertThat(Files.size(file)).isGreaterThan(1 << 20);
        SnapshotJsonImporter json = new SnapshotJsonImporter(2);
        LoadResult parallel = new SnapshotLoader(json, ReopenCache.off()).load(file, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(json.parallelReads()).isEqualTo(1);

        byte[] bytes = Files.readAllBytes(file);
        LoadResult streamed = new SnapshotLoader(json, ReopenCache.off()).load(new ByteArrayInputStream(bytes), file.toString(),
                bytes.length, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(json.parallelReads()).as("a stream is never read in parallel").isEqualTo(1);
        assertThat(LoadOutcome.of(parallel)).isEqualTo(LoadOutcome.of(streamed));
    }

    @Test
    void aCompressedFileTakesTheStream() throws Exception {
        Path plain = dir.resolve("big.json");
        Path gz = dir.resolve("big.json.gz");
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 20_000, 3));
        new SnapshotJsonExporter().write(s, plain);
        Process p = new ProcessBuilder("gzip", "-k", "-1", plain.toString()).start();
        assertThat(p.waitFor()).isZero();
        SnapshotJsonImporter json = new SnapshotJsonImporter(2);
        LoadResult r = new SnapshotLoader(json, ReopenCache.off()).load(gz, LoadOptions.LENIENT, ProgressListener.NONE);
        assertThat(json.parallelReads()).isZero();
        assertThat(r.decompressed()).isTrue();
        assertThat(r.snapshot().tasks()).hasSize(s.tasks().size());
    }
}
