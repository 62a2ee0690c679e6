package org.ompdexplorer.model.graph;

/**
 * A directed edge between two nodes (indexes into {@link TaskGraph#nodes()}): for generating and scheduling
 * links from the parent to the child; for a dependence from the task that must complete first; for "waits for"
 * from the waiting task. All the links of one kind between the same two nodes are one edge.
 *
 * @param label what the edge says besides its kind: a dependence's types and address, e.g. {@code out→in 0x7ffc…};
 *              for several links, how many and (dependences) of which types, e.g. {@code 99 dependences · 97
 *              inout→in, 2 out→in}; empty when the edge needs no words
 * @param count how many links between tasks the edge stands for (1 or more)
 */
public record GraphEdge(int from, int to, EdgeKind kind, String label, int count) {
    /**
     * The most scheduling edges, and dependence edges, into one node and out of one node; a graph has at most as many
     * edges of a kind as nodes, dependence edges {@value #DEPENDENCES_PER_NODE} times as many. So what is laid out is
     * bounded by the nodes, never by the tasks.
     */
    public static final int MAX_PER_NODE = 12;
    /**
     * A graph's dependence edges, at most, per node: a dependence graph has more edges than nodes (a wavefront over a
     * matrix two per cell, a blocked Cholesky up to three), the other kinds follow trees.
     */
    public static final int DEPENDENCES_PER_NODE = 4;

    public GraphEdge {
        if (count < 1) {
            throw new IllegalArgumentException("an edge stands for 1 link or more, not " + count);
        }
    }

    /** An edge standing for one link. */
    public GraphEdge(int from, int to, EdgeKind kind, String label) {
        this(from, to, kind, label, 1);
    }
}
