package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.DeviceText;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.FactText;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.DeviceImage;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;

/**
 * The details of an address space: the process (its offload runtime, its devices) or a device (what OMPD said
 * of it, its target regions, the data mapped on it, its code images, its ICVs).
 */
final class SpacePage {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    SpacePage(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    DetailsPage of(AddressSpace space) {
        List<Section> sections = new ArrayList<>();
        Rows rows = new Rows().add("id", "id", space.id()).add("spaceKind", "kind", space.isDevice() ? "device" : "process");
        if (space.isDevice()) {
            space.deviceInfo().ifPresent(d -> device(rows, d));
            if (space.deviceKind() != null || space.deviceNum().isEmpty()) { // what OMPD was asked with
                rows.add("deviceKind", "device kind (ompd_device_t)", space.deviceKind() == null ? "—"
                        : "0x" + Long.toHexString(space.deviceKind()));
                rows.add("deviceId", "device id", space.deviceId() == null ? "—" : space.deviceId());
            }
            rows.add("parent", "process", space.parentSpace().flatMap(index::addressSpace)
                    .map(p -> Value.link(Target.of(p.id()), EntityNames.title(p)))
                    .orElse(Value.of(space.parent() + " (not in snapshot)")));
        }
        long threads = snapshot.threads().stream().filter(t -> t.addressSpace().equals(space.id())).count();
        if (!space.isDevice() || threads > 0) { // a host-offload kernel runs on the process's own threads
            rows.add("threads", "threads", EntityNames.count(threads));
        }
        sections.add(rows.section("properties", space.isDevice() ? "Device" : "Process"));
        space.offloadInfo().ifPresent(o -> sections.add(offload(o)));
        List<AddressSpace> devices = snapshot.addressSpaces().stream()
                .filter(s -> s.parentSpace().filter(space.id()::equals).isPresent()).toList();
        if (!devices.isEmpty()) {
            sections.add(devices(devices));
        }
        List<TargetRegion> targets = space.isDevice() ? index.targetRegionsOn(space.id())
                : index.targetRegionsOffDevices();
        if (!targets.isEmpty()) {
            sections.add(TargetPage.table("targetRegionsTable", "Target regions", targets, index));
        }
        space.deviceInfo().ifPresent(d -> {
            if (!d.followsEvents()) {
                sections.add(new Section.Note("mappingsUnknown", "Mapped data",
                        "Not known: what is mapped on a device, and the code loaded there, come from OMPT events that"
                        + " a capture agent follows while the program runs; OMPD cannot read them from a core or a"
                        + " stopped process. Capture with the agent (ompd-explorer capture, or OMP_TOOL_LIBRARIES)"
                        + " to see them."));
                return;
            }
            sections.add(mappings("mappingsTable", "Mapped data (present table)", d.mappings(), index));
            if (!d.images().isEmpty()) {
                sections.add(images(d.images()));
            }
        });
        IcvTables tables = new IcvTables(snapshot);
        IcvTables.Scope own = RegionPage.space(space);
        List<IcvTables.Scope> chain = new ArrayList<>(List.of(own));
        space.parentSpace().flatMap(index::addressSpace).ifPresent(p -> chain.add(RegionPage.space(p)));
        sections.add(new Section.Icvs("icvs", "ICVs", tables.own(own), tables.effective(chain), tables.none()));
        return new DetailsPage(Target.of(space.id()), space.isDevice() ? "device" : "address space",
                EntityNames.title(space), space.isDevice() ? DeviceText.type(space) : "", sections);
    }

    private static void device(Rows rows, DeviceInfo d) {
        if (d.deviceNum() != null) {
            rows.add("deviceNum", "device number", d.deviceNum());
        }
        if (d.type() != null) {
            rows.add("deviceType", "type (OMPT)", d.type());
        }
        rows.add("ompdHandle", "OMPD handle (ompd_device_initialize)", new Value(DeviceText.ompdHandle(d.ompdHandle()),
                null, FactText.isUnavailable(d.ompdHandle()), FactText.isUnavailable(d.ompdHandle())
                ? "The runtime's OMPD library gave no handle for this device, so OMPD cannot show its threads,"
                + " regions or ICVs; what is shown comes from the capture agent (OMPT)." : ""));
        if (d.transfers() != null) {
            rows.add("toDevice", "to device", DeviceText.direction(d.transfers().toDeviceBytes(),
                    d.transfers().toDeviceOps()));
            rows.add("fromDevice", "from device", DeviceText.direction(d.transfers().fromDeviceBytes(),
                    d.transfers().fromDeviceOps()));
        }
        if (d.followsEvents()) {
            long mapped = DeviceText.mapped(d.mappings());
            rows.add("mapped", "mapped now", EntityNames.count(d.mappings().size(), "range", "ranges") + ", "
                    + DeviceText.bytes(mapped));
        }
    }

    private static Section offload(OffloadInfo o) {
        Rows rows = new Rows();
        rows.add("offloadRuntime", "offload runtime", o.runtime() == null ? "none loaded" : o.runtime());
        rows.add("deviceCount", "devices (omp_get_num_devices)", o.deviceCount());
        if (o.initialDevice() != null) {
            rows.add("initialDevice", "initial device number (the host)", o.initialDevice());
        }
        if (!o.imageTriples().isEmpty()) {
            rows.add("imageTriples", "built for", String.join(", ", o.imageTriples()));
        }
        return rows.section("offload", "Offload");
    }

    private Section devices(List<AddressSpace> devices) {
        return new Section.Table("devicesTable", "Devices",
                List.of("device", "type", "OMPD handle", "in flight", "mapped", "to device", "from device"),
                devices.stream().map(d -> {
                    DeviceInfo info = d.device();
                    long inFlight = index.targetRegionsOn(d.id()).stream().filter(TargetRegion::inFlight).count();
                    return List.of(Value.link(Target.of(d.id()), EntityNames.title(d)),
                            Value.of(DeviceText.type(d).isEmpty() ? "—" : DeviceText.type(d)),
                            Value.of(info == null ? "—" : DeviceText.ompdHandle(info.ompdHandle())),
                            Value.of(info == null || !info.followsEvents() ? "—" : EntityNames.count(inFlight)),
                            bytes(info == null || !info.followsEvents() ? null
                                    : DeviceText.mapped(info.mappings())),
                            bytes(info == null || info.transfers() == null ? null : info.transfers().toDeviceBytes()),
                            bytes(info == null || info.transfers() == null ? null
                                    : info.transfers().fromDeviceBytes()));
                }).toList());
    }

    private static Value bytes(Long n) {
        return n == null ? Value.of("—") : Value.ordered(DeviceText.bytes(n), n);
    }

    /** A mapping table: one row per host range present on the device, with the construct that mapped it. */
    static Section mappings(String id, String title, List<Mapping> mappings, SnapshotIndex index) {
        return new Section.Table(id, title,
                List.of("host range", "bytes", "mapped by", "refcount", "device address", "to device", "from device"),
                mappings.stream().map(m -> List.of(Value.ordered(DeviceText.hostRange(m), m.hostAddress()),
                        Value.ordered(DeviceText.bytes(m.bytes()), m.bytes()), mappedBy(m, index),
                        Value.of(m.refCount()), Value.ordered(Address.hex(m.deviceAddress()), m.deviceAddress()),
                        Value.ordered(DeviceText.direction(m.transfers().toDeviceBytes(), m.transfers().toDeviceOps()),
                                m.transfers().toDeviceBytes()),
                        Value.ordered(DeviceText.direction(m.transfers().fromDeviceBytes(),
                                m.transfers().fromDeviceOps()), m.transfers().fromDeviceBytes())))
                        .toList());
    }

    private static Value mappedBy(Mapping m, SnapshotIndex index) {
        if (m.mappedBy() == null) {
            return Value.of("—");
        }
        return index.targetRegion(m.mappedBy()).map(t -> Value.link(Target.of(t.id()), EntityNames.title(t)
                + (t.inFlight() ? "" : " (ended)")))
                .orElse(new Value(EntityNames.target(m.mappedBy()) + " (not in snapshot)", null, true,
                        "The mapping names a construct this snapshot does not hold; see Diagnostics."));
    }

    private static Section images(List<DeviceImage> images) {
        return new Section.Table("imagesTable", "Code images (device_load)",
                List.of("file", "bytes", "host address", "device address", "module"),
                images.stream().map(i -> List.of(Value.of(i.file() == null ? "(from memory)" : i.file()),
                        Value.ordered(DeviceText.bytes(i.bytes()), i.bytes()),
                        Value.ordered(Address.hex(i.hostAddress()), i.hostAddress()),
                        Value.ordered(Address.hex(i.deviceAddress()), i.deviceAddress()), Value.of(Long.toUnsignedString(i.moduleId()))))
                        .toList());
    }
}
