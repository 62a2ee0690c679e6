package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.UserReopenCache;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.SnapshotLoader;

/** The jobs that load a snapshot: from a file, always leniently (a lesson's steps: {@link LessonJobs}). */
final class SnapshotSources {
    private SnapshotSources() {
    }

    static BackgroundJob<LoadedSnapshot> file(Path path) {
        return load(path, LoadOptions.LENIENT);
    }

    /**
     * A file's load for the window to show as soon as its model and index are built: the snapshot's validation is
     * left to {@link LoadedSnapshot#validated()}, which the window runs next (docs/benchmarks.md §13).
     */
    static BackgroundJob<LoadedSnapshot> fileShownFirst(Path path) {
        return load(path, LoadOptions.LENIENT.validatingLater());
    }

    private static BackgroundJob<LoadedSnapshot> load(Path path, LoadOptions options) {
        return context -> {
            LoadResult result = new SnapshotLoader(UserReopenCache.get()).load(path, options, context);
            return new LoadedSnapshot(result.snapshot(), result.diagnostics(), path.toString(), Optional.of(path),
                    result.isValidated() ? null : () -> result.validated().diagnostics());
        };
    }
}
