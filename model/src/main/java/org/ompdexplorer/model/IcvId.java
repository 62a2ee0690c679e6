package org.ompdexplorer.model;

/** An ICV's id, as {@code ompd_enumerate_icvs} numbers it (implementation defined). Not an identity across snapshots. */
public record IcvId(long value) implements Comparable<IcvId> {
    @Override
    public int compareTo(IcvId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
