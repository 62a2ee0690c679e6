package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.recording.RecordingBar;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A recording through the real window, headless, as a teacher uses it: opened with File → Open…, its timeline above
 * the panes; F6 and the step buttons move the moment and the tree follows; the whole-run graph; a lesson step added
 * with Ctrl+B, the lesson saved with Ctrl+Shift+B and opened again with the lesson bar; a Perfetto trace exported
 * from the Recording menu; Close recording keeps the moment shown.
 */
@ExtendWith(ApplicationExtension.class)
class RecordingJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(dialogs);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private static String text(FxRobot robot, ExplorerRobot explorer, String id) {
        return explorer.fx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }

    private static void shortcut(FxRobot robot, KeyCode key, boolean shift) {
        if (shift) {
            robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(key).release(KeyCode.SHIFT, KeyCode.CONTROL);
        } else {
            robot.press(KeyCode.CONTROL).type(key).release(KeyCode.CONTROL);
        }
    }

    /** The node {@code query} finds in a window showing (a dialog closed keeps its nodes). */
    private static Optional<Node> shown(FxRobot robot, String query) {
        return robot.lookup(query).queryAll().stream().filter(RecordingJourneyTest::showing).findFirst();
    }

    private static boolean showing(Node n) {
        return n.getScene() != null && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing();
    }

    @Test
    void aTeacherScrubsARecordingMakesALessonOfItAndExportsAPerfettoTrace(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path recording = dir.resolve("deps.ndjson");
        try (InputStream in = RecordingJourneyTest.class.getResourceAsStream("deps.ndjson")) {
            Files.copy(in, recording);
        }
        dialogs.snapshot = recording;
        shortcut(robot, KeyCode.O, false);
        explorer.waitFor(30, () -> robot.lookup("#" + RecordingBar.ID).tryQuery().map(Node::isVisible).orElse(false)
                && vm.snapshotProperty().get() != null);
        assertThat(text(robot, explorer, "#recordingTitle")).isEqualTo("Recording: deps.ndjson");
        assertThat(text(robot, explorer, "#recordingMoment")).contains("event 8 of 29");
        assertThat(explorer.fx(() -> vm.snapshotProperty().get().sourceName())).isEqualTo("deps.ndjson at 11 ns");

        robot.type(KeyCode.F6); // Recording → Next Event
        explorer.waitFor(10, () -> vm.snapshotProperty().get().sourceName().equals("deps.ndjson at 11 ns")
                && vm.timeline().positionProperty().get() == 9);
        robot.clickOn("#recordingNext");
        explorer.waitFor(10, () -> vm.timeline().positionProperty().get() == 10
                && vm.snapshotProperty().get().sourceName().equals("deps.ndjson at 12 ns"));

        explorer.fx(() -> {
            vm.navigate(Target.of(new TaskId(4)));
            return null;
        });
        robot.press(KeyCode.CONTROL).type(KeyCode.F6).release(KeyCode.CONTROL); // the selected task's next event
        explorer.waitFor(10, () -> vm.timeline().positionProperty().get() == 14
                && vm.snapshotProperty().get().sourceName().equals("deps.ndjson at 30 ns"));
        assertThat(explorer.fx(() -> vm.selectionProperty().get())).isEqualTo(Target.of(new TaskId(4)));

        shortcut(robot, KeyCode.W, true); // the whole-run graph
        explorer.waitFor(30, () -> vm.graph().snapshotProperty().get() != null
                && vm.graph().snapshotProperty().get().sourceName().equals("deps.ndjson, the whole run"));

        shortcut(robot, KeyCode.B, false); // Add Lesson Step Here…
        explorer.waitFor(10, () -> robot.lookup("#lessonStepLabel").tryQuery().isPresent());
        robot.clickOn("#lessonStepLabel").write("task 4 runs");
        robot.clickOn("#lessonStepNarrative").write("Thread 1 runs task 4 at its taskwait.");
        robot.clickOn("Add Step");
        explorer.waitFor(10, () -> vm.lessonDraftProperty().get() != null);
        assertThat(explorer.fx(() -> vm.lessonDraftProperty().get().steps().getFirst().position())).isEqualTo(14);

        shortcut(robot, KeyCode.B, false); // at a step's moment, the same dialog edits it
        explorer.waitFor(10, () -> shown(robot, "#lessonStepLabel").isPresent());
        assertThat(explorer.fx(() -> ((javafx.scene.control.TextInputControl) shown(robot, "#lessonStepLabel")
                .orElseThrow()).getText())).isEqualTo("task 4 runs");
        assertThat(explorer.fx(() -> ((javafx.scene.control.TextInputControl) shown(robot, "#lessonStepNarrative")
                .orElseThrow()).getText())).isEqualTo("Thread 1 runs task 4 at its taskwait.");
        assertThat(explorer.fx(() -> robot.lookup("Save Step").queryAll().stream()
                .anyMatch(RecordingJourneyTest::showing)))
                .isTrue();
        // the dialog's own Cancel: the closed Add dialog keeps one, and the status bar has one for loads
        javafx.scene.Scene dialog = explorer.fx(() -> shown(robot, "#lessonStepLabel").orElseThrow().getScene());
        robot.clickOn(explorer.fx(() -> robot.lookup("Cancel").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.Button && n.getScene() == dialog).findFirst()
                .orElseThrow()));
        explorer.waitFor(10, () -> explorer.fx(() -> shown(robot, "#lessonStepLabel").isEmpty()));
        robot.type(KeyCode.F6);
        explorer.waitFor(10, () -> vm.timeline().positionProperty().get() == 15);
        robot.clickOn("Recording").clickOn("Lesson Steps").clickOn("Lesson step 1 of 1: task 4 runs  ·  30 ns");
        explorer.waitFor(10, () -> vm.timeline().positionProperty().get() == 14);

        Path lessonFile = dir.resolve("deps.lesson.json");
        dialogs.lessonTarget = lessonFile;
        shortcut(robot, KeyCode.B, true); // Save as Lesson…
        explorer.waitFor(10, () -> robot.lookup("#lessonTitleField").tryQuery().isPresent());
        robot.clickOn("#lessonTitleField").write("Dependences as they ran");
        robot.clickOn("Save…");
        explorer.waitFor(30, () -> Files.exists(lessonFile));
        assertThat(dialogs.suggested).isEqualTo("deps.lesson.json");

        Path trace = dir.resolve("deps.pftrace");
        dialogs.traceTarget = trace;
        robot.clickOn("Recording").clickOn("Export Perfetto Trace…");
        explorer.waitFor(30, () -> Files.exists(trace) && vm.messageProperty().get().contains("Perfetto trace"));
        assertThat(Files.size(trace)).isPositive();

        dialogs.snapshot = lessonFile;
        shortcut(robot, KeyCode.O, false);
        explorer.waitFor(30, () -> vm.lesson().isActive());
        assertThat(text(robot, explorer, "#lessonStepText")).isEqualTo("Step 1 of 1: task 4 runs");
        assertThat(explorer.fx(() -> vm.timeline().positionProperty().get())).isEqualTo(14);

        robot.clickOn("#recordingClose");
        explorer.waitFor(10, () -> !robot.lookup("#" + RecordingBar.ID).query().isVisible());
        assertThat(explorer.fx(() -> vm.snapshotProperty().get())).isNotNull();
    }
}
