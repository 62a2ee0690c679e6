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
        return context -> {
            LoadResult result = new SnapshotLoader(UserReopenCache.get()).load(path, LoadOptions.LENIENT, context);
            return new LoadedSnapshot(result.snapshot(), result.diagnostics(), path.toString(), Optional.of(path));
        };
    }
}
