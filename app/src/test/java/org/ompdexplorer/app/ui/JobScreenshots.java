package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import javafx.scene.Scene;
import org.ompdexplorer.importers.output.OutputFile;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The screenshot of the job view (File → Open Job…): a generated job of 16 ranks, rank 11 held at a barrier
 * elsewhere, and a file that is not a snapshot in the same folder ({@link SyntheticJob}: the same every run).
 */
final class JobScreenshots {
    static final int RANKS = 16;
    static final int ODD = 11;

    private JobScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws IOException, InterruptedException {
        Path folder = Files.createTempDirectory("ompd-explorer-job");
        try {
            Snapshot base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 2, 12, 7));
            Instant at = Instant.parse("2025-03-14T09:26:53Z");
            for (int r = 0; r < RANKS; r++) {
                TestSnapshots.write(SyntheticJob.rank(base, r, RANKS, "48213", at, r == ODD),
                        folder.resolve(String.format("ompd-explorer-48213-r%04d-000001-signal.json", r)));
            }
            OutputFile.write(folder.resolve("slurm-48213.out"), o -> o.write("solver: step 1200\n".getBytes()));
            FxDriver.onFx(() -> vm.openJob(folder));
            FxDriver.waitFor("the job view", 60, () -> vm.job().pageShownProperty().get());
            FxDriver.pulses(scene, 4);
            ScreenshotsCommand.write(scene, out.resolve("job-view.png"));
            FxDriver.onFx(() -> vm.job().close());
        } finally {
            try (var files = Files.list(folder)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(folder);
        }
    }
}
