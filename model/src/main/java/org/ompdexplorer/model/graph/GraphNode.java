package org.ompdexplorer.model.graph;

import java.util.List;

/**
 * A node of the task graph.
 *
 * @param index     its position in {@link TaskGraph#nodes()}
 * @param tasks     the task ids it stands for: one, or the members of an aggregate
 * @param label     the function or creation site and {@code #id}, or {@code 98 × task_body, queued}
 * @param lifecycle the agent's lifecycle name, or {@code null} when the source has none
 * @param region    the parallel region the task binds to, or −1
 * @param thread    the thread executing it, or −1
 */
public record GraphNode(int index, NodeKind kind, List<Long> tasks, String label, String lifecycle, long region,
                        long thread) {
    public GraphNode {
        tasks = List.copyOf(tasks);
    }

    public boolean isAggregate() {
        return kind == NodeKind.AGGREGATE;
    }
}
