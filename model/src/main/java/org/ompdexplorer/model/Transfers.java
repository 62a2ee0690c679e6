package org.ompdexplorer.model;

/**
 * Data moved between the host and a device: sums of OMPT {@code target_data_op_emi} transfers
 * ({@code transfer_to_device}, {@code transfer_from_device} and their {@code _async} forms).
 */
public record Transfers(long toDeviceBytes, long toDeviceOps, long fromDeviceBytes, long fromDeviceOps) {
    public static final Transfers NONE = new Transfers(0, 0, 0, 0);

    public Transfers {
        if (toDeviceOps < 0 || fromDeviceOps < 0) {
            throw new IllegalArgumentException("operation counts must be >= 0");
        }
    }

    public boolean isEmpty() {
        return toDeviceOps == 0 && fromDeviceOps == 0 && toDeviceBytes == 0 && fromDeviceBytes == 0;
    }
}
