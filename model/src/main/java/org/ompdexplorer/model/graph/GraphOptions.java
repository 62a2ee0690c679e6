package org.ompdexplorer.model.graph;

import java.util.Set;

/**
 * How a graph is made.
 *
 * @param allScheduling draw every scheduling link, not only those that differ from the generating link
 * @param aggregateAt   leaf siblings alike in kind, function and lifecycle collapse into one node from this many
 *                      on (0: never)
 * @param maxNodes      above this many nodes, subtrees collapse (deepest first) until the graph fits (0: never)
 * @param expanded      collapsed nodes the user opened, by {@link GraphNode#task()}: shown task by task
 * @param threadLanes   boxes are lanes by executing thread (a task not running in the lane of the thread that
 *                      queued it) instead of parallel regions
 */
public record GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded,
                           boolean threadLanes) {
    public static final GraphOptions DEFAULT = new GraphOptions(false, 8, 2000, Set.of(), false);

    /** Regions as boxes. */
    public GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded) {
        this(allScheduling, aggregateAt, maxNodes, expanded, false);
    }

    public GraphOptions {
        if (aggregateAt < 0 || aggregateAt == 1) {
            throw new IllegalArgumentException("aggregateAt is 0 (never) or at least 2, not " + aggregateAt);
        }
        if (maxNodes < 0) {
            throw new IllegalArgumentException("maxNodes is 0 (no limit) or more, not " + maxNodes);
        }
        expanded = Set.copyOf(expanded);
    }

    public GraphOptions withAllScheduling(boolean all) {
        return new GraphOptions(all, aggregateAt, maxNodes, expanded, threadLanes);
    }

    public GraphOptions withThreadLanes(boolean lanes) {
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, expanded, lanes);
    }

    /** These options with one more collapsed node opened. */
    public GraphOptions expand(long task) {
        var more = new java.util.HashSet<>(expanded);
        more.add(task);
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, more, threadLanes);
    }

    /** These options with an opened node collapsed again. */
    public GraphOptions collapse(long task) {
        var fewer = new java.util.HashSet<>(expanded);
        fewer.remove(task);
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, fewer, threadLanes);
    }
}
