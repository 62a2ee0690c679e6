package org.ompdexplorer.app.ui.source;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.ompdexplorer.app.ui.ompd.RememberedValues;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.LatestWinsScheduler;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * The source view's state: the frame asked for, its file read in the background (the latest frame wins), and the
 * path substitutions, kept in the window's preferences like gdb's {@code set substitute-path}.
 */
public final class SourceViewModel {
    /** Where the substitutions are kept, as the settings' text ({@link PathSubstitutions#format()}). */
    public static final String SUBSTITUTIONS_KEY = "source.substitutePath";

    // Properties
    private final ReadOnlyObjectWrapper<CallFrame> frame = new ReadOnlyObjectWrapper<>(this, "frame");
    private final ReadOnlyObjectWrapper<SourceText> text = new ReadOnlyObjectWrapper<>(this, "text");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyObjectWrapper<PathSubstitutions> substitutions = new ReadOnlyObjectWrapper<>(this,
            "substitutions", PathSubstitutions.NONE);

    private final LatestWinsScheduler scheduler;
    private final RememberedValues preferences;
    private final Supplier<Optional<Path>> snapshotDirectory;
    private final long limit;

    /** @param snapshotDirectory where the open snapshot's file is, to find a relative source path beside it */
    public SourceViewModel(BackgroundTasks tasks, RememberedValues preferences,
                           Supplier<Optional<Path>> snapshotDirectory) {
        this(tasks, preferences, snapshotDirectory, SourceFiles.DEFAULT_LIMIT);
    }

    /** @param limit the largest file read, in bytes */
    public SourceViewModel(BackgroundTasks tasks, RememberedValues preferences,
                           Supplier<Optional<Path>> snapshotDirectory, long limit) {
        this.scheduler = new LatestWinsScheduler(tasks);
        this.preferences = preferences;
        this.snapshotDirectory = snapshotDirectory;
        this.limit = limit;
        preferences.remembered(SUBSTITUTIONS_KEY).ifPresent(t -> substitutions.set(PathSubstitutions.parse(t)
                .substitutions()));
    }

    /** The frame whose source is shown, or {@code null}. */
    public ReadOnlyObjectProperty<CallFrame> frameProperty() {
        return frame.getReadOnlyProperty();
    }

    /** The file's lines or why there are none; {@code null} while nothing was asked for or it is being read. */
    public ReadOnlyObjectProperty<SourceText> textProperty() {
        return text.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PathSubstitutions> substitutionsProperty() {
        return substitutions.getReadOnlyProperty();
    }

    // Commands

    /** Shows {@code f}'s file at its line; a frame without a file is ignored. */
    public void open(CallFrame f) {
        if (f == null || f.file() == null) {
            return;
        }
        frame.set(f);
        reload();
    }

    /** Reads the frame's file again (after the substitutions changed, or the file did). */
    public void reload() {
        CallFrame f = frame.get();
        if (f == null) {
            return;
        }
        PathSubstitutions rules = substitutions.get();
        Optional<Path> dir = snapshotDirectory.get();
        text.set(null);
        loading.set(true);
        scheduler.schedule(BackgroundTask.of("Read " + f.file(), context -> SourceFiles.read(f.file(), f.line(),
                        rules, dir, limit))
                .onSuccess(read -> {
                    loading.set(false);
                    text.set(read);
                })
                .onFailure(error -> {
                    loading.set(false);
                    text.set(new SourceText.Unreadable(f.file(), f.line(), Path.of(f.file()),
                            error.getMessage() == null ? error.toString() : error.getMessage()));
                }));
    }

    /**
     * Sets the substitutions from the settings' text (a rule a line, {@code FROM TO}), keeps them, and reads the shown
     * file again. Lines that are not rules are left out and returned, each with what is wrong.
     */
    public List<String> setSubstitutions(String settings) {
        PathSubstitutions.Parsed parsed = PathSubstitutions.parse(settings);
        keep(parsed.substitutions());
        return parsed.problems();
    }

    /**
     * The user pointed at the file that was not found: a rule from where the program was built to where its files are
     * here is added first, kept, and the file read from there.
     */
    public void pointAt(Path chosen) {
        CallFrame f = frame.get();
        if (f == null || chosen == null) {
            return;
        }
        keep(substitutions.get().with(PathSubstitutions.learn(f.file(), chosen)));
    }

    private void keep(PathSubstitutions now) {
        substitutions.set(now);
        preferences.remember(SUBSTITUTIONS_KEY, now.format());
        reload();
    }

    /** Forgets the frame: another snapshot was opened. */
    public void clear() {
        scheduler.cancel();
        frame.set(null);
        text.set(null);
        loading.set(false);
    }
}
