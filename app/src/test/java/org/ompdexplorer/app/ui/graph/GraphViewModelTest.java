package org.ompdexplorer.app.ui.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.graph.FittedLayout;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.ompd.RememberedValues;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/** The window's graph: laid out within its bound, with merged edges that keep their labels; no Stage needed. */
class GraphViewModelTest {
    private static GraphViewModel shown(Snapshot s) {
        Map<String, String> values = new HashMap<>();
        GraphViewModel vm = new GraphViewModel(new SameThreadBackgroundTasks(), new RememberedValues() {
            @Override
            public Optional<String> remembered(String key) {
                return Optional.ofNullable(values.get(key));
            }

            @Override
            public void remember(String key, String value) {
                values.put(key, value);
            }
        }, target -> { });
        vm.snapshotProperty().set(LoadedSnapshot.of(s, "test"));
        vm.setActive(true);
        return vm;
    }

    @Test
    void aBusyProgramsGraphFitsItsBoundAndSaysWhatItLeftOut() {
        Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, 30_000, 7));
        SplittableRandom random = new SplittableRandom(3);
        int n = generated.tasks().size();
        GraphViewModel vm = shown(SnapshotEdits.scheduledOver(generated, p -> random.nextInt(n)));
        GraphLayout layout = vm.layoutProperty().get();
        assertThat(layout).isNotNull();
        assertThat(FittedLayout.fits(layout)).as("%s × %s", layout.width(), layout.height()).isTrue();
        assertThat(layout.graph().edges().size()).isLessThanOrEqualTo(4 * layout.graph().nodes().size());
        assertThat(vm.statusProperty().get()).contains("more links not drawn")
                .contains("large subtrees collapsed: click one to open it");
    }

    /**
     * Issue 24 item 10: the whole-snapshot graph of 200,000 tasks (what {@code generate --tasks 200000} writes) was a
     * strip 6,541 × 756 px, fitted at 15 % (boxes without text). The window's picture is bounded so that it
     * fits a 1,000 × 600 px pane with its node titles drawn.
     */
    @Test
    void theWholeGraphOfTwoHundredThousandTasksFitsAPaneAtAReadableZoom() {
        GraphViewModel vm = shown(SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 200_000, 1)));
        GraphLayout layout = vm.layoutProperty().get();
        double longSide = Math.max(layout.width(), layout.height());
        double shortSide = Math.min(layout.width(), layout.height());
        assertThat(longSide).as("%s × %s", layout.width(), layout.height())
                .isLessThanOrEqualTo(GraphViewModel.WINDOW_MAX_SIDE);
        assertThat(longSide / shortSide).as("aspect of %s × %s", layout.width(), layout.height())
                .isLessThanOrEqualTo(5);
        assertThat(Math.min(1000 / layout.width(), 600 / layout.height())).as("the whole graph's fit")
                .isGreaterThanOrEqualTo(GraphViewModel.MIN_FITTED_SCALE);
        assertThat(GraphViewModel.MIN_FITTED_SCALE).isGreaterThanOrEqualTo(0.32); // GraphPainter draws titles
        assertThat(layout.graph().nodes()).hasSizeGreaterThan(10);
    }

    /**
     * The walk (issue 24): in the details pane of a 1,400 px window (some 770 px wide) the 200,000-task graph, 2,700 px
     * wide, was fitted at 29 %, below the zoom at which node titles are drawn. The picture is bounded by the width of
     * the pane it is shown in.
     */
    @Test
    void theWholeGraphOfTwoHundredThousandTasksFitsTheNarrowPaneItIsShownIn() {
        Map<String, String> values = new HashMap<>();
        GraphViewModel vm = new GraphViewModel(new SameThreadBackgroundTasks(), new RememberedValues() {
            @Override
            public Optional<String> remembered(String key) {
                return Optional.ofNullable(values.get(key));
            }

            @Override
            public void remember(String key, String value) {
                values.put(key, value);
            }
        }, target -> { });
        vm.setPaneWidth(770);
        vm.snapshotProperty().set(LoadedSnapshot.of(SyntheticSnapshotGenerator.generate(
                new GeneratorSpec(4, 2, 200_000, 1)), "test"));
        vm.setActive(true);
        GraphLayout layout = vm.layoutProperty().get();
        assertThat(Math.min(770 / layout.width(), 560 / layout.height()))
                .as("%s × %s", layout.width(), layout.height()).isGreaterThanOrEqualTo(0.32);
        // the columns limit opens whole levels: between 2,662 px (some 20 nodes) and this the generator's tree has no
        // picture; the rest is a click on a collapsed node away
        assertThat(layout.graph().nodes()).as("%s × %s", layout.width(), layout.height()).hasSizeGreaterThan(4);
    }

    @Test
    void ninetyNineDependencesBetweenTwoAggregatesAreOneEdgeWhoseLabelIsShown() {
        Snapshot base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 0, 1));
        Task implicit = base.tasks().stream().filter(t -> t.kind().equals(TaskKind.IMPLICIT)).findFirst()
                .orElseThrow();
        List<Task> tasks = new ArrayList<>(base.tasks());
        for (int i = 0; i < 99; i++) {
            tasks.add(task(1000 + i, implicit, "produce", new Dependence(i < 97 ? DependenceType.INOUT
                    : DependenceType.OUT, 0x601000L + 8L * i), List.of()));
        }
        for (int i = 0; i < 99; i++) {
            tasks.add(task(2000 + i, implicit, "consume", new Dependence(DependenceType.IN, 0x601000L + 8L * i),
                    List.of(new TaskId(1000 + i))));
        }
        GraphViewModel vm = shown(new Snapshot(base.capture(), base.runtime(), base.addressSpaces(), base.states(),
                base.icvCatalogue(), base.displayControlVars(), base.threads(), base.parallelRegions(), tasks));
        GraphLayout layout = vm.layoutProperty().get();
        List<GraphEdge> dependences = layout.graph().edges().stream().filter(e -> e.kind() == EdgeKind.DEPENDENCE)
                .toList();
        assertThat(dependences).singleElement().satisfies(e -> {
            assertThat(e.count()).isEqualTo(99);
            assertThat(e.label()).isEqualTo("99 dependences · 97 inout→in, 2 out→in");
        });
        int edge = layout.graph().edges().indexOf(dependences.getFirst());
        assertThat(layout.edges().get(edge).label()).as("room for the label on the canvas").isNotNull();
        assertThat(vm.summary(dependences.getFirst().to()).orElseThrow()).contains("waits for 99 tasks it depends on");
    }

    private static Task task(long id, Task parent, String function, Dependence dependence, List<TaskId> after) {
        Fact<CodeLocation> fn = Fact.of(new CodeLocation(function.equals("produce") ? 0x5000 : 0x5100, function, "p.c", 1));
        return new Task(new TaskId(id), TaskKind.EXPLICIT, Fact.of(parent.id()), Fact.absent(),
                parent.parallelRegion(), Fact.absent(), Fact.absent(), fn, fn, Fact.absent(), Fact.absent(), List.of(),
                new AgentFacts(TaskLifecycle.QUEUED, List.of(), 0, List.of(dependence), after, id));
    }
}
