package org.ompdexplorer.model.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ompdexplorer.model.Address;
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
 * The edges between a graph's nodes, each once: a link from or to a collapsed task is drawn from or to the node it
 * is collapsed into, and a link inside one node is not drawn.
 */
final class EdgeCollector {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final GraphOptions options;
    private final int[] nodeOf;
    private final boolean[] in;
    private final int[] parent;
    private final NodeKind[] kinds; // by node
    private final List<GraphEdge> edges = new ArrayList<>();
    private final Set<Long> seen = new HashSet<>();
    private final Set<String> seenLabelled = new HashSet<>();
    private long last = -1;

    EdgeCollector(Snapshot snapshot, GraphOptions options, int[] nodeOf, ScopeTasks scoped, NodeKind[] kinds) {
        this.kinds = kinds;
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.options = options;
        this.nodeOf = nodeOf;
        this.in = scoped.in;
        this.parent = scoped.parent;
    }

    List<GraphEdge> edges() {
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
                addLabelled(node(Fact.of(before)), to, dependenceLabel(before, t));
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
        return edges;
    }

    private void add(int from, int to, EdgeKind kind) {
        if (from < 0 || to < 0 || from == to) {
            return;
        }
        long key = ((long) from << 33) | ((long) to << 2) | kind.ordinal();
        if (key != last && seen.add(key)) {
            edges.add(new GraphEdge(from, to, kind, ""));
        }
        last = key;
    }

    /**
     * A dependence between two tasks each shown as a node. One into or out of a collapsed subtree is left out: a
     * subtree stands for many tasks, and the dependences of all of them between a few hundred subtree nodes make a
     * picture of nothing but edges; the subtree, opened, shows them.
     */
    private void addLabelled(int from, int to, String label) {
        if (from >= 0 && to >= 0 && (kinds[from] == NodeKind.SUBTREE || kinds[to] == NodeKind.SUBTREE)) {
            return;
        }
        if (from >= 0 && to >= 0 && from != to && seenLabelled.add(from + ">" + to + ":" + label)) {
            edges.add(new GraphEdge(from, to, EdgeKind.DEPENDENCE, label));
        }
    }

    private int node(Fact<TaskId> link) {
        if (!(link instanceof Fact.Known<TaskId>(TaskId id))) {
            return -1;
        }
        int p = index.taskPosition(id.value());
        return p < 0 ? -1 : nodeOf[p];
    }

    /** {@code inout→in 0x7ffc…}: the two sides' dependence types on the variable they share. */
    private String dependenceLabel(TaskId before, Task after) {
        Task b = index.task(before).orElse(null);
        if (b == null || b.agent() == null) {
            return "";
        }
        for (Dependence d : after.agent().dependences()) {
            for (Dependence e : b.agent().dependences()) {
                if (d.address() == e.address()) {
                    return e.type() + "→" + d.type() + " " + Address.hex(d.address());
                }
            }
        }
        return "";
    }
}
