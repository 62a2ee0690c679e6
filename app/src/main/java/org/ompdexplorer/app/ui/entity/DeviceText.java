package org.ompdexplorer.app.ui.entity;

import java.util.Locale;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.Transfers;

/** How devices, mappings and transfers read in the window: one wording for the navigator and details. */
public final class DeviceText {
    private DeviceText() {
    }

    /** {@code 8,000 B}, {@code 7.8 KiB (8,000 B)}: exact bytes always, a binary unit beside them when large. */
    public static String bytes(long n) {
        String exact = String.format(Locale.ROOT, "%,d B", n);
        if (Long.compareUnsigned(n, 1024) < 0) {
            return exact;
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n < 0 ? Math.pow(2, 64) + n : n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s (%s)", v, units[u], exact);
    }

    /** {@code 0x601040 – 0x602fc0}: the host range a mapping covers, both ends inclusive. */
    public static String hostRange(Mapping m) {
        return Address.hex(m.hostAddress()) + " – " + Address.hex(m.hostEnd());
    }

    /** {@code 8,000 B in 1 op}; {@code none}. */
    public static String direction(long bytes, long ops) {
        return ops == 0 && bytes == 0 ? "none" : bytes(bytes) + " in " + EntityNames.count(ops, "op", "ops");
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
