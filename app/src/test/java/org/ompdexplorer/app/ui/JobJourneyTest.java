package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.job.JobView;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.job.RankClass;
import org.ompdexplorer.model.job.RankSet;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The job view through the real window, headless: File → Open Job… on the real 8-rank Open MPI job names its held
 * rank first, lists the classes, opens the held rank in one click and two ranks in compare mode, and Back returns to
 * it; a folder with foreign files says each and merges the rest; a folder with no rank snapshot is one problem and
 * what was open stays.
 */
@ExtendWith(ApplicationExtension.class)
class JobJourneyTest {
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

    /** File → Open Job… (Ctrl+Shift+J) on {@code folder}, until the job's page shows. */
    private void openJob(FxRobot robot, ExplorerRobot explorer, Path folder) {
        dialogs.directory = folder;
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.J).release(KeyCode.SHIFT, KeyCode.CONTROL);
        // the page, and its content for this job: every job has a first sentence (one saying all ranks are alike at least)
        explorer.waitFor(60, () -> vm.job().pageShownProperty().get()
                && robot.lookup("#" + JobView.ID).tryQuery().map(Node::isVisible).orElse(false)
                && robot.lookup("#jobOutlier-0").tryQuery().isPresent());
    }

    private static String text(FxRobot robot, ExplorerRobot explorer, String id) {
        return explorer.fx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }

    /** Every frame of the merged stacks with its ranks: {@code solve (solver.c:42) on ranks 0-15}. */
    private static List<String> frames(javafx.scene.control.TreeItem<?> item) {
        List<String> out = new java.util.ArrayList<>();
        for (var child : item.getChildren()) {
            if (child.getValue() instanceof org.ompdexplorer.app.ui.job.StackRow row && row.ranks() != null) {
                out.add(row.frame() + " on " + row.ranks().named());
            }
            out.addAll(frames(child));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<RankClass> classes(FxRobot robot, ExplorerRobot explorer) {
        return explorer.fx(() -> List.copyOf(robot.lookup("#jobClasses").queryAs(TableView.class).getItems()));
    }

    @Test
    void theRealJobNamesItsHeldRankFirstAndOneClickOpensIt(FxRobot robot) throws Exception {
        MpiJobFixture job = MpiJobFixture.require();
        ExplorerRobot explorer = new ExplorerRobot(robot);
        openJob(robot, explorer, job.snapshots());

        int held = job.heldRank();
        assertThat(text(robot, explorer, "#jobOutlier-0")).startsWith("rank " + held + ": thread T"
                + job.facts().get("heldThread") + " at a barrier in " + job.facts().get("heldFunction") + "()");
        // the merged stacks part where the held rank goes its own way: a frame on that rank alone
        assertThat(explorer.fx(() -> frames(robot.lookup("#jobStacks").queryAs(javafx.scene.control.TreeTableView.class)
                .getRoot()))).anyMatch(f -> f.endsWith(" on rank " + held));
        assertThat(text(robot, explorer, "#jobHeadline")).contains(": " + job.size() + " ranks (0-" + (job.size() - 1)
                + ") of " + job.size());
        List<RankClass> classes = classes(robot, explorer);
        assertThat(classes.getFirst().size()).isEqualTo(classes.stream().mapToInt(RankClass::size).max().orElseThrow());
        RankClass heldClass = classes.stream().filter(c -> c.ranks().contains(held)).findFirst().orElseThrow();
        assertThat(heldClass.ranks()).isEqualTo(RankSet.of(held));
        assertThat(heldClass.representative().rank()).isEqualTo(held);

        robot.clickOn("#jobOpenRank-" + held);
        explorer.waitFor(30, () -> !vm.job().pageShownProperty().get() && vm.snapshotProperty().get() != null
                && vm.snapshotProperty().get().snapshot().capture().jobIfKnown().map(p -> p.rank() == held)
                .orElse(false));
        assertThat(robot.lookup("#jobBar").query().isVisible()).isTrue();
        assertThat(text(robot, explorer, "#jobBarText")).contains(job.size() + " ranks");

        robot.clickOn("#jobBarBack");
        explorer.waitFor(10, () -> vm.job().pageShownProperty().get());
        assertThat(robot.lookup("#jobBar").query().isVisible()).isFalse();
    }

    @Test
    void twoRanksOpenInCompareModeTypedOrAsTwoClasses(FxRobot robot) throws Exception {
        MpiJobFixture job = MpiJobFixture.require();
        ExplorerRobot explorer = new ExplorerRobot(robot);
        openJob(robot, explorer, job.snapshots());
        int held = job.heldRank();
        int other = held == 0 ? 1 : 0;

        robot.interact(() -> robot.lookup("#jobRanksField").query().requestFocus()); // below the window's fold
        robot.write(other + " " + held).type(KeyCode.ENTER);
        explorer.waitFor(30, () -> vm.comparingProperty().get() && !vm.job().pageShownProperty().get());
        assertThat(explorer.fx(() -> vm.compare().sources().stream().map(s -> s.snapshot().capture().jobIfKnown()
                .orElseThrow().rank()).toList())).containsExactly(other, held);

        robot.press(KeyCode.CONTROL).type(KeyCode.J).release(KeyCode.CONTROL); // Go → Job View
        explorer.waitFor(10, () -> vm.job().pageShownProperty().get());
        List<RankClass> classes = classes(robot, explorer);
        int heldRow = classes.indexOf(classes.stream().filter(c -> c.ranks().contains(held)).findFirst().orElseThrow());
        robot.interact(() -> {
            TableView<?> table = robot.lookup("#jobClasses").queryAs(TableView.class);
            table.getSelectionModel().clearSelection();
            table.getSelectionModel().selectIndices(0, heldRow);
        });
        robot.interact(() -> robot.lookup("#jobCompareSelected").queryAs(javafx.scene.control.Button.class).fire());
        explorer.waitFor(30, () -> vm.comparingProperty().get() && !vm.job().pageShownProperty().get()
                && vm.compare().sources().get(1).snapshot().capture().jobIfKnown().orElseThrow().rank() == held);
        assertThat(explorer.fx(() -> vm.compare().sources().getFirst().snapshot().capture().jobIfKnown().orElseThrow()
                .rank())).isEqualTo(classes.getFirst().representative().rank());
    }

    @Test
    void aFolderWithForeignFilesSaysEachAndMergesTheRest(FxRobot robot) throws Exception {
        var base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 2, 10, 5));
        Instant at = Instant.parse("2025-01-01T00:00:00Z");
        for (int r = 0; r < 4; r++) {
            TestSnapshots.write(SyntheticJob.rank(base, r, 4, "77", at, r == 2), dir.resolve("rank-" + r + ".json"));
        }
        Files.writeString(dir.resolve("notes.txt"), "not a snapshot\n");
        TestSnapshots.write(base, dir.resolve("no-rank.json"));
        ExplorerRobot explorer = new ExplorerRobot(robot);
        openJob(robot, explorer, dir);

        assertThat(text(robot, explorer, "#jobOutlier-0")).startsWith("rank 2: thread");
        List<String> problems = explorer.fx(() -> robot.lookup("#jobProblems .label").queryAllAs(Label.class).stream()
                .map(Label::getText).toList());
        assertThat(problems).hasSize(2);
        assertThat(problems).anyMatch(p -> p.startsWith(dir.resolve("notes.txt") + ": not a snapshot"));
        assertThat(problems).anyMatch(p -> p.startsWith(dir.resolve("no-rank.json") + ": has no rank"));
        assertThat(classes(robot, explorer).stream().mapToInt(RankClass::size).sum()).isEqualTo(4);
        // the status bar names the job while its page is shown, not the snapshot behind it
        assertThat(explorer.fx(() -> robot.lookup("#statusBar").queryAs(org.controlsfx.control.StatusBar.class)
                .getText())).startsWith("Job 77 of ").contains(": 4 ranks (0-3) of 4, 2 classes");
        assertThat(explorer.fx(() -> robot.lookup("#statusCounts").queryAs(Label.class).getText())).isEmpty();
    }

    @Test
    void aFolderWithoutRankSnapshotsIsOneProblemAndWhatWasOpenStays(FxRobot robot) throws Exception {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        LoadedSnapshot open = TestSnapshots.handWritten();
        robot.interact(() -> vm.show(open));
        Files.writeString(dir.resolve("notes.txt"), "not a snapshot\n");
        dialogs.directory = dir;
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.J).release(KeyCode.SHIFT, KeyCode.CONTROL);
        explorer.waitFor(30, () -> vm.problemProperty().get() != null);

        assertThat(vm.problemProperty().get().title()).isEqualTo("Could not open the job in " + dir);
        assertThat(vm.problemProperty().get().message()).startsWith("None of the 1 file in " + dir
                + " is a rank snapshot (" + dir.resolve("notes.txt") + ": not a snapshot");
        assertThat(robot.lookup("#problemBanner").query().isVisible()).isTrue();
        assertThat(vm.snapshotProperty().get()).isSameAs(open);
        assertThat(vm.job().pageShownProperty().get()).isFalse();
        assertThat(vm.job().jobProperty().get()).isNull();
        assertThat(text(robot, explorer, "#statusMessage")).isEqualTo(open.sourceName() + " stays open");
    }
}
