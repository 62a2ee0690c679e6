package org.ompdexplorer.app.ui.entity;

import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.ByteCount;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.Transfers;

/** How devices, mappings and transfers read in the window: one wording for the navigator and details. */
public final class DeviceText {
    private DeviceText() {
    }

    /** {@code 8,000 B}, {@code 7.8 KiB (8,000 B)}: unsigned, exact bytes always, a binary unit beside them when large. */
    public static String bytes(long n) {
        return ByteCount.text(n);
    }

    /** {@code 0x601040 – 0x602fc0}: the host range a mapping covers, both ends inclusive; an empty one by its start. */
    public static String hostRange(Mapping m) {
        return m.bytes() == 0 ? Address.hex(m.hostAddress()) + " (empty)"
                : Address.hex(m.hostAddress()) + " – " + Address.hex(m.hostEnd());
    }

    /** {@code 8,000 B in 1 op}; {@code none}. */
    public static String direction(long bytes, long ops) {
        return ByteCount.moved(bytes, ops, "op", "ops");
    }

    /** The bytes of every mapping, an unsigned sum. */
    public static long mapped(java.util.List<Mapping> mappings) {
        long total = 0;
        for (Mapping m : mappings) {
            total = ByteCount.add(total, m.bytes());
        }
        return total;
    }

    /** {@code to device 8,000 B in 1 op · from device none}. */
    public static String transfers(Transfers t) {
        return "to device " + direction(t.toDeviceBytes(), t.toDeviceOps()) + " · from device "
                + direction(t.fromDeviceBytes(), t.fromDeviceOps());
    }

    /**
     * What {@code ompd_device_initialize} said for a device: {@code handle}, {@code unavailable} (the return code),
     * or {@code not asked} when the snapshot came from a source that does not use OMPD.
     */
    public static String ompdHandle(Fact<Boolean> handle) {
        return switch (handle) {
            case Fact.Known<Boolean>(Boolean ok) -> ok ? "handle given" : "no handle";
            case Fact.Unavailable<Boolean> u -> "refused: " + u.code().name()
                    + (u.detail().isEmpty() ? "" : " (" + u.detail() + ")");
            case Fact.Absent<Boolean> a -> "not asked (the source is not OMPD)";
        };
    }

    /** {@code generic-64bit}, or nothing known. */
    public static String type(AddressSpace device) {
        return device.deviceInfo().map(d -> d.type()).filter(t -> t != null && !t.isEmpty()).orElse("");
    }
}
