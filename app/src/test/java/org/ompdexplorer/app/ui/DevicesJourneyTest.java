package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.Badge;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A student's journey through the "target offload" lesson in the real window, headless: device 0 under the
 * process, its present table read row by row, the construct that mapped a range one click away; the next step's
 * target region in flight in compare mode; the task that waits on it.
 */
@ExtendWith(ApplicationExtension.class)
class DevicesJourneyTest {
    private static final String LESSON = "target-offload";
    private MainViewModel vm;
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
        vm.openLesson(LESSON);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    /** The rows of a details table as the user reads them: each cell's text or link text. */
    private static List<List<String>> rows(FxRobot robot, ExplorerRobot explorer, String id) {
        return explorer.fx(() -> {
            @SuppressWarnings("unchecked")
            TableView<Object> table = robot.lookup("#" + id).queryAs(TableView.class);
            return table.getItems().stream().map(row -> table.getVisibleLeafColumns().stream()
                    .map(c -> ((org.ompdexplorer.app.ui.details.Value) c.getCellData(row)).text())
                    .toList()).toList();
        });
    }

    @Test
    void aStudentReadsTheMappingTableAndFollowsARangeToTheConstructThatMappedIt(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(30, () -> vm.lesson().isActive() && vm.snapshotProperty().get() != null
                && !vm.loadingProperty().get());
        explorer.openRow("group:spaces");
        explorer.openRow("space:0");
        TreeItem<?> process = explorer.item("space:0");
        assertThat(explorer.fx(() -> process.getChildren().stream()
                .map(c -> ((org.ompdexplorer.app.ui.navigator.NavNode) c.getValue()).text()).toList()))
                .containsExactly("device 0", "device 1", "device 2", "device 3");
        assertThat(explorer.fx(() -> explorer.item("space:1").getValue().badges().stream().map(Badge::text)
                .toList())).contains("1 range mapped");
        explorer.clickRow("space:1");
        explorer.waitForSelection(Target.of(new AddressSpaceId(1)), "device 0");

        List<List<String>> table = rows(robot, explorer, "mappingsTable");
        assertThat(table).hasSize(1);
        assertThat(table.getFirst().get(1)).as("bytes: map(to: big[0:8192]) of double").isEqualTo("64.0 KiB (65,536 B)");
        assertThat(table.getFirst().get(2)).isEqualTo("TR1 · target enter data (ended)");
        assertThat(table.getFirst().get(3)).as("refcount").isEqualTo("1");

        Hyperlink mappedBy = explorer.fx(() -> robot.lookup("#mappingsTable").lookup(".hyperlink")
                .queryAllAs(Hyperlink.class).stream().filter(h -> h.getText().startsWith("TR1")).findFirst()
                .orElseThrow());
        robot.interact(mappedBy::requestFocus);
        robot.clickOn(mappedBy);
        explorer.waitForSelection(Target.of(new TargetRegionId(1)), "TR1 · target enter data");
        assertThat(explorer.fx(() -> robot.lookup("#link-encounteringTask").queryAs(Hyperlink.class).getText()))
                .isEqualTo("task #1 · initial · running");
    }

    @Test
    void theNextStepShowsTheTargetRegionInFlightAndTheTaskThatWaitsOnIt(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(30, () -> vm.lesson().isActive() && !vm.loadingProperty().get());
        explorer.clickWhenShown("#lessonNext");
        explorer.waitFor(10, () -> vm.lesson().stepProperty().get() == 1);
        // compare mode: the target region that began since step 1 is in its own group, marked added
        explorer.waitFor(10, () -> robot.lookup("#compareTree").tryQuery().isPresent());
        List<String> groups = explorer.fx(() -> {
            TreeView<?> tree = robot.lookup("#compareTree").queryAs(TreeView.class);
            return tree.getRoot().getChildren().stream().map(i -> String.valueOf(i.getValue())).toList();
        });
        assertThat(groups).anyMatch(g -> g.contains("label=Target regions (")); // the group's row
        assertThat(explorer.fx(() -> vm.compare().diffProperty().get().counts(
                org.ompdexplorer.model.EntityKind.TARGET_REGION).added())).isEqualTo(1);

        // the step's own snapshot: the implicit task that met the target construct waits on it
        robot.interact(() -> vm.closeLesson());
        explorer.waitFor(10, () -> !vm.lesson().isActive() && vm.compare().diffProperty().get() == null);
        robot.interact(() -> vm.navigate(Target.of(new TaskId(2))));
        explorer.waitFor(10, () -> "task #2".equals(explorer.detailsTitle()));
        Hyperlink awaited = robot.lookup("#link-awaitedTarget").queryAs(Hyperlink.class);
        assertThat(explorer.fx(awaited::getText)).isEqualTo("TR2 · target · in flight");
        assertThat(explorer.fx(() -> explorer.item("task:2").getValue().badges().stream().map(Badge::text)
                .toList())).contains("waits on TR2");
        robot.interact(awaited::requestFocus);
        robot.clickOn(awaited);
        explorer.waitForSelection(Target.of(new TargetRegionId(2)), "TR2 · target");
        assertThat(explorer.fx(() -> robot.lookup("#detailsSubtitle").queryAs(Label.class).getText()))
                .isEqualTo("in flight");
    }
}
