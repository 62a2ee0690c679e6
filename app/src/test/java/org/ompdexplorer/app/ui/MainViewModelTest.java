package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.ManualBackgroundTasks;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;

/** The window's commands without a window: loading, failing, history, export. */
class MainViewModelTest {
    @TempDir
    Path dir;
    private MainViewModel vm;

    @BeforeEach
    void openLesson() {
        vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.openBundledLesson();
    }

    @Test
    void startsOnTheBundledLessonWithItsCapturePage() {
        LoadedSnapshot open = vm.snapshotProperty().get();
        // the step's label is the lesson bar's; the status bar keeps its room for the counts
        assertThat(open.sourceName()).isEqualTo("bundled lesson fib-taskwait, step 1");
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(SnapshotPage.CAPTURE));
        assertThat(vm.details().pageProperty().get().title()).isEqualTo("Capture");
        assertThat(vm.titleProperty().get()).isEqualTo("OMPD Explorer — " + open.sourceName());
        assertThat(vm.lesson().stepProperty().get()).isZero();
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(vm.problemProperty().get()).isNull();
    }

    /**
     * Twelve threads, three at an implicit barrier and two at a parallel region's implicit barrier (a state whose name
     * holds the first's): the count 3 on the Thread states page, followed, lists exactly those three threads.
     */
    @Test
    void aCountOnTheThreadStatesPageFiltersTheNavigatorToExactlyThoseThreads() {
        org.ompdexplorer.model.Snapshot s = TestSnapshots.wide(12, 40, 0);
        for (int i = 0; i < 5; i++) {
            s = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(s, s.threads().get(i).id(),
                    org.ompdexplorer.model.ThreadState.ofValue(i < 3 ? 0x13 : 0x11), 0x7000L);
        }
        vm.show(LoadedSnapshot.of(s, "twelve threads"));
        vm.navigate(Target.of(SnapshotPage.STATES));
        org.ompdexplorer.app.ui.details.Section.Table states = (org.ompdexplorer.app.ui.details.Section.Table)
                vm.details().pageProperty().get().section("statesTable").orElseThrow();
        org.ompdexplorer.app.ui.details.Value count = states.rows().stream()
                .filter(r -> r.get(1).text().equals("ompt_state_wait_barrier_implicit")).findFirst().orElseThrow()
                .get(3);
        assertThat(count.text()).isEqualTo("3");
        assertThat(count.isLink()).as("a count is a link").isTrue();

        vm.details().filter(count.filter()); // what following the link does

        assertThat(vm.search().textProperty().get()).isEqualTo("state=wait_barrier_implicit");
        assertThat(vm.search().onlyMatchesProperty().get()).isTrue();
        assertThat(vm.navigator().showsOnlyMatches()).isTrue();
        org.ompdexplorer.app.ui.navigator.NavNode list = vm.navigator().rootsProperty().get().getFirst();
        assertThat(list.id()).isEqualTo("group:matches");
        assertThat(list.children().page(0, list.children().size())).extracting(
                org.ompdexplorer.app.ui.navigator.NavNode::id).containsExactly(
                "thread:" + s.threads().get(0).id().value(), "thread:" + s.threads().get(1).id().value(),
                "thread:" + s.threads().get(2).id().value());
    }

    private Task linked() {
        return TestSnapshots.linkedExplicitTask(vm.snapshotProperty().get().snapshot());
    }

    @Test
    void aFailedLoadShowsOneProblemWithDiagnosticsAndKeepsTheOpenSnapshot() {
        LoadedSnapshot before = vm.snapshotProperty().get();
        Target task = Target.of(linked().id());
        vm.navigate(task);
        Path broken = TestSnapshots.malformed(dir);

        vm.open(broken);

        Problem problem = vm.problemProperty().get();
        assertThat(problem).isNotNull();
        assertThat(problem.title()).contains("broken.json");
        assertThat(problem.message()).isNotBlank();
        assertThat(problem.diagnostics()).isNotEmpty();
        assertThat(vm.snapshotProperty().get()).isSameAs(before);
        assertThat(vm.selectionProperty().get()).isEqualTo(task);
        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.recentFiles()).isEmpty();
        vm.dismissProblem();
        assertThat(vm.problemProperty().get()).isNull();
    }

    @Test
    void aLoadedFileIsRememberedAsRecent() {
        Path copy = TestSnapshots.write(vm.snapshotProperty().get().snapshot(), dir.resolve("copy.json"));
        vm.open(copy);
        assertThat(vm.snapshotProperty().get().path()).contains(copy);
        assertThat(vm.recentFiles()).containsExactly(copy.toAbsolutePath().normalize());
    }

    /** File → Open Recent listens to this list for the whole session, holding no reference to it but the listener. */
    @Test
    void aListenerOnTheRecentFilesHearsEveryLaterOpenEvenAfterGarbageCollection() throws Exception {
        java.util.concurrent.atomic.AtomicInteger changes = new java.util.concurrent.atomic.AtomicInteger();
        vm.recentFiles().addListener((javafx.collections.ListChangeListener<Path>) c -> changes.incrementAndGet());
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(10);
        }
        vm.open(TestSnapshots.write(vm.snapshotProperty().get().snapshot(), dir.resolve("copy.json")));
        assertThat(changes).hasPositiveValue();
        assertThat(vm.recentFiles()).isSameAs(vm.recentFiles());
    }

    @Test
    void theEffectiveIcvsChoiceIsKeptForTheNextRun() {
        ExplorerPreferences preferences = ExplorerPreferences.inMemory();
        new MainViewModel(new SameThreadBackgroundTasks(), preferences).details().effectiveIcvsProperty().set(true);
        MainViewModel next = new MainViewModel(new SameThreadBackgroundTasks(), preferences);
        assertThat(next.details().effectiveIcvsProperty().get()).isTrue();
    }

    @Test
    void backAndForwardWalkTheSelections() {
        Task task = linked();
        TaskId generating = task.generatingTask().get();
        vm.navigate(Target.of(task.id()));
        vm.navigate(Target.of(generating));
        vm.back();
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(task.id()));
        assertThat(vm.details().pageProperty().get().title()).isEqualTo("task #" + task.id());
        vm.back();
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(SnapshotPage.CAPTURE));
        assertThat(vm.history().canGoBackProperty().get()).isFalse();
        vm.forward();
        vm.forward();
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(generating));
        assertThat(vm.history().canGoForwardProperty().get()).isFalse();
    }

    @Test
    void aCancelledLoadKeepsTheOpenSnapshot() {
        ManualBackgroundTasks tasks = new ManualBackgroundTasks();
        MainViewModel manual = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        manual.openBundledLesson();
        assertThat(manual.loadingProperty().get()).isTrue();
        manual.cancelLoading();
        assertThat(tasks.pending().getFirst().isCancelled()).isTrue();
    }

    @Test
    void exportWritesTheOpenSnapshot() throws Exception {
        Path out = dir.resolve("out.json");
        vm.export(out);
        assertThat(Files.readString(out)).contains("\"ompd-explorer-snapshot\"");
        assertThat(vm.messageProperty().get()).startsWith("Exported to");
    }

    @Test
    void comparingWithAnUnreadableFileSaysWhyAndLeavesTheSnapshotOpen() {
        LoadedSnapshot before = vm.snapshotProperty().get();
        vm.compareWith(TestSnapshots.malformed(dir));
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(vm.problemProperty().get().title()).contains("broken.json");
        assertThat(vm.problemProperty().get().diagnostics()).isNotEmpty();
        assertThat(vm.snapshotProperty().get()).isSameAs(before);
        assertThat(vm.loadingProperty().get()).isFalse();
    }

    @Test
    void aFolderWithOneSnapshotIsNothingToCompare() throws Exception {
        Path folder = java.nio.file.Files.createDirectories(dir.resolve("one"));
        TestSnapshots.write(vm.snapshotProperty().get().snapshot(), folder.resolve("only.json"));
        vm.compareFiles(java.util.List.of(folder));
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(vm.problemProperty().get().title()).isEqualTo("Nothing to compare");
        assertThat(vm.problemProperty().get().message()).contains("holds 1 snapshot file(s)")
                .contains("choose two snapshots, or a folder of at least two");
    }

    @Test
    void comparingTwoFilesSwappingAndClosingComeBackToTheSnapshot() {
        LoadedSnapshot before = vm.snapshotProperty().get();
        Path a = TestSnapshots.write(before.snapshot(), dir.resolve("a.json"));
        Path b = TestSnapshots.write(org.ompdexplorer.model.synthetic.SnapshotEdits.renumbered(before.snapshot(), 50),
                dir.resolve("b.json"));
        vm.compareFiles(java.util.List.of(a, b));
        assertThat(vm.comparingProperty().get()).isTrue();
        assertThat(vm.titleProperty().get()).isEqualTo("OMPD Explorer — " + a + " ↔ " + b);
        assertThat(vm.compare().diffProperty().get().hasDifferences()).isFalse();
        assertThat(vm.compare().countsTextProperty().get()).startsWith("0 added · 0 removed · 0 changed");
        vm.swapComparison();
        assertThat(vm.compare().stepTextProperty().get()).isEqualTo("A: b.json → B: a.json");
        vm.closeComparison();
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(vm.snapshotProperty().get()).isSameAs(before);
        assertThat(vm.titleProperty().get()).isEqualTo("OMPD Explorer — " + before.sourceName());
        assertThat(vm.lesson().isActive()).as("comparing other files ends the lesson").isFalse();
    }

    @Test
    void twoFilesOnTheCommandLineOpenTheFirstAndCompareThem() {
        org.ompdexplorer.model.Snapshot lesson = vm.snapshotProperty().get().snapshot();
        Path a = TestSnapshots.write(lesson, dir.resolve("a.json"));
        Path b = TestSnapshots.write(org.ompdexplorer.model.synthetic.SnapshotEdits.evolved(lesson, 0.5, 1),
                dir.resolve("b.json"));
        MainViewModel fresh = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        fresh.openInitial(java.util.List.of(a, b));
        assertThat(fresh.comparingProperty().get()).isTrue();
        assertThat(fresh.snapshotProperty().get().path()).contains(a);
        assertThat(fresh.compare().diffProperty().get().hasDifferences()).isTrue();
    }
}
