package org.ompdexplorer.app.ui;

import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Dialog;
import javafx.stage.Window;
import org.ompdexplorer.app.ui.recording.OpenedRecording;
import org.ompdexplorer.model.recording.RecordingLesson;

/** The Recording menu's dialogs: a lesson step's label and narrative, saving the lesson, the Perfetto trace's file. */
final class RecordingActions implements RecordingMenu.Dialogs {
    private final MainViewModel vm;
    private final Supplier<FileDialogs> dialogs;
    private final Consumer<Dialog<?>> show;
    private final Supplier<Window> owner;

    /**
     * @param dialogs the file dialogs in use when asked (tests replace them)
     * @param show    shows a dialog styled as the window and owned by it, without waiting for it
     */
    RecordingActions(MainViewModel vm, Supplier<FileDialogs> dialogs, Consumer<Dialog<?>> show,
                     Supplier<Window> owner) {
        this.vm = vm;
        this.dialogs = dialogs;
        this.show = show;
        this.owner = owner;
    }

    @Override
    public void addLessonStep() {
        OpenedRecording recording = vm.recordingProperty().get();
        if (recording == null) {
            return;
        }
        // the step is at the moment the dialog was opened at, of that recording, whatever happens while it is open
        int position = vm.timeline().positionProperty().get();
        LessonStepDialog dialog = new LessonStepDialog(vm.timeline().momentTextProperty().get(), vm.lessonStepHere()
                .map(s -> new LessonStepDialog.Step(s.label(), s.narrative())).orElse(null));
        dialog.resultProperty().addListener((obs, old, step) -> {
            if (step != null && vm.recordingProperty().get() == recording) {
                vm.addLessonStep(position, step.label(), step.narrative());
            }
        });
        show.accept(dialog);
    }

    @Override
    public void saveLesson() {
        OpenedRecording recording = vm.recordingProperty().get();
        RecordingLesson draft = vm.lessonDraftProperty().get();
        if (recording == null || draft == null) {
            return;
        }
        SaveLessonDialog dialog = new SaveLessonDialog(draft, recording.name());
        dialog.resultProperty().addListener((obs, old, heading) -> {
            if (heading != null) {
                dialogs.get().chooseLessonTarget(owner.get(), stem(recording.name()) + ".lesson.json").ifPresent(
                        file -> vm.saveLesson(file, heading.title(), heading.question(), draft.description()));
            }
        });
        show.accept(dialog);
    }

    @Override
    public void exportPerfetto() {
        OpenedRecording recording = vm.recordingProperty().get();
        if (recording != null) {
            dialogs.get().chooseTraceTarget(owner.get(), stem(recording.name()) + ".pftrace")
                    .ifPresent(vm::exportPerfetto);
        }
    }

    /** {@code fib} for {@code fib.ndjson} or {@code fib.ndjson.gz}. */
    static String stem(String name) {
        for (String end : new String[]{".ndjson.gz", ".ndjson", ".gz", ".json"}) {
            if (name.endsWith(end)) {
                return name.substring(0, name.length() - end.length());
            }
        }
        return name;
    }
}
