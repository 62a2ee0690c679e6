package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;

/** The window's own early load of a file, begun now, counting its runs and keeping what it made. */
final class CountedEarlyOpen {
    final AtomicInteger loads = new AtomicInteger();
    final AtomicReference<LoadedSnapshot> loaded = new AtomicReference<>();

    EarlyOpen begin(Path file) {
        BackgroundJob<LoadedSnapshot> load = SnapshotSources.fileShownFirst(file);
        return EarlyOpen.of(file, context -> {
            loads.incrementAndGet();
            LoadedSnapshot made = load.run(context);
            loaded.set(made);
            return made;
        });
    }
}
