package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.HeadStart;

/**
 * The one snapshot file named on the command line, loaded from the moment the launcher knows it, while the JavaFX
 * toolkit starts and the window is built (docs/benchmarks.md §11): the window's first open takes over that load
 * instead of beginning its own. The load is the window's own ({@link SnapshotSources#fileShownFirst}), so the
 * result, the progress, Cancel and the problem shown for a bad file are those of any open.
 */
final class EarlyOpen {
    /** Handed from the launcher to the application, which JavaFX makes itself: at most one, taken once. */
    private static final AtomicReference<EarlyOpen> PENDING = new AtomicReference<>();

    private final Path file;
    private final HeadStart<LoadedSnapshot> load;

    private EarlyOpen(Path file, HeadStart<LoadedSnapshot> load) {
        this.file = file;
        this.load = load;
    }

    /**
     * Begins loading {@code files}' snapshot when the window will open exactly that one file
     * ({@link MainViewModel#openInitial(List)}: one path, not a folder), for {@link #take()}.
     */
    static void begin(List<Path> files) {
        if (FileOpening.opensOneSnapshot(files)) {
            Path file = files.getFirst();
            PENDING.set(of(file, SnapshotSources.fileShownFirst(file)));
        }
    }

    /** Starts {@code job} (the loading of {@code file}) now. */
    static EarlyOpen of(Path file, BackgroundJob<LoadedSnapshot> job) {
        return new EarlyOpen(file, HeadStart.start("open " + file.getFileName(), job));
    }

    /** The load {@link #begin} started, once; empty when there is none or it was taken. */
    static Optional<EarlyOpen> take() {
        return Optional.ofNullable(PENDING.getAndSet(null));
    }

    /** Stops a load begun for a window that will not open (no display). */
    static void abandonPending() {
        take().ifPresent(EarlyOpen::abandon);
    }

    /**
     * The job that opens {@code wanted}: taking over this load when it is the file it reads; otherwise this load is
     * stopped and there is none.
     */
    Optional<BackgroundJob<LoadedSnapshot>> takeOverFor(Path wanted) {
        if (!file.equals(wanted)) {
            load.abandon();
            return Optional.empty();
        }
        return Optional.of(load.takeOver());
    }

    void abandon() {
        load.abandon();
    }
}
