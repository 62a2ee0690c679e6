package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the journeys do with the window: find rows by their entity, click them, wait for the details. */
final class ExplorerRobot {
    private final FxRobot robot;

    ExplorerRobot(FxRobot robot) {
        this.robot = robot;
    }

    @SuppressWarnings("unchecked")
    TreeView<NavNode> tree() {
        return robot.lookup("#navigatorTree").queryAs(TreeView.class);
    }

    /** Waits, up to {@code seconds}, for a condition read on the FX thread. */
    void waitFor(int seconds, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition).get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("condition not met within " + seconds + " s", e);
        }
    }

    <T> T fx(Callable<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The loaded tree item of this entity or group, searching only expanded items. */
    /**
     * Runs {@code body}, which may move or resize {@code stage}, then puts the stage's bounds back: TestFX shares
     * one stage with every test class that runs after this one.
     */
    void keepingStageBounds(javafx.stage.Stage stage, Runnable body) {
        javafx.geometry.Rectangle2D was = fx(() -> new javafx.geometry.Rectangle2D(stage.getX(), stage.getY(),
                stage.getWidth(), stage.getHeight()));
        try {
            body.run();
        } finally {
            robot.interact(() -> {
                stage.setX(was.getMinX());
                stage.setY(was.getMinY());
                stage.setWidth(was.getWidth());
                stage.setHeight(was.getHeight());
            });
        }
    }

    TreeItem<NavNode> item(String id) {
        return fx(() -> find(tree().getRoot(), id));
    }

    private static TreeItem<NavNode> find(TreeItem<NavNode> at, String id) {
        if (at.getValue() != null && at.getValue().id().equals(id)) {
            return at;
        }
        if (!at.isExpanded()) {
            return null;
        }
        for (TreeItem<NavNode> c : at.getChildren()) {
            TreeItem<NavNode> found = find(c, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Clicks the row of this entity or group, which must be visible in an expanded parent. */
    /**
     * Clicks the node {@code query} once it is laid out inside the scene: a bar that has just been shown (the lesson
     * bar) gets its place only at the next pulse, and a click before it finds no bounds.
     */
    void clickWhenShown(String query) {
        waitFor(10, () -> robot.lookup(query).tryQuery().map(n -> {
            javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
            javafx.scene.Scene scene = n.getScene();
            return n.isVisible() && scene != null && b.getWidth() > 0 && b.getMinX() >= 0 && b.getMinY() >= 0
                    && b.getMaxX() <= scene.getWidth() && b.getMaxY() <= scene.getHeight();
        }).orElse(false));
        robot.clickOn(query);
    }

    void clickRow(String id) {
        TreeItem<NavNode> item = item(id);
        assertThat(item).as("row " + id).isNotNull();
        robot.interact(() -> tree().scrollTo(Math.max(0, tree().getRow(item) - 2)));
        TreeCell<?> cell = robot.lookup(".nav-cell").queryAllAs(TreeCell.class).stream()
                .filter(c -> c.getTreeItem() == item).findFirst().orElseThrow();
        robot.clickOn(cell);
    }

    /**
     * Clicks a control of the details pane as a reader would: scrolled into view first (the pane scrolls to the
     * focused control), then clicked.
     */
    void clickInDetails(String query) {
        robot.interact(() -> robot.lookup(query).query().requestFocus());
        robot.clickOn(query);
    }

    /** Clicks the row and expands it with the keyboard. */
    void openRow(String id) {
        clickRow(id);
        robot.type(javafx.scene.input.KeyCode.RIGHT);
        waitFor(5, () -> item(id).isExpanded());
    }

    String selectedRow() {
        return fx(() -> {
            TreeItem<NavNode> item = tree().getSelectionModel().getSelectedItem();
            return item == null ? null : item.getValue().id();
        });
    }

    String detailsTitle() {
        return fx(() -> robot.lookup("#detailsTitle").queryAs(Label.class).getText());
    }

    /** Waits until the details show this title and the navigator has the target's row selected. */
    void waitForSelection(Target target, String title) {
        waitFor(10, () -> title.equals(robot.lookup("#detailsTitle").queryAs(Label.class).getText())
                && target.key().equals(selectedRowOnFx()));
    }

    private String selectedRowOnFx() {
        TreeItem<NavNode> item = tree().getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue().id();
    }

    /** The text a flow shows: its texts and links, in order (the Explain pane's sentences). */
    static String flowText(TextFlow flow) {
        StringBuilder b = new StringBuilder();
        flow.getChildren().forEach(n -> b.append(n instanceof Text t ? t.getText()
                : n instanceof Hyperlink h ? h.getText() : ""));
        return b.toString();
    }
}
