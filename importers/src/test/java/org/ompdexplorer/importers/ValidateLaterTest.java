package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;
import org.ompdexplorer.importers.testfixtures.PhaseRecorder;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * A load that leaves validation for later returns the model with the reader's own diagnostics; validating it then
 * gives exactly what an eager load gives, on both read paths and through gzip; a strict load still refuses; the
 * reopen cache keeps the load only once it is validated, with every diagnostic.
 */
class ValidateLaterTest {
    private static final LoadOptions LATER = LoadOptions.LENIENT.validatingLater();
    @TempDir
    Path dir;

    /** An exported snapshot with a dangling generating task: an error only the validator finds. */
    private Path invalid(String name, int tasks) throws Exception {
        Path file = dir.resolve(name);
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, tasks, 3)), file);
        String text = Files.readString(file);
        String broken = text.replaceFirst("\"generatingTask\":(\\d+)", "\"generatingTask\":987654321");
        assertThat(broken).isNotEqualTo(text);
        Files.writeString(file, broken);
        return file;
    }

    @Test
    void validatingLaterGivesWhatAnEagerLoadGivesOnBothPaths() throws Exception {
        for (int tasks : new int[] {50, 12_000}) { // the streaming path, then the parallel one
            Path file = invalid("bad-" + tasks + ".json", tasks);
            SnapshotJsonImporter json = new SnapshotJsonImporter(2);
            SnapshotLoader loader = new SnapshotLoader(json, ReopenCache.off());
            LoadResult eager = loader.load(file, LoadOptions.LENIENT, ProgressListener.NONE);
            LoadResult later = loader.load(file, LATER, ProgressListener.NONE);
            assertThat(eager.isValidated()).isTrue();
            assertThat(eager.errorCount()).isPositive();
            assertThat(later.isValidated()).isFalse();
            assertThat(later.errorCount()).as("the reader found nothing wrong itself").isZero();
            assertThat(later.snapshot().tasks()).isEqualTo(eager.snapshot().tasks());
            LoadResult validated = later.validated();
            assertThat(validated.isValidated()).isTrue();
            assertThat(validated.diagnostics()).isEqualTo(eager.diagnostics());
            assertThat(validated.validated()).isSameAs(validated);
            assertThat(json.parallelReads()).isEqualTo(tasks > 1000 ? 2 : 0);
        }
    }

    @Test
    void aStrictLoadValidatesWhateverItIsAsked() throws Exception {
        Path file = invalid("bad.json", 50);
        assertThatThrownBy(() -> new SnapshotLoader().load(file, LoadOptions.STRICT.validatingLater(),
                ProgressListener.NONE)).isInstanceOf(InvalidSnapshotException.class);
    }

    @Test
    void aCompressedFileValidatesLaterToo() throws Exception {
        Path file = invalid("bad.json", 50);
        Process gzip = new ProcessBuilder("gzip", "-k", file.toString()).start();
        assertThat(gzip.waitFor()).isZero();
        Path gz = dir.resolve("bad.json.gz");
        LoadResult eager = new SnapshotLoader().load(gz, LoadOptions.LENIENT, ProgressListener.NONE);
        LoadResult later = new SnapshotLoader().load(gz, LATER, ProgressListener.NONE);
        assertThat(later.decompressed()).isTrue();
        assertThat(later.validated().diagnostics()).isEqualTo(eager.diagnostics());
        assertThat(later.validated().decompressed()).isTrue();
    }

    @Test
    void theReopenCacheKeepsALoadOnceItIsValidated() throws Exception {
        Path file = invalid("big.json", 12_000);
        ReopenCache cache = ReopenCache.at(dir.resolve("cache"), 1L << 30);
        LoadResult later = new SnapshotLoader(cache).load(file, LATER, ProgressListener.NONE);
        assertThat(cache.awaitWrites(Duration.ofMinutes(1))).isTrue();
        assertThat(dir.resolve("cache")).doesNotExist(); // nothing kept before validation
        List<?> all = later.validated().diagnostics();
        assertThat(cache.awaitWrites(Duration.ofMinutes(1))).isTrue();
        PhaseRecorder phases = PhaseRecorder.recording();
        LoadResult kept = new SnapshotLoader(cache).load(file, LATER, phases);
        assertThat(phases.phases()).contains("reading the reopen cache");
        assertThat(kept.isValidated()).isTrue();
        assertThat(kept.diagnostics()).isEqualTo(all).isNotEmpty();
    }
}
