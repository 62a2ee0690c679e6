package org.ompdexplorer.model;

/** A task's id within one snapshot (a capture agent uses the creation order; an OMPD import numbers tasks as found). Not an identity across snapshots. */
public record TaskId(long value) implements Comparable<TaskId> {
    @Override
    public int compareTo(TaskId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
