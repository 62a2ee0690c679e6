package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.recording.RecordingLessonWriter;
import org.ompdexplorer.model.recording.RecordingLesson;

/**
 * Recordings in the window: a recording opened (read and replayed in the background, then shown at its opening
 * moment), the state at the moment the user moves to shown in place of the snapshot, the lesson a teacher makes of
 * it (steps at chosen moments, saved as a lesson file) and a lesson of a recording opened and taught with the lesson
 * bar.
 */
final class Recordings {
    private final ReadOnlyObjectWrapper<LoadedRecording> recording = new ReadOnlyObjectWrapper<>(this, "recording");
    private final ReadOnlyObjectWrapper<RecordingLesson> draft = new ReadOnlyObjectWrapper<>(this, "draft");
    private final javafx.beans.property.BooleanProperty wholeRunGraph =
            new javafx.beans.property.SimpleBooleanProperty(this, "wholeRunGraph", false);
    private final ReadOnlyObjectWrapper<LoadedSnapshot> wholeRun = new ReadOnlyObjectWrapper<>(this, "wholeRun");
    private final BackgroundTasks tasks;
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final OpenSnapshot open;
    private final LessonViewModel lesson;
    private final Runnable hideJobPage;
    private final java.util.function.Consumer<LoadedSnapshot> show;

    /** @param show shows a snapshot as a file opened is (a lesson ends, the selection starts anew) */
    Recordings(BackgroundTasks tasks, SnapshotLoading loading, CompareMode compareMode, OpenSnapshot open,
               LessonViewModel lesson, Runnable hideJobPage, java.util.function.Consumer<LoadedSnapshot> show) {
        this.show = show;
        this.tasks = tasks;
        this.loading = loading;
        this.compareMode = compareMode;
        this.open = open;
        this.lesson = lesson;
        this.hideJobPage = hideJobPage;
        recording.addListener((obs, old, now) -> {
            wholeRun.set(null);
            if (now == null) {
                wholeRunGraph.set(false);
            } else if (wholeRunGraph.get()) {
                buildWholeRun(now);
            }
        });
        wholeRunGraph.addListener((obs, old, now) -> {
            if (now && wholeRun.get() == null && recording.get() != null) {
                buildWholeRun(recording.get());
            }
        });
    }

    /** Whether the task graph shows the whole run (every task ever) rather than the moment. */
    javafx.beans.property.BooleanProperty wholeRunGraphProperty() {
        return wholeRunGraph;
    }

    /** The whole run as one snapshot (every task ever created, its links), once built; {@code null} before. */
    ReadOnlyObjectProperty<LoadedSnapshot> wholeRunProperty() {
        return wholeRun.getReadOnlyProperty();
    }

    private void buildWholeRun(LoadedRecording of) {
        loading.message("Building the whole run's graph of " + of.name() + "…");
        tasks.execute(BackgroundTask.of("Whole run", context -> new LoadedSnapshot(
                        org.ompdexplorer.model.recording.WholeRun.of(of.recording()).snapshot(), of.diagnostics(),
                        of.name() + ", the whole run", java.util.Optional.of(of.path())))
                .onSuccess(built -> {
                    if (recording.get() == of) {
                        wholeRun.set(built);
                        loading.message("");
                    }
                })
                .onFailure(error -> {
                    wholeRunGraph.set(false);
                    loading.problem(new Problem("Could not build the whole run of " + of.name(),
                            String.valueOf(error.getMessage()), List.of()));
                }));
    }

    /** The recording open, or {@code null}. */
    ReadOnlyObjectProperty<LoadedRecording> recordingProperty() {
        return recording.getReadOnlyProperty();
    }

    /** The lesson being made of the open recording (its steps so far), or {@code null}. */
    ReadOnlyObjectProperty<RecordingLesson> draftProperty() {
        return draft.getReadOnlyProperty();
    }

    /** Reads and replays {@code file} in the background, then shows it at its opening moment. */
    void open(Path file, Runnable opened) {
        loading.run("Opening the recording " + file.getFileName(), RecordingJobs.open(file),
                "Could not open the recording " + file, loaded -> {
                    recording.set(loaded);
                    draft.set(null);
                    show.accept(loaded.moment(loaded.openingPosition()));
                    opened.run();
                });
    }

    /**
     * Shows the recording's state at another moment in place of the snapshot shown, keeping the selection; a lesson
     * or comparison shown ends (moving through the run is leaving the lesson's steps).
     */
    void showMoment(LoadedSnapshot moment) {
        hideJobPage.run();
        if (lesson.isActive()) {
            lesson.clear();
        }
        lesson.hidePage();
        if (compareMode.comparingProperty().get()) {
            compareMode.display(moment);
        } else {
            open.showMoment(moment);
        }
    }

    /** Opens the lesson file {@code file}: its recording, then its first step with the lesson bar. */
    void openLesson(Path file, Runnable opened) {
        loading.run("Opening the lesson " + file.getFileName(), RecordingJobs.lesson(file),
                "Could not open the lesson " + file, made -> {
                    recording.set(made.recording());
                    draft.set(made.made());
                    lesson.start(made.lesson(), made.steps().snapshots(), made.steps().series());
                    opened.run();
                });
    }

    /** Forgets the recording and its draft lesson; what is shown stays. */
    void close() {
        recording.set(null);
        draft.set(null);
    }

    /** Adds a lesson step at {@code position} of the open recording (replacing one there). */
    void addStep(int position, String label, String narrative) {
        LoadedRecording r = recording.get();
        if (r == null) {
            return;
        }
        long t = position == 0 ? 0 : r.recording().time(position - 1);
        RecordingLesson.Step step = new RecordingLesson.Step(position, t, label, narrative);
        RecordingLesson now = draft.get();
        draft.set(now == null ? new RecordingLesson(r.path().toString(), "", "", "", List.of(step)) : now.with(step));
    }

    /** Removes the draft's step at {@code position}; the draft ends with its last step. */
    void removeStep(int position) {
        RecordingLesson now = draft.get();
        if (now == null) {
            return;
        }
        List<RecordingLesson.Step> left = now.steps().stream().filter(s -> s.position() != position).toList();
        draft.set(left.isEmpty() ? null : new RecordingLesson(now.recording(), now.title(), now.question(),
                now.description(), left));
    }

    /**
     * Saves the draft as the lesson file {@code target} with its title and question, in the background; the recording
     * is named relative to the lesson's folder, so the two can be moved together.
     */
    void saveLesson(Path target, String title, String question, String description) {
        LoadedRecording r = recording.get();
        RecordingLesson now = draft.get();
        if (r == null || now == null) {
            return;
        }
        RecordingLesson made = new RecordingLesson(relative(target, r.path()), title, question, description,
                now.steps());
        draft.set(made);
        loading.message("Saving the lesson to " + target + "…");
        tasks.execute(BackgroundTask.of("Save lesson", context -> {
                    new RecordingLessonWriter().write(made, target, List.of(r.path()));
                    return target;
                })
                .onSuccess(done -> loading.message("Saved the lesson to " + done + " (File → Open… teaches it)"))
                .onFailure(error -> {
                    loading.message("");
                    loading.problem(new Problem("Could not save the lesson to " + target,
                            error instanceof OutputException ? error.getMessage()
                                    : error + " — choose another folder or file name.", List.of()));
                }));
    }

    /** {@code recording} as the lesson at {@code lessonFile} names it: relative to the lesson's folder when it can. */
    static String relative(Path lessonFile, Path recordingFile) {
        Path folder = lessonFile.toAbsolutePath().getParent();
        Path rec = recordingFile.toAbsolutePath().normalize();
        try {
            return folder == null ? rec.toString() : folder.normalize().relativize(rec).toString();
        } catch (IllegalArgumentException e) {
            return rec.toString(); // another root
        }
    }
}
