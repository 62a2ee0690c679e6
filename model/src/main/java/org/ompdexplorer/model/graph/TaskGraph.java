package org.ompdexplorer.model.graph;

import java.util.List;

/**
 * The tasks of a snapshot (or of one region or task subtree) as nodes and their links as edges, in model order so
 * that the graph of the next snapshot of a series keeps its shape. Plain data: layouts and renderers read it.
 *
 * @param tasksShown how many tasks the nodes stand for (aggregates count each member)
 */
public record TaskGraph(List<GraphNode> nodes, List<GraphEdge> edges, int tasksShown) {
    public TaskGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** How many edges of a kind the graph has. */
    public long count(EdgeKind kind) {
        return edges.stream().filter(e -> e.kind() == kind).count();
    }
}
