package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.details.Section;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** User journeys through the real window, headless, on the bundled lesson and on a generated wide snapshot. */
@ExtendWith(ApplicationExtension.class)
class ExplorerJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private Path nextFile;
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(new FileDialogs() {
            @Override
            public Optional<Path> chooseSnapshot(Window owner) {
                return Optional.ofNullable(nextFile);
            }

            @Override
            public Optional<Path> chooseExportTarget(Window owner, String suggestedName) {
                return Optional.empty();
            }
        });
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

    /** Down to task #5, a task stolen by T1: its generating link and its scheduling link lead to different tasks. */
    private ExplorerRobot expandToTask5(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.openRow("group:regions");
        explorer.openRow("region:1");
        explorer.openRow("task:1");
        explorer.openRow("task:3");
        explorer.clickRow("task:5");
        explorer.waitForSelection(Target.of(new TaskId(5)), "task #5");
        return explorer;
    }

    @Test
    void followGeneratingAndSchedulingLinksAndGoBack(FxRobot robot) {
        ExplorerRobot explorer = expandToTask5(robot);

        robot.clickOn("#link-generatingTask");
        explorer.waitForSelection(Target.of(new TaskId(3)), "task #3");

        robot.clickOn("#backButton");
        explorer.waitForSelection(Target.of(new TaskId(5)), "task #5");

        robot.clickOn("#link-schedulingTask");
        explorer.waitForSelection(Target.of(new TaskId(4)), "task #4");

        robot.press(KeyCode.ALT).type(KeyCode.LEFT).release(KeyCode.ALT);
        explorer.waitForSelection(Target.of(new TaskId(5)), "task #5");
        robot.press(KeyCode.ALT).type(KeyCode.RIGHT).release(KeyCode.ALT);
        explorer.waitForSelection(Target.of(new TaskId(4)), "task #4");
    }

    @Test
    void readAnIcvValueOwnAndInherited(FxRobot robot) {
        ExplorerRobot explorer = expandToTask5(robot);
        @SuppressWarnings("unchecked")
        TableView<Section.IcvRow> icvs = robot.lookup("#icvTable").queryAs(TableView.class);
        assertThat(explorer.fx(() -> icvs.getItems().stream().filter(r -> r.name().equals("thread-num-var"))
                .findFirst().orElseThrow().value().text())).isEqualTo("1");

        robot.clickOn("#effectiveIcvToggle");
        explorer.waitFor(5, () -> icvs.getItems().stream().anyMatch(r -> r.name().equals("nthreads-var")));
        Section.IcvRow nthreads = explorer.fx(() -> icvs.getItems().stream()
                .filter(r -> r.name().equals("nthreads-var")).findFirst().orElseThrow());
        assertThat(nthreads.value().text()).isEqualTo("2");
        assertThat(nthreads.from()).isEqualTo("thread T1");
        assertThat(robot.lookup("#icvTable .table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                .anyMatch(c -> "nthreads-var".equals(c.getText()));
    }

    @Test
    void searchForAFunctionAndLandOnIt(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        robot.clickOn("#searchField").write("entry..2");
        explorer.waitFor(10, () -> "4 matches".equals(robot.lookup("#searchStatus").queryAs(Label.class).getText()));
        robot.type(KeyCode.ENTER);
        explorer.waitForSelection(Target.of(new TaskId(4)), "task #4");
        robot.type(KeyCode.ENTER);
        explorer.waitForSelection(Target.of(new TaskId(6)), "task #6");
        assertThat(robot.lookup("#searchStatus").queryAs(Label.class).getText()).isEqualTo("2 of 4");
    }

    @Test
    void aMalformedFileShowsOneMessageAndTheLessonStaysOpen(FxRobot robot) {
        ExplorerRobot explorer = expandToTask5(robot);
        nextFile = TestSnapshots.malformed(dir);

        robot.clickOn("#openButton");

        explorer.waitFor(10, () -> robot.lookup("#problemBanner").query().isVisible());
        assertThat(robot.lookup("#problemTitle").queryAs(Label.class).getText()).contains("broken.json");
        assertThat(robot.lookup("#problemMessage").queryAs(Label.class).getText()).isNotBlank();
        assertThat(robot.lookup("#problemDiagnostics").tryQuery()).isPresent();
        assertThat(explorer.detailsTitle()).isEqualTo("task #5");
        assertThat(explorer.selectedRow()).isEqualTo("task:5");
        assertThat(robot.lookup("#statusBar").queryAs(org.controlsfx.control.StatusBar.class).getText())
                .isEqualTo("bundled lesson fib-taskwait");

        robot.clickOn("#dismissProblem");
        explorer.waitFor(5, () -> !robot.lookup("#problemBanner").query().isVisible());
    }

    @Test
    void aWideNodeOfAHundredThousandTasksExpandsAPageAtATime(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path wide = TestSnapshots.write(TestSnapshots.wide(4, 100_000, 100_000), dir.resolve("wide.json"));
        robot.interact(() -> vm.open(wide));
        explorer.waitFor(60, () -> vm.snapshotProperty().get() != null
                && vm.snapshotProperty().get().path().isPresent());
        explorer.openRow("group:regions");
        explorer.openRow("region:1");
        String producer = "task:" + TestSnapshots.PRODUCER;
        explorer.clickRow(producer);

        long start = System.nanoTime();
        robot.type(KeyCode.RIGHT);
        explorer.waitFor(10, () -> explorer.item(producer).isExpanded());
        long millis = (System.nanoTime() - start) / 1_000_000;

        TreeItem<NavNode> item = explorer.item(producer);
        assertThat(explorer.fx(() -> item.getChildren().size())).isEqualTo(201);
        NavNode more = explorer.fx(() -> item.getChildren().getLast().getValue());
        assertThat(more.text()).isEqualTo("Show 200 more");
        assertThat(more.secondary()).isEqualTo("99,800 not shown");
        assertThat(millis).as("expand, including TestFX's pacing").isLessThan(3_000);

        robot.interact(() -> explorer.tree().scrollTo(explorer.tree().getRow(item.getChildren().getLast())));
        explorer.clickRow("more");
        explorer.waitFor(5, () -> item.getChildren().size() == 401);
    }
}
