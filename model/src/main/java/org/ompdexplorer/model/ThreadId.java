package org.ompdexplorer.model;

/** An OpenMP thread's id within one snapshot. Not an identity across snapshots. */
public record ThreadId(long value) implements Comparable<ThreadId> {
    @Override
    public int compareTo(ThreadId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
