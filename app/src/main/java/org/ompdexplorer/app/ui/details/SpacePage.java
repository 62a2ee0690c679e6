package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;

/** The details of an address space: the process or a device, its devices, its ICVs. */
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
            rows.add("deviceKind", "device kind (ompd_device_t)", space.deviceKind() == null ? "—"
                    : "0x" + Long.toHexString(space.deviceKind()));
            rows.add("deviceId", "device id", space.deviceId() == null ? "—" : space.deviceId());
            rows.add("parent", "process", space.parentSpace().flatMap(index::addressSpace)
                    .map(p -> Value.link(Target.of(p.id()), EntityNames.title(p)))
                    .orElse(Value.of(space.parent() + " (not in snapshot)")));
        }
        long threads = snapshot.threads().stream().filter(t -> t.addressSpace().equals(space.id())).count();
        rows.add("threads", "threads", EntityNames.count(threads));
        sections.add(rows.section("properties", space.isDevice() ? "Device" : "Process"));
        List<AddressSpace> devices = snapshot.addressSpaces().stream()
                .filter(s -> s.parentSpace().filter(space.id()::equals).isPresent()).toList();
        if (!devices.isEmpty()) {
            sections.add(new Section.Table("devicesTable", "Devices", List.of("device", "kind", "id"),
                    devices.stream().map(d -> List.of(Value.link(Target.of(d.id()), EntityNames.title(d)),
                            Value.of(d.deviceKind() == null ? "—" : "0x" + Long.toHexString(d.deviceKind())),
                            Value.of(d.deviceId() == null ? "—" : d.deviceId()))).toList()));
        }
        IcvTables tables = new IcvTables(snapshot);
        IcvTables.Scope own = RegionPage.space(space);
        List<IcvTables.Scope> chain = new ArrayList<>(List.of(own));
        space.parentSpace().flatMap(index::addressSpace).ifPresent(p -> chain.add(RegionPage.space(p)));
        sections.add(new Section.Icvs("icvs", "ICVs", tables.own(own), tables.effective(chain)));
        return new DetailsPage(Target.of(space.id()), space.isDevice() ? "device" : "address space",
                EntityNames.title(space), "", sections);
    }
}
