package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.details.Section;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.navigator.NavNode;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.search.SearchResult;
import org.ompdexplorer.app.ui.search.SnapshotSearch;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** User journeys through the real window, headless, on the bundled lesson and on a generated wide snapshot. */
@ExtendWith(ApplicationExtension.class)
class ExplorerJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private final ScriptedFileDialogs dialogs = new ScriptedFileDialogs();
    private FxBackgroundTasks tasks;

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        MainView view = ExplorerApp.show(stage, vm);
        view.setFileDialogs(dialogs);
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

    private Snapshot lesson(ExplorerRobot explorer) {
        return explorer.fx(() -> vm.snapshotProperty().get().snapshot());
    }

    /**
     * Down the structure tree to an explicit task whose generating and scheduling tasks differ (one another
     * thread stole), by clicking each row and expanding it with the keyboard.
     */
    private Task expandToLinkedTask(ExplorerRobot explorer) {
        Task task = TestSnapshots.linkedExplicitTask(lesson(explorer));
        Target target = Target.of(task.id());
        List<String> path = explorer.fx(() -> vm.navigator().pathTo(target)).orElseThrow();
        for (String id : path.subList(0, path.size() - 1)) {
            explorer.openRow(id);
        }
        explorer.clickRow(target.key());
        explorer.waitForSelection(target, "task #" + task.id());
        return task;
    }

    @Test
    void followGeneratingAndSchedulingLinksAndGoBack(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Task task = expandToLinkedTask(explorer);
        Target self = Target.of(task.id());
        TaskId generating = task.generatingTask().get();
        TaskId scheduling = task.schedulingTask().get();

        explorer.clickInDetails("#link-generatingTask");
        explorer.waitForSelection(Target.of(generating), "task #" + generating);

        robot.clickOn("#backButton");
        explorer.waitForSelection(self, "task #" + task.id());

        explorer.clickInDetails("#link-schedulingTask");
        explorer.waitForSelection(Target.of(scheduling), "task #" + scheduling);

        robot.press(KeyCode.ALT).type(KeyCode.LEFT).release(KeyCode.ALT);
        explorer.waitForSelection(self, "task #" + task.id());
        robot.press(KeyCode.ALT).type(KeyCode.RIGHT).release(KeyCode.ALT);
        explorer.waitForSelection(Target.of(scheduling), "task #" + scheduling);
    }

    @Test
    void readAnIcvValueOwnAndInherited(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Task task = expandToLinkedTask(explorer);
        Snapshot snapshot = lesson(explorer);
        @SuppressWarnings("unchecked")
        TableView<Section.IcvRow> icvs = robot.lookup("#icvTable").queryAs(TableView.class);
        for (IcvValue own : task.icvs()) { // the lesson may or may not read ICVs at task scope
            String name = snapshot.index().icv(own.icv()).orElseThrow().name();
            assertThat(explorer.fx(() -> row(icvs, name).value().text())).isEqualTo(own.display());
        }

        explorer.clickInDetails("#explainPane .title"); // fold the Explain pane above, as a reader after the ICVs would
        explorer.waitFor(5, () -> !explorer.fx(() -> vm.details().explainShownProperty().get()));
        explorer.clickInDetails("#effectiveIcvToggle");
        ParallelRegion region = snapshot.index().region(task.parallelRegion()).orElseThrow();
        IcvValue inherited = region.icvs().getFirst();
        String name = snapshot.index().icv(inherited.icv()).orElseThrow().name();
        explorer.waitFor(5, () -> icvs.getItems().stream().anyMatch(r -> r.name().equals(name) && !r.from().isEmpty()));
        Section.IcvRow row = explorer.fx(() -> row(icvs, name));
        assertThat(row.value().text()).isEqualTo(inherited.display());
        assertThat(row.from()).isEqualTo("parallel region P" + region.id());
        assertThat(robot.lookup("#icvTable .table-cell").queryAllAs(javafx.scene.control.TableCell.class))
                .anyMatch(c -> name.equals(c.getText()));
    }

    private static Section.IcvRow row(TableView<Section.IcvRow> table, String name) {
        return table.getItems().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * Twelve threads, three at an implicit barrier, two at a parallel region's (whose state's name holds the first's):
     * clicking the count 3 on the Thread states page lists exactly those three threads, with the query in the box.
     */
    @Test
    void clickingAStateCountListsExactlyItsThreads(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Snapshot s = TestSnapshots.wide(12, 40, 0);
        for (int i = 0; i < 5; i++) {
            s = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(s, s.threads().get(i).id(),
                    org.ompdexplorer.model.ThreadState.ofValue(i < 3 ? 0x13 : 0x11), 0x7000L);
        }
        Snapshot twelve = s;
        robot.interact(() -> {
            vm.show(org.ompdexplorer.app.ui.entity.LoadedSnapshot.of(twelve, "twelve threads"));
            vm.navigate(Target.of(org.ompdexplorer.app.ui.entity.SnapshotPage.STATES));
        });
        explorer.waitFor(10, () -> "Thread states".equals(explorer.detailsTitle())
                && robot.lookup("#statesTable").tryQuery().isPresent());
        javafx.scene.control.Hyperlink count = explorer.fx(() -> robot.lookup("#statesTable .hyperlink")
                .queryAllAs(javafx.scene.control.Hyperlink.class).stream()
                .filter(h -> h.getParent() instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableRow() != null
                        && c.getTableRow().getItem() instanceof List<?> row
                        && ((org.ompdexplorer.app.ui.details.Value) row.get(1)).text()
                        .equals("ompt_state_wait_barrier_implicit"))
                .findFirst().orElse(null));
        assertThat(count).as("the count of threads at the implicit barrier is a link").isNotNull();
        assertThat(count.getText()).isEqualTo("3");

        robot.interact(() -> count.requestFocus());
        robot.clickOn(count);

        explorer.waitFor(10, () -> "3 matches".equals(robot.lookup("#searchStatus").queryAs(Label.class).getText()));
        assertThat(robot.lookup("#searchField").queryAs(javafx.scene.control.TextField.class).getText())
                .isEqualTo("state=wait_barrier_implicit");
        assertThat(robot.lookup("#searchOnlyMatches").queryAs(javafx.scene.control.ToggleButton.class).isSelected())
                .isTrue();
        explorer.waitFor(10, () -> explorer.item("group:matches") != null);
        assertThat(explorer.fx(() -> explorer.item("group:matches").getValue().children()
                .page(0, 10).stream().map(NavNode::id).toList())).containsExactly(
                "thread:" + twelve.threads().get(0).id().value(), "thread:" + twelve.threads().get(1).id().value(),
                "thread:" + twelve.threads().get(2).id().value());
    }

    @Test
    void searchForAFunctionAndLandOnIt(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Snapshot snapshot = lesson(explorer);
        Task task = TestSnapshots.linkedExplicitTask(snapshot);
        // OMPT captures have no task functions; then the creation site names the function that made the task
        String function = task.function().isKnown() ? task.function().get().symbol()
                : task.creationSite().get().symbol();
        SearchResult expected = SnapshotSearch.run(snapshot, function, JobContext.NONE);
        String count = EntityNames.count(expected.size(), "match", "matches");

        robot.clickOn("#searchField").write(function);
        explorer.waitFor(10, () -> count.equals(robot.lookup("#searchStatus").queryAs(Label.class).getText()));
        robot.type(KeyCode.ENTER);
        Target first = expected.target(0, snapshot);
        explorer.waitForSelection(first, EntityNames.of(first));
        assertThat(explorer.fx(() -> vm.details().pageProperty().get().asText())).contains(function);
        if (expected.size() > 1) {
            robot.type(KeyCode.ENTER);
            Target second = expected.target(1, snapshot);
            explorer.waitForSelection(second, EntityNames.of(second));
            assertThat(robot.lookup("#searchStatus").queryAs(Label.class).getText())
                    .isEqualTo("2 of " + EntityNames.count(expected.size()));
        }
    }

    @Test
    void aMalformedFileShowsOneMessageAndTheLessonStaysOpen(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Task task = expandToLinkedTask(explorer);
        dialogs.snapshot = TestSnapshots.malformed(dir);

        robot.clickOn("#openButton");

        explorer.waitFor(10, () -> robot.lookup("#problemBanner").query().isVisible());
        assertThat(robot.lookup("#problemTitle").queryAs(Label.class).getText()).contains("broken.json");
        assertThat(robot.lookup("#problemMessage").queryAs(Label.class).getText()).isNotBlank();
        assertThat(robot.lookup("#problemDiagnostics").tryQuery()).as("its one diagnostic is the message, said once")
                .isEmpty();
        assertThat(explorer.detailsTitle()).isEqualTo("task #" + task.id());
        assertThat(explorer.selectedRow()).isEqualTo(Target.of(task.id()).key());
        assertThat(robot.lookup("#statusBar").queryAs(org.controlsfx.control.StatusBar.class).getText())
                .isEqualTo("bundled lesson fib-taskwait, step 1");

        robot.clickOn("#dismissProblem");
        explorer.waitFor(5, () -> !robot.lookup("#problemBanner").query().isVisible());
    }

    @Test
    void aWideNodeOfAHundredThousandTasksExpandsAPageAtATime(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path wide = TestSnapshots.write(TestSnapshots.wide(4, 100_000, 100_000), dir.resolve("wide.json"));
        robot.interact(() -> vm.open(wide));
        explorer.waitFor(60, () -> vm.snapshotProperty().get() != null
                && vm.snapshotProperty().get().path().isPresent());
        explorer.openRow("group:regions");
        explorer.openRow("region:1");
        String producer = "task:" + TestSnapshots.PRODUCER;
        explorer.clickRow(producer);

        long start = System.nanoTime();
        robot.type(KeyCode.RIGHT);
        explorer.waitFor(10, () -> explorer.item(producer).isExpanded());
        long millis = (System.nanoTime() - start) / 1_000_000;

        TreeItem<NavNode> item = explorer.item(producer);
        assertThat(explorer.fx(() -> item.getChildren().size())).isEqualTo(201);
        NavNode more = explorer.fx(() -> item.getChildren().getLast().getValue());
        assertThat(more.text()).isEqualTo("Show 200 more");
        assertThat(more.secondary()).isEqualTo("99,800 not shown");
        assertThat(millis).as("expand, including TestFX's pacing").isLessThan(3_000);

        robot.interact(() -> explorer.tree().scrollTo(explorer.tree().getRow(item.getChildren().getLast())));
        explorer.clickRow("more");
        explorer.waitFor(5, () -> item.getChildren().size() == 401);

        // a link to a child far beyond the loaded pages pins that child instead of loading 99,600 rows
        Target far = explorer.fx(() -> item.getValue().children().get(99_999).target().orElseThrow());
        robot.interact(() -> vm.navigate(far));
        explorer.waitFor(5, () -> far.key().equals(explorer.selectedRow()));
        assertThat(explorer.fx(() -> item.getChildren().size())).isEqualTo(402);
        assertThat(explorer.fx(() -> item.getChildren().getLast().getValue().secondary()))
                .isEqualTo("99,599 not shown");
    }

    @Test
    void keyboardOnlyGroupingByThreadCopyThemeAndSearch(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Snapshot snapshot = lesson(explorer);
        OmpThread first = snapshot.threads().getFirst();
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT2).release(KeyCode.CONTROL);
        explorer.waitFor(5, () -> explorer.item("group:threads") != null);
        robot.press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
        explorer.waitFor(5, () -> explorer.tree().isFocused());
        for (int i = 0; i < 7 && !"group:threads".equals(explorer.selectedRow()); i++) {
            robot.type(KeyCode.DOWN);
        }
        assertThat(explorer.selectedRow()).isEqualTo("group:threads");
        if (!explorer.fx(() -> explorer.item("group:threads").isExpanded())) {
            robot.type(KeyCode.RIGHT); // small groups open expanded; a large one is opened by hand
        }
        robot.type(KeyCode.DOWN);
        explorer.waitForSelection(Target.of(first.id()), "thread T" + first.id());

        robot.type(KeyCode.TAB);
        assertThat(explorer.fx(() -> {
            javafx.scene.Node focus = explorer.tree().getScene().getFocusOwner();
            while (focus != null && !"details".equals(focus.getId())) {
                focus = focus.getParent();
            }
            return focus != null;
        })).as("Tab leads from the navigator into the details").isTrue();

        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        assertThat(explorer.fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()))
                .startsWith("thread T" + first.id() + " (thread)")
                .contains("current task: task #" + first.currentTask().get());

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.D).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(5, () -> Theme.isDark(explorer.tree().getScene()));

        OmpThread last = snapshot.threads().getLast();
        TaskId onTop = last.currentTask().get();
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        robot.write("#" + onTop).type(KeyCode.ENTER);
        explorer.waitForSelection(Target.of(onTop), "task #" + onTop);
        assertThat(explorer.item(Target.of(last.id()).key()).isExpanded())
                .as("the current task of the last thread is revealed on that thread's stack").isTrue();
    }
}
