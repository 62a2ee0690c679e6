package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.stacks.StacksPalette;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.search.SearchQuery;
import org.ompdexplorer.app.ui.search.SearchResult;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A developer looks at where each thread is: a thread's page shows its stack in task segments and unfolds the runtime's
 * frames with a click or the keyboard; a frame opens its source, which was built elsewhere and is pointed at once; a
 * task's page shows its own segment; the Parallel Stacks view merges all threads, a click on a box lists exactly its
 * threads in the navigator, and the picture is exported as SVG and DOT — in both themes.
 */
@ExtendWith(ApplicationExtension.class)
class StacksJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();
    private FxBackgroundTasks tasks;
    private LoadedSnapshot loaded;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm).setFileDialogs(dialogs);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @BeforeEach
    void openStacks(FxRobot robot) {
        loaded = StackSnapshots.of("/build/prog/prog.c");
        robot.interact(() -> vm.show(loaded));
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() == loaded);
    }

    private OmpThread thread(int i) {
        return loaded.snapshot().threads().get(i);
    }

    private void show(FxRobot robot, ExplorerRobot explorer, Target target) {
        robot.interact(() -> vm.navigate(target));
        explorer.waitFor(10, () -> vm.details().pageProperty().get() != null
                && vm.details().pageProperty().get().target().equals(target)
                && robot.lookup("#callStack").tryQuery().isPresent());
    }

    private static boolean present(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().isPresent();
    }

    @Test
    void aThreadsStackUnfoldsItsRuntimeFramesAndAFrameOpensItsSourceFoundOncePointedAt(FxRobot robot)
            throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path source = dir.resolve("checkout/prog/prog.c");
        Files.createDirectories(source.getParent());
        Files.write(source, IntStream.rangeClosed(1, 60).mapToObj(i -> "line " + i).toList());
        OmpThread t1 = thread(1);
        show(robot, explorer, Target.of(t1.id()));
        String task = Names.of(loaded.snapshot().index().task(t1.currentTask()).orElseThrow(),
                loaded.snapshot().index());
        assertThat(explorer.fx(() -> robot.lookup("#link-segment0").queryAs(Hyperlink.class).getText()))
                .isEqualTo(task);
        assertThat(explorer.fx(() -> robot.lookup("#fold-0").queryAs(javafx.scene.control.Button.class).getText()))
                .isEqualTo("▸ 2 runtime frames (#0–#1: __kmp_wait … __kmpc_barrier)");
        assertThat(present(robot, "#frame-0")).isFalse();

        robot.interact(() -> robot.lookup("#fold-0").query().requestFocus());
        robot.type(KeyCode.SPACE);
        explorer.waitFor(5, () -> present(robot, "#frame-0") && present(robot, "#frame-1"));
        assertThat(present(robot, "#fold-0")).isFalse();
        assertThat(explorer.fx(() -> ((Label) robot.lookup("#frame-1").query()).getText()))
                .isEqualTo("__kmpc_barrier");

        explorer.clickInDetails("#frame-2"); // work, at prog.c:14
        TabPane tabs = robot.lookup("#detailsTabs").queryAs(TabPane.class);
        explorer.waitFor(10, () -> "sourceTab".equals(tabs.getSelectionModel().getSelectedItem().getId())
                && present(robot, "#sourceMessage") && robot.lookup("#sourceMessage").queryAs(Label.class)
                .getText().startsWith("source not found: /build/prog/prog.c"));
        dialogs.file = source;
        robot.clickOn("#sourceLocate");
        explorer.waitFor(10, () -> present(robot, "#sourceLines") && robot.lookup("#sourceLines").query().isVisible());
        @SuppressWarnings("unchecked")
        ListView<String> lines = robot.lookup("#sourceLines").queryAs(ListView.class);
        assertThat(explorer.fx(() -> lines.getSelectionModel().getSelectedIndex())).isEqualTo(13);
        explorer.waitFor(5, () -> robot.lookup("#sourceLines .list-cell").queryAllAs(ListCell.class).stream()
                .anyMatch(c -> c.getText() != null && c.getText().startsWith("▶   14  line 14")
                        && c.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("current"))));
        assertThat(vm.source().substitutionsProperty().get().rules()).singleElement()
                .isEqualTo(new org.ompdexplorer.app.ui.source.PathSubstitutions.Rule("/build", dir.resolve(
                        "checkout").toString()));
    }

    @Test
    void aTasksPageShowsItsOwnSegment(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        show(robot, explorer, Target.of(thread(0).currentTask().get()));
        assertThat(explorer.fx(() -> List.of(((Hyperlink) robot.lookup("#frame-0").query()).getText(),
                ((Hyperlink) robot.lookup("#frame-1").query()).getText()))).containsExactly("solve", "work");
        assertThat(present(robot, "#fold-2")).as("its runtime frames folded").isTrue();
        assertThat(present(robot, "#frame-4")).as("main is outside the task's segment").isFalse();
    }

    @Test
    void aBoxOfTheParallelStacksListsExactlyItsThreadsAndThePictureIsExported(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        show(robot, explorer, Target.of(thread(1).id()));
        explorer.clickInDetails("#stackParallelStacks");
        explorer.waitFor(10, () -> robot.lookup(".stacks-block").queryAll().size() == 4);
        Snapshot s = loaded.snapshot();
        List<ThreadId> barrier = List.of(thread(1).id(), thread(2).id(), thread(3).id());

        robot.clickOn("#stacksBlock2");
        explorer.waitFor(10, () -> !vm.search().searchingProperty().get()
                && vm.search().resultProperty().get().size() == 3);
        assertThat(vm.search().textProperty().get()).isEqualTo(SearchQuery.threads(barrier));
        assertThat(vm.search().onlyMatchesProperty().get()).isTrue();
        SearchResult listed = vm.search().resultProperty().get();
        assertThat(IntStream.range(0, listed.size()).mapToObj(i -> listed.target(i, s)).toList())
                .containsExactlyElementsOf(barrier.stream().map(Target::of).toList());

        robot.interact(() -> robot.lookup("#stacksBlock3").query().requestFocus());
        robot.type(KeyCode.ENTER);
        explorer.waitFor(10, () -> vm.search().textProperty().get().equals(SearchQuery.threads(List.of(
                thread(4).id(), thread(5).id()))) && vm.search().resultProperty().get().size() == 2);

        dialogs.graphTarget = dir.resolve("stacks.svg");
        robot.clickOn("#stacksExport").clickOn("#stacksExportSVG");
        explorer.waitFor(10, () -> Files.exists(dir.resolve("stacks.svg")));
        assertThat(dialogs.suggested).endsWith("-stacks.svg");
        assertThat(Files.readString(dir.resolve("stacks.svg"))).startsWith("<?xml").contains("class C")
                .contains(">fixture_hold (prog.c:31)</text>");
        dialogs.graphTarget = dir.resolve("stacks.dot");
        robot.clickOn("#stacksExport").clickOn("#stacksExportDOT");
        explorer.waitFor(10, () -> Files.exists(dir.resolve("stacks.dot")));
        assertThat(Files.readString(dir.resolve("stacks.dot"))).startsWith("digraph stacks {").contains("b1 -> b3;");

        // both themes: the class's box takes the theme's token, which the export's palette mirrors
        Node box = robot.lookup("#stacksBlock2").query();
        assertThat(explorer.fx(() -> fill(box))).isEqualTo(Color.web(StacksPalette.LIGHT.classFill()[0]));
        robot.interact(() -> Theme.apply(box.getScene(), true));
        explorer.waitFor(5, () -> fill(box).equals(Color.web(StacksPalette.DARK.classFill()[0])));
        robot.interact(() -> Theme.apply(box.getScene(), false));
    }

    private static Color fill(Node node) {
        node.applyCss();
        return (Color) ((Region) node).getBackground().getFills().getFirst().getFill();
    }
}
