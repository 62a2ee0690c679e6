package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.legend.LegendView;
import org.ompdexplorer.app.ui.legend.LegendWindow;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** A student reads why a task runs where it does, follows a mention in the Explain pane, and opens the Legend. */
@ExtendWith(ApplicationExtension.class)
class ExplainJourneyTest {
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private final ExplorerPreferences preferences = ExplorerPreferences.inMemory();

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, preferences);
        ExplorerApp.show(stage, vm);
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

    @Test
    void readWhyAStolenTaskRunsWhereItDoesAndFollowAMention(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Task task = TestSnapshots.linkedExplicitTask(explorer.fx(() -> vm.snapshotProperty().get().snapshot()));
        Target target = Target.of(task.id());
        List<String> path = explorer.fx(() -> vm.navigator().pathTo(target)).orElseThrow();
        for (String id : path.subList(0, path.size() - 1)) {
            explorer.openRow(id);
        }
        explorer.clickRow(target.key());
        explorer.waitForSelection(target, "task #" + task.id());

        List<String> sentences = explorer.fx(() -> robot.lookup("#explainSentences .explain-sentence")
                .queryAllAs(TextFlow.class).stream().map(ExplorerRobot::flowText).toList());
        assertThat(sentences).anyMatch(s -> s.startsWith("Its scheduling task (task #" + task.schedulingTask().get()
                + ") differs from its generating task (task #" + task.generatingTask().get() + ")"));
        assertThat(explorer.fx(() -> robot.lookup("#explainPane .spec-chip").queryAllAs(Label.class).stream()
                .map(Label::getText).toList())).contains("OpenMP 5.1 §2.12.6");

        // a link is a word of its sentence: no gap before the punctuation after it (issue 24: "task #2 .")
        assertThat(explorer.fx(() -> robot.lookup("#explainPane .explain-link").queryAllAs(Hyperlink.class).stream()
                .map(l -> {
                    javafx.scene.text.Text word = new javafx.scene.text.Text(l.getText());
                    word.setFont(l.getFont());
                    return l.getWidth() - word.getLayoutBounds().getWidth();
                }).toList())).isNotEmpty().allSatisfy(extra -> assertThat(extra).isLessThan(1.0));

        TaskId generating = task.generatingTask().get();
        robot.clickOn(robot.lookup("#explainPane #explainLink-task-" + generating).queryAs(Hyperlink.class));
        explorer.waitForSelection(Target.of(generating), "task #" + generating);

        // folding the pane is remembered
        robot.clickOn(robot.lookup("#explainPane .title").queryAs(javafx.scene.Node.class), javafx.scene.input.MouseButton.PRIMARY);
        explorer.waitFor(5, () -> !robot.lookup("#explainPane").queryAs(TitledPane.class).isExpanded());
        assertThat(preferences.remembered("details.explain.shown")).contains("false");
    }

    @Test
    void f1OpensTheLegendInTheWindowsTheme(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        robot.clickOn("#detailsTitle");
        robot.type(KeyCode.F1);
        explorer.waitFor(10, () -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s
                && s.isShowing() && s.getTitle() != null && s.getTitle().contains("Legend")));
        Stage legend = explorer.fx(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s
                && s.getTitle() != null && s.getTitle().contains("Legend")).map(w -> (Stage) w).findFirst()
                .orElseThrow());
        List<String> names = explorer.fx(() -> legend.getScene().getRoot().lookupAll(".legend-name").stream()
                .map(n -> ((Label) n).getText()).toList());
        assertThat(names).contains("queued", "blocked on dependences", "+ added", "≠ gen", "still blocked");
        assertThat(explorer.fx(() -> legend.getScene().getRoot().lookup("#" + LegendView.ID))).isNotNull();
        assertThat(explorer.fx(() -> legend.getScene().getRoot().lookupAll(".legend-swatch.theme-dark").size()))
                .as("each mark drawn in the dark theme too").isEqualTo(names.size());

        // issue 24: at any width the names and swatches are whole (they collapsed to "…" and spilled over)
        for (double width : new double[] {1300, 700}) {
            robot.interact(() -> legend.setWidth(width));
            robot.interact(() -> legend.getScene().getRoot().layout());
            assertThat(explorer.fx(() -> legend.getScene().getRoot().lookupAll(".legend-name, .legend-meaning")
                    .stream().map(n -> (Label) n).filter(Label::isTextTruncated)
                    .map(Label::getText).toList())).as("names and meanings cut at %s px", width).isEmpty();
            assertThat(explorer.fx(() -> legend.getScene().getRoot().lookupAll(".legend-swatch").stream()
                    .map(n -> (javafx.scene.layout.Region) n).filter(r -> r.getWidth() + 0.5 < r.prefWidth(-1))
                    .count())).as("swatches cut at %s px", width).isZero();
        }
        // it follows the presentation zoom
        robot.interact(vm::zoomIn);
        assertThat(explorer.fx(() -> legend.getScene().getRoot().getStyle())).contains("-fx-font-size");
        robot.interact(vm::actualSize);
        // Esc closes it, as its Close button does
        robot.interact(() -> legend.getScene().lookup("#" + LegendWindow.CLOSE_ID).requestFocus());
        robot.type(KeyCode.ESCAPE);
        explorer.waitFor(5, () -> !legend.isShowing());
    }
}
