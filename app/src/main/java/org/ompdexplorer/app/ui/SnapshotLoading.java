package org.ompdexplorer.app.ui;

import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableObjectValue;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.app.ui.task.Progress;
import org.ompdexplorer.app.ui.task.TaskHandle;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.SnapshotLoadException;

/**
 * The window's loads: one at a time in the background (a newer load supersedes it), its progress and Cancel for
 * the status bar, the problem banner when it fails while what is open stays, and the status bar's passing message.
 */
final class SnapshotLoading {
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading", false);
    private final ReadOnlyObjectWrapper<Progress> progress = new ReadOnlyObjectWrapper<>(this, "progress",
            Progress.UNKNOWN);
    private final ReadOnlyObjectWrapper<Problem> problem = new ReadOnlyObjectWrapper<>(this, "problem");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    private final BackgroundTasks tasks;
    private final ObservableObjectValue<LoadedSnapshot> open;
    private final java.util.function.Supplier<String> shown;
    private TaskHandle running = TaskHandle.DONE;
    private long loadGeneration;

    /**
     * @param open  the snapshot open in the window, or {@code null}
     * @param shown what the window shows, named for the message that it stays when a load fails (the lesson, the
     *              comparison or series in front of the open snapshot, or that snapshot); {@code null}: nothing
     */
    SnapshotLoading(BackgroundTasks tasks, ObservableObjectValue<LoadedSnapshot> open,
            java.util.function.Supplier<String> shown) {
        this.tasks = tasks;
        this.open = open;
        this.shown = shown;
    }

    ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Progress> progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The last failure to show, or {@code null}. */
    ReadOnlyObjectProperty<Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** A passing note for the status bar ("Loading cancelled", "Exported to …"). */
    ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Shows {@code failure} in the problem banner ({@code null}: none). */
    void problem(Problem failure) {
        problem.set(failure);
    }

    /** Shows {@code note} in the status bar ({@code ""}: none). */
    void message(String note) {
        message.set(note);
    }

    /**
     * Loads what {@code job} makes as {@link #run} does and hands it to {@code show}; then, unless it is validated
     * already, validates it as the next load step and hands it to {@code showValidated} only if that found something.
     */
    void load(String what, BackgroundJob<LoadedSnapshot> job, String failureTitle, Consumer<LoadedSnapshot> show,
            Consumer<LoadedSnapshot> showValidated) {
        run(what, job, failureTitle, loaded -> {
            show.accept(loaded);
            if (!loaded.isValidated()) {
                validate(loaded, failureTitle, showValidated);
            }
        });
    }

    /**
     * Runs the validation of {@code loaded}, shown already, as the next load step (progress "validating", Cancel,
     * superseded by a newer load). Only if it finds something, and {@code loaded} is still open, is it handed to
     * {@code showValidated}, to be shown again with every diagnostic: a valid file's tree is never rebuilt.
     */
    private void validate(LoadedSnapshot loaded, String failureTitle, Consumer<LoadedSnapshot> showValidated) {
        run("Validating " + loaded.sourceName(), context -> {
            context.progress("validating", 0, -1);
            return loaded.validated();
        }, failureTitle, validated -> {
            if (open.get() != loaded || validated.diagnostics().equals(loaded.diagnostics())) {
                return;
            }
            showValidated.accept(validated);
        });
    }

    /**
     * Runs a load the way a file is opened: progress and Cancel in the status bar, a newer load supersedes it,
     * and on failure one problem titled {@code failureTitle} while what is open stays.
     */
    <T> void run(String what, BackgroundJob<T> job, String failureTitle, Consumer<T> done) {
        running.cancel();
        long mine = ++loadGeneration; // a superseded load must not touch the state of the one after it
        loading.set(true);
        problem.set(null);
        message.set(what + "…");
        progress.set(Progress.UNKNOWN);
        running = tasks.execute(BackgroundTask.of(what, job)
                .onProgress(p -> {
                    if (mine == loadGeneration) {
                        progress.set(p);
                    }
                })
                .onSuccess(result -> {
                    if (mine == loadGeneration) {
                        loading.set(false);
                        message.set("");
                        done.accept(result);
                    }
                })
                .onFailure(error -> {
                    if (mine == loadGeneration) {
                        loading.set(false);
                        message.set("");
                        loadFailed(failureTitle, error);
                    }
                })
                .onCancelled(() -> {
                    if (mine == loadGeneration) {
                        loading.set(false);
                        message.set("Loading cancelled");
                    }
                }));
    }

    private void loadFailed(String failureTitle, Throwable error) {
        switch (error) {
            case LoadCancelledException c -> message.set("Loading cancelled");
            case NothingToCompareException n -> problem.set(new Problem("Nothing to compare", n.getMessage(),
                    List.of()));
            case SnapshotLoadException e -> problem.set(new Problem("Could not open " + e.input(), e.getMessage(),
                    e.diagnostics()));
            default -> problem.set(new Problem(failureTitle,
                    String.valueOf(error.getMessage() == null ? error : error.getMessage()), List.of()));
        }
        String staying = shown.get();
        if (staying != null && problem.get() != null) {
            message.set(staying + " stays open");
        }
    }

    /** Stops the running load; the open snapshot stays. */
    void cancel() {
        running.cancel();
    }

    void dismissProblem() {
        problem.set(null);
    }
}
