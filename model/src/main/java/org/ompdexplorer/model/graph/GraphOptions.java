package org.ompdexplorer.model.graph;

import java.util.Set;

/**
 * How a graph is made.
 *
 * @param allScheduling draw every scheduling link, not only those that differ from the generating link
 * @param aggregateAt   leaf siblings alike in kind, function and lifecycle collapse into one node from this many
 *                      on (0: never)
 * @param maxNodes      above this many nodes, subtrees collapse until the graph fits (0: never)
 * @param expanded      collapsed nodes the user opened, by {@link GraphNode#task()}: shown task by task
 * @param threadLanes   boxes are lanes by executing thread (a task not running in the lane of the thread that
 *                      queued it) instead of parallel regions
 * @param maxColumns    the most columns: nodes with nothing shown below them (a task without children, an aggregate,
 *                      a collapsed subtree), which a layered picture of a tree sets side by side, so that they make
 *                      its width; a task whose children would pass it is one subtree node (0: no limit)
 * @param maxDepth      the most levels of the generating tree below the scope's roots: a task at the last level
 *                      with children is one subtree node (0: no limit)
 * @param placement     with {@code threadLanes}, the thread whose lane each task is in
 */
public record GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded,
                           boolean threadLanes, int maxColumns, int maxDepth, TaskPlacement placement) {
    /**
     * The most columns and levels of a picture by default: about what fits 8,000 px at 100 % (a node is 72 to 240 px
     * wide, levels are about 90 px apart); the layout checks, and collapses more where it does not.
     */
    public static final int FIT_COLUMNS = 48;
    public static final int FIT_DEPTH = 40;
    /** Alike leaves aggregated from 8 on, a 2,000-node budget, the picture's columns and depth kept readable. */
    public static final GraphOptions DEFAULT = new GraphOptions(false, 8, 2000, Set.of(), false, FIT_COLUMNS,
            FIT_DEPTH);

    /** Regions as boxes, no limit on columns or depth. */
    public GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded) {
        this(allScheduling, aggregateAt, maxNodes, expanded, false);
    }

    /** No limit on columns or depth: only the node budget collapses. */
    public GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded,
                        boolean threadLanes) {
        this(allScheduling, aggregateAt, maxNodes, expanded, threadLanes, 0, 0);
    }

    /** Tasks placed in lanes by the thread running them ({@link TaskPlacement#CURRENT}). */
    public GraphOptions(boolean allScheduling, int aggregateAt, int maxNodes, Set<Long> expanded, boolean threadLanes,
                        int maxColumns, int maxDepth) {
        this(allScheduling, aggregateAt, maxNodes, expanded, threadLanes, maxColumns, maxDepth, TaskPlacement.CURRENT);
    }

    public GraphOptions {
        if (placement == null) {
            throw new IllegalArgumentException("placement is TaskPlacement.CURRENT or another, not null");
        }
        if (aggregateAt < 0 || aggregateAt == 1) {
            throw new IllegalArgumentException("aggregateAt is 0 (never) or at least 2, not " + aggregateAt);
        }
        if (maxNodes < 0) {
            throw new IllegalArgumentException("maxNodes is 0 (no limit) or more, not " + maxNodes);
        }
        if (maxColumns < 0 || maxDepth < 0) {
            throw new IllegalArgumentException("maxColumns and maxDepth are 0 (no limit) or more, not " + maxColumns
                    + " and " + maxDepth);
        }
        expanded = Set.copyOf(expanded);
    }

    /** Whether the picture's columns or depth are limited: a layout may ask for a tighter fit ({@link #tighter}). */
    public boolean fitted() {
        return maxColumns > 0 || maxDepth > 0;
    }

    /**
     * These options with the columns and depth limits scaled by the given factors (at most 1), never below 2: what a
     * layout asks for when the picture came out too wide or too tall.
     */
    public GraphOptions tighter(double columnsFactor, double depthFactor) {
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, expanded, threadLanes,
                scaled(maxColumns, columnsFactor), scaled(maxDepth, depthFactor), placement);
    }

    private static int scaled(int limit, double factor) {
        return limit == 0 ? 0 : Math.max(2, Math.min(limit, (int) Math.floor(limit * Math.min(1, factor))));
    }

    public GraphOptions withAllScheduling(boolean all) {
        return new GraphOptions(all, aggregateAt, maxNodes, expanded, threadLanes, maxColumns, maxDepth, placement);
    }

    public GraphOptions withThreadLanes(boolean lanes) {
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, expanded, lanes, maxColumns, maxDepth, placement);
    }

    /** These options with the tasks placed in lanes by {@code by} (a whole recorded run: the thread that ran each). */
    public GraphOptions withPlacement(TaskPlacement by) {
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, expanded, threadLanes, maxColumns, maxDepth, by);
    }

    /** These options with another node budget (0: none). */
    public GraphOptions withMaxNodes(int budget) {
        return new GraphOptions(allScheduling, aggregateAt, budget, expanded, threadLanes, maxColumns, maxDepth, placement);
    }

    /** These options with other limits of columns and depth (0: none). */
    public GraphOptions withShape(int columns, int depth) {
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, expanded, threadLanes, columns, depth, placement);
    }

    /** These options with one more collapsed node opened. */
    public GraphOptions expand(long task) {
        var more = new java.util.HashSet<>(expanded);
        more.add(task);
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, more, threadLanes, maxColumns, maxDepth, placement);
    }

    /** These options with an opened node collapsed again. */
    public GraphOptions collapse(long task) {
        var fewer = new java.util.HashSet<>(expanded);
        fewer.remove(task);
        return new GraphOptions(allScheduling, aggregateAt, maxNodes, fewer, threadLanes, maxColumns, maxDepth, placement);
    }
}
