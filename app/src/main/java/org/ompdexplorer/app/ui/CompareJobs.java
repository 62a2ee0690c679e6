package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.SnapshotSeriesFiles;
import org.ompdexplorer.model.diff.SnapshotSeries;

/** The background jobs of compare mode: load each side (or each snapshot of a series), then diff every step. */
final class CompareJobs {
    /** What a compare job hands to the window: the snapshots in order and their series. */
    record Compared(List<LoadedSnapshot> snapshots, SnapshotSeries series) {
    }

    private CompareJobs() {
    }

    /**
     * Lists what was chosen (a folder's snapshots in time order), loads it in order after the snapshots already
     * loaded, and makes their series.
     *
     * @param loaded a snapshot already open, used for the file it came from instead of reading it again
     */
    static BackgroundJob<Compared> of(List<Path> chosen, List<LoadedSnapshot> loaded) {
        return context -> {
            List<Path> files = seriesFiles(chosen);
            if (files.size() + loaded.size() < 2) {
                throw new NothingToCompareException((chosen.size() == 1 && Files.isDirectory(chosen.getFirst())
                        ? "The folder " + chosen.getFirst() + " holds " + files.size() + " snapshot file(s) (*.json, *.json.gz)"
                        : "Only one snapshot was chosen") + " — choose two snapshots, or a folder of at least two.");
            }
            List<LoadedSnapshot> snapshots = new ArrayList<>(loaded);
            int n = files.size() + loaded.size();
            for (Path file : files) {
                int i = snapshots.size();
                snapshots.add(SnapshotSources.file(file).run(scaled(context, i, n, file)));
            }
            return series(snapshots, context);
        };
    }

    /** The same snapshots in another order (swap A and B): nothing is read again. */
    static BackgroundJob<Compared> reordered(List<LoadedSnapshot> snapshots) {
        return context -> series(snapshots, context);
    }

    private static Compared series(List<LoadedSnapshot> snapshots, JobContext context) throws LoadCancelledException {
        if (context.isCancelled()) {
            throw new LoadCancelledException("the comparison");
        }
        context.progress("comparing", -1, -1);
        SnapshotSeries series = SnapshotSeries.of(snapshots.stream().map(LoadedSnapshot::snapshot).toList());
        for (var step : series.steps()) {
            step.changedNodes(); // the tree-order walk, here and not on the FX thread when the step is shown
        }
        return new Compared(List.copyOf(snapshots), series);
    }

    /** The snapshot files of a folder in time order ({@link SnapshotSeriesFiles}), or the files as given. */
    private static List<Path> seriesFiles(List<Path> chosen) throws IOException {
        return chosen.size() == 1 && Files.isDirectory(chosen.getFirst())
                ? SnapshotSeriesFiles.list(chosen.getFirst()) : List.copyOf(chosen);
    }

    private static JobContext scaled(JobContext context, int i, int n, Path file) {
        return new JobContext() {
            @Override
            public void progress(String phase, long done, long total) {
                String what = "snapshot " + (i + 1) + " of " + n + " (" + file.getFileName() + ")"
                        + (phase.isEmpty() ? "" : ": " + phase);
                context.progress(what, total <= 0 ? -1 : i * 1000L + done * 1000 / total, total <= 0 ? -1 : n * 1000L);
            }

            @Override
            public boolean isCancelled() {
                return context.isCancelled();
            }
        };
    }
}
