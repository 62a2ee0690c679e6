package org.ompdexplorer.model.graph;

/**
 * A directed edge between two nodes (indexes into {@link TaskGraph#nodes()}): for generating and scheduling
 * links from the parent to the child; for a dependence from the task that must complete first; for "waits for"
 * from the waiting task.
 *
 * @param label what the edge says besides its kind: a dependence's types and address, e.g. {@code out→in 0x7ffc…}
 */
public record GraphEdge(int from, int to, EdgeKind kind, String label) {
}
