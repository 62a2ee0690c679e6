package org.ompdexplorer.model.graph;

import java.util.List;
import java.util.OptionalInt;

/**
 * The tasks of a snapshot (or of one region or task subtree) as nodes and their links as edges, in model order so
 * that the graph of the next snapshot of a series keeps its shape. Plain data: layouts and renderers read it.
 *
 * @param groups     the parallel regions the nodes are bound to, enclosing ones first
 * @param tasksShown how many tasks the nodes stand for (collapsed nodes count each member)
 * @param collapsedForSize whether subtrees were collapsed to keep the graph within its node budget, width or depth
 * @param linksLeftOut     how many links between tasks have no edge because their nodes had too many edges already
 *                         (at most as many edges of a kind as nodes, four times as many dependence edges; scheduling
 *                         and dependence edges at most a few a node: see {@code EdgeCollector})
 */
public record TaskGraph(List<GraphNode> nodes, List<GraphEdge> edges, List<GraphGroup> groups, int tasksShown,
                        boolean collapsedForSize, int linksLeftOut) {
    public TaskGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        groups = List.copyOf(groups);
    }

    /** A graph with an edge for every link. */
    public TaskGraph(List<GraphNode> nodes, List<GraphEdge> edges, List<GraphGroup> groups, int tasksShown,
                     boolean collapsedForSize) {
        this(nodes, edges, groups, tasksShown, collapsedForSize, 0);
    }

    /** How many edges of a kind the graph has. */
    public long count(EdgeKind kind) {
        return edges.stream().filter(e -> e.kind() == kind).count();
    }

    /** How many links between tasks the edges of a kind stand for (an edge stands for one or more). */
    public long links(EdgeKind kind) {
        return edges.stream().filter(e -> e.kind() == kind).mapToLong(GraphEdge::count).sum();
    }

    /**
     * The node showing a task (itself, an aggregate it is a member of, or the subtree it is the root of). One scan
     * of the nodes; a view asking often takes {@link #nodeIndex()} once.
     */
    public OptionalInt nodeOf(long task) {
        for (GraphNode n : nodes) {
            if (n.tasks().contains(task)) {
                return OptionalInt.of(n.index());
            }
        }
        return OptionalInt.empty();
    }

    /** Every task a node names, mapped to that node: {@link #nodeOf} for many lookups. */
    public java.util.Map<Long, Integer> nodeIndex() {
        java.util.Map<Long, Integer> byTask = new java.util.HashMap<>();
        for (GraphNode n : nodes) {
            for (long t : n.tasks()) {
                byTask.putIfAbsent(t, n.index());
            }
        }
        return byTask;
    }
}
