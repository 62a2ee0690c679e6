package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.ByteCount;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Transfers;

/**
 * The compared fields of a device and of a target region, once, for both the diff and the side-by-side rows: a
 * text, or a link compared as a matched identity.
 *
 * @param linkKind the kind a link names, or {@code null} for a text item
 */
record DeviceItems(DiffField field, String qualifier, String text, EntityKind linkKind, Fact<?> link) {

    static DeviceItems text(DiffField field, String qualifier, String text) {
        return new DeviceItems(field, qualifier, text, null, null);
    }

    static DeviceItems link(DiffField field, EntityKind kind, Fact<?> link) {
        return new DeviceItems(field, "", null, kind, link);
    }

    /** A device's number, type, OMPD handle, transfers and one item per mapped host range; none for the process. */
    static List<DeviceItems> of(AddressSpace space) {
        DeviceInfo d = space.device();
        if (d == null) {
            return List.of();
        }
        List<DeviceItems> out = new ArrayList<>();
        out.add(text(DiffField.DEVICE_NUMBER, "", d.deviceNum() == null ? "absent" : d.deviceNum().toString()));
        out.add(text(DiffField.DEVICE_TYPE, "", d.type() == null ? "absent" : d.type()));
        out.add(text(DiffField.OMPD_HANDLE, "", d.ompdHandle() instanceof org.ompdexplorer.model.Fact.Absent<Boolean>
                ? "not asked" : Changes.text(d.ompdHandle(), ok -> ok ? "handle" : "no handle")));
        if (d.transfers() == null) { // not followed (a core): not known, which is not "none"
            out.add(text(DiffField.TO_DEVICE, "", "not known"));
            out.add(text(DiffField.FROM_DEVICE, "", "not known"));
        } else {
            transfers(out, d.transfers());
        }
        out.add(text(DiffField.IMAGES, "", d.images().size() + " loaded"));
        out.add(text(DiffField.MAPPING, "ranges", d.mappings().size() + " present"));
        for (Mapping m : d.mappings()) {
            out.add(text(DiffField.MAPPING, Address.hex(m.hostAddress()), ByteCount.exact(m.bytes()) + " B at "
                    + Address.hex(m.deviceAddress()) + ", refcount " + m.refCount()));
        }
        return out;
    }

    /** A target region's kind, device, status, tasks, kernels and transfers. */
    static List<DeviceItems> of(TargetRegion t) {
        List<DeviceItems> out = new ArrayList<>();
        out.add(text(DiffField.KIND, "", t.kind().name()));
        out.add(text(DiffField.DEVICE, "", "device " + t.deviceNum()));
        out.add(text(DiffField.IN_FLIGHT, "", t.inFlight() ? "in flight" : "ended"));
        out.add(link(DiffField.ENCOUNTERING_TASK, EntityKind.TASK, t.encounteringTask()));
        out.add(link(DiffField.TARGET_TASK, EntityKind.TASK, t.targetTask()));
        out.add(text(DiffField.CREATION_SITE, "", Changes.text(t.creationSite(), CodeLocation::display)));
        long teams = 0;
        for (Kernel k : t.kernels()) {
            teams = ByteCount.add(teams, k.requestedTeams());
        }
        out.add(text(DiffField.KERNELS, "", t.kernels().isEmpty() ? "none running" : t.kernels().size()
                + " running (" + Long.toUnsignedString(teams) + " teams requested)"));
        out.add(text(DiffField.KERNELS_SUBMITTED, "", Long.toString(t.kernelsSubmitted())));
        transfers(out, t.transfers());
        return out;
    }

    private static void transfers(List<DeviceItems> out, Transfers t) {
        out.add(text(DiffField.TO_DEVICE, "", moved(t.toDeviceBytes(), t.toDeviceOps())));
        out.add(text(DiffField.FROM_DEVICE, "", moved(t.fromDeviceBytes(), t.fromDeviceOps())));
    }

    private static String moved(long bytes, long ops) {
        return bytes == 0 && ops == 0 ? "none" : ByteCount.exact(bytes) + " B in " + ops + (ops == 1 ? " op" : " ops");
    }

    String key() {
        return field + "|" + qualifier;
    }
}
