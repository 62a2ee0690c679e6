package org.ompdexplorer.app.ui.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.ompd.RememberedValues;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.resources.BundledResources;
import org.ompdexplorer.resources.Lesson;

/**
 * Issue 24 item 9: in the window's graph of every lesson step, a task's children that share a layer stand left to
 * right in the order they were created (the roots too), with regions as boxes and with lanes by thread (there, within
 * a lane); and a task seen in two consecutive steps of a lesson stays on the same side of each sibling it shares a
 * layer with in both. Lanes by thread that share a layer stand in thread order.
 */
class GraphSiblingOrderTest {
    static Stream<String> lessons() {
        return BundledResources.lessons().stream().map(Lesson::name);
    }

    private static int stepCount(String lesson) {
        return BundledResources.lessons().stream().filter(l -> l.name().equals(lesson)).findFirst().orElseThrow()
                .steps().size();
    }

    private static Snapshot step(String lesson, int step) {
        try (InputStream in = BundledResources.openLessonStep(lesson, step)) {
            return new SnapshotLoader().load(in, lesson + "/" + step, -1, LoadOptions.LENIENT, ProgressListener.NONE)
                    .snapshot();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SnapshotLoadException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The graph as the window lays it out. */
    private static GraphLayout shown(Snapshot s, boolean lanes) {
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
        vm.threadLanesProperty().set(lanes);
        vm.snapshotProperty().set(LoadedSnapshot.of(s, "test"));
        vm.setActive(true);
        GraphLayout layout = vm.layoutProperty().get();
        assertThat(layout).as("laid out: %s", vm.statusProperty().get()).isNotNull();
        return layout;
    }

    /** Two sibling nodes that share a layer, the one created first given first. */
    private record SiblingPair(int first, int second) {
    }

    /**
     * The pairs of nodes that have the same generating node (or none: the roots) and share a layer (their boxes overlap
     * vertically), with lanes by thread only within one lane; each pair ordered by the creation of the tasks the nodes
     * stand for.
     */
    private static List<SiblingPair> siblingsSharingALayer(Snapshot s, GraphLayout layout) {
        TaskGraph g = layout.graph();
        int[] parent = new int[g.nodes().size()];
        java.util.Arrays.fill(parent, -1);
        for (GraphEdge e : g.edges()) {
            if (e.kind() == EdgeKind.GENERATING) {
                parent[e.to()] = e.from();
            }
        }
        boolean lanes = g.groups().stream().anyMatch(gr -> gr.isLane());
        List<SiblingPair> pairs = new ArrayList<>();
        for (GraphNode a : g.nodes()) {
            for (GraphNode b : g.nodes()) {
                if (parent[a.index()] != parent[b.index()] || created(s, a) >= created(s, b)
                        || (lanes && a.group() != b.group())) {
                    continue;
                }
                Rect ra = layout.nodes().get(a.index());
                Rect rb = layout.nodes().get(b.index());
                if (ra.y() < rb.maxY() && rb.y() < ra.maxY()) {
                    pairs.add(new SiblingPair(a.index(), b.index()));
                }
            }
        }
        return pairs;
    }

    /** When the first task a node stands for was created (the agent's creation order). */
    private static long created(Snapshot s, GraphNode n) {
        return n.tasks().stream().map(id -> s.tasks().get(s.index().taskPosition(id)))
                .mapToLong(GraphSiblingOrderTest::created).min().orElseThrow();
    }

    private static long created(Task t) {
        assertThat(t.agent()).as("lesson tasks carry the agent's creation order: %s", t.id()).isNotNull();
        return t.agent().creationOrder();
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void aTasksChildrenStandLeftToRightInTheOrderTheyWereCreated(String lesson) {
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (int step = 1; step <= stepCount(lesson); step++) {
            Snapshot s = step(lesson, step);
            for (boolean lanes : new boolean[] {false, true}) {
                GraphLayout layout = shown(s, lanes);
                for (SiblingPair p : siblingsSharingALayer(s, layout)) {
                    compared++;
                    Rect first = layout.nodes().get(p.first());
                    Rect second = layout.nodes().get(p.second());
                    if (first.centerX() >= second.centerX()) {
                        wrong.add(String.format("step %d%s: %s (x %.0f) right of %s (x %.0f), created after it", step,
                                lanes ? " with lanes" : "", label(layout, p.second()), second.x(),
                                label(layout, p.first()), first.x()));
                    }
                }
            }
        }
        assertThat(compared).as("%s has siblings in a layer", lesson).isPositive();
        assertThat(wrong).as("%s: siblings out of creation order", lesson).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("lessons")
    void aTaskKeepsItsSideAmongItsSiblingsFromStepToStep(String lesson) {
        List<String> moved = new ArrayList<>();
        int compared = 0;
        for (boolean lanes : new boolean[] {false, true}) {
            Map<List<Long>, Boolean> before = null;
            for (int step = 1; step <= stepCount(lesson); step++) {
                Snapshot s = step(lesson, step);
                GraphLayout layout = shown(s, lanes);
                Map<List<Long>, Boolean> now = leftOf(s, layout);
                if (before != null) {
                    for (var e : now.entrySet()) {
                        Boolean was = before.get(e.getKey());
                        compared += was == null ? 0 : 1;
                        if (was != null && !was.equals(e.getValue())) {
                            moved.add(String.format("step %d → %d%s: #%d and #%d swapped sides", step - 1, step,
                                    lanes ? " with lanes" : "", e.getKey().get(0), e.getKey().get(1)));
                        }
                    }
                }
                before = now;
            }
        }
        assertThat(compared).as("%s has siblings seen in consecutive steps", lesson).isPositive();
        assertThat(moved).as("%s: siblings that swapped sides between steps", lesson).isEmpty();
    }

    @Test
    void lanesThatShareALayerStandInThreadOrder() {
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (String lesson : lessons().toList()) {
            for (int step = 1; step <= stepCount(lesson); step++) {
                GraphLayout layout = shown(step(lesson, step), true);
                for (GraphGroup a : layout.graph().groups()) {
                    for (GraphGroup b : layout.graph().groups()) {
                        Rect ra = layout.groups().get(a.index());
                        Rect rb = layout.groups().get(b.index());
                        if (a.isLane() && b.isLane() && a.thread() < b.thread() && ra.y() < rb.maxY()
                                && rb.y() < ra.maxY()) {
                            compared++;
                            if (ra.centerX() >= rb.centerX()) {
                                wrong.add(String.format("%s/%d: lane %s right of lane %s", lesson, step, a.key(),
                                        b.key()));
                            }
                        }
                    }
                }
            }
        }
        assertThat(compared).as("lanes side by side in some lesson step").isPositive();
        assertThat(wrong).isEmpty();
    }

    /**
     * For each pair of sibling nodes sharing a layer that stand for one task each, by their task ids (smaller first):
     * whether the first is left of the second.
     */
    private static Map<List<Long>, Boolean> leftOf(Snapshot s, GraphLayout layout) {
        Map<List<Long>, Boolean> sides = new HashMap<>();
        for (SiblingPair p : siblingsSharingALayer(s, layout)) {
            GraphNode a = layout.graph().nodes().get(p.first());
            GraphNode b = layout.graph().nodes().get(p.second());
            if (a.tasks().size() == 1 && b.tasks().size() == 1) {
                boolean aLeft = layout.nodes().get(a.index()).centerX() < layout.nodes().get(b.index()).centerX();
                sides.put(a.task() < b.task() ? List.of(a.task(), b.task()) : List.of(b.task(), a.task()),
                        a.task() < b.task() == aLeft);
            }
        }
        return sides;
    }

    private static String label(GraphLayout layout, int node) {
        return layout.graph().nodes().get(node).label();
    }
}
