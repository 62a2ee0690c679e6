package org.ompdexplorer.model.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;

/**
 * Builds the {@link TaskGraph} of a scope: a node per task in model order, alike leaf siblings collapsed into
 * aggregates, then the generating, scheduling (where it differs, or all), dependence and "waits for" edges
 * between the nodes, each once.
 */
public final class TaskGraphBuilder {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final GraphOptions options;
    /** The lifecycle shown for a queued task whose dependences are not met yet. */
    public static final String BLOCKED = TaskStatus.BLOCKED;
    private final int[] nodeOf; // by task position; -1 outside the scope

    private TaskGraphBuilder(Snapshot snapshot, GraphOptions options) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.options = options;
        this.nodeOf = new int[snapshot.tasks().size()];
        Arrays.fill(nodeOf, -1);
    }

    public static TaskGraph of(Snapshot snapshot, GraphScope scope, GraphOptions options) {
        return new TaskGraphBuilder(snapshot, options).build(scope);
    }

    private TaskGraph build(GraphScope scope) {
        boolean[] in = scope(scope);
        List<Task> tasks = snapshot.tasks();
        boolean[] aggregated = new boolean[tasks.size()];
        Map<Integer, List<Integer>> aggregates = aggregates(in, aggregated);
        List<GraphNode> nodes = new ArrayList<>();
        int shown = 0;
        for (int p = 0; p < tasks.size(); p++) {
            if (!in[p] || nodeOf[p] >= 0) {
                continue;
            }
            List<Integer> group = aggregates.get(p);
            if (group != null) {
                int node = nodes.size();
                group.forEach(m -> nodeOf[m] = node);
                nodes.add(aggregateNode(node, group));
                shown += group.size();
            } else if (!aggregated[p]) {
                nodeOf[p] = nodes.size();
                nodes.add(taskNode(nodes.size(), tasks.get(p)));
                shown++;
            }
        }
        return new TaskGraph(nodes, edges(in), shown);
    }

    private boolean[] scope(GraphScope scope) {
        List<Task> tasks = snapshot.tasks();
        boolean[] in = new boolean[tasks.size()];
        switch (scope) {
            case GraphScope.Whole w -> Arrays.fill(in, true);
            case GraphScope.Region r -> {
                for (Task t : index.tasksIn(r.region())) {
                    in[index.taskPosition(t.id().value())] = true;
                }
            }
            case GraphScope.Subtree s -> {
                ArrayDeque<Task> todo = new ArrayDeque<>();
                index.task(s.root()).ifPresent(todo::add);
                while (!todo.isEmpty()) {
                    Task t = todo.poll();
                    int p = index.taskPosition(t.id().value());
                    if (!in[p]) {
                        in[p] = true;
                        todo.addAll(index.generatedBy(t.id()));
                    }
                }
            }
        }
        return in;
    }

    /** Groups of alike leaf siblings, keyed by their first member's position. */
    private Map<Integer, List<Integer>> aggregates(boolean[] in, boolean[] aggregated) {
        Map<Integer, List<Integer>> result = new java.util.HashMap<>();
        if (options.aggregateAt() == 0) {
            return result;
        }
        List<Task> tasks = snapshot.tasks();
        for (int p = 0; p < tasks.size(); p++) {
            if (!in[p]) {
                continue;
            }
            Map<String, List<Integer>> alike = new LinkedHashMap<>();
            for (Task child : index.generatedBy(tasks.get(p).id())) {
                int c = index.taskPosition(child.id().value());
                if (c >= 0 && in[c] && !hasChildrenIn(child, in)) {
                    alike.computeIfAbsent(child.kind().name() + "|" + name(child) + "|" + lifecycle(child),
                            k -> new ArrayList<>()).add(c);
                }
            }
            for (List<Integer> group : alike.values()) {
                if (group.size() >= options.aggregateAt()) {
                    result.put(group.getFirst(), group);
                    group.forEach(m -> aggregated[m] = true);
                }
            }
        }
        return result;
    }

    private boolean hasChildrenIn(Task task, boolean[] in) {
        for (Task c : index.generatedBy(task.id())) {
            int p = index.taskPosition(c.id().value());
            if (p >= 0 && in[p]) {
                return true;
            }
        }
        return false;
    }

    private GraphNode taskNode(int node, Task t) {
        return new GraphNode(node, kind(t), List.of(t.id().value()), name(t) + " #" + t.id(), lifecycle(t),
                region(t), thread(t));
    }

    private GraphNode aggregateNode(int node, List<Integer> group) {
        Task first = snapshot.tasks().get(group.getFirst());
        List<Long> ids = group.stream().map(p -> snapshot.tasks().get(p).id().value()).toList();
        String life = lifecycle(first);
        return new GraphNode(node, NodeKind.AGGREGATE, ids, group.size() + " × " + name(first)
                + (life == null ? "" : ", " + life), life, region(first), -1);
    }

    private List<GraphEdge> edges(boolean[] in) {
        List<GraphEdge> edges = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<Task> tasks = snapshot.tasks();
        for (int p = 0; p < tasks.size(); p++) {
            if (!in[p]) {
                continue;
            }
            Task t = tasks.get(p);
            int to = nodeOf[p];
            add(edges, seen, node(t.generatingTask()), to, EdgeKind.GENERATING, "");
            if (options.allScheduling() || !t.schedulingTask().equals(t.generatingTask())) {
                add(edges, seen, node(t.schedulingTask()), to, EdgeKind.SCHEDULING, "");
            }
            if (t.agent() != null) {
                for (TaskId before : t.agent().dependsOn()) {
                    add(edges, seen, node(Fact.of(before)), to, EdgeKind.DEPENDENCE, dependenceLabel(before, t));
                }
                if (TaskLifecycle.SUSPENDED.equals(t.agent().lifecycle())) {
                    for (Task child : index.generatedBy(t.id())) {
                        if (!TaskLifecycle.COMPLETED.equals(child.lifecycle().orElse(null))) {
                            add(edges, seen, to, node(Fact.of(child.id())), EdgeKind.WAITS_FOR, "");
                        }
                    }
                }
            }
        }
        return edges;
    }

    private void add(List<GraphEdge> edges, Set<String> seen, int from, int to, EdgeKind kind, String label) {
        if (from >= 0 && to >= 0 && from != to && seen.add(from + ">" + to + ":" + kind + ":" + label)) {
            edges.add(new GraphEdge(from, to, kind, label));
        }
    }

    private int node(Fact<TaskId> link) {
        if (!(link instanceof Fact.Known<TaskId>(TaskId id))) {
            return -1;
        }
        int p = index.taskPosition(id.value());
        return p < 0 ? -1 : nodeOf[p];
    }

    /** {@code out→in 0x7ffc…}: the two sides' dependence types on the variable they share. */
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

    private static NodeKind kind(Task t) {
        if (t.kind().equals(TaskKind.INITIAL)) {
            return NodeKind.INITIAL;
        }
        if (t.kind().equals(TaskKind.IMPLICIT)) {
            return NodeKind.IMPLICIT;
        }
        return t.kind().equals(TaskKind.TARGET) ? NodeKind.TARGET : NodeKind.EXPLICIT;
    }

    /** The function, else the creation site, else the kind. */
    static String name(Task t) {
        String n = code(t.function());
        if (n == null) {
            n = code(t.creationSite());
        }
        return n == null ? t.kind().name() : n;
    }

    private static String code(Fact<CodeLocation> c) {
        return c.asOptional().map(l -> l.symbol() != null ? l.symbol() : Address.hex(l.address())).orElse(null);
    }

    /**
     * The agent's lifecycle, except that a queued task still waiting for a task it depends on is "blocked on
     * dependences": it is not ready, and a picture must not show it as if it were.
     */
    private String lifecycle(Task t) {
        return TaskStatus.of(t, index).map(TaskStatus::name).orElse(null);
    }

    private static long region(Task t) {
        return t.parallelRegion() instanceof Fact.Known<RegionId>(RegionId r) ? r.value() : -1;
    }

    private static long thread(Task t) {
        return t.thread() instanceof Fact.Known<ThreadId>(ThreadId h) ? h.value() : -1;
    }
}
