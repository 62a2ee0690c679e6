package org.ompdexplorer.app.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.ExplorerPreferences;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** Compare mode's graph (issue 24 item 9): which side it shows, from one comparison to the next. */
class CompareGraphTest {
    private static final Snapshot S0 = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 20, 5));
    private static final Snapshot S1 = SnapshotEdits.evolved(S0, 0.1, 1);
    private static final Snapshot S2 = SnapshotEdits.evolved(S1, 0.1, 2);

    private static void show(CompareViewModel vm, Snapshot... snapshots) {
        vm.show(java.util.Arrays.stream(snapshots).map(s -> LoadedSnapshot.of(s, "s" + s.tasks().size())).toList(),
                SnapshotSeries.of(List.of(snapshots)), true);
    }

    @Test
    void theSideChosenStaysFromStepToStepAndANewComparisonShowsBAgain() {
        CompareViewModel vm = new CompareViewModel();
        CompareGraph graph = new CompareGraph(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory(), vm);
        show(vm, S0, S1, S2);
        graph.sideProperty().set(CompareGraph.Side.A);
        vm.nextStep();
        assertThat(graph.sideProperty().get()).as("the next step of the same lesson").isEqualTo(CompareGraph.Side.A);
        show(vm, S1, S2); // another lesson, or File → Compare
        assertThat(graph.sideProperty().get()).isEqualTo(CompareGraph.Side.B);
        assertThat(graph.graph().snapshotProperty().get().snapshot()).isSameAs(S2);
    }
}
