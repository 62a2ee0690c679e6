package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.model.diff.SnapshotSeries;

/** The background jobs of compare mode: load each side (or each snapshot of a series), then diff every step. */
final class CompareJobs {
    /** What a compare job hands to the window: the snapshots in order and their series. */
    record Compared(List<LoadedSnapshot> snapshots, SnapshotSeries series) {
    }

    private CompareJobs() {
    }

    /**
     * Loads {@code files} in order (those already loaded are reused) and makes their series.
     *
     * @param loaded a snapshot already open, used for the file it came from instead of reading it again
     */
    static BackgroundJob<Compared> of(List<Path> files, List<LoadedSnapshot> loaded) {
        return context -> {
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

    /** The snapshot files of a folder, in name order (the agent's names sort in time), or the files as given. */
    static List<Path> seriesFiles(List<Path> chosen) throws IOException {
        if (chosen.size() == 1 && Files.isDirectory(chosen.getFirst())) {
            try (Stream<Path> list = Files.list(chosen.getFirst())) {
                return list.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                        .sorted().toList();
            }
        }
        return List.copyOf(chosen);
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
