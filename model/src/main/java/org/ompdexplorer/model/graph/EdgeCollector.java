package org.ompdexplorer.model.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.SyncWait;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;

/**
 * The edges between a graph's nodes: a link from or to a collapsed task is drawn from or to the node it is collapsed
 * into, a link inside one node is not drawn, and all the links of one kind between the same two nodes are one edge
 * that says how many ({@link EdgeLabels}). So that what ELK lays out is bounded by the nodes, never by the tasks, a
 * graph has at most as many edges of each kind as it has nodes ({@value GraphEdge#DEPENDENCES_PER_NODE} times as many
 * dependence edges: a wavefront's cell depends on two), and a node at most {@value #MAX_PER_NODE} scheduling
 * edges and as many dependence edges in and out; beyond that the edges standing for the fewest links are left out
 * ({@link TaskGraph#linksLeftOut()}). A cycle of links is no different: each link is looked at once.
 */
final class EdgeCollector {
    static final int MAX_PER_NODE = GraphEdge.MAX_PER_NODE;

    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final GraphOptions options;
    private final int[] nodeOf;
    private final boolean[] in;
    private final int[] parent;
    private final NodeKind[] kinds; // by node
    private final Map<Long, EdgeLabels> byKey = new HashMap<>();
    private final List<EdgeLabels> merged = new ArrayList<>(); // in the order first seen: model order
    private EdgeLabels last;
    private int leftOut;

    EdgeCollector(Snapshot snapshot, GraphOptions options, int[] nodeOf, ScopeTasks scoped, NodeKind[] kinds) {
        this.kinds = kinds;
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.options = options;
        this.nodeOf = nodeOf;
        this.in = scoped.in;
        this.parent = scoped.parent;
    }

    /** The edges, in the order their first link was met, then how many links were left out. */
    Result collect() {
        List<Task> tasks = snapshot.tasks();
        for (int p = 0; p < tasks.size(); p++) {
            if (!in[p]) {
                continue;
            }
            Task t = tasks.get(p);
            int to = nodeOf[p];
            if (parent[p] >= 0) { // the generating task, when in the scope
                add(nodeOf[parent[p]], to, EdgeKind.GENERATING);
            }
            if (options.allScheduling() || !t.schedulingTask().equals(t.generatingTask())) {
                add(node(t.schedulingTask()), to, EdgeKind.SCHEDULING);
            }
            if (t.agent() == null) {
                continue;
            }
            for (TaskId before : t.agent().dependsOn()) {
                addDependence(node(Fact.of(before)), to, before, t);
            }
            if (TaskLifecycle.SUSPENDED.equals(t.agent().lifecycle()) || TaskStatus.of(t, index)
                    .flatMap(TaskStatus::waitingAt).filter(w -> w != SyncWait.BARRIER).isPresent()) {
                // a taskwait or taskgroup waits for explicit child tasks; the implicit tasks of a region the task
                // encountered are its team, which the region's own box shows
                for (Task child : index.generatedBy(t.id())) {
                    if (!child.kind().equals(TaskKind.IMPLICIT)
                            && !TaskLifecycle.COMPLETED.equals(child.lifecycle().orElse(null))) {
                        add(to, node(Fact.of(child.id())), EdgeKind.WAITS_FOR);
                    }
                }
            }
        }
        return new Result(bounded(), leftOut);
    }

    record Result(List<GraphEdge> edges, int linksLeftOut) {
    }

    private EdgeLabels add(int from, int to, EdgeKind kind) {
        if (from < 0 || to < 0 || from == to) {
            return null;
        }
        if (last != null && last.from == from && last.to == to && last.kind == kind) { // siblings come in a row
            last.count++;
            return last;
        }
        long key = ((long) from << 33) | ((long) to << 2) | kind.ordinal();
        EdgeLabels edge = byKey.get(key);
        if (edge == null) {
            edge = new EdgeLabels(from, to, kind, merged.size());
            byKey.put(key, edge);
            merged.add(edge);
        }
        edge.count++;
        last = edge;
        return edge;
    }

    /**
     * A dependence between two tasks each shown as a node. One into or out of a collapsed subtree is left out: a
     * subtree stands for many tasks, and the dependences of all of them between a few hundred subtree nodes make a
     * picture of nothing but edges; the subtree, opened, shows them.
     */
    private void addDependence(int from, int to, TaskId before, Task after) {
        if (from >= 0 && to >= 0 && (kinds[from] == NodeKind.SUBTREE || kinds[to] == NodeKind.SUBTREE)) {
            return;
        }
        EdgeLabels edge = add(from, to, EdgeKind.DEPENDENCE);
        if (edge != null) {
            sharedVariable(edge, before, after);
        }
    }

    private int node(Fact<TaskId> link) {
        if (!(link instanceof Fact.Known<TaskId>(TaskId id))) {
            return -1;
        }
        int p = index.taskPosition(id.value());
        return p < 0 ? -1 : nodeOf[p];
    }

    /** The two sides' dependence types on the first variable they share, counted on the edge. */
    private void sharedVariable(EdgeLabels edge, TaskId before, Task after) {
        Task b = index.task(before).orElse(null);
        if (b == null || b.agent() == null) {
            edge.dependence(null, 0);
            return;
        }
        for (Dependence d : after.agent().dependences()) {
            for (Dependence e : b.agent().dependences()) {
                if (d.address() == e.address()) {
                    edge.dependence(e.type() + "→" + d.type(), d.address());
                    return;
                }
            }
        }
        edge.dependence(null, 0);
    }

    /**
     * The merged edges within the bounds: every kind at most as many as there are nodes (dependences
     * {@value GraphEdge#DEPENDENCES_PER_NODE} times as many), scheduling and dependence
     * edges at most {@value #MAX_PER_NODE} into and out of a node; where more, those standing for the most links
     * (first met among equals) are kept. Generating and "waits for" edges follow the tree, so real snapshots stay
     * within theirs; a malformed one (a task listed under two parents) is bounded all the same.
     */
    private List<GraphEdge> bounded() {
        int nodes = kinds.length;
        Map<EdgeKind, int[]> outs = new EnumMap<>(EdgeKind.class);
        Map<EdgeKind, int[]> ins = new EnumMap<>(EdgeKind.class);
        Map<EdgeKind, Integer> kept = new EnumMap<>(EdgeKind.class);
        List<EdgeLabels> byWeight = new ArrayList<>(merged);
        byWeight.sort(Comparator.comparingInt((EdgeLabels e) -> -e.count).thenComparingInt(e -> e.order));
        boolean[] keep = new boolean[merged.size()];
        for (EdgeLabels e : byWeight) {
            int[] out = outs.computeIfAbsent(e.kind, k -> new int[nodes]);
            int[] into = ins.computeIfAbsent(e.kind, k -> new int[nodes]);
            boolean perNode = e.kind == EdgeKind.SCHEDULING || e.kind == EdgeKind.DEPENDENCE;
            int kindBound = e.kind == EdgeKind.DEPENDENCE ? GraphEdge.DEPENDENCES_PER_NODE * nodes : nodes;
            if (kept.getOrDefault(e.kind, 0) >= kindBound
                    || perNode && (out[e.from] >= MAX_PER_NODE || into[e.to] >= MAX_PER_NODE)) {
                leftOut += e.count;
                continue;
            }
            out[e.from]++;
            into[e.to]++;
            kept.merge(e.kind, 1, Integer::sum);
            keep[e.order] = true;
        }
        List<GraphEdge> edges = new ArrayList<>();
        for (EdgeLabels e : merged) {
            if (keep[e.order]) {
                edges.add(e.edge(kinds[e.to]));
            }
        }
        return edges;
    }
}
