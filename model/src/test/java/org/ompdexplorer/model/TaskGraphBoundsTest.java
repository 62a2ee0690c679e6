package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.NodeKind;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * What bounds a task graph: the links of a kind between two nodes are one edge that says how many; the edges are
 * bounded by the nodes, never by the tasks, also where scheduling links run everywhere or in a cycle; and by default
 * the picture's columns and depth are limited.
 */
class TaskGraphBoundsTest {
    private static final long PRODUCERS = 10;
    private static final long CONSUMERS = 20;

    /**
     * #10 created 99 producers and #20 99 consumers, each consumer depending on its own producer's variable (97
     * inout→in, 2 out→in); #10 also created 12 tasks that run over #20: two aggregates and an edge of each kind.
     */
    private static Snapshot producersAndConsumers() {
        List<Task> tasks = new ArrayList<>();
        tasks.add(task(0, TaskKind.INITIAL, null, null, "main", TaskLifecycle.SUSPENDED, List.of(), List.of()));
        tasks.add(task(1, TaskKind.IMPLICIT, 0L, null, "main", TaskLifecycle.SUSPENDED, List.of(), List.of()));
        tasks.add(task(PRODUCERS, TaskKind.EXPLICIT, 1L, null, "produce_all", TaskLifecycle.SUSPENDED, List.of(),
                List.of()));
        tasks.add(task(CONSUMERS, TaskKind.EXPLICIT, 1L, null, "consume_all", TaskLifecycle.RUNNING, List.of(),
                List.of()));
        for (int i = 0; i < 99; i++) {
            DependenceType type = i < 97 ? DependenceType.INOUT : DependenceType.OUT;
            tasks.add(task(100 + i, TaskKind.EXPLICIT, PRODUCERS, null, "produce", TaskLifecycle.QUEUED,
                    List.of(new Dependence(type, 0x601000L + 8L * i)), List.of()));
        }
        for (int i = 0; i < 99; i++) {
            tasks.add(task(300 + i, TaskKind.EXPLICIT, CONSUMERS, null, "consume", TaskLifecycle.QUEUED,
                    List.of(new Dependence(DependenceType.IN, 0x601000L + 8L * i)), List.of(new TaskId(100 + i))));
        }
        for (int i = 0; i < 12; i++) {
            tasks.add(task(500 + i, TaskKind.EXPLICIT, PRODUCERS, CONSUMERS, "stolen", TaskLifecycle.RUNNING,
                    List.of(), List.of()));
        }
        Snapshots s = new Snapshots().thread(0, CONSUMERS, 1).region(1, null, 1, Snapshots.member(0, 0, 1));
        s.tasks.addAll(tasks);
        return s.build();
    }

    private static Task task(long id, TaskKind kind, Long generating, Long scheduling, String function,
                             TaskLifecycle lifecycle, List<Dependence> dependences, List<TaskId> dependsOn) {
        return new Task(new TaskId(id), kind, generating == null ? Fact.absent() : Snapshots.t(generating),
                scheduling == null ? (generating == null ? Fact.absent() : Snapshots.t(generating))
                        : Snapshots.t(scheduling), Fact.of(new RegionId(1)), Fact.absent(), Fact.absent(),
                Fact.of(new CodeLocation(0x1000 + function.hashCode() % 0x100, function, "p.c", 1)), Fact.absent(),
                Fact.absent(), Fact.absent(), List.of(), new AgentFacts(lifecycle, List.of(), 0, dependences,
                dependsOn, id));
    }

    private static GraphEdge only(TaskGraph g, EdgeKind kind) {
        List<GraphEdge> edges = g.edges().stream().filter(e -> e.kind() == kind).toList();
        assertThat(edges).as("%s edges", kind).hasSize(1);
        return edges.getFirst();
    }

    @Test
    void theLinksOfAKindBetweenTwoNodesAreOneEdgeThatSaysHowMany() {
        TaskGraph g = TaskGraphBuilder.of(producersAndConsumers(), GraphScope.whole(), GraphOptions.DEFAULT);
        GraphNode producers = g.nodes().get(g.nodeOf(100).orElseThrow());
        GraphNode consumers = g.nodes().get(g.nodeOf(300).orElseThrow());
        assertThat(producers.kind()).isEqualTo(NodeKind.AGGREGATE);
        assertThat(producers.size()).isEqualTo(99);
        assertThat(consumers.kind()).isEqualTo(NodeKind.AGGREGATE);

        GraphEdge dependences = only(g, EdgeKind.DEPENDENCE);
        assertThat(dependences.from()).isEqualTo(producers.index());
        assertThat(dependences.to()).isEqualTo(consumers.index());
        assertThat(dependences.count()).isEqualTo(99);
        assertThat(dependences.label()).isEqualTo("99 dependences · 97 inout→in, 2 out→in");

        GraphEdge scheduling = only(g, EdgeKind.SCHEDULING);
        assertThat(scheduling.from()).isEqualTo(g.nodeOf(CONSUMERS).orElseThrow());
        assertThat(g.nodes().get(scheduling.to()).size()).isEqualTo(12);
        assertThat(scheduling.count()).isEqualTo(12);
        assertThat(scheduling.label()).isEqualTo("12 scheduling links");

        // #10 waits for its 111 children in two aggregates; those nodes say how many, so the edges need no words
        int waiting = g.nodeOf(PRODUCERS).orElseThrow();
        List<GraphEdge> waits = g.edges().stream().filter(e -> e.kind() == EdgeKind.WAITS_FOR && e.from() == waiting)
                .toList();
        assertThat(waits).extracting(GraphEdge::count).containsExactly(99, 12);
        assertThat(waits).extracting(GraphEdge::label).containsOnly("");
        assertThat(g.links(EdgeKind.GENERATING)).as("every generating link, on %d edges", g.count(
                EdgeKind.GENERATING)).isEqualTo(g.tasksShown() - 1);
        assertThat(g.linksLeftOut()).isZero();
    }

    @Test
    void oneDependenceKeepsItsTypesAndAddressAndManyOnOneVariableNameIt() {
        Snapshot s = producersAndConsumers();
        TaskGraph flat = TaskGraphBuilder.of(s, GraphScope.whole(), new GraphOptions(false, 0, 0, Set.of()));
        assertThat(flat.edges().stream().filter(e -> e.kind() == EdgeKind.DEPENDENCE)).hasSize(99)
                .allSatisfy(e -> assertThat(e.count()).isOne())
                .anySatisfy(e -> assertThat(e.label()).isEqualTo("inout→in 0x601000"))
                .anySatisfy(e -> assertThat(e.label()).isEqualTo("out→in 0x601310"));
    }

    /** A program whose every explicit task was scheduled over a random task: links between every pair of nodes. */
    private static Snapshot stolenEverywhere(int tasks) {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, tasks, 7));
        SplittableRandom random = new SplittableRandom(3);
        int n = s.tasks().size();
        return SnapshotEdits.scheduledOver(s, p -> random.nextInt(n));
    }

    @Test
    void theEdgesAreBoundedByTheNodesNeverByTheTasks() {
        for (int tasks : new int[] {2_000, 30_000}) {
            Snapshot s = stolenEverywhere(tasks);
            // a node budget only, as --max-nodes 2000 draws: 2,000 nodes with ~10⁴ pairs of them scheduling links
            TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), new GraphOptions(false, 8, 2000, Set.of()));
            assertBounded(g);
            if (tasks > 2000) { // all of them nodes below that: each a link or two, as drawn before
                assertThat(g.linksLeftOut()).as("%d tasks", tasks).isPositive();
            }
            assertBounded(TaskGraphBuilder.of(s, GraphScope.whole(), GraphOptions.DEFAULT));
        }
    }

    @Test
    void aCycleOfSchedulingLinksThroughEveryTaskIsDrawnAndBounded() {
        Snapshot generated = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, 30_000, 7));
        int first = 0;
        while (!generated.tasks().get(first).kind().equals(TaskKind.EXPLICIT)) {
            first++;
        }
        int start = first;
        int n = generated.tasks().size();
        Snapshot ring = SnapshotEdits.scheduledOver(generated, p -> p + 1 < n ? p + 1 : start);
        assertThat(SnapshotValidator.validate(ring)).extracting(d -> d.code() + " " + d.message())
                .anyMatch(d -> d.startsWith("link-cycle") && d.contains("schedulingTask"));
        for (GraphOptions options : List.of(GraphOptions.DEFAULT, new GraphOptions(true, 8, 2000, Set.of()),
                new GraphOptions(false, 8, 2000, Set.of(), true))) {
            TaskGraph g = TaskGraphBuilder.of(ring, GraphScope.whole(), options);
            assertBounded(g);
            assertThat(g.count(EdgeKind.SCHEDULING)).isPositive();
            assertThat(g.tasksShown()).isEqualTo(n);
        }
    }

    /**
     * At most as many edges of a kind as nodes (four times as many dependence edges), and 12 scheduling and dependence
     * edges into and out of a node.
     */
    static void assertBounded(TaskGraph g) {
        int nodes = g.nodes().size();
        for (EdgeKind kind : EdgeKind.values()) {
            assertThat(g.count(kind)).as("%s edges of %d nodes", kind, nodes).isLessThanOrEqualTo(
                    kind == EdgeKind.DEPENDENCE ? GraphEdge.DEPENDENCES_PER_NODE * nodes : nodes);
        }
        assertThat(g.edges().size()).isLessThanOrEqualTo((3 + GraphEdge.DEPENDENCES_PER_NODE) * nodes);
        Map<String, Integer> ends = new HashMap<>();
        Set<String> pairs = new java.util.HashSet<>();
        for (GraphEdge e : g.edges()) {
            assertThat(pairs.add(e.from() + ">" + e.to() + " " + e.kind())).as("one edge for %s", e).isTrue();
            if (e.kind() == EdgeKind.SCHEDULING || e.kind() == EdgeKind.DEPENDENCE) {
                ends.merge(e.kind() + " out of " + e.from(), 1, Integer::sum);
                ends.merge(e.kind() + " into " + e.to(), 1, Integer::sum);
            }
        }
        assertThat(ends.values()).allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(GraphEdge.MAX_PER_NODE));
    }

    @Test
    void byDefaultTheColumnsAndTheDepthAreLimitedAndEveryTaskIsInANode() {
        Snapshot wide = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 12, 50_000, 1));
        for (Snapshot s : List.of(wide, treeSearch(wide))) {
            TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), GraphOptions.DEFAULT);
            assertThat(columns(g)).isLessThanOrEqualTo(GraphOptions.FIT_COLUMNS);
            assertThat(depth(g)).isLessThanOrEqualTo(GraphOptions.FIT_DEPTH);
            assertThat(g.collapsedForSize()).isTrue();
            assertThat(g.tasksShown()).isEqualTo(s.tasks().size());
            assertBounded(g);
        }
    }

    /**
     * An unbalanced tree search: most explicit tasks created by one of the three made just before them, so chains
     * thousands of tasks deep with a few branches at every level.
     */
    static Snapshot treeSearch(Snapshot s) {
        SplittableRandom random = new SplittableRandom(5);
        List<Task> all = s.tasks();
        List<Task> rewired = new ArrayList<>(all.size());
        for (int p = 0; p < all.size(); p++) {
            Task t = all.get(p);
            boolean chain = p > 1 && t.kind().equals(TaskKind.EXPLICIT)
                    && all.get(p - 1).kind().equals(TaskKind.EXPLICIT) && random.nextInt(10) < 8;
            Task parent = chain ? all.get(p - 1 - random.nextInt(Math.min(3, p - 1))) : null;
            rewired.add(parent == null ? t : new Task(t.id(), t.kind(), Fact.of(parent.id()), t.schedulingTask(),
                    t.parallelRegion(), t.thread(), t.threadNum(), t.function(), t.creationSite(), t.frames(),
                    t.toolData(), t.icvs(), t.agent()));
        }
        return SnapshotEdits.mapTasks(s, t -> rewired.get(s.index().taskPosition(t.id().value())));
    }

    /** Nodes with no generating edge out of them: what a layered picture of the tree sets side by side. */
    private static int columns(TaskGraph g) {
        boolean[] parent = new boolean[g.nodes().size()];
        g.edges().stream().filter(e -> e.kind() == EdgeKind.GENERATING).forEach(e -> parent[e.from()] = true);
        int n = 0;
        for (boolean p : parent) {
            n += p ? 0 : 1;
        }
        return n;
    }

    /** The most generating edges from a root to a node. */
    private static int depth(TaskGraph g) {
        int[] level = new int[g.nodes().size()];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (GraphEdge e : g.edges()) {
                if (e.kind() == EdgeKind.GENERATING && level[e.to()] < level[e.from()] + 1) {
                    level[e.to()] = level[e.from()] + 1;
                    changed = true;
                }
            }
        }
        return java.util.Arrays.stream(level).max().orElse(0);
    }

    @Test
    void aTeamOfManyThreadsAsRootsIsTheFirstFewAndTheRest() {
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(64, 1, 2_000, 3));
        ParallelRegion region = s.parallelRegions().getFirst();
        TaskGraph g = TaskGraphBuilder.of(s, new GraphScope.Region(region.id()), GraphOptions.DEFAULT);
        long rootNodes = g.nodes().stream().filter(n -> g.edges().stream().noneMatch(e -> e.to() == n.index()
                && e.kind() == EdgeKind.GENERATING)).count();
        assertThat(rootNodes).isLessThanOrEqualTo(12);
        assertThat(g.nodes()).anySatisfy(n -> assertThat(n.kind()).isEqualTo(NodeKind.MORE));
        assertThat(g.tasksShown()).isEqualTo(s.index().tasksIn(region.id()).size());
    }
}
