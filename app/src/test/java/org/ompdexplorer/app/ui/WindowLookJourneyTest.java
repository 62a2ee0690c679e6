package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** What the window shows, headless: the chosen grouping reads as chosen in both themes; status texts stay apart. */
@ExtendWith(ApplicationExtension.class)
class WindowLookJourneyTest {
    private static final Color ACCENT_LIGHT = Color.web("#0969da");
    private static final Color ACCENT_DARK = Color.web("#1f6feb");
    private FxBackgroundTasks tasks;
    private Stage stage;
    private MainViewModel vm;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
        vm.openBundledLesson();
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private static Color fill(FxRobot robot, String id) {
        ToggleButton b = robot.lookup("#" + id).queryAs(ToggleButton.class);
        java.util.List<BackgroundFill> fills = b.getBackground().getFills();
        return (Color) fills.getLast().getFill();
    }

    @Test
    void theChosenGroupingIsFilledWithTheAccentAndTheOtherIsNotInBothThemes(FxRobot robot) {
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Theme.apply(stage.getScene(), dark));
            robot.interact(() -> stage.getScene().getRoot().applyCss());
            Color accent = dark ? ACCENT_DARK : ACCENT_LIGHT;
            assertThat(fill(robot, "groupByStructure")).as("chosen, dark=" + dark).isEqualTo(accent);
            assertThat(fill(robot, "groupByThread")).as("not chosen, dark=" + dark).isNotEqualTo(accent);
            Color other = fill(robot, "groupByThread");
            double distance = Math.sqrt(Math.pow(other.getRed() - accent.getRed(), 2)
                    + Math.pow(other.getGreen() - accent.getGreen(), 2) + Math.pow(other.getBlue() - accent.getBlue(), 2));
            assertThat(distance).as("the other one is plainly not the accent, dark=" + dark).isGreaterThan(0.5);
        }
    }

    @Test
    void theStatusMessageStandsApartFromTheSnapshotsSource(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        java.nio.file.Path broken = TestSnapshots.malformed(dir);
        robot.interact(() -> vm.open(broken));
        javafx.scene.control.Label message = robot.lookup("#statusMessage").queryAs(javafx.scene.control.Label.class);
        new ExplorerRobot(robot).waitFor(20, () -> message.getText().endsWith("stays open"));
        org.controlsfx.control.StatusBar bar = robot.lookup("#statusBar").queryAs(org.controlsfx.control.StatusBar.class);
        javafx.scene.control.Label source = robot.lookup("#statusBar .label").queryAllAs(javafx.scene.control.Label.class)
                .stream().filter(l -> l != message && l.getText() != null && l.getText().equals(bar.getText()))
                .findFirst().orElseThrow();
        robot.interact(() -> { });
        double messageEnd = message.lookup(".text").localToScene(message.lookup(".text").getBoundsInLocal()).getMaxX();
        double sourceStart = source.lookup(".text").localToScene(source.lookup(".text").getBoundsInLocal()).getMinX();
        double gap = sourceStart - messageEnd; // the status bar lays its left items out before its text
        assertThat(message.isVisible()).isTrue();
        assertThat(gap).as("space between \"%s\" and the message", bar.getText()).isGreaterThanOrEqualTo(8);
    }

    private void show(FxRobot robot, org.ompdexplorer.app.ui.entity.Target target) {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        robot.interact(() -> vm.navigate(target));
        robot.interact(() -> { });
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.TableView<Object> table(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(javafx.scene.control.TableView.class);
    }

    @Test
    void tableColumnsAreAsWideAsTheirTextAndARepeatingColumnIsHidden(FxRobot robot) {
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        var states = table(robot, "statesTable");
        javafx.scene.text.Text probe = new javafx.scene.text.Text("ompt_state_wait_barrier_implicit_workshare");
        assertThat(states.getColumns().get(1).getWidth()).as("the name column holds the longest state name")
                .isGreaterThanOrEqualTo(probe.getLayoutBounds().getWidth());

        show(robot, org.ompdexplorer.app.ui.entity.Target.of(
                org.ompdexplorer.app.ui.entity.SnapshotPage.ICV_CATALOGUE));
        var catalogue = table(robot, "icvCatalogueTable");
        assertThat(catalogue.getColumns()).filteredOn(c -> c.getText().equals("OpenMP 5.2 name"))
                .singleElement().satisfies(c -> assertThat(c.isVisible()).as("same as the runtime name on every row")
                        .isFalse());
    }

    /** An underscore draws below its text's logical bounds; a shorter subtitle left bits of the old one behind. */
    @Test
    void theDetailsHeaderTextIsRepaintedWholeWhenItChanges(FxRobot robot) {
        show(robot, org.ompdexplorer.app.ui.entity.Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        javafx.scene.text.Text text = (javafx.scene.text.Text) robot.lookup("#detailsSubtitle").queryAs(
                javafx.scene.control.Label.class).lookup(".text");
        assertThat(text.getBoundsType()).isEqualTo(javafx.scene.text.TextBoundsType.VISUAL);
    }

    /** A failed open says its message once, wrapped and whole however long, with no scroll bar over it. */
    @Test
    void theProblemBannerShowsALongMessageOnceAndInFull(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
        java.nio.file.Path deep = java.nio.file.Files.createDirectories(dir.resolve("a-rather-long-directory-name-"
                .repeat(3) + "/and-another-one-that-goes-on-and-on-".repeat(3)));
        java.nio.file.Path broken = TestSnapshots.malformed(deep);
        robot.interact(() -> vm.open(broken));
        new ExplorerRobot(robot).waitFor(20, () -> robot.lookup("#problemMessage").tryQuery().isPresent());
        robot.interact(() -> { });
        javafx.scene.control.Label title = robot.lookup("#problemTitle").queryAs(javafx.scene.control.Label.class);
        javafx.scene.control.Label message = robot.lookup("#problemMessage").queryAs(javafx.scene.control.Label.class);
        assertThat(title.isTextTruncated()).as("title: %s", title.getText()).isFalse();
        assertThat(message.isTextTruncated()).as("message: %s", message.getText()).isFalse();
        robot.lookup("#problemDiagnostics").tryQueryAs(javafx.scene.control.ListView.class).ifPresent(list ->
                assertThat(list.getItems()).as("the message is not listed again").doesNotContain(message.getText()));
    }
}
