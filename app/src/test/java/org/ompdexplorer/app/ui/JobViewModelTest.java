package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.ManualBackgroundTasks;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The job view's commands without a window: open, cancel, ranks typed, Back to the job. */
class JobViewModelTest {
    @TempDir
    Path dir;

    @BeforeEach
    void writeJob() {
        Snapshot base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 2, 10, 5));
        Instant at = Instant.parse("2025-01-01T00:00:00Z");
        for (int r = 0; r < 4; r++) {
            TestSnapshots.write(SyntheticJob.rank(base, r, 4, "77", at, r == 3), dir.resolve("rank-" + r + ".json"));
        }
    }

    @Test
    void cancelStopsTheReadingAndWhatWasOpenStays() throws Exception {
        ManualBackgroundTasks tasks = new ManualBackgroundTasks();
        MainViewModel vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        LoadedSnapshot open = TestSnapshots.handWritten();
        vm.show(open);
        vm.openJob(dir);
        assertThat(vm.loadingProperty().get()).isTrue();
        assertThat(vm.messageProperty().get()).isEqualTo("Opening the job in " + dir.getFileName() + "…");

        vm.cancelLoading();
        tasks.pending().getLast().complete();

        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.messageProperty().get()).isEqualTo("Loading cancelled");
        assertThat(vm.job().jobProperty().get()).isNull();
        assertThat(vm.job().pageShownProperty().get()).isFalse();
        assertThat(vm.snapshotProperty().get()).isSameAs(open);
    }

    @Test
    void aTypedRankOpensItsSnapshotAndTheJobStaysBehind() {
        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.openJob(dir);
        assertThat(vm.job().pageShownProperty().get()).isTrue();
        assertThat(vm.job().jobProperty().get().findings().outliers().getFirst()).startsWith("rank 3: ");

        vm.job().openTyped("3");

        assertThat(vm.snapshotProperty().get().path()).contains(dir.resolve("rank-3.json"));
        assertThat(vm.job().pageShownProperty().get()).isFalse();
        assertThat(vm.job().jobProperty().get()).isNotNull();
        vm.job().showPage();
        assertThat(vm.job().pageShownProperty().get()).isTrue();
    }

    @Test
    void twoTypedRanksOpenInCompareModeAndAWrongOneIsSaid() {
        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.openJob(dir);

        vm.job().openTyped("9");
        assertThat(vm.job().rankProblemProperty().get()).isEqualTo("Rank 9 has no snapshot in the job 77 (it has "
                + "ranks 0-3)");
        vm.job().openTyped("a b");
        assertThat(vm.job().rankProblemProperty().get()).startsWith("“a” is not a rank");
        assertThat(vm.job().pageShownProperty().get()).isTrue();

        vm.job().openTyped("0, 3");

        assertThat(vm.job().rankProblemProperty().get()).isEmpty();
        assertThat(vm.comparingProperty().get()).isTrue();
        assertThat(vm.job().pageShownProperty().get()).isFalse();
        assertThat(vm.compare().sources()).extracting(s -> s.path().orElseThrow())
                .containsExactly(dir.resolve("rank-0.json"), dir.resolve("rank-3.json"));

        // back to the job while comparing, and two other ranks: the new comparison takes the page's place again
        vm.job().showPage();
        vm.job().openTyped("1 3");
        assertThat(vm.job().pageShownProperty().get()).isFalse();
        assertThat(vm.compare().sources().getFirst().path()).contains(dir.resolve("rank-1.json"));
    }

    @Test
    void aFolderThatDoesNotExistIsOneProblem() {
        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        Path missing = dir.resolve("missing");
        vm.openJob(missing);
        assertThat(vm.problemProperty().get().title()).isEqualTo("Could not open the job in " + missing);
        assertThat(vm.problemProperty().get().message()).isEqualTo(missing + " is not a folder — choose the folder "
                + "the job's ranks wrote their snapshots into");
        assertThat(vm.job().jobProperty().get()).isNull();
    }
}
