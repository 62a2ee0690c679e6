package org.ompdexplorer.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.ompdexplorer.app.ui.recording.RecordingViewModel;
import org.ompdexplorer.app.ui.recording.TimelineMark;
import org.ompdexplorer.model.recording.RecordingTime;

/**
 * The Recording menu: moving through a recorded run (by event, by the selected task's events, by synchronization),
 * the whole-run graph, the lesson made of it (a step added, edited or removed at the moment; its steps listed to move
 * to), its Perfetto trace and closing it. Disabled while no recording is open.
 */
final class RecordingMenu {
    /** What the menu asks of the view: its dialogs. */
    interface Dialogs {
        void addLessonStep();

        void saveLesson();

        void exportPerfetto();
    }

    private RecordingMenu() {
    }

    static Menu of(MainViewModel vm, RecordingViewModel timeline, Dialogs dialogs) {
        BooleanBinding none = vm.recordingProperty().isNull();
        MenuItem next = step("menuNextEvent", "Next Event", new KeyCodeCombination(KeyCode.F6),
                timeline::nextEvent, timeline.canNextProperty());
        MenuItem previous = step("menuPreviousEvent", "Previous Event", new KeyCodeCombination(KeyCode.F6,
                KeyCombination.SHIFT_DOWN), timeline::previousEvent, timeline.canPreviousProperty());
        MenuItem nextOfTask = step("menuNextTaskEvent", "Next Event of the Selected Task",
                new KeyCodeCombination(KeyCode.F6, KeyCombination.SHORTCUT_DOWN), timeline::nextEventOfTask,
                timeline.canNextOfTaskProperty());
        MenuItem previousOfTask = step("menuPreviousTaskEvent", "Previous Event of the Selected Task",
                new KeyCodeCombination(KeyCode.F6, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                timeline::previousEventOfTask,
                timeline.canPreviousOfTaskProperty());
        MenuItem nextSync = step("menuNextSynchronization", "Next Synchronization",
                new KeyCodeCombination(KeyCode.F9), timeline::nextSynchronization,
                timeline.canNextSynchronizationProperty());
        MenuItem previousSync = step("menuPreviousSynchronization", "Previous Synchronization",
                new KeyCodeCombination(KeyCode.F9, KeyCombination.SHIFT_DOWN), timeline::previousSynchronization,
                timeline.canPreviousSynchronizationProperty());
        MenuItem start = new MenuItem("Start of the Run");
        start.setId("menuRunStart");
        start.setAccelerator(new KeyCodeCombination(KeyCode.HOME, KeyCombination.ALT_DOWN));
        start.setOnAction(e -> timeline.start());
        start.disableProperty().bind(timeline.canPreviousProperty().not());
        MenuItem end = new MenuItem("End of the Run");
        end.setId("menuRunEnd");
        end.setAccelerator(new KeyCodeCombination(KeyCode.END, KeyCombination.ALT_DOWN));
        end.setOnAction(e -> timeline.end());
        end.disableProperty().bind(timeline.canNextProperty().not());
        CheckMenuItem wholeRun = new CheckMenuItem("Whole-Run Task Graph");
        wholeRun.setId("menuWholeRunGraph");
        wholeRun.setAccelerator(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN));
        wholeRun.selectedProperty().bindBidirectional(vm.wholeRunGraphProperty());
        wholeRun.disableProperty().bind(none);
        BooleanBinding stepHere = Bindings.createBooleanBinding(() -> vm.lessonStepHere().isPresent(),
                vm.lessonDraftProperty(), timeline.positionProperty());
        MenuItem addStep = new MenuItem();
        // at a step's moment the same item edits it
        addStep.textProperty().bind(Bindings.when(stepHere).then("Edit Lesson Step Here…")
                .otherwise("Add Lesson Step Here…"));
        addStep.setId("menuAddLessonStep");
        addStep.setAccelerator(new KeyCodeCombination(KeyCode.B, KeyCombination.SHORTCUT_DOWN));
        addStep.setOnAction(e -> dialogs.addLessonStep());
        addStep.disableProperty().bind(none);
        MenuItem removeStep = new MenuItem("Remove Lesson Step Here");
        removeStep.setId("menuRemoveLessonStep");
        removeStep.setOnAction(e -> vm.removeLessonStepHere());
        removeStep.disableProperty().bind(stepHere.not());
        Menu steps = new Menu("Lesson Steps");
        steps.setId("menuLessonSteps");
        steps.disableProperty().bind(vm.lessonDraftProperty().isNull());
        timeline.marksProperty().addListener((obs, old, now) -> steps.getItems().setAll(stepItems(now, timeline)));
        MenuItem save = new MenuItem("Save as Lesson…");
        save.setId("menuSaveLesson");
        save.setAccelerator(new KeyCodeCombination(KeyCode.B, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));
        save.setOnAction(e -> dialogs.saveLesson());
        save.disableProperty().bind(vm.lessonDraftProperty().isNull());
        MenuItem perfetto = new MenuItem("Export Perfetto Trace…");
        perfetto.setId("menuExportPerfetto");
        perfetto.setOnAction(e -> dialogs.exportPerfetto());
        perfetto.disableProperty().bind(none);
        MenuItem close = new MenuItem("Close Recording");
        close.setId("menuCloseRecording");
        close.setOnAction(e -> vm.closeRecording());
        close.disableProperty().bind(none);
        Menu menu = new Menu("_Recording");
        menu.setId("menuRecording");
        menu.getItems().addAll(next, previous, nextOfTask, previousOfTask, nextSync, previousSync, start, end,
                new SeparatorMenuItem(), wholeRun, new SeparatorMenuItem(), addStep, removeStep, steps, save,
                new SeparatorMenuItem(),
                perfetto, new SeparatorMenuItem(), close);
        return menu;
    }

    /** One item a step of the lesson being made (a mark on the timeline), in order: choosing it moves there. */
    private static List<MenuItem> stepItems(List<TimelineMark> marks, RecordingViewModel timeline) {
        List<MenuItem> items = new ArrayList<>();
        for (TimelineMark mark : marks) {
            MenuItem item = new MenuItem(mark.text() + "  ·  " + RecordingTime.format(mark.time()));
            // mnemonic parsing off: a label is the teacher's text, its underscores are not mnemonics
            item.setMnemonicParsing(false);
            item.setId("menuLessonStep" + (items.size() + 1));
            item.setOnAction(e -> timeline.setPosition(mark.position()));
            items.add(item);
        }
        return items;
    }

    private static MenuItem step(String id, String text, KeyCombination key, Runnable action,
                                 ReadOnlyBooleanProperty can) {
        MenuItem item = new MenuItem(text);
        item.setId(id);
        item.setAccelerator(key);
        item.setOnAction(e -> action.run());
        item.disableProperty().bind(can.not());
        return item;
    }
}
