package org.ompdexplorer.model.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;

/**
 * Builds the {@link TaskGraph} of a scope. Tasks are opened breadth-first from the roots of the scope, in model
 * order: a task's children are shown while the node budget, the columns ({@link GraphOptions#maxColumns}) and the
 * depth ({@link GraphOptions#maxDepth}) allow (alike leaf siblings as one aggregate, the children beyond the first
 * few as one node), and a task whose children do not fit becomes one subtree node. Then the generating,
 * scheduling (where it differs, or all), dependence and "awaits" edges between the nodes ({@link EdgeCollector}:
 * the links of a kind between two nodes are one edge), and the regions the nodes are bound to.
 */
public final class TaskGraphBuilder {
    /** The lifecycle shown for a queued task whose dependences are not met yet. */
    public static final String BLOCKED = TaskStatus.BLOCKED;

    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final GraphOptions options;
    private final List<Task> tasks;
    /** The most nodes one task's children take before the rest are one node (with a node budget). */
    static final int MAX_FAN_OUT = 12;
    private final java.util.Set<List<Integer>> restGroups = java.util.Collections.newSetFromMap(
            new java.util.IdentityHashMap<>());
    private boolean[] inScope; // by task position: in the graph's scope
    private final int[] nodeOf; // by task position: its node, or the node it is collapsed into; -1 outside the scope
    private final List<GraphNode> nodes = new ArrayList<>();
    private final List<Long> nodeRegions = new ArrayList<>(); // by node: the region its task binds to, or -1
    private final List<Integer> nodePositions = new ArrayList<>(); // by node: its task's position
    private final List<Integer> nodeDepths = new ArrayList<>(); // by node: its level below the scope's roots
    private int columns; // nodes with nothing shown below them
    private int shown;
    private boolean collapsedForSize;

    private TaskGraphBuilder(Snapshot snapshot, GraphOptions options) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.options = options;
        this.tasks = snapshot.tasks();
        this.nodeOf = new int[tasks.size()];
        Arrays.fill(nodeOf, -1);
    }

    public static TaskGraph of(Snapshot snapshot, GraphScope scope, GraphOptions options) {
        return graphsOf(snapshot, scope).apply(options);
    }

    /**
     * The graphs of one scope under any options, the scope's tasks worked out once: for a layout that tries a few
     * options until its picture fits (each graph still reads every task's links once).
     */
    public static java.util.function.Function<GraphOptions, TaskGraph> graphsOf(Snapshot snapshot, GraphScope scope) {
        ScopeTasks scoped = ScopeTasks.of(snapshot, scope);
        int[] size = scoped.subtreeSizes(snapshot.index());
        return options -> new TaskGraphBuilder(snapshot, options).build(scoped, size);
    }

    private TaskGraph build(ScopeTasks scoped, int[] size) {
        boolean[] in = scoped.in;
        inScope = in;
        ArrayDeque<Integer> open = new ArrayDeque<>();
        List<Integer> roots = new ArrayList<>();
        for (int p = 0; p < tasks.size(); p++) {
            if (in[p] && scoped.parent[p] < 0) {
                roots.add(p);
            }
        }
        // the roots as any task's children: a team of 256 implicit tasks is twelve nodes and "245 more tasks"
        add(grouped(roots, in, true), 0, open);
        int budget = options.maxNodes() == 0 ? Integer.MAX_VALUE : options.maxNodes();
        while (!open.isEmpty()) {
            int p = open.poll();
            Children children = children(p, in);
            if (children.isEmpty()) {
                continue;
            }
            boolean expanded = options.expanded().contains(tasks.get(p).id().value());
            int level = nodeDepths.get(nodeOf[p]) + 1;
            if (!expanded && !fits(children.nodeCount(), level, budget)) {
                collapse(p, size[p], in);
                continue;
            }
            add(children, level, open);
        }
        Groups groups = options.threadLanes() ? Groups.lanes(snapshot, nodePositions, options.placement())
                : Groups.of(snapshot, nodeRegions);
        // Nodes in creation order (of the task each stands for), so that siblings stand in the order they were
        // created and the layouts of a series keep their shape; the snapshot's order where a task has no such number.
        Integer[] order = new Integer[nodes.size()];
        long[] created = new long[nodes.size()];
        boolean numbered = true;
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            Task t = tasks.get(nodePositions.get(i));
            numbered &= t.agent() != null;
            created[i] = t.agent() == null ? 0 : t.agent().creationOrder();
        }
        boolean byCreation = numbered;
        Arrays.sort(order, java.util.Comparator.<Integer>comparingLong(i -> byCreation ? created[i] : 0)
                .thenComparingInt(i -> nodePositions.get(i)));
        int[] renumber = new int[order.length];
        List<GraphNode> grouped = new ArrayList<>(nodes.size());
        for (int i = 0; i < order.length; i++) {
            GraphNode n = nodes.get(order[i]);
            renumber[order[i]] = i;
            grouped.add(new GraphNode(i, n.kind(), n.tasks(), n.size(), n.name(), n.lifecycle(),
                    options.threadLanes() ? groups.groupOf(order[i]) : groups.groupOf(nodeRegions.get(order[i])),
                    n.thread(), n.flags()));
        }
        for (int p = 0; p < nodeOf.length; p++) {
            if (nodeOf[p] >= 0) {
                nodeOf[p] = renumber[nodeOf[p]];
            }
        }
        EdgeCollector.Result edges = new EdgeCollector(snapshot, options, nodeOf, scoped,
                grouped.stream().map(GraphNode::kind).toArray(NodeKind[]::new)).collect();
        return new TaskGraph(grouped, edges.edges(), groups.list(), shown, collapsedForSize, edges.linksLeftOut());
    }

    /**
     * Whether a task's {@code count} children fit at {@code level}: the node budget, the depth, and the columns — the
     * task stops being one and its children are, so a chain of single children is free.
     */
    private boolean fits(int count, int level, int budget) {
        return nodes.size() + count <= budget
                && (options.maxColumns() == 0 || columns + count - 1 <= options.maxColumns())
                && (options.maxDepth() == 0 || level <= options.maxDepth());
    }

    /** Adds a task's children (or the roots) as nodes at {@code level}; the tasks shown alone are opened next. */
    private void add(Children children, int level, ArrayDeque<Integer> open) {
        columns += children.nodeCount() - (level == 0 ? 0 : 1);
        for (List<Integer> group : children.groups()) {
            if (group.size() == 1) {
                addTask(group.getFirst(), level);
                open.add(group.getFirst());
            } else {
                addAggregate(group, level);
            }
        }
    }

    /** A task's children in the scope, in model order, alike leaves grouped (each other child a group of one). */
    private Children children(int p, boolean[] in) {
        List<Integer> generated = new ArrayList<>();
        for (int i = 0, count = index.generatedCountAt(p); i < count; i++) {
            generated.add(index.generatedAt(p, i));
        }
        return grouped(generated, in, !options.expanded().contains(tasks.get(p).id().value()));
    }

    /** Tasks of the scope not in a node yet, in the order given, alike leaves grouped when {@code mayAggregate}. */
    private Children grouped(List<Integer> candidates, boolean[] in, boolean mayAggregate) {
        Map<String, List<Integer>> alike = new LinkedHashMap<>();
        List<List<Integer>> groups = new ArrayList<>();
        boolean aggregate = options.aggregateAt() > 0 && mayAggregate;
        for (int c : candidates) {
            if (!in[c] || nodeOf[c] >= 0) {
                continue;
            }
            Task child = tasks.get(c);
            if (aggregate && !hasChildrenIn(c, in)) {
                List<Integer> group = alike.computeIfAbsent(child.kind().name() + "|" + name(child) + "|"
                        + lifecycle(child), k -> new ArrayList<>());
                if (group.isEmpty()) {
                    groups.add(group);
                }
                group.add(c);
            } else {
                groups.add(new ArrayList<>(List.of(c)));
            }
        }
        List<List<Integer>> result = new ArrayList<>();
        for (List<Integer> group : groups) {
            boolean opened = group.size() > 1 && options.expanded().contains(tasks.get(group.getFirst()).id().value());
            if (group.size() >= Math.max(2, options.aggregateAt()) && !opened) {
                result.add(group);
            } else {
                group.forEach(c -> result.add(List.of(c)));
            }
        }
        return new Children(capped(result));
    }

    /**
     * A task's children beyond the first {@value #MAX_FAN_OUT} nodes (or the columns limit, if smaller) as one node
     * ("347 more tasks"), so that one task with thousands of unlike children does not make a layer too wide to read;
     * opened like an aggregate, by its first task.
     */
    private List<List<Integer>> capped(List<List<Integer>> children) {
        int fanOut = options.maxColumns() == 0 ? MAX_FAN_OUT : Math.clamp(options.maxColumns(), 2, MAX_FAN_OUT);
        if ((options.maxNodes() == 0 && !options.fitted()) || children.size() <= fanOut) {
            return children;
        }
        List<Integer> rest = new ArrayList<>();
        children.subList(fanOut - 1, children.size()).forEach(rest::addAll);
        if (options.expanded().contains(tasks.get(rest.getFirst()).id().value())) {
            return children;
        }
        List<List<Integer>> result = new ArrayList<>(children.subList(0, fanOut - 1));
        result.add(rest);
        restGroups.add(rest);
        return result;
    }

    private record Children(List<List<Integer>> groups) {
        boolean isEmpty() {
            return groups.isEmpty();
        }

        int nodeCount() {
            return groups.size();
        }
    }

    private boolean hasChildrenIn(int p, boolean[] in) {
        for (int i = 0, k = index.generatedCountAt(p); i < k; i++) {
            if (in[index.generatedAt(p, i)]) {
                return true;
            }
        }
        return false;
    }

    private void addTask(int p, int level) {
        Task t = tasks.get(p);
        nodeOf[p] = nodes.size();
        nodeRegions.add(region(t));
        nodePositions.add(p);
        nodeDepths.add(level);
        nodes.add(new GraphNode(nodes.size(), kind(t), List.of(t.id().value()), 1, name(t), lifecycle(t), -1,
                thread(t), flags(t)));
        shown++;
    }

    private void addAggregate(List<Integer> group, int level) {
        int node = nodes.size();
        int before = shown;
        group.forEach(m -> nodeOf[m] = node);
        Task first = tasks.get(group.getFirst());
        List<Long> ids = group.stream().map(p -> tasks.get(p).id().value()).toList();
        nodeRegions.add(region(first));
        nodePositions.add(group.getFirst());
        nodeDepths.add(level);
        boolean rest = restGroups.contains(group);
        String firstLife = lifecycle(first);
        // a mix of lifecycles has no one colour that is true of them
        String life = rest && group.stream().anyMatch(p -> !java.util.Objects.equals(lifecycle(tasks.get(p)),
                firstLife)) ? null : firstLife;
        shown += ids.size();
        if (rest) { // the rest may have children of their own: they are in this node until it is opened
            group.forEach(m -> absorb(m, node, inScope));
        }
        int size = rest ? shown - before : ids.size();
        nodes.add(new GraphNode(node, rest ? NodeKind.MORE : NodeKind.AGGREGATE, ids, size, rest ? size + " more tasks"
                : ids.size() + " × " + name(first), life, -1, -1, List.of()));
    }

    /** Turns a shown task into the node of its whole subtree: every descendant in the scope maps to it. */
    private void collapse(int root, int size, boolean[] in) {
        int node = nodeOf[root];
        GraphNode n = nodes.get(node);
        nodes.set(node, new GraphNode(node, NodeKind.SUBTREE, n.tasks(), size, n.name(), n.lifecycle(), n.group(),
                n.thread(), n.flags()));
        absorb(root, node, in);
        collapsedForSize = true;
    }

    /** Maps every descendant of {@code root} in the scope not yet in a node to {@code node}. */
    private void absorb(int root, int node, boolean[] in) {
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            int p = todo.poll();
            for (int i = 0, k = index.generatedCountAt(p); i < k; i++) {
                int c = index.generatedAt(p, i);
                if (in[c] && nodeOf[c] < 0) {
                    nodeOf[c] = node;
                    shown++;
                    todo.add(c);
                }
            }
        }
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

    /** What the task runs as the user wrote it ("task in fib"), as every view says it ({@link Names}). */
    private String name(Task t) {
        return Names.description(t, index);
    }

    /**
     * The agent's lifecycle, except that a queued task still waiting for a task it depends on is "blocked on
     * dependences": it is not ready, and a picture must not show it as if it were.
     */
    private String lifecycle(Task t) {
        return TaskStatus.of(t, index).map(TaskStatus::name).orElse(null);
    }

    private static List<String> flags(Task t) {
        return t.agent() == null ? List.of() : t.agent().flags().stream().map(TaskFlag::name).toList();
    }

    private static long region(Task t) {
        return t.parallelRegion() instanceof Fact.Known<RegionId>(RegionId r) ? r.value() : -1;
    }

    private static long thread(Task t) {
        return t.thread() instanceof Fact.Known<ThreadId>(ThreadId h) ? h.value() : -1;
    }
}
