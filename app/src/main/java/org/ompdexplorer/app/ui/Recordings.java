package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.recording.OpenedRecording;
import org.ompdexplorer.app.ui.recording.RecordingViewModel;
import org.ompdexplorer.app.ui.recording.TimelineMark;
import org.ompdexplorer.app.ui.task.BackgroundTask;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.recording.RecordingLessonWriter;
import org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.recording.RecordingLesson;
import org.ompdexplorer.model.recording.WholeRun;

/**
 * Recordings in the window: a recording opened (read and replayed in the background, then shown at its opening
 * moment, its timeline above the panes), the state at the moment the user moves to shown in place of the snapshot,
 * the whole-run graph, the lesson a teacher makes of it (steps at chosen moments, saved as a lesson file) and a lesson
 * of a recording opened and taught with the lesson bar, the timeline's cursor following its steps.
 */
final class Recordings {
    private final ReadOnlyObjectWrapper<RecordingLesson> draft = new ReadOnlyObjectWrapper<>(this, "draft");
    private final BooleanProperty wholeRunGraph = new SimpleBooleanProperty(this, "wholeRunGraph", false);
    private final ReadOnlyObjectWrapper<LoadedSnapshot> wholeRun = new ReadOnlyObjectWrapper<>(this, "wholeRun");
    private final RecordingViewModel timeline;
    private final BackgroundTasks tasks;
    private final SnapshotLoading loading;
    private final CompareMode compareMode;
    private final OpenSnapshot open;
    private final LessonViewModel lesson;
    private final Runnable hideJobPage;
    private final Consumer<LoadedSnapshot> show;
    /** The lesson of the recording being taught: its steps' positions, for the timeline's cursor; else null. */
    private RecordingLesson taught;

    /** @param show shows a snapshot as a file opened is (a lesson ends, the selection starts anew) */
    Recordings(BackgroundTasks tasks, SnapshotLoading loading, CompareMode compareMode, OpenSnapshot open,
               LessonViewModel lesson, Runnable hideJobPage, Consumer<LoadedSnapshot> show) {
        this.tasks = tasks;
        this.loading = loading;
        this.compareMode = compareMode;
        this.open = open;
        this.lesson = lesson;
        this.hideJobPage = hideJobPage;
        this.show = show;
        // a rebuild waits for the next pulse (a scrub's moves coalesce); without an FX thread (a test's) it runs at once
        this.timeline = new RecordingViewModel(this::showMoment, this::selectedTask);
        timeline.recordingProperty().addListener((obs, old, now) -> {
            wholeRun.set(null);
            if (now == null) {
                wholeRunGraph.set(false);
            } else if (wholeRunGraph.get()) {
                buildWholeRun(now);
            }
        });
        wholeRunGraph.addListener((obs, old, now) -> {
            if (now && wholeRun.get() == null && recordingProperty().get() != null) {
                buildWholeRun(recordingProperty().get());
            }
        });
        open.selectionProperty().addListener((obs, old, now) -> timeline.selectionChanged());
        draft.addListener((obs, old, now) -> timeline.setMarks(marks(now)));
        lesson.stepProperty().addListener((obs, old, now) -> {
            if (taught != null && lesson.isActive() && now.intValue() >= 0) {
                timeline.follow(taught.steps().get(now.intValue()).position());
            }
        });
        lesson.lessonProperty().addListener((obs, old, now) -> {
            if (now == null) {
                taught = null;
            }
        });
    }

    /** The recording's timeline: the moment, stepping, zoom. */
    RecordingViewModel timeline() {
        return timeline;
    }

    /** The recording open, or {@code null}. */
    ReadOnlyObjectProperty<OpenedRecording> recordingProperty() {
        return timeline.recordingProperty();
    }

    /** The lesson being made of the open recording (its steps so far), or {@code null}. */
    ReadOnlyObjectProperty<RecordingLesson> draftProperty() {
        return draft.getReadOnlyProperty();
    }

    /** Whether the task graph shows the whole run (every task ever) rather than the moment. */
    BooleanProperty wholeRunGraphProperty() {
        return wholeRunGraph;
    }

    /** The whole run as one snapshot (every task ever created, its links), once built; {@code null} before. */
    ReadOnlyObjectProperty<LoadedSnapshot> wholeRunProperty() {
        return wholeRun.getReadOnlyProperty();
    }

    private Optional<Long> selectedTask() {
        return open.selectionProperty().get() instanceof Target.Entity e && e.ref().kind() == EntityKind.TASK
                ? Optional.of(e.ref().id()) : Optional.empty();
    }

    /** Reads and replays {@code file} in the background, then shows it at its opening moment. */
    void open(Path file, Runnable opened) {
        loading.run("Opening the recording " + file.getFileName(), OpenedRecording.opening(file),
                "Could not open the recording " + file, loaded -> {
                    int at = loaded.openingPosition();
                    show.accept(loaded.moment(at)); // as a file opened: the selection and history start anew
                    draft.set(null);
                    timeline.openShown(loaded, at);
                    opened.run();
                });
    }

    /**
     * Shows the recording's state at another moment in place of the snapshot shown, keeping the selection; a lesson
     * or comparison shown ends (moving through the run is leaving the lesson's steps), except at one of the taught
     * lesson's steps, which the lesson then shows.
     */
    void showMoment(LoadedSnapshot moment) {
        hideJobPage.run();
        int step = taughtStepAt(timeline.positionProperty().get());
        if (lesson.isActive() && step >= 0) { // a step's flag or menu item while teaching: that step, with the bar
            if (lesson.stepProperty().get() != step) {
                lesson.setStep(step);
            }
            return;
        }
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
                    taught = null;
                    timeline.openShown(made.recording(), made.made().steps().getFirst().position());
                    draft.set(made.made());
                    lesson.start(made.lesson(), made.steps().snapshots(), made.steps().series());
                    taught = made.made();
                    opened.run();
                });
    }

    /** Forgets the recording and its draft lesson; what is shown stays. */
    void close() {
        taught = null;
        timeline.close();
        draft.set(null);
    }

    /** Adds a lesson step at the timeline's moment (replacing one there). */
    void addStep(String label, String narrative) {
        addStep(timeline.positionProperty().get(), label, narrative);
    }

    /** Adds a lesson step at {@code position} of the open recording (replacing one there). */
    void addStep(int position, String label, String narrative) {
        OpenedRecording r = recordingProperty().get();
        if (r == null) {
            return;
        }
        long t = r.recording().timeAfter(position);
        RecordingLesson.Step step = new RecordingLesson.Step(position, t, label, narrative);
        stopTeaching();
        RecordingLesson now = draft.get();
        boolean replaces = now != null && now.steps().stream().anyMatch(s -> s.position() == position);
        draft.set(now == null ? new RecordingLesson(r.name(), "", "", "", List.of(step)) : now.with(step));
        loading.message("Lesson step " + (draft.get().steps().indexOf(step) + 1) + " of " + draft.get().steps().size()
                + (replaces ? " changed" : " added") + ": Recording → Save as Lesson… writes the lesson");
    }

    /** The index of the taught lesson's step at {@code position}, or -1. */
    private int taughtStepAt(int position) {
        if (taught != null) {
            for (int i = 0; i < taught.steps().size(); i++) {
                if (taught.steps().get(i).position() == position) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** A change to the draft of the lesson being taught: the teaching ends, the draft is what is made now. */
    private void stopTeaching() {
        if (taught != null) {
            taught = null;
            if (lesson.isActive()) {
                lesson.clear();
            }
        }
    }

    /** The draft's step at the timeline's moment, if there is one. */
    Optional<RecordingLesson.Step> stepHere() {
        RecordingLesson now = draft.get();
        int here = timeline.positionProperty().get();
        return now == null ? Optional.empty() : now.steps().stream().filter(s -> s.position() == here).findFirst();
    }

    /** Removes the draft's step at the timeline's moment, saying so. */
    void removeStepHere() {
        stepHere().ifPresent(step -> {
            removeStep(step.position());
            int left = draft.get() == null ? 0 : draft.get().steps().size();
            loading.message("Lesson step \"" + step.label() + "\" removed: " + left + (left == 1 ? " step" : " steps")
                    + " left");
        });
    }

    /** The draft's steps as the timeline's marks. */
    private List<TimelineMark> marks(RecordingLesson lesson) {
        OpenedRecording open = recordingProperty().get();
        if (lesson == null || open == null) {
            return List.of();
        }
        List<RecordingLesson.Step> steps = lesson.steps();
        // at the recording's time of each step's moment: a hand-edited file's "t" may be off (it is warned of)
        return IntStream.range(0, steps.size()).mapToObj(i -> new TimelineMark(steps.get(i).position(),
                open.recording().timeAfter(steps.get(i).position()), "Lesson step " + (i + 1) + " of "
                        + steps.size() + ": " + steps.get(i).label())).toList();
    }

    /** Removes the draft's step at {@code position}; the draft ends with its last step. */
    void removeStep(int position) {
        RecordingLesson now = draft.get();
        if (now == null) {
            return;
        }
        stopTeaching();
        List<RecordingLesson.Step> left = now.steps().stream().filter(s -> s.position() != position).toList();
        draft.set(left.isEmpty() ? null : new RecordingLesson(now.recording(), now.title(), now.question(),
                now.description(), left));
    }

    /**
     * Saves the draft as the lesson file {@code target} with its title and question, in the background; the recording
     * is named relative to the lesson's folder, so the two can be moved together.
     */
    void saveLesson(Path target, String title, String question, String description) {
        OpenedRecording r = recordingProperty().get();
        RecordingLesson now = draft.get();
        if (r == null || now == null || r.path().isEmpty()) {
            return;
        }
        Path recordingFile = r.path().get();
        RecordingLesson made = new RecordingLesson(relative(target, recordingFile), title, question, description,
                now.steps());
        draft.set(made);
        loading.message("Saving the lesson to " + target + "…");
        tasks.execute(BackgroundTask.of("Save lesson", context -> {
                    new RecordingLessonWriter().write(made, target, List.of(recordingFile));
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

    /** Writes the open recording's Perfetto trace to {@code target}, in the background. */
    void exportPerfetto(Path target) {
        OpenedRecording r = recordingProperty().get();
        if (r == null) {
            return;
        }
        loading.message("Writing the Perfetto trace to " + target + "…");
        tasks.execute(BackgroundTask.of("Perfetto trace", context -> new PerfettoTraceWriter().write(r.recording(),
                        target, r.path().stream().toList()))
                .onSuccess(done -> loading.message("Wrote the Perfetto trace to " + target
                        + " (open it in ui.perfetto.dev)"))
                .onFailure(error -> {
                    loading.message("");
                    loading.problem(new Problem("Could not write the Perfetto trace to " + target,
                            error instanceof OutputException ? error.getMessage()
                                    : error + " — choose another folder or file name.", List.of()));
                }));
    }

    private void buildWholeRun(OpenedRecording of) {
        loading.message("Building the whole run's graph of " + of.name() + "…");
        tasks.execute(BackgroundTask.of("Whole run", context -> {
                    WholeRun run = WholeRun.of(of.recording());
                    return new LoadedSnapshot(run.snapshot(), of.diagnostics(), of.name() + ", the whole run", of.path(),
                            null, run.placement());
                })
                .onSuccess(built -> {
                    if (recordingProperty().get() == of) {
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
