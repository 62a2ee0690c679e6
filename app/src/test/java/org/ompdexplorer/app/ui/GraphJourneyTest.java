package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.graph.GraphView;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.NodeKind;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.w3c.dom.Document;

/**
 * The task graph through the real window, headless: show it (Ctrl+G), click a node and land on its task in the
 * navigator and details, select in the navigator and see the node selected, open and collapse an aggregate,
 * move the graph to the centre pane, export it as SVG.
 */
@ExtendWith(ApplicationExtension.class)
class GraphJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();
    private FxBackgroundTasks tasks;
    private ExplorerPreferences preferences;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        preferences = ExplorerPreferences.inMemory();
        vm = new MainViewModel(tasks, preferences);
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(dialogs);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private GraphLayout showGraph(FxRobot robot, ExplorerRobot explorer, Path file) {
        robot.interact(() -> vm.open(file));
        explorer.waitFor(20, () -> vm.snapshotProperty().get() != null);
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL); // View → Show Task Graph
        explorer.waitFor(30, () -> vm.graph().layoutProperty().get() != null && !vm.graph().busyProperty().get());
        return explorer.fx(() -> vm.graph().layoutProperty().get());
    }

    private void clickNode(FxRobot robot, ExplorerRobot explorer, int node) {
        GraphView view = robot.lookup("#graphView").queryAs(GraphView.class);
        Point2D screen = explorer.fx(() -> {
            view.reveal(node);
            return view.localToScreen(view.centreOf(node).orElseThrow());
        });
        robot.clickOn(screen);
    }

    @Test
    void clickingANodeSelectsItsTaskAndSelectingATaskSelectsItsNode(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path file = TestSnapshots.write(TestSnapshots.handWritten().snapshot(), dir.resolve("fib.json"));
        GraphLayout layout = showGraph(robot, explorer, file);
        assertThat(explorer.fx(() -> robot.lookup("#detailsTabs").queryAs(TabPane.class).getSelectionModel()
                .getSelectedItem().getId())).isEqualTo("graphTab");
        assertThat(explorer.fx(() -> robot.lookup("#graphStatus").queryAs(Label.class).getText()))
                .matches("\\d+ tasks · \\d+ edges · laid out in \\d+ ms");
        GraphNode fifth = layout.graph().nodes().stream().filter(n -> n.task() == 5).findFirst().orElseThrow();

        clickNode(robot, explorer, fifth.index());
        explorer.waitFor(10, () -> Target.of(new TaskId(5)).equals(vm.selectionProperty().get()));
        assertThat(explorer.fx(() -> vm.graph().selectedNodeProperty().get())).isEqualTo(fifth.index());
        assertThat(explorer.fx(() -> explorer.tree().getSelectionModel().getSelectedItem().getValue().id()))
                .isEqualTo("task:5");

        robot.interact(() -> vm.navigate(Target.of(new TaskId(3))));
        int third = layout.graph().nodeOf(3).orElseThrow();
        explorer.waitFor(10, () -> vm.graph().selectedNodeProperty().get() == third);

        // the presentation zoom (View → Zoom In) enlarges the graph with the text
        String before = explorer.fx(() -> robot.lookup("#graphZoom").queryAs(Label.class).getText());
        robot.interact(vm::zoomIn);
        String after = explorer.fx(() -> robot.lookup("#graphZoom").queryAs(Label.class).getText());
        assertThat(Integer.parseInt(after.replace(" %", ""))).isEqualTo(
                Math.round(Integer.parseInt(before.replace(" %", "")) * 1.25f));
        robot.interact(vm::actualSize);
    }

    @Test
    void anAggregateOpensOnClickAndCollapsesAgain(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        // the backlog lesson's second step: 100 tasks created at one site, queued
        Path file = dir.resolve("backlog.json");
        try (var in = org.ompdexplorer.resources.BundledResources.openLessonStep("task-backlog", 2)) {
            Files.copy(in, file);
        }
        GraphLayout before = showGraph(robot, explorer, file);
        GraphNode aggregate = before.graph().nodes().stream().filter(n -> n.kind() == NodeKind.AGGREGATE)
                .findFirst().orElseThrow(() -> new AssertionError("no aggregate among "
                        + before.graph().nodes().size() + " nodes"));
        assertThat(aggregate.size()).isGreaterThanOrEqualTo(8);

        clickNode(robot, explorer, aggregate.index());
        explorer.waitFor(30, () -> vm.graph().layoutProperty().get() != before && !vm.graph().busyProperty().get());
        GraphLayout opened = explorer.fx(() -> vm.graph().layoutProperty().get());
        // its tasks one by one (the first twelve, and the rest in one node that opens the same way)
        assertThat(opened.graph().nodes().get(opened.graph().nodeOf(aggregate.task()).orElseThrow()).tasks())
                .containsExactly(aggregate.task());
        assertThat(opened.graph().nodes()).hasSizeGreaterThan(before.graph().nodes().size());
        assertThat(opened.graph().tasksShown()).isEqualTo(before.graph().tasksShown());
        assertThat(explorer.fx(() -> vm.selectionProperty().get())).isEqualTo(Target.of(new TaskId(aggregate.task())));

        robot.clickOn("#graphCollapseAll");
        explorer.waitFor(30, () -> vm.graph().layoutProperty().get() != opened && !vm.graph().busyProperty().get());
        assertThat(explorer.fx(() -> vm.graph().layoutProperty().get().graph().nodes())).hasSize(
                before.graph().nodes().size());
    }

    @Test
    void theGraphMovesToTheCentreAndIsExportedAsSvg(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path file = TestSnapshots.write(TestSnapshots.handWritten().snapshot(), dir.resolve("fib.json"));
        GraphLayout layout = showGraph(robot, explorer, file);

        robot.interact(() -> robot.lookup("#menuBar").queryAs(javafx.scene.control.MenuBar.class).getMenus().stream()
                .flatMap(m -> m.getItems().stream()).filter(i -> i instanceof javafx.scene.control.Menu)
                .flatMap(m -> ((javafx.scene.control.Menu) m).getItems().stream())
                .filter(i -> "menuGraphCENTRE".equals(i.getId())).findFirst().orElseThrow().fire());
        explorer.waitFor(10, () -> robot.lookup("#mainSplit").queryAs(SplitPane.class).getItems().size() == 3);
        assertThat(preferences.remembered("graph.placement")).contains("CENTRE");

        Path svg = dir.resolve("out.svg");
        dialogs.graphTarget = svg;
        robot.clickOn("#graphExport").clickOn("#graphExportSVG");
        explorer.waitFor(20, () -> Files.exists(svg));
        assertThat(dialogs.suggested).isEqualTo("fib-graph.svg");
        Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        var groups = doc.getElementsByTagName("g");
        int nodes = 0;
        for (int i = 0; i < groups.getLength(); i++) {
            nodes += groups.item(i).getAttributes().getNamedItem("class").getNodeValue().startsWith("node ") ? 1 : 0;
        }
        assertThat(nodes).isEqualTo(layout.graph().nodes().size());
    }

    @Test
    void inCompareModeTheGraphMarksWhatChangedAndAClickSelectsItInTheCompareNavigator(FxRobot robot)
            throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        org.ompdexplorer.model.Snapshot a = TestSnapshots.handWritten().snapshot();
        Path fileA = TestSnapshots.write(a, dir.resolve("a.json"));
        Path fileB = TestSnapshots.write(org.ompdexplorer.model.synthetic.SnapshotEdits.evolved(a, 0.3, 5),
                dir.resolve("b.json"));
        robot.interact(() -> vm.compareFiles(java.util.List.of(fileA, fileB)));
        explorer.waitFor(30, () -> vm.comparingProperty().get() && vm.compare().diffProperty().get() != null);
        explorer.waitFor(10, () -> robot.lookup("#compareTabs").tryQuery().isPresent());
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL); // in compare mode: its graph tab
        explorer.waitFor(30, () -> vm.compareGraph().graph().layoutProperty().get() != null
                && !vm.compareGraph().graph().busyProperty().get());
        var marks = explorer.fx(() -> vm.compareGraph().graph().nodeMarksProperty().get());
        assertThat(marks).as("the evolved snapshot has added or changed tasks").isNotEmpty();
        int marked = marks.keySet().iterator().next();
        GraphLayout layout = explorer.fx(() -> vm.compareGraph().graph().layoutProperty().get());
        long task = layout.graph().nodes().get(marked).task();

        GraphView view = robot.lookup("#compareGraphView").queryAs(GraphView.class);
        Point2D screen = explorer.fx(() -> {
            view.reveal(marked);
            return view.localToScreen(view.centreOf(marked).orElseThrow());
        });
        robot.clickOn(screen);
        explorer.waitFor(10, () -> vm.compare().selectedProperty().get() != null
                && vm.compare().selectedProperty().get().b() == vm.compare().diffProperty().get().b().index()
                .taskPosition(task));
        assertThat(explorer.fx(() -> vm.compareGraph().graph().selectedNodeProperty().get())).isEqualTo(marked);

        // A (before): the same comparison's other side, marked too
        robot.interact(() -> vm.compareGraph().sideProperty().set(
                org.ompdexplorer.app.ui.compare.CompareGraph.Side.A));
        explorer.waitFor(30, () -> vm.compareGraph().graph().layoutProperty().get() != layout
                && !vm.compareGraph().graph().busyProperty().get());
    }
}
