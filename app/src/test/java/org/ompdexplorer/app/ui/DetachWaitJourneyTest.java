package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Someone debugging a detach hang opens the snapshot: the task at the taskwait reads "waiting at a taskwait", not
 * running, the detached task "detached: body done, event not fulfilled", not completed, each in its own colour;
 * Explain says which taskwait waits for the detached task; Help → Legend explains both.
 */
@ExtendWith(ApplicationExtension.class)
class DetachWaitJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @BeforeEach
    void openTheDetachWait(FxRobot robot) throws Exception {
        Path file = dir.resolve("detach-wait-a.json");
        try (InputStream in = DetachWaitJourneyTest.class.getResourceAsStream(
                "/org/ompdexplorer/app/detach/detach-wait-a.json")) {
            Files.copy(in, file);
        }
        robot.interact(() -> vm.open(file));
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
    }

    /** The badges of a row, each as {@code text|style class}. */
    private static List<String> badges(FxRobot robot, ExplorerRobot explorer, String id) {
        TreeItem<NavNode> item = explorer.item(id);
        return explorer.fx(() -> {
            TreeCell<?> cell = robot.lookup(".nav-cell").queryAllAs(TreeCell.class).stream()
                    .filter(c -> c.getTreeItem() == item).findFirst().orElseThrow();
            return cell.lookupAll(".badge").stream().filter(Node::isVisible).map(n -> (Label) n)
                    .map(l -> l.getText() + "|" + l.getStyleClass().getLast()).toList();
        });
    }

    private void select(ExplorerRobot explorer, long task) {
        Target target = Target.of(new TaskId(task));
        List<String> path = explorer.fx(() -> vm.navigator().pathTo(target)).orElseThrow();
        for (String id : path.subList(0, path.size() - 1)) {
            if (!explorer.item(id).isExpanded()) {
                explorer.openRow(id);
            }
        }
        explorer.clickRow(target.key());
        explorer.waitForSelection(target, "task #" + task);
    }

    @Test
    void theNavigatorExplainAndTheLegendShowTheWaitAndTheDetachedTask(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        select(explorer, 2);
        assertThat(badges(robot, explorer, Target.of(new TaskId(2)).key()))
                .contains("waiting at a taskwait|badge-life-waiting").doesNotContain("running|badge-life-running");
        select(explorer, 4);
        assertThat(badges(robot, explorer, Target.of(new TaskId(4)).key()))
                .contains("detached: body done, event not fulfilled|badge-life-detached")
                .doesNotContain("completed|badge-life-completed");
        List<String> sentences = explorer.fx(() -> robot.lookup("#explainSentences .explain-sentence")
                .queryAllAs(TextFlow.class).stream().map(ExplorerRobot::flowText).toList());
        assertThat(sentences).anyMatch(s -> s.startsWith("Task #4 finished its body but its completion event has not"
                + " been fulfilled (omp_fulfill_event); the taskwait in task #2"));

        robot.type(KeyCode.F1);
        explorer.waitFor(10, () -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s
                && s.isShowing() && s.getTitle() != null && s.getTitle().contains("Legend")));
        Stage legend = explorer.fx(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s
                && s.getTitle() != null && s.getTitle().contains("Legend")).map(w -> (Stage) w).findFirst()
                .orElseThrow());
        List<String> names = explorer.fx(() -> legend.getScene().getRoot().lookupAll(".legend-name").stream()
                .map(n -> ((Label) n).getText()).toList());
        assertThat(names).contains("waiting at a taskwait / taskgroup / barrier",
                "detached: body done, event not fulfilled");
        robot.interact(legend::close);
    }
}
