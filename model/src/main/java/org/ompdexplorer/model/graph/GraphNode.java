package org.ompdexplorer.model.graph;

import java.util.List;

/**
 * A node of the task graph.
 *
 * @param index     its position in {@link TaskGraph#nodes()}
 * @param kind      the task's kind, or how several tasks were collapsed into it
 * @param tasks     the task ids it stands for: one, the members of an aggregate, or the root of a subtree
 * @param size      how many tasks it stands for (a subtree counts every descendant)
 * @param name      the task's function or creation site as the user wrote it, or "98 × task_body"
 * @param lifecycle the lifecycle shown (the agent's, or {@link TaskGraphBuilder#BLOCKED}), or {@code null} when
 *                  the source has none
 * @param group     the index of its group in {@link TaskGraph#groups()} (its parallel region), or −1
 * @param thread    the thread executing it, or −1
 * @param flags     the task's flags as reported (untied, final, …), empty when none or unknown
 */
public record GraphNode(int index, NodeKind kind, List<Long> tasks, int size, String name, String lifecycle,
                        int group, long thread, List<String> flags) {
    public GraphNode {
        tasks = List.copyOf(tasks);
        flags = List.copyOf(flags);
    }

    /** The task that stands for the node: the task itself, an aggregate's first member, a subtree's root. */
    public long task() {
        return tasks.getFirst();
    }

    public boolean isCollapsed() {
        return kind.collapsed();
    }

    /**
     * As the navigator's row, id first ({@link org.ompdexplorer.model.Names#row}): {@code #6 fib},
     * {@code 98 × task_body}, {@code #5 fib + 2046 below}.
     */
    public String label() {
        return switch (kind) {
            case AGGREGATE, MORE -> name;
            case SUBTREE -> "#" + task() + " " + name + " + " + (size - 1) + " below";
            default -> "#" + task() + " " + name;
        };
    }
}
