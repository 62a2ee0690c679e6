package org.ompdexplorer.app.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.diff.UnionNode;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** Compare mode's state without a window: steps, the selection kept across them, next and previous change. */
class CompareViewModelTest {
    private static final Snapshot S0 = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 120, 5));
    private static final Snapshot S1 = SnapshotEdits.renumbered(SnapshotEdits.evolved(S0, 0.05, 1), 1000);
    private static final Snapshot S2 = SnapshotEdits.reordered(SnapshotEdits.evolved(S1, 0.05, 2));

    private static CompareViewModel series(Snapshot... snapshots) {
        CompareViewModel vm = new CompareViewModel();
        List<LoadedSnapshot> loaded = java.util.Arrays.stream(snapshots).map(s -> LoadedSnapshot.of(s, "s" + s.tasks().size()))
                .toList();
        vm.show(loaded, SnapshotSeries.of(List.of(snapshots)));
        return vm;
    }

    @Test
    void startsAtTheFirstStepOnTheSummaryWithCounts() {
        CompareViewModel vm = series(S0, S1, S2);
        assertThat(vm.stepProperty().get()).isZero();
        assertThat(vm.stepCount()).isEqualTo(2);
        assertThat(vm.selectedProperty().get()).isNull();
        assertThat(vm.countsTextProperty().get()).matches("\\d+ added · \\d+ removed · \\d+ changed · \\d+ unchanged.*");
        assertThat(vm.stepTextProperty().get()).startsWith("Step 1 of 2: A: s");
    }

    @Test
    void theSelectionFollowsItsEntityAcrossSteps() {
        CompareViewModel vm = series(S0, S1, S2);
        UnionNode thread = vm.diffProperty().get().tree().threads().get(1);
        vm.select(thread);
        vm.nextStep();
        UnionNode after = vm.selectedProperty().get();
        assertThat(after).isNotNull();
        assertThat(after.kind()).isEqualTo(EntityKind.THREAD);
        assertThat(after.a()).isEqualTo(thread.b()); // snapshot 1 is B of step 0 and A of step 1
        assertThat(S2.threads().get(after.b()).osIds()).isEqualTo(S0.threads().get(thread.a()).osIds());
        vm.previousStep();
        assertThat(vm.selectedProperty().get()).isEqualTo(thread);
    }

    /** The tree and the details read the selection when the step's diff changes: never a node of the old step. */
    @Test
    void aViewReadingTheSelectionWhenTheStepChangesNeverSeesANodeOfTheOldStep() {
        Snapshot small = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 4, 5));
        Snapshot big = SnapshotEdits.evolved(SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 60, 5)), 0.1, 3);
        CompareViewModel vm = series(small, small, big);
        List<String> seen = new java.util.ArrayList<>();
        vm.diffProperty().addListener((obs, old, now) -> {
            UnionNode n = vm.selectedProperty().get();
            if (n != null && ((n.inA() && n.a() >= now.a().tasks().size()) || (n.inB() && n.b() >= now.b().tasks().size()))) {
                seen.add(n.toString());
            }
        });
        vm.nextStep();
        UnionNode last = vm.diffProperty().get().tree().rootTasks().getLast();
        vm.select(vm.diffProperty().get().changedNodes().stream().filter(x -> x.kind() == EntityKind.TASK
                && x.inB() && x.b() >= small.tasks().size()).findFirst().orElse(last));
        vm.previousStep();
        assertThat(seen).isEmpty();
    }

    @Test
    void aTaskGoneInTheNextStepIsFoundOnItsASide() {
        CompareViewModel vm = series(S0, S1, S2);
        vm.nextStep();
        UnionNode removed = vm.diffProperty().get().changedNodes().stream()
                .filter(n -> vm.change(n) == ChangeKind.REMOVED).findFirst().orElseThrow();
        vm.select(removed);
        vm.previousStep();
        UnionNode back = vm.selectedProperty().get();
        assertThat(back).isNotNull();
        assertThat(back.b()).isEqualTo(removed.a());
    }

    @Test
    void nextAndPreviousChangeWalkTheChangesInTreeOrderAndWrap() {
        CompareViewModel vm = series(S0, S1);
        List<UnionNode> changes = vm.diffProperty().get().changedNodes();
        assertThat(changes).hasSizeGreaterThan(2);
        vm.nextChange();
        assertThat(vm.selectedProperty().get()).isEqualTo(changes.getFirst());
        vm.nextChange();
        assertThat(vm.selectedProperty().get()).isEqualTo(changes.get(1));
        vm.previousChange();
        vm.previousChange();
        assertThat(vm.selectedProperty().get()).isEqualTo(changes.getLast());
        vm.selectSummary();
        vm.previousChange();
        assertThat(vm.selectedProperty().get()).isEqualTo(changes.getLast());
    }
}
