package org.ompdexplorer.model;

/** A parallel region's id within one snapshot. Not an identity across snapshots. */
public record RegionId(long value) implements Comparable<RegionId> {
    @Override
    public int compareTo(RegionId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
