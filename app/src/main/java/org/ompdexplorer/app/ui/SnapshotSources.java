package org.ompdexplorer.app.ui;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.resources.BundledResources;

/** The jobs that load a snapshot: from a file or from a bundled lesson, always leniently. */
final class SnapshotSources {
    private SnapshotSources() {
    }

    static BackgroundJob<LoadedSnapshot> file(Path path) {
        return context -> {
            LoadResult result = new SnapshotLoader().load(path, LoadOptions.LENIENT, context);
            return new LoadedSnapshot(result.snapshot(), result.diagnostics(), path.toString(), Optional.of(path));
        };
    }

    static BackgroundJob<LoadedSnapshot> lesson(String name) {
        return context -> {
            try (InputStream in = BundledResources.openLesson(name)) {
                LoadResult result = new SnapshotLoader().load(in, name + ".json", -1, LoadOptions.LENIENT,
                        context);
                return new LoadedSnapshot(result.snapshot(), result.diagnostics(), "bundled lesson " + name,
                        Optional.empty());
            }
        };
    }
}
