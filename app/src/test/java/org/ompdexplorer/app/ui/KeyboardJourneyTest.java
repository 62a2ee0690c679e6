package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Every control of the window is reached by Tab alone, and shows that it has the focus, in both themes: a person
 * who does not use a mouse can do all the window does, and sees where they are.
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardJourneyTest {
    /** The controls Tab must reach on a task's page, by id (a details link has none: counted apart). */
    private static final List<String> CONTROLS = List.of("openButton", "openCoreButton", "exportButton",
            "backButton", "searchField", "searchPrevious", "searchNext", "searchOnlyMatches", "navigatorTree",
            "effectiveIcvToggle", "statusDiagnostics");
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

    /** Tabs once round the window from the navigator; what had the focus, in order. */
    private List<Node> tabRound(FxRobot robot, ExplorerRobot explorer) {
        robot.press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
        Node first = explorer.fx(() -> stage.getScene().getFocusOwner());
        assertThat(first.getId()).as("Ctrl+L focuses the navigator").isEqualTo("navigatorTree");
        return tabRound(robot, explorer, stage.getScene());
    }

    /** Tabs once round a scene from what has the focus now, back to it; what had the focus, in order. */
    private static List<Node> tabRound(FxRobot robot, ExplorerRobot explorer, Scene scene) {
        List<Node> seen = new ArrayList<>();
        Node first = explorer.fx(scene::getFocusOwner);
        seen.add(first);
        for (int i = 0; i < 80; i++) {
            robot.type(KeyCode.TAB);
            Node now = explorer.fx(scene::getFocusOwner);
            if (now == first) {
                return seen;
            }
            seen.add(now);
        }
        throw new AssertionError("Tab never came back to where it started: " + names(seen));
    }

    /** The controls in {@code round} that look the same focused and not. */
    private static List<String> unmarked(FxRobot robot, ExplorerRobot explorer, Scene scene, List<Node> round) {
        Map<Node, Image> focused = new LinkedHashMap<>();
        for (Node n : round) {
            robot.interact(n::requestFocus);
            focused.put(n, explorer.fx(() -> picture(n)));
        }
        robot.interact(() -> scene.getRoot().requestFocus()); // nothing of the above focused
        List<String> unmarked = new ArrayList<>();
        for (Map.Entry<Node, Image> e : focused.entrySet()) {
            Image plain = explorer.fx(() -> picture(e.getKey()));
            if (same(plain, e.getValue())) {
                unmarked.add(names(List.of(e.getKey())).getFirst());
            }
        }
        return unmarked;
    }

    private static List<String> names(List<Node> nodes) {
        return nodes.stream().map(n -> n.getId() != null ? n.getId() : n.getClass().getSimpleName()).toList();
    }

    @Test
    void tabReachesEveryControlAndBackToTheNavigator(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        var snapshot = vm.snapshotProperty().get().snapshot();
        robot.interact(() -> vm.navigate(Target.of(snapshot.threads().getFirst().id())));
        robot.interact(() -> vm.navigate(Target.of(TestSnapshots.linkedExplicitTask(snapshot).id())));
        explorer.waitFor(10, () -> robot.lookup("#effectiveIcvToggle").tryQuery().isPresent());

        List<Node> round = tabRound(robot, explorer);
        List<String> ids = names(round);
        assertThat(ids).as("reached by Tab").containsAll(CONTROLS);
        assertThat(round).as("the task page's links (generating, scheduling, region, thread) are reached too")
                .filteredOn(n -> n instanceof javafx.scene.control.Hyperlink).hasSizeGreaterThanOrEqualTo(4);
        assertThat(round).as("reached by Tab: the details tables, to scroll and copy from")
                .anyMatch(n -> "icvTable".equals(n.getId()));
        assertThat(ids).as("the grouping switch is one stop, as a group of radio buttons is")
                .containsAnyOf("groupByStructure", "groupByThread");
        assertThat(ids).as("nothing takes the focus that does nothing with it").doesNotContain("statusBar");

        // in the grouping switch, the arrow keys move between the two and Space chooses
        robot.interact(() -> robot.lookup("#groupByThread").query().requestFocus());
        robot.type(KeyCode.SPACE);
        explorer.waitFor(5, () -> vm.navigator().groupingProperty().get()
                == org.ompdexplorer.app.ui.navigator.Grouping.THREADS);
        robot.type(KeyCode.LEFT).type(KeyCode.SPACE);
        explorer.waitFor(5, () -> vm.navigator().groupingProperty().get()
                == org.ompdexplorer.app.ui.navigator.Grouping.STRUCTURE);
    }

    @Test
    void theMenusOpenFromTheKeyboard(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        for (javafx.scene.control.Menu menu : bar.getMenus()) {
            char mnemonic = menu.getText().charAt(menu.getText().indexOf('_') + 1);
            robot.press(KeyCode.ALT).type(KeyCode.getKeyCode(String.valueOf(mnemonic))).release(KeyCode.ALT);
            explorer.waitFor(5, menu::isShowing);
            robot.type(KeyCode.ESCAPE);
            explorer.waitFor(5, () -> !menu.isShowing());
        }
    }

    @Test
    void theFocusedControlLooksFocusedInBothThemes(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        var snapshot = vm.snapshotProperty().get().snapshot();
        robot.interact(() -> vm.navigate(Target.of(TestSnapshots.linkedExplicitTask(snapshot).id())));
        explorer.waitFor(10, () -> robot.lookup("#effectiveIcvToggle").tryQuery().isPresent());
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Theme.apply(stage.getScene(), dark));
            List<Node> round = tabRound(robot, explorer);
            assertThat(unmarked(robot, explorer, stage.getScene(), round))
                    .as("controls that look the same focused and not, dark=" + dark).isEmpty();
        }
    }

    /** The control and a few pixels around it (a focus ring is drawn outside a control's bounds), as shown. */
    private static Image picture(Node n) {
        Scene scene = n.getScene();
        scene.getRoot().applyCss();
        scene.getRoot().layout();
        Image all = scene.snapshot(null);
        javafx.geometry.Bounds b = n.localToScene(n.getBoundsInLocal());
        int x = (int) Math.max(0, b.getMinX() - 3);
        int y = (int) Math.max(0, b.getMinY() - 3);
        int w = (int) Math.min(all.getWidth() - x, b.getWidth() + 6);
        int h = (int) Math.min(all.getHeight() - y, b.getHeight() + 6);
        return new javafx.scene.image.WritableImage(all.getPixelReader(), x, y, Math.max(1, w), Math.max(1, h));
    }

    private static boolean same(Image a, Image b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return false;
        }
        PixelReader ra = a.getPixelReader();
        PixelReader rb = b.getPixelReader();
        for (int y = 0; y < (int) a.getHeight(); y++) {
            for (int x = 0; x < (int) a.getWidth(); x++) {
                if (ra.getArgb(x, y) != rb.getArgb(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void everyControlOfTheCoreAndCaptureDialogsIsReachedByTabAndLooksFocused(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        List<String> fields = java.util.Arrays.stream(org.ompdexplorer.app.ui.ompd.CoreField.values())
                .map(org.ompdexplorer.app.ui.ompd.OpenCoreView::fieldId).toList();
        List<String> browsed = java.util.Arrays.stream(org.ompdexplorer.app.ui.ompd.CoreField.values())
                .filter(f -> f.kind() != org.ompdexplorer.app.ui.ompd.CoreField.Kind.URL_LIST) // typed, not browsed
                .map(org.ompdexplorer.app.ui.ompd.OpenCoreView::fieldId).toList();
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Theme.apply(stage.getScene(), dark));

            robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.O).release(KeyCode.SHIFT, KeyCode.CONTROL);
            explorer.waitFor(5, () -> robot.lookup("#" + org.ompdexplorer.app.ui.ompd.OpenCoreView.ID).tryQuery()
                    .isPresent());
            Scene core = robot.lookup("#" + org.ompdexplorer.app.ui.ompd.OpenCoreView.ID).query().getScene();
            List<Node> round = tabRound(robot, explorer, core);
            List<String> ids = names(round);
            assertThat(ids).as("Open Core: every field and its Browse button").containsAll(fields)
                    .containsAll(browsed.stream().map(f -> f + "Browse").toList())
                    .contains("sourceLinesBox", "acceptTruncatedBox", "coreImportCommand", "coreImportCommandCopy");
            assertThat(round).as("Open Core: Cancel").anyMatch(n -> n instanceof javafx.scene.control.Button b
                    && b.getText().equals("Cancel"));
            assertThat(unmarked(robot, explorer, core, round)).as("Open Core, dark=" + dark).isEmpty();
            robot.interact(() -> round.getFirst().requestFocus());
            robot.type(KeyCode.ESCAPE);
            explorer.waitFor(5, () -> robot.lookup("#" + org.ompdexplorer.app.ui.ompd.OpenCoreView.ID).tryQuery()
                    .isEmpty());

            robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.P).release(KeyCode.SHIFT, KeyCode.CONTROL);
            explorer.waitFor(5, () -> robot.lookup("#" + org.ompdexplorer.app.ui.ompd.CaptureView.ID).tryQuery()
                    .isPresent());
            Scene capture = robot.lookup("#" + org.ompdexplorer.app.ui.ompd.CaptureView.ID).query().getScene();
            List<Node> captureRound = tabRound(robot, explorer, capture);
            assertThat(names(captureRound)).as("Snapshot Running Process").contains("processFilter", "openMpOnlyBox",
                    "refreshProcesses", "processTable", "pidField", "captureOmpdLibraryField");
            assertThat(unmarked(robot, explorer, capture, captureRound)).as("capture, dark=" + dark).isEmpty();
            robot.interact(() -> captureRound.getFirst().requestFocus());
            robot.type(KeyCode.ESCAPE);
            explorer.waitFor(5, () -> robot.lookup("#" + org.ompdexplorer.app.ui.ompd.CaptureView.ID).tryQuery()
                    .isEmpty());
        }
    }
}
