package org.ompdexplorer.model;

/** A target region's id within one snapshot (the agent numbers constructs in begin order). */
public record TargetRegionId(long value) implements Comparable<TargetRegionId> {
    @Override
    public int compareTo(TargetRegionId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
