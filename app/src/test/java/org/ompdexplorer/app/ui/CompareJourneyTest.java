package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.app.ui.compare.CompareItem;
import org.ompdexplorer.model.diff.AggregateDelta;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.CountedEntities;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Compare mode through the real window, headless: compare the open snapshot with another, read the summary and
 * what is still blocked, step through the changes with F7, follow links on both sides, changes only, swap, a
 * series with its timeline, and back to the snapshot.
 */
@ExtendWith(ApplicationExtension.class)
class CompareJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();
    private FxBackgroundTasks tasks;
    private Path fileA;
    private Path fileB;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(dialogs);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    /** A: a generated program with thread 0 waiting for a lock; B: the same a moment later, thread 0 still there. */
    @BeforeEach
    void writeSnapshots(FxRobot robot) throws Exception {
        Snapshot a = TestSnapshots.waitingForALock(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 80, 21)));
        fileA = TestSnapshots.write(a, dir.resolve("before.json"));
        fileB = TestSnapshots.write(SnapshotEdits.renumbered(SnapshotEdits.evolved(a, 0.05, 3), 500),
                dir.resolve("after.json"));
        robot.interact(() -> vm.open(fileA));
        new ExplorerRobot(robot).waitFor(20, () -> vm.snapshotProperty().get() != null);
    }

    private void compareWithB(FxRobot robot, ExplorerRobot explorer) {
        dialogs.file = fileB;
        robot.press(KeyCode.CONTROL).type(KeyCode.K).release(KeyCode.CONTROL); // File → Compare With…
        explorer.waitFor(20, () -> vm.comparingProperty().get() && robot.lookup("#compareSummaryTitle").tryQuery()
                .isPresent());
    }

    @Test
    void compareWithShowsTheSummaryStillBlockedFirstAndCountsInTheStatusBar(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        compareWithB(robot, explorer);
        assertThat(explorer.fx(() -> robot.lookup("#statusCounts").queryAs(Label.class).getText()))
                .matches("\\d+ added · \\d+ removed · \\d+ changed · \\d+ unchanged · \\d+ still blocked");
        assertThat(explorer.fx(() -> robot.lookup("#compareStepText").queryAs(Label.class).getText()))
                .isEqualTo("A: before.json → B: after.json");
        Hyperlink blocked = robot.lookup("#compareStillBlocked .hyperlink").queryAs(Hyperlink.class);
        assertThat(blocked.getText()).startsWith("thread T");
        robot.clickOn(blocked);
        explorer.waitFor(10, () -> robot.lookup("#compareEntityTitle").queryAs(Label.class).getText()
                .startsWith("· thread T"));
        assertThat(selectedRowText(robot, explorer)).startsWith("thread T").endsWith("— still blocked");
        assertThat(explorer.fx(() -> robot.lookup("#compareEntityBlocked").queryAs(Label.class).getText()))
                .startsWith("Still blocked — waiting: wait_lock, wait id 0x5000");
        assertThat(robot.lookup(".label").queryAllAs(Label.class))
                .noneMatch(l -> l.getText() != null && l.getText().contains("more; their rows"));
    }

    @Test
    void theSummaryTablesAndTheStatusBarCountsShowWholeInANarrowWindow(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        explorer.keepingStageBounds(stage, () -> {
            robot.interact(() -> {
                stage.setWidth(700);
                stage.setHeight(700);
            });
            compareWithB(robot, explorer);
            robot.interact(() -> { });
            List<String> shown = explorer.fx(() -> robot.lookup("#compareCounts .label").queryAllAs(Label.class)
                    .stream().map(l -> ((javafx.scene.text.Text) l.lookup(".text")).getText()).toList());
            assertThat(shown).contains("in A", "in B", "+ added", "− removed", "~ changed", "unchanged", "thread",
                    "task", "parallel region", "address space");
            assertThat(shown).noneMatch(t -> t.endsWith("…") || t.endsWith("..."));
            // the status bar's counts and diagnostics too: the source's name is what gives way
            for (String id : List.of("#statusCounts", "#statusDiagnostics")) {
                javafx.scene.control.Labeled l = robot.lookup(id).queryAs(javafx.scene.control.Labeled.class);
                assertThat(explorer.fx(() -> ((javafx.scene.text.Text) l.lookup(".text")).getText())).as(id)
                        .isEqualTo(explorer.fx(l::getText));
            }
        });
    }

    @Test
    void f7StepsThroughTheChangesSideBySideAndLinksWorkOnBothSides(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        compareWithB(robot, explorer);
        List<UnionNode> changes = explorer.fx(() -> vm.compare().diffProperty().get().changedNodes());
        robot.type(KeyCode.F7);
        explorer.waitFor(10, () -> changes.getFirst().equals(vm.compare().selectedProperty().get()));
        UnionNode changed = changes.stream().filter(n -> explorer.fx(() -> vm.compare().change(n)) == ChangeKind.CHANGED)
                .findFirst().orElseThrow();
        for (int i = 1; i <= changes.indexOf(changed); i++) {
            robot.type(KeyCode.F7);
        }
        explorer.waitFor(10, () -> changed.equals(vm.compare().selectedProperty().get()));
        assertThat(explorer.fx(() -> robot.lookup("#compareEntityTitle").queryAs(Label.class).getText())).startsWith("~ ");
        GridPane fields = robot.lookup("#compareFields").queryAs(GridPane.class);
        List<Node> changedCells = explorer.fx(() -> fields.getChildren().stream()
                .filter(n -> n.getPseudoClassStates().contains(PseudoClass.getPseudoClass("changed"))).toList());
        assertThat(changedCells).hasSizeGreaterThanOrEqualTo(3); // label, A and B of the lifecycle row
        assertThat(explorer.fx(() -> ((Label) changedCells.getFirst()).getText())).isEqualTo("≠ lifecycle");
        // the generating task, on B's side (column 2), then back and on A's side (column 1)
        Hyperlink onB = link(fields, explorer, 2);
        robot.clickOn(onB);
        explorer.waitFor(10, () -> !changed.equals(vm.compare().selectedProperty().get()));
        UnionNode viaB = explorer.fx(() -> vm.compare().selectedProperty().get());
        assertThat(viaB.inB()).isTrue();
        robot.press(KeyCode.SHIFT).type(KeyCode.F7).release(KeyCode.SHIFT);
        explorer.waitFor(10, () -> vm.compare().selectedProperty().get() != viaB);
    }

    private static Hyperlink link(GridPane fields, ExplorerRobot explorer, int column) {
        return explorer.fx(() -> fields.getChildren().stream()
                .filter(n -> n instanceof Hyperlink && GridPane.getColumnIndex(n) == column)
                .map(Hyperlink.class::cast).findFirst().orElseThrow());
    }

    /**
     * Every count of the summary is a link that filters the navigator to exactly what it counts: each column of the
     * counts per kind, what is still blocked, and both sides of a row of tasks per region × task × lifecycle.
     */
    @Test
    void everyCountOfTheSummaryFiltersTheNavigatorToExactlyWhatItCounts(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        compareWithB(robot, explorer);
        SnapshotDiff d = explorer.fx(() -> vm.compare().diffProperty().get());
        for (KindCounts c : d.counts()) {
            for (CountedEntities.Column column : CountedEntities.Column.values()) {
                List<UnionNode> expected = CountedEntities.of(d, c.kind(), column);
                assertThat(expected).hasSize(column.of(c));
                clickCount(robot, explorer, "#compareCount-" + c.kind().name() + "-" + column.name(),
                        String.valueOf(column.of(c)), expected);
            }
        }
        List<UnionNode> blocked = CountedEntities.stillBlocked(d);
        assertThat(blocked).isNotEmpty();
        clickCount(robot, explorer, "#compareStillBlockedCount", String.valueOf(blocked.size()), blocked);
        List<AggregateDelta> rows = d.aggregates().stream().filter(a -> a.delta() != 0).toList();
        assertThat(rows).isNotEmpty();
        AggregateDelta row = rows.stream().filter(a -> a.inA() > 0 && a.inB() > 0).findFirst().orElse(rows.getFirst());
        int at = rows.indexOf(row);
        clickCount(robot, explorer, "#compareAggregate-" + at + "-A", String.valueOf(row.inA()),
                CountedEntities.inAggregate(d, row, true));
        clickCount(robot, explorer, "#compareAggregate-" + at + "-B", String.valueOf(row.inB()),
                CountedEntities.inAggregate(d, row, false));

        robot.clickOn("#compareClearFilter");
        @SuppressWarnings("unchecked")
        TreeView<CompareItem> tree = robot.lookup("#compareTree").queryAs(TreeView.class);
        explorer.waitFor(10, () -> tree.getRoot().getChildren().size() > 2);
        assertThat(explorer.fx(() -> robot.lookup("#compareClearFilter").query().isVisible())).isFalse();
    }

    /** Clicks the count link {@code id} (showing {@code text}); the navigator then lists exactly {@code expected}. */
    private void clickCount(FxRobot robot, ExplorerRobot explorer, String id, String text, List<UnionNode> expected) {
        Hyperlink link = robot.lookup(id).queryAs(Hyperlink.class);
        assertThat(explorer.fx(link::getText)).as(id).isEqualTo(text);
        javafx.scene.control.ScrollPane page = robot.lookup("#compareDetails").queryAs(javafx.scene.control.ScrollPane.class);
        robot.interact(() -> { // scrolled to the link, as a reader would
            javafx.geometry.Bounds at = page.getContent().sceneToLocal(link.localToScene(link.getBoundsInLocal()));
            double range = page.getContent().getBoundsInLocal().getHeight() - page.getViewportBounds().getHeight();
            page.setVvalue(range <= 0 ? 0 : Math.clamp((at.getMinY() - 40) / range, 0, 1));
        });
        robot.clickOn(link);
        @SuppressWarnings("unchecked")
        TreeView<CompareItem> tree = robot.lookup("#compareTree").queryAs(TreeView.class);
        explorer.waitFor(10, () -> tree.getRoot().getChildren().size() == 2
                && tree.getRoot().getChildren().get(1).getValue() instanceof CompareItem.Group g
                && g.label().endsWith("(" + expected.size() + ")"));
        List<UnionNode> listed = explorer.fx(() -> tree.getRoot().getChildren().get(1).getChildren().stream()
                .map(i -> ((CompareItem.Entity) i.getValue()).node()).toList());
        assertThat(listed).as(id).containsExactlyElementsOf(expected);
        assertThat(explorer.fx(() -> robot.lookup("#compareClearFilter").query().isVisible())).isTrue();
        assertThat(explorer.fx(() -> vm.compare().selectedProperty().get())).as("the summary stays shown").isNull();
    }

    @Test
    void changesOnlySwapAndCloseKeepTheSnapshotOpenBefore(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        compareWithB(robot, explorer);
        int added = explorer.fx(() -> vm.compare().diffProperty().get().counts(EntityKind.TASK).added());
        int removed = explorer.fx(() -> vm.compare().diffProperty().get().counts(EntityKind.TASK).removed());
        robot.clickOn("#compareChangesOnly");
        @SuppressWarnings("unchecked")
        TreeView<Object> tree = robot.lookup("#compareTree").queryAs(TreeView.class);
        int rows = explorer.fx(() -> countRows(tree.getRoot()));
        robot.clickOn("#compareChangesOnly");
        assertThat(explorer.fx(() -> countRows(tree.getRoot()))).isGreaterThan(rows);

        robot.clickOn("#compareSwap");
        explorer.waitFor(20, () -> vm.compare().diffProperty().get().counts(EntityKind.TASK).added() == removed
                && vm.compare().diffProperty().get().counts(EntityKind.TASK).removed() == added);
        assertThat(explorer.fx(() -> robot.lookup("#compareStepText").queryAs(Label.class).getText()))
                .isEqualTo("A: after.json → B: before.json");

        robot.clickOn("#compareClose");
        explorer.waitFor(10, () -> !vm.comparingProperty().get() && robot.lookup("#mainSplit").tryQuery().isPresent());
        assertThat(explorer.fx(() -> vm.snapshotProperty().get().path().orElseThrow())).isEqualTo(fileA);
    }

    @Test
    void theComparisonIsExportedAsAHangReportInMarkdownAndHtml(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        robot.interact(() -> vm.compareFiles(List.of(fileA, fileB)));
        explorer.waitFor(20, () -> vm.comparingProperty().get());
        for (String name : List.of("report.md", "report.html")) {
            Path target = dir.resolve(name);
            dialogs.reportTarget = target;
            robot.clickOn("#compareReport");
            explorer.waitFor(20, () -> Files.exists(target) && vm.messageProperty().get().startsWith("Exported"));
            String text = Files.readString(target);
            assertThat(text).contains(name.endsWith(".md") ? "## Still blocked (" : "<h2>Still blocked (")
                    .contains("before.json").contains("after.json");
        }
        assertThat(dialogs.suggested).endsWith("-report.md");
    }

    @Test
    void aSeriesHasATimelineAndKeepsTheSelectionOnItsEntity(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path series = Files.createDirectories(dir.resolve("series"));
        Snapshot s0 = SyntheticSnapshotGenerator.generate(new GeneratorSpec(3, 1, 40, 8));
        Snapshot s1 = SnapshotEdits.evolved(s0, 0.1, 1);
        Snapshot s2 = SnapshotEdits.evolved(s1, 0.1, 2);
        TestSnapshots.write(s0, series.resolve("ompd-explorer-1-000001-interval.json"));
        TestSnapshots.write(s1, series.resolve("ompd-explorer-1-000002-interval.json"));
        TestSnapshots.write(s2, series.resolve("ompd-explorer-1-000003-interval.json"));
        robot.interact(() -> vm.compareFiles(List.of(series)));
        explorer.waitFor(20, () -> vm.comparingProperty().get() && vm.compare().stepCount() == 2);
        assertThat(robot.lookup("#timelineBar").query().isVisible()).isTrue();
        UnionNode thread = explorer.fx(() -> vm.compare().diffProperty().get().tree().threads().get(1));
        robot.interact(() -> vm.compare().select(thread));
        robot.clickOn("#timelineNext");
        explorer.waitFor(10, () -> vm.compare().stepProperty().get() == 1);
        UnionNode after = explorer.fx(() -> vm.compare().selectedProperty().get());
        assertThat(after.a()).isEqualTo(thread.b());
        assertThat(explorer.fx(() -> robot.lookup("#compareStepText").queryAs(Label.class).getText()))
                .startsWith("Step 2 of 2: ");
        assertThat(selectedRowText(robot, explorer)).startsWith("thread T");
        robot.clickOn("#timelinePrevious");
        explorer.waitFor(10, () -> vm.compare().stepProperty().get() == 0 && thread.equals(vm.compare().selectedProperty().get()));

        // each step labelled with when and by what B was taken, its task counts charted; a click shows the step
        List<String> steps = explorer.fx(() -> robot.lookup("." + "timeline-step").queryAll().stream()
                .map(javafx.scene.Node::getAccessibleText).toList());
        org.ompdexplorer.model.diff.StepFigures second = org.ompdexplorer.model.diff.StepFigures.of(
                org.ompdexplorer.model.diff.SnapshotSeries.of(List.of(s0, s1, s2))).get(1);
        assertThat(steps).hasSize(2);
        assertThat(steps.get(1)).startsWith("Step 2")
                .contains(second.running() + " running, " + second.queued() + " ready (queued), " + second.blocked()
                        + " blocked on dependences, " + second.waiting() + " waiting");
        assertThat(explorer.fx(() -> robot.lookup(".timeline-step-trigger").queryAllAs(Label.class).stream()
                .filter(l -> l.getHeight() + 0.5 < l.prefHeight(l.getWidth())).map(Label::getText).toList()))
                .as("a trigger wraps whole, never cut").isEmpty();
        assertThat(explorer.fx(() -> {
            javafx.scene.control.ScrollPane chart = robot.lookup("#timelineChart").queryAs(
                    javafx.scene.control.ScrollPane.class);
            return chart.getViewportBounds().getHeight() + 0.5 - chart.getContent().getLayoutBounds().getHeight();
        })).as("every cell whole in the chart, its still-blocked line too").isNotNegative();
        robot.clickOn("#timelineStep1");
        explorer.waitFor(10, () -> vm.compare().stepProperty().get() == 1);
    }

    @Test
    void theFileMenuComparesTwoFilesAFolderAndSeveralFiles(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        dialogs.files.add(fileA);
        dialogs.files.add(fileB);
        menu(robot, "#menuCompareTwo");
        explorer.waitFor(20, () -> vm.comparingProperty().get() && vm.compare().stepCount() == 1);
        assertThat(explorer.fx(() -> vm.compare().stepTextProperty().get())).isEqualTo("A: before.json → B: after.json");
        robot.clickOn("#compareClose");

        Path series = Files.createDirectories(dir.resolve("series"));
        Snapshot s0 = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 20, 4));
        List<Path> files = List.of(TestSnapshots.write(s0, series.resolve("s1.json")),
                TestSnapshots.write(SnapshotEdits.evolved(s0, 0.2, 1), series.resolve("s2.json")),
                TestSnapshots.write(SnapshotEdits.evolved(s0, 0.3, 2), series.resolve("s3.json")));
        dialogs.directory = series;
        menu(robot, "#menuOpenSeries");
        explorer.waitFor(20, () -> vm.comparingProperty().get() && vm.compare().stepCount() == 2);
        robot.clickOn("#compareClose");

        dialogs.several = List.of(files.get(0), files.get(2));
        menu(robot, "#menuOpenSeriesFiles");
        explorer.waitFor(20, () -> vm.comparingProperty().get() && vm.compare().stepCount() == 1
                && "A: s1.json → B: s3.json".equals(vm.compare().stepTextProperty().get()));
    }

    /** Opens the File menu with the keyboard (Alt+F) and clicks the item. */
    private static void menu(FxRobot robot, String itemId) {
        robot.press(KeyCode.ALT).type(KeyCode.F).release(KeyCode.ALT);
        javafx.scene.control.MenuItem item = robot.lookup("#menuBar").queryAs(javafx.scene.control.MenuBar.class)
                .getMenus().getFirst().getItems().stream().filter(i -> itemId.equals("#" + i.getId())).findFirst()
                .orElseThrow();
        robot.clickOn(item.getText());
    }

    private static int countRows(TreeItem<?> item) {
        int n = 0;
        for (TreeItem<?> c : item.getChildren()) {
            n += 1 + (c.isExpanded() ? countRows(c) : 0);
        }
        return n;
    }

    @SuppressWarnings("unchecked")
    private static String selectedRowText(FxRobot robot, ExplorerRobot explorer) {
        TreeView<Object> tree = robot.lookup("#compareTree").queryAs(TreeView.class);
        return explorer.fx(() -> {
            int row = tree.getSelectionModel().getSelectedIndex();
            return robot.lookup(".compare-tree .tree-cell").queryAllAs(javafx.scene.control.TreeCell.class).stream()
                    .filter(c -> c.getIndex() == row).findFirst().map(c -> c.getText()).orElse("");
        });
    }
}
