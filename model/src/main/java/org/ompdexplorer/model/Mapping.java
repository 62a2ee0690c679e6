package org.ompdexplorer.model;

/**
 * A host range present on a device: an entry of the device's mapping table, as OMPT
 * {@code target_data_op_emi} events tell it.
 *
 * @param hostAddress   start of the host range (unsigned)
 * @param deviceAddress the device storage that corresponds to it (unsigned)
 * @param bytes         size of the range (unsigned)
 * @param refCount      references the events show: +1 per alloc/associate, −1 per delete/disassociate; OMPT
 *                      reports no event when a construct maps data already present, so a lower bound
 * @param mappedBy      the construct whose data operation allocated the range, or {@code null} when unknown
 * @param transfers     bytes moved for this range since it was mapped
 */
public record Mapping(long hostAddress, long deviceAddress, long bytes, int refCount, TargetRegionId mappedBy,
                      Transfers transfers) {
    public Mapping {
        if (transfers == null) {
            transfers = Transfers.NONE;
        }
    }

    /**
     * The last host byte of the range, or the start for an empty range (unsigned). A range that would run past
     * 2^64 − 1 ends there: a wrapped end would make a huge range look tiny.
     */
    public long hostEnd() {
        if (bytes == 0) {
            return hostAddress;
        }
        long end = hostAddress + bytes - 1;
        return Long.compareUnsigned(end, hostAddress) < 0 ? -1L : end;
    }

    /** Whether the host ranges of two mappings share a byte. */
    public boolean overlaps(Mapping other) {
        return bytes != 0 && other.bytes != 0
                && Long.compareUnsigned(hostAddress, other.hostEnd()) <= 0
                && Long.compareUnsigned(other.hostAddress, hostEnd()) <= 0;
    }
}
