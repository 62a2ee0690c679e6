package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.WindowScan.Finding;
import org.ompdexplorer.app.ui.WindowScan.Kind;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** The walk's eyes: what {@link WindowScan} reports on a scene made to have each fault, and what it lets pass. */
@ExtendWith(ApplicationExtension.class)
class WindowScanTest {
    private Scene scene;
    /** A window of its own: TestFX shares its stage with every test class that runs after this one. */
    private Stage own;

    @Start
    void start(Stage stage) {
        scene = new Scene(new Pane(), 400, 300);
        own = new Stage();
        own.setScene(scene);
        own.show();
    }

    @Stop
    void stop() {
        own.close();
    }

    private static Label at(String text, double x, double y, double width) {
        Label l = new Label(text);
        l.resizeRelocate(x, y, width, 20);
        l.setManaged(false);
        return l;
    }

    private List<Finding> scan(FxRobot robot, javafx.scene.Node... nodes) {
        robot.interact(() -> {
            Pane root = new Pane(nodes);
            scene.setRoot(root);
            root.applyCss();
            root.layout();
        });
        return new ExplorerRobot(robot).fx(() -> WindowScan.scan(scene, "test", List.of()));
    }

    @Test
    void aCutLabelTwoTextsOverEachOtherAndARawNameAreFound(FxRobot robot) {
        List<Finding> found = scan(robot, at("a label far too long for its width", 10, 10, 60),
                at("first", 10, 100, 100), at("second", 30, 102, 100), at("waits on thread #1", 10, 200, 300));
        assertThat(found).extracting(Finding::kind).containsExactlyInAnyOrder(Kind.CUT, Kind.OVERLAP, Kind.NAME,
                Kind.NAME); // thread #1: a raw form, and #1 names no task shown
        assertThat(found).anyMatch(f -> f.kind() == Kind.OVERLAP && f.what().contains("\"first\"")
                && f.what().contains("\"second\""));
        assertThat(found).anyMatch(f -> f.kind() == Kind.NAME && f.what().contains("raw name \"thread #1\""));
    }

    @Test
    void textClippedOutOfSightAndLabelsSideBySideAreNotFindings(FxRobot robot) {
        Pane clipped = new Pane(at("scrolled out of view, and cut…", 10, 50, 60));
        clipped.setClip(new Rectangle(0, 0, 100, 20)); // as a scroll pane's viewport: the label is below it
        List<Finding> found = scan(robot, clipped, at("left", 10, 10, 60), at("right", 75, 10, 60));
        assertThat(found).isEmpty();
    }

    @Test
    void textRunningPastTheSideOfAScrollPaneItCannotScrollToOrThatWrapsIsCut(FxRobot robot) {
        javafx.scene.control.ScrollPane fixed = new javafx.scene.control.ScrollPane(
                new Label("a line too long for a view that does not scroll sideways"));
        fixed.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        fixed.resizeRelocate(10, 10, 150, 60);
        Label paragraph = new Label("a paragraph that wraps, laid out wider than the view that shows it");
        paragraph.setWrapText(true);
        paragraph.setMinWidth(600); // as a wide table beside it widens the column the paragraph wraps in
        javafx.scene.control.ScrollPane wide = new javafx.scene.control.ScrollPane(paragraph);
        wide.setFitToWidth(true);
        wide.resizeRelocate(10, 100, 200, 80);
        for (javafx.scene.control.ScrollPane p : List.of(fixed, wide)) {
            p.setManaged(false);
        }
        List<Finding> found = scan(robot, fixed, wide);
        assertThat(found).extracting(Finding::kind).containsExactly(Kind.CUT, Kind.CUT);
        assertThat(found).anyMatch(f -> f.what().contains("\"a line too long") && f.what().contains("side"));
        assertThat(found).anyMatch(f -> f.what().contains("\"a paragraph that wraps"));
    }

    @Test
    void aLineThatScrollsSidewaysIntoViewIsNotCut(FxRobot robot) {
        javafx.scene.control.ScrollPane pane = new javafx.scene.control.ScrollPane(
                new Label("a line too long for the view, which scrolls sideways to it"));
        pane.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.ALWAYS);
        pane.resizeRelocate(10, 10, 150, 60);
        pane.setManaged(false);
        assertThat(scan(robot, pane)).isEmpty();
    }
}
