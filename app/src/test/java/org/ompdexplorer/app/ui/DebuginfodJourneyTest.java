package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
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
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.importers.testfixtures.DebuginfodServer;
import org.ompdexplorer.importers.testfixtures.StrippedRuntimeCore;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Issue 26 in the window: File → Open Core File… on a core whose runtime is stripped, with the dialog's Debuginfod
 * servers field naming a real server; and a download in progress shown in the status bar and stopped by Cancel.
 */
@ExtendWith(ApplicationExtension.class)
class DebuginfodJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private volatile ChildLauncher child;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory(),
                new ChildImport(work -> child.command(work), Duration.ofMinutes(2)));
        ExplorerApp.show(stage, vm);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @BeforeEach
    void openBundledLesson(FxRobot robot) {
        robot.interact(() -> vm.openBundledLesson());
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#statusBar").queryAs(StatusBar.class).getText();
    }

    private static void fill(FxRobot robot, CoreField field, String text) {
        robot.interact(() -> robot.lookup("#" + OpenCoreView.fieldId(field)).queryAs(TextField.class).setText(text));
    }

    @Test
    void aStrippedRuntimesCoreOpensWithTheDebugFileFromTheServerNamedInTheDialog(FxRobot robot) throws Exception {
        DebuginfodServer.require();
        StrippedRuntimeCore fixture = StrippedRuntimeCore.make(dir);
        Path cache = dir.resolve("cache");
        ChildLauncher jvm = ChildLauncher.currentJvm();
        child = work -> { // the user's cache directory, kept apart from this machine's
            List<String> command = new ArrayList<>(List.of("env", "-u", "DEBUGINFOD_URLS", "XDG_CACHE_HOME=" + cache));
            command.addAll(jvm.command(work));
            return command;
        };
        try (DebuginfodServer server = DebuginfodServer.start(fixture.debugDirectory(), fixture.buildId(), dir)) {
            ExplorerRobot explorer = new ExplorerRobot(robot);
            robot.clickOn("#openCoreButton");
            explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isPresent());
            fill(robot, CoreField.CORE, fixture.core().toString());
            fill(robot, CoreField.EXECUTABLE, fixture.program().toString());
            fill(robot, CoreField.DEBUGINFOD, "not a url");
            assertThat(robot.lookup("#coreImportProblem").queryAs(Label.class).getText())
                    .startsWith("Debuginfod servers: ");
            fill(robot, CoreField.DEBUGINFOD, server.url().toString());
            assertThat(robot.lookup("#coreImportCommand").queryAs(TextInputControl.class).getText())
                    .endsWith(" --debuginfod " + server.url());

            robot.clickOn("#" + OpenCoreView.RUN_ID);

            explorer.waitFor(90, () -> vm.snapshotProperty().get() != null
                    && vm.snapshotProperty().get().sourceName().startsWith("core file "));
            assertThat(robot.lookup("#statusCounts").queryAs(Label.class).getText()).startsWith("2 threads · ");
            assertThat(explorer.fx(() -> vm.snapshotProperty().get().snapshot().tasks())).hasSize(10);
            assertThat(server.requests("/buildid/" + fixture.buildId() + "/debuginfo")).isEqualTo(1);
            assertThat(cache.resolve("ompd-explorer/debuginfod").resolve(fixture.buildId()).resolve("debuginfo"))
                    .isRegularFile();
        }
    }

    @Test
    void aDownloadShowsItsProgressAndCancelStopsIt(FxRobot robot) throws Exception {
        Path pids = dir.resolve("pids.txt");
        child = FakeChild.downloading(dir, pids);
        Path core = Files.writeString(dir.resolve("big.core"), "core");
        ExplorerRobot explorer = new ExplorerRobot(robot);
        var before = explorer.fx(() -> vm.snapshotProperty().get());

        robot.clickOn("#openCoreButton");
        explorer.waitFor(5, () -> robot.lookup("#" + OpenCoreView.ID).tryQuery().isPresent());
        fill(robot, CoreField.CORE, core.toString());
        fill(robot, CoreField.EXECUTABLE, "");
        robot.clickOn("#" + OpenCoreView.RUN_ID);

        explorer.waitFor(10, () -> Files.exists(pids)
                && status(robot).equals("Loading: downloading the debug file of libomp.so.5"));
        assertThat(explorer.fx(() -> robot.lookup("#statusBar").queryAs(StatusBar.class).getProgress()))
                .isCloseTo(0.4, within(0.01));
        ProcessHandle script = ProcessHandle.of(Long.parseLong(Files.readString(pids).split(" ")[0])).orElseThrow();

        robot.clickOn("#cancelLoading");

        explorer.waitFor(10, () -> !vm.loadingProperty().get() && !script.isAlive());
        assertThat(robot.lookup("#statusMessage").queryAs(Label.class).getText()).isEqualTo("Loading cancelled");
        assertThat(explorer.fx(() -> vm.snapshotProperty().get())).isSameAs(before);
    }
}
