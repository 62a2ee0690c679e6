package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.child.ChildLauncher;
import org.ompdexplorer.app.ui.child.FakeChild;
import org.ompdexplorer.app.ui.ompd.CoreField;
import org.ompdexplorer.app.ui.ompd.OpenCoreView;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.OmpThread;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * File → Open Core File… through the real window, headless: a real core imported by the real child JVM, and a
 * child that crashes or hangs while the lesson that was open stays.
 */
@ExtendWith(ApplicationExtension.class)
class CoreImportJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private volatile ChildLauncher child = ChildLauncher.currentJvm();
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory(),
                new ChildImport(work -> child.command(work), Duration.ofMinutes(2)));
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(dialogs);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @BeforeEach
    void openBundledLesson(FxRobot robot) {
        robot.interact(() -> vm.openBundledLesson());
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null
                && "Capture".equals(robot.lookup("#detailsTitle").queryAs(Label.class).getText()));
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#statusBar").queryAs(StatusBar.class).getText();
    }

    @Test
    void importTheTaskTreeCoreAndSeeItsThreads(FxRobot robot) {
        Path core = NativeFixtures.core("task_tree.gcore.core");
        dialogs.file = NativeFixtures.program("task_tree");
        ExplorerRobot explorer = new ExplorerRobot(robot);

        robot.clickOn("#openCoreButton");
        explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isPresent());
        robot.clickOn("#" + OpenCoreView.fieldId(CoreField.CORE)).write(core.getParent() + "/");
        robot.interact(() -> robot.lookup("#" + OpenCoreView.fieldId(CoreField.CORE)).queryAs(TextField.class)
                .appendText(core.getFileName().toString())); // the last part pasted, to keep the journey short
        robot.clickOn("#" + OpenCoreView.fieldId(CoreField.EXECUTABLE) + "Browse");
        assertThat(robot.lookup("#" + OpenCoreView.fieldId(CoreField.EXECUTABLE)).queryAs(TextField.class).getText())
                .isEqualTo(dialogs.file.toString());
        assertThat(robot.lookup("#coreImportCommand").queryAs(TextInputControl.class).getText())
                .isEqualTo("ompd-explorer import-core " + core + " --exe " + dialogs.file);
        robot.clickOn("#coreImportCommandCopy");
        assertThat(explorer.fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()))
                .as("the whole command, ready to paste").isEqualTo("ompd-explorer import-core " + core + " --exe "
                        + dialogs.file);
        assertThat(robot.lookup("#" + OpenCoreView.RUN_ID).queryAs(Button.class).isDisabled()).isFalse();

        robot.clickOn("#" + OpenCoreView.RUN_ID);

        explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isEmpty());
        explorer.waitFor(60, () -> vm.snapshotProperty().get() != null
                && vm.snapshotProperty().get().sourceName().startsWith("core file "));
        assertThat(status(robot)).isEqualTo("core file " + core + " of task_tree");
        assertThat(robot.lookup("#statusCounts").queryAs(Label.class).getText()).startsWith("2 threads · ");
        assertThat(robot.lookup("#problemBanner").query().isVisible()).isFalse();

        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT2).release(KeyCode.CONTROL);
        explorer.waitFor(5, () -> explorer.item("group:threads") != null);
        explorer.openRow("group:threads");
        for (OmpThread t : explorer.fx(() -> vm.snapshotProperty().get().snapshot().threads())) {
            assertThat(explorer.item(Target.of(t.id()).key())).as("thread T" + t.id()).isNotNull();
        }
        assertThat(explorer.fx(() -> explorer.item("group:threads").getChildren().size())).isEqualTo(2);
    }

    @Test
    void aCrashingImportShowsOneMessageAndTheLessonStaysOpen(FxRobot robot) throws Exception {
        child = FakeChild.crashing(dir);
        Path core = Files.writeString(dir.resolve("damaged.core"), "not really a core");
        ExplorerRobot explorer = new ExplorerRobot(robot);
        var before = explorer.fx(() -> vm.snapshotProperty().get());

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.O).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isPresent());
        robot.interact(() -> {
            robot.lookup("#" + OpenCoreView.fieldId(CoreField.CORE)).queryAs(TextField.class).setText(core.toString());
            robot.lookup("#" + OpenCoreView.fieldId(CoreField.EXECUTABLE)).queryAs(TextField.class).clear();
        });
        robot.clickOn("#" + OpenCoreView.RUN_ID);

        explorer.waitFor(20, () -> robot.lookup("#problemBanner").query().isVisible());
        assertThat(robot.lookup("#problemTitle").queryAs(Label.class).getText())
                .isEqualTo("Could not import core file damaged.core");
        assertThat(robot.lookup("#problemMessage").queryAs(Label.class).getText())
                .startsWith("the OMPD import of core file damaged.core crashed (signal 11, SIGSEGV) — the window is"
                        + " unaffected.");
        assertThat(explorer.fx(() -> vm.snapshotProperty().get())).isSameAs(before);
        assertThat(status(robot)).isEqualTo("bundled lesson fib-taskwait, step 1");
        assertThat(explorer.detailsTitle()).isEqualTo("Capture");
        assertThat(robot.lookup("#statusMessage").queryAs(Label.class).getText())
                .isEqualTo("bundled lesson fib-taskwait, step 1 stays open");
    }

    @Test
    void cancelInTheStatusBarStopsAHangingImport(FxRobot robot) throws Exception {
        Path pids = dir.resolve("pids.txt");
        child = FakeChild.hanging(dir, pids);
        Path core = Files.writeString(dir.resolve("big.core"), "core");
        ExplorerRobot explorer = new ExplorerRobot(robot);

        robot.clickOn("#openCoreButton");
        explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#" + OpenCoreView.fieldId(CoreField.CORE)).queryAs(TextField.class)
                .setText(core.toString()));
        robot.clickOn("#" + OpenCoreView.RUN_ID);
        explorer.waitFor(10, () -> Files.exists(pids) && status(robot).equals("Loading: reading threads"));
        ProcessHandle script = ProcessHandle.of(Long.parseLong(Files.readString(pids).split(" ")[0])).orElseThrow();

        robot.clickOn("#cancelLoading");

        explorer.waitFor(10, () -> !vm.loadingProperty().get() && !script.isAlive());
        assertThat(robot.lookup("#statusMessage").queryAs(Label.class).getText()).isEqualTo("Loading cancelled");
        assertThat(status(robot)).isEqualTo("bundled lesson fib-taskwait, step 1");
        assertThat(robot.lookup("#problemBanner").query().isVisible()).isFalse();
    }
}
