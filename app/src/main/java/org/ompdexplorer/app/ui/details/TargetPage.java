package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.app.ui.entity.DeviceText;
import org.ompdexplorer.app.ui.entity.EntityNames;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TaskId;

/**
 * The details of a target construct: where it runs, the task that met it and its target task, the kernels it has
 * not finished, the data it moved and the ranges it left mapped.
 */
final class TargetPage {
    private final SnapshotIndex index;

    TargetPage(Snapshot snapshot) {
        this.index = snapshot.index();
    }

    DetailsPage of(TargetRegion target) {
        List<Section> sections = new ArrayList<>();
        Rows rows = new Rows().add("id", "id", target.id())
                .add("kind", "construct (ompt_target_t)", target.kind().directive().equals(target.kind().name())
                        ? target.kind().name() : target.kind().directive() + " (" + target.kind() + ")")
                .add("inFlight", "status", target.inFlight() ? "in flight" : "ended; data it mapped is still present")
                .add("device", "device", device(target))
                .add("creationSite", "creation site", target.creationSite().isKnown()
                        ? Value.of(target.creationSite().get().display()) : Value.of(target.creationSite()))
                .add("kernelsSubmitted", "kernels submitted", target.kernelsSubmitted())
                .add("kernelsRunning", "kernels not finished", kernels(target.kernels()))
                .add("toDevice", "to device", DeviceText.direction(target.transfers().toDeviceBytes(),
                        target.transfers().toDeviceOps()))
                .add("fromDevice", "from device", DeviceText.direction(target.transfers().fromDeviceBytes(),
                        target.transfers().fromDeviceOps()));
        sections.add(rows.section("properties", "Target region"));
        sections.add(new Rows()
                .add("encounteringTask", "encountering task", taskLink(target.encounteringTask()))
                .add("targetTask", "target task", target.targetTask().isKnown() ? taskLink(target.targetTask())
                        : target.targetTask() instanceof org.ompdexplorer.model.Fact.Absent<TaskId>
                        ? Value.of(target.kind().isNowait() ? "not reported" : "none (not deferred)")
                        : Value.of(target.targetTask()))
                .add("waits", "the encountering task", !target.encounteringTask().isKnown() ? "not known"
                        : index.encounteringTaskWaits(target) ? "waits for it to end"
                        : target.inFlight() ? "goes on (deferred to the target task)" : "no longer waits (ended)")
                .section("links", "Links"));
        List<Mapping> mapped = index.mappingsBy(target.id());
        if (!mapped.isEmpty()) {
            sections.add(SpacePage.mappings("mappingsTable", "Data it mapped, still present", mapped, index));
        }
        return new DetailsPage(Target.of(target.id()), "target region", EntityNames.title(target),
                target.inFlight() ? "in flight" : "ended", sections);
    }

    private Value device(TargetRegion target) {
        if (target.device() == null) {
            return Value.of("device " + target.deviceNum() + " (not a device in this snapshot: the host runs it"
                    + " when that is the initial device)");
        }
        return index.addressSpace(target.device()).map(d -> Value.link(Target.of(d.id()), EntityNames.title(d)))
                .orElse(new Value("address space " + target.device() + " (not in snapshot)", null, true,
                        "The construct names a device this snapshot does not hold; see Diagnostics."));
    }

    private Value taskLink(Fact<TaskId> link) {
        Value value = Value.link(link, Target::of, index.task(link).isPresent());
        return index.task(link).map(t -> new Value(value.text() + " · " + t.kind()
                + java.util.Optional.ofNullable(org.ompdexplorer.model.TaskStatus.nameOf(t, index)).map(n -> " · " + n)
                .orElse(""), value.link(), false, "")).orElse(value);
    }

    private static String kernels(List<Kernel> kernels) {
        if (kernels.isEmpty()) {
            return "none";
        }
        return EntityNames.count(kernels.size(), "kernel", "kernels") + ", requesting "
                + String.join(" + ", kernels.stream().map(k -> EntityNames.count(k.requestedTeams(), "team", "teams"))
                .toList());
    }

    /** A table of target regions, each a link, with what a user compares across them. */
    static Section table(String id, String title, List<TargetRegion> targets, SnapshotIndex index) {
        return new Section.Table(id, title,
                List.of("target region", "status", "encountering task", "target task", "kernels", "to device",
                        "from device"),
                targets.stream().map(t -> List.of(Value.link(Target.of(t.id()), EntityNames.title(t)),
                        Value.of(t.inFlight() ? "in flight" : "ended"),
                        Value.link(t.encounteringTask(), Target::of, index.task(t.encounteringTask()).isPresent()),
                        t.targetTask().isKnown() ? Value.link(t.targetTask(), Target::of,
                                index.task(t.targetTask()).isPresent()) : Value.of("—"),
                        Value.of(t.kernels().isEmpty() ? "—" : EntityNames.count(t.kernels().size())),
                        Value.ordered(DeviceText.bytes(t.transfers().toDeviceBytes()), t.transfers().toDeviceBytes()),
                        Value.ordered(DeviceText.bytes(t.transfers().fromDeviceBytes()),
                                t.transfers().fromDeviceBytes()))).toList());
    }
}
