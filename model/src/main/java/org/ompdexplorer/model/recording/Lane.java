package org.ompdexplorer.model.recording;

import java.util.List;

/**
 * One thread's lane in a recording: what ran on it when (row 0), and the sync regions, target constructs and
 * suspended tasks it held (the rows after, nested ones in later rows).
 *
 * @param thread         the agent's thread id
 * @param threadKind     thread-begin's kind ({@code initial}, {@code worker}, {@code other}), or {@code null}
 * @param incompleteFrom when the thread's buffer filled: the time of its first dropped event (its lane is incomplete
 *                       from there), else −1
 * @param rows           row 0 what ran, the others what it was inside; never empty
 */
public record Lane(long thread, String threadKind, long incompleteFrom, List<LaneRow> rows) {
    public Lane {
        rows = List.copyOf(rows);
    }

    /** What ran on the thread: its tasks' runs and its waits, in time order. */
    public LaneRow running() {
        return rows.getFirst();
    }

    public boolean isInitial() {
        return "initial".equals(threadKind);
    }
}
