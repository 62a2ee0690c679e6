package org.ompdexplorer.model;

/** An address space's id within one snapshot: the process, or a device. Not an identity across snapshots. */
public record AddressSpaceId(long value) implements Comparable<AddressSpaceId> {
    @Override
    public int compareTo(AddressSpaceId o) {
        return Long.compare(value, o.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
