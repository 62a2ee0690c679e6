package org.ompdexplorer.model.graph;

/**
 * How a graph is made.
 *
 * @param allScheduling draw every scheduling link, not only those that differ from the generating link
 * @param aggregateAt   leaf siblings alike in kind, function and lifecycle collapse into one node from this many
 *                      on (0: never)
 */
public record GraphOptions(boolean allScheduling, int aggregateAt) {
    public static final GraphOptions DEFAULT = new GraphOptions(false, 8);

    public GraphOptions {
        if (aggregateAt < 0 || aggregateAt == 1) {
            throw new IllegalArgumentException("aggregateAt is 0 (never) or at least 2, not " + aggregateAt);
        }
    }
}
