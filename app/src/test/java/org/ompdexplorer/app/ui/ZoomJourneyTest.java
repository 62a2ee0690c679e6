package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.navigator.Badge;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.navigator.NavigatorView;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.resources.BundledResources;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A teacher at a projector: zooms the whole window in by keyboard, and finds it so after a restart; every lesson
 * opens with one notice for the missing task functions, not a badge on each row.
 */
@ExtendWith(ApplicationExtension.class)
class ZoomJourneyTest {
    private final ExplorerPreferences preferences = ExplorerPreferences.inMemory();
    private FxBackgroundTasks tasks;
    private Stage stage;
    private MainViewModel vm;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, preferences);
        ExplorerApp.show(stage, vm);
        vm.openBundledLesson();
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private void ctrl(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL).type(key).release(KeyCode.CONTROL);
    }

    /** The font size of the navigator's first row, as drawn. */
    private double rowFontSize(FxRobot robot, ExplorerRobot explorer) {
        return explorer.fx(() -> robot.lookup(".nav-text").queryAs(Label.class).getFont().getSize());
    }

    @Test
    void zoomInTwiceByKeyboardScalesTheWindowAndIsRememberedAcrossARestart(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(10, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get());
        double base = rowFontSize(robot, explorer);
        assertThat(base).isCloseTo(MainView.BASE_FONT_SIZE, within(0.01));

        robot.clickOn("#" + NavigatorView.TREE_ID);
        ctrl(robot, KeyCode.EQUALS);
        ctrl(robot, KeyCode.EQUALS);
        explorer.waitFor(5, () -> vm.uiScaleProperty().get() == 1.5);
        explorer.waitFor(5, () -> Math.abs(robot.lookup(".nav-text").queryAs(Label.class).getFont().getSize()
                - base * 1.5) < 0.01);
        assertThat(explorer.fx(() -> stage.getScene().getRoot().getStyle())).contains("-fx-font-size: "
                + String.format(java.util.Locale.ROOT, "%.2fpx", base * 1.5));
        assertThat(preferences.remembered(MainViewModel.UI_SCALE_KEY)).contains("1.5");
        assertThat(vm.messageProperty().get()).isEqualTo("Zoom 150 %");
        // rows grow with the text: the tree's row height is in em
        double cell = explorer.fx(() -> robot.lookup("#" + NavigatorView.TREE_ID)
                .queryAs(javafx.scene.control.TreeView.class).getFixedCellSize());
        assertThat(cell).isGreaterThan(26 * 1.4);

        // a restart: a new view model on the same preferences comes back at 150 %
        MainViewModel restarted = new MainViewModel(tasks, preferences);
        assertThat(restarted.uiScaleProperty().get()).isEqualTo(1.5);

        ctrl(robot, KeyCode.MINUS);
        explorer.waitFor(5, () -> vm.uiScaleProperty().get() == 1.25);
        ctrl(robot, KeyCode.DIGIT0);
        explorer.waitFor(5, () -> vm.uiScaleProperty().get() == 1.0);
        explorer.waitFor(5, () -> Math.abs(rowFontSize(robot, explorer) - base) < 0.01);
        assertThat(preferences.remembered(MainViewModel.UI_SCALE_KEY)).contains("1.0");

        // Ctrl and "+" as the menu says it, typed with Shift on a keyboard whose "+" is Shift+= (issue 24)
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.EQUALS).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(5, () -> vm.uiScaleProperty().get() == 1.25);
        ctrl(robot, KeyCode.ADD);
        explorer.waitFor(5, () -> vm.uiScaleProperty().get() == 1.5);
        ctrl(robot, KeyCode.DIGIT0);
    }

    /** A dialog follows the zoom, and stays on the screen with its labels and buttons whole however big it grows. */
    @Test
    void atTwoHundredPercentADialogIsZoomedTooAndStaysOnTheScreen(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(10, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get());
        double atFull = rowFontSize(robot, explorer);
        robot.interact(() -> {
            for (int i = 0; i < 4; i++) {
                vm.zoomIn();
            }
        });
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.O).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(10, () -> explorer.fx(() -> robot.lookup(".core-dialog").tryQuery()
                .map(n -> n.getScene().getWindow().isShowing()).orElse(false)));
        javafx.scene.control.DialogPane pane = explorer.fx(() -> robot.lookup(".core-dialog")
                .queryAs(javafx.scene.control.DialogPane.class));
        javafx.stage.Window window = explorer.fx(() -> pane.getScene().getWindow());
        javafx.geometry.Rectangle2D screen = explorer.fx(() -> javafx.stage.Screen.getPrimary().getVisualBounds());
        assertThat(explorer.fx(() -> robot.from(pane).lookup((Label l) -> l.getText().equals("Core file:"))
                .queryAs(Label.class).getFont().getSize())).as("the dialog's text at 200 %").isCloseTo(atFull * 2,
                within(1.0));
        assertThat(explorer.fx(window::getX)).isGreaterThanOrEqualTo(screen.getMinX());
        assertThat(explorer.fx(() -> window.getX() + window.getWidth())).isLessThanOrEqualTo(screen.getMaxX() + 0.5);
        assertThat(explorer.fx(window::getY)).isGreaterThanOrEqualTo(screen.getMinY());
        assertThat(explorer.fx(() -> window.getY() + window.getHeight())).isLessThanOrEqualTo(screen.getMaxY() + 0.5);
        List<String> cut = explorer.fx(() -> robot.from(pane).lookup(".button").queryAll().stream()
                .map(n -> (javafx.scene.control.Button) n)
                .filter(b -> b.isVisible() && b.getWidth() + 0.5 < b.prefWidth(-1))
                .map(b -> b.getText() + " " + b.getWidth() + " < " + b.prefWidth(-1)).toList());
        assertThat(cut).isEmpty();
        robot.interact(() -> ((javafx.stage.Stage) window).close());
    }

    /** At 200 % every row's text and badges still fit in its row: nothing is cut or drawn over the next row. */
    @Test
    void atTwoHundredPercentNavigatorRowsHoldTheirText(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(10, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get());
        robot.interact(() -> {
            for (int i = 0; i < 4; i++) {
                vm.zoomIn();
            }
        });
        assertThat(vm.uiScaleProperty().get()).isEqualTo(2.0);
        robot.interact(() -> stage.getScene().getRoot().applyCss());
        robot.interact(() -> stage.getScene().getRoot().layout());
        List<String> cut = explorer.fx(() -> {
            List<String> bad = new ArrayList<>();
            for (var node : robot.lookup(".nav-cell").queryAll()) {
                TreeCell<?> cell = (TreeCell<?>) node;
                if (cell.getItem() == null || cell.getGraphic() == null) {
                    continue;
                }
                double rowHeight = cell.getHeight();
                double content = cell.getGraphic().prefHeight(-1) + cell.snappedTopInset() + cell.snappedBottomInset();
                if (content > rowHeight + 0.5) {
                    bad.add(cell.getItem() + " needs " + content + " in " + rowHeight);
                }
            }
            return bad;
        });
        assertThat(cut).isEmpty();
    }

    @Test
    void everyLessonOpensWithOneNoticeAndNoUnavailableBadgeOnAnyRow(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        for (String lesson : BundledResources.lessonNames()) {
            robot.interact(() -> vm.openLesson(lesson));
            explorer.waitFor(10, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get()
                    && vm.snapshotProperty().get().sourceName().contains(lesson));
            assertThat(robot.lookup("#" + NavigatorView.NOTICE_ID).queryAs(Label.class).getText()).as(lesson)
                    .isEqualTo("Task functions are not reported by OMPT; tasks are named by where they were created.");
            assertThat(robot.lookup("#" + NavigatorView.NOTICE_ID).queryAs(Label.class).isVisible()).isTrue();
            List<String> marked = explorer.fx(() -> unavailableBadges(vm.navigator().rootsProperty().get()));
            assertThat(marked).as(lesson).isEmpty();
            assertThat(robot.lookup("." + Badge.UNAVAILABLE).queryAll().stream()
                    .filter(javafx.scene.Node::isVisible).toList()).as(lesson).isEmpty();
        }
    }

    /** Every row of the tree (bounded) with an unavailable badge. */
    private static List<String> unavailableBadges(List<NavNode> roots) {
        List<String> marked = new ArrayList<>();
        ArrayDeque<NavNode> queue = new ArrayDeque<>(roots);
        int seen = 0;
        while (!queue.isEmpty() && seen++ < 5_000) {
            NavNode n = queue.poll();
            if (n.badges().stream().anyMatch(b -> b.styleClass().equals(Badge.UNAVAILABLE))) {
                marked.add(n.toString());
            }
            queue.addAll(n.children().page(0, n.children().size()));
        }
        return marked;
    }
}
