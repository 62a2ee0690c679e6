package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * The format 1.1 checks of {@link SnapshotValidator}: device fields only on devices and offload facts only on
 * the process ({@code misplaced-field}), a target region's device that is not a device ({@code not-a-device}),
 * links of mappings and target regions to entities the snapshot does not hold ({@code dangling-reference}),
 * a target task that is not of kind target, host ranges mapped twice on one device, two devices of a process with
 * one number, a target region whose {@code deviceNum} is not its device's, and a target task named by two target
 * regions (warnings); counts that disagree with their lists, as errors: a process's {@code deviceCount} and the
 * devices listed under it ({@code device-count-mismatch}), a target region's kernels not finished and the kernels it
 * submitted, or an ended one with kernels not finished ({@code kernel-count-mismatch}).
 */
final class OffloadChecks {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<Diagnostic> found;

    OffloadChecks(Snapshot snapshot, List<Diagnostic> found) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.found = found;
    }

    void check() {
        Map<List<Object>, AddressSpaceId> numbered = new HashMap<>();
        for (AddressSpace space : snapshot.addressSpaces()) {
            EntityRef ref = EntityRef.of(space.id());
            checkDeviceNum(space, numbered);
            if (!space.isDevice() && space.device() != null) {
                List<String> fields = deviceFields(space.device());
                found.add(Diagnostic.error("misplaced-field", ref + " is the process but has device fields ("
                                + String.join(", ", fields) + ")",
                        "move them to the device's address space (one with a \"parent\")",
                        Location.of(ref, fields.isEmpty() ? null : fields.getFirst())));
            }
            if (space.isDevice() && space.offload() != null) {
                found.add(Diagnostic.error("misplaced-field", ref + " is a device but has \"offload\", which "
                        + "describes the process", "move \"offload\" to the process's address space (the one "
                        + "without a \"parent\")", Location.of(ref, "offload")));
            }
            if (space.device() != null) {
                checkMappings(ref, space.device().mappings());
            }
        }
        checkDeviceCounts();
        Map<TaskId, TargetRegionId> constructs = new HashMap<>();
        for (TargetRegion target : snapshot.targetRegions()) {
            checkTarget(target, constructs);
            checkKernels(target);
        }
    }

    /**
     * A process that lists its devices lists every one it initialized (docs/snapshot-format.md), so their number is
     * its {@code deviceCount}. A process that lists none may know the count without the devices (a core import).
     */
    private void checkDeviceCounts() {
        Map<AddressSpaceId, Integer> devices = new HashMap<>();
        for (AddressSpace space : snapshot.addressSpaces()) {
            if (space.isDevice()) {
                devices.merge(space.parent(), 1, Integer::sum);
            }
        }
        for (AddressSpace space : snapshot.addressSpaces()) {
            int listed = devices.getOrDefault(space.id(), 0);
            if (!space.isDevice() && space.offload() != null && listed > 0
                    && space.offload().deviceCount() instanceof Fact.Known<Integer>(Integer count) && count != listed) {
                EntityRef ref = EntityRef.of(space.id());
                found.add(SnapshotValidator.finding(ref, "offload.deviceCount", "device-count-mismatch", ref
                                + " has deviceCount " + count + " but lists " + listed + " device"
                                + (listed == 1 ? "" : "s") + ": a process lists every device it initialized",
                        "correct \"deviceCount\", or list the missing devices (or remove the extra ones)"));
            }
        }
    }

    /** Kernels not finished are some of those submitted ({@code kernelsSubmitted} 0: not counted); none once ended. */
    private void checkKernels(TargetRegion target) {
        EntityRef ref = EntityRef.of(target.id());
        int open = target.kernels().size();
        if (open > 0 && !target.inFlight()) {
            found.add(SnapshotValidator.finding(ref, "kernels", "kernel-count-mismatch", ref + " has ended but lists "
                            + open + " kernel" + (open == 1 ? "" : "s") + " not finished: a construct ends after its "
                            + "kernels", "correct \"inFlight\", or leave the finished kernels out of \"kernels\""));
        } else if (target.kernelsSubmitted() > 0 && open > target.kernelsSubmitted()) {
            found.add(SnapshotValidator.finding(ref, "kernels", "kernel-count-mismatch", ref + " lists " + open
                            + " kernels not finished but submitted " + target.kernelsSubmitted() + ": kernels not "
                            + "finished are some of those submitted", "correct \"kernelsSubmitted\" or \"kernels\""));
        }
    }

    /** A process numbers each of its devices once (OpenMP's device number, {@code omp_get_num_devices()}). */
    private void checkDeviceNum(AddressSpace space, Map<List<Object>, AddressSpaceId> numbered) {
        if (!space.isDevice() || space.device() == null || space.device().deviceNum() == null) {
            return;
        }
        int num = space.device().deviceNum();
        AddressSpaceId first = numbered.putIfAbsent(List.of(space.parent(), num), space.id());
        if (first != null) {
            EntityRef ref = EntityRef.of(space.id());
            found.add(Diagnostic.warning("duplicate-device-num", ref + " is device " + num + ", as "
                            + EntityRef.of(first) + " is: a process numbers each of its devices once",
                    "check how the devices were captured and give each its own \"deviceNum\"",
                    Location.of(ref, "deviceNum")));
        }
    }

    /** The 1.1 device fields a {@link DeviceInfo} carries, by their names in the format. */
    private static List<String> deviceFields(DeviceInfo d) {
        List<String> fields = new ArrayList<>();
        if (d.deviceNum() != null) {
            fields.add("deviceNum");
        }
        if (d.type() != null) {
            fields.add("deviceType");
        }
        if (!(d.ompdHandle() instanceof Fact.Absent<Boolean>)) {
            fields.add("ompdHandle");
        }
        if (!d.images().isEmpty()) {
            fields.add("images");
        }
        if (!d.mappings().isEmpty()) {
            fields.add("mappings");
        }
        if (d.transfers() != null) {
            fields.add("transfers");
        }
        return fields;
    }

    private void checkMappings(EntityRef ref, List<Mapping> mappings) {
        for (int i = 0; i < mappings.size(); i++) {
            TargetRegionId by = mappings.get(i).mappedBy();
            if (by != null && index.targetRegion(by).isEmpty()) {
                found.add(SnapshotValidator.danglingReference(ref, "mappings[" + i + "].mappedBy",
                        "target region " + Names.target(by)));
            }
        }
        checkOverlaps(ref, mappings);
    }

    /**
     * Sorts the mappings by host start once and sweeps them, keeping the one that reaches furthest so far: each
     * mapping that starts before that one ends overlaps it. O(n log n) for a device with n mappings.
     */
    private void checkOverlaps(EntityRef ref, List<Mapping> mappings) {
        if (mappings.size() < 2) {
            return;
        }
        Integer[] order = new Integer[mappings.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Long.compareUnsigned(mappings.get(x).hostAddress(),
                mappings.get(y).hostAddress()));
        int furthest = -1;
        for (int at : order) {
            Mapping m = mappings.get(at);
            if (m.bytes() == 0) {
                continue;
            }
            if (furthest >= 0 && m.overlaps(mappings.get(furthest))) {
                Mapping other = mappings.get(furthest);
                int first = Math.min(at, furthest);
                int second = Math.max(at, furthest);
                found.add(Diagnostic.warning("overlapping-mapping", ref + " mappings[" + second + "] "
                                + range(mappings.get(second)) + " overlaps mappings[" + first + "] "
                                + range(mappings.get(first)) + ": a host byte is present on a device at most once",
                        "check how the mapping table was captured; one of the two should have been removed",
                        Location.of(ref, "mappings[" + second + "]")));
                if (Long.compareUnsigned(m.hostEnd(), other.hostEnd()) <= 0) {
                    continue;
                }
            }
            furthest = at;
        }
    }

    private static String range(Mapping m) {
        return "(host " + Address.hex(m.hostAddress()) + "–" + Address.hex(m.hostEnd()) + ")";
    }

    private void checkTarget(TargetRegion target, Map<TaskId, TargetRegionId> constructs) {
        EntityRef ref = EntityRef.of(target.id());
        if (target.device() != null) {
            var device = index.addressSpace(target.device());
            if (device.isEmpty()) {
                found.add(SnapshotValidator.danglingReference(ref, "device", "address space " + target.device()));
            } else if (!device.get().isDevice()) {
                found.add(Diagnostic.error("not-a-device", ref + " device names address space "
                                + target.device() + ", which is the process, not a device",
                        "name a device's address space (one with a \"parent\"), or leave \"device\" out for a "
                                + "construct that runs on the host", Location.of(ref, "device")));
            } else {
                checkSameDevice(ref, target, device.get());
            }
        }
        checkTask(ref, "encounteringTask", target.encounteringTask());
        Task targetTask = checkTask(ref, "targetTask", target.targetTask());
        if (targetTask != null && !TaskKind.TARGET.equals(targetTask.kind())) {
            found.add(Diagnostic.warning("not-a-target-task", ref + " targetTask names task " + Names.task(targetTask.id())
                            + ", which is of kind " + targetTask.kind() + ", not target",
                    "a target task has kind \"target\"; correct the link or the task's kind",
                    Location.of(ref, "targetTask")));
        }
        if (targetTask != null) {
            TargetRegionId first = constructs.putIfAbsent(targetTask.id(), target.id());
            if (first != null) {
                found.add(Diagnostic.warning("shared-target-task", ref + " targetTask names task "
                                + Names.task(targetTask.id()) + ", as " + EntityRef.of(first) + " does: a target task belongs "
                                + "to one target construct", "correct one of the two \"targetTask\" links",
                        Location.of(ref, "targetTask")));
            }
        }
    }

    /** A target region's OMPT {@code device_num} is the number of the device it names. */
    private void checkSameDevice(EntityRef ref, TargetRegion target, AddressSpace device) {
        Integer num = device.device() == null ? null : device.device().deviceNum();
        if (num != null && num != target.deviceNum()) {
            found.add(Diagnostic.warning("device-num-mismatch", ref + " has deviceNum " + target.deviceNum()
                            + " but its device, " + EntityRef.of(device.id()) + ", is device " + num,
                    "correct \"deviceNum\" or \"device\": they name the same device",
                    Location.of(ref, "deviceNum")));
        }
    }

    /** Reports a link to a task the snapshot does not hold; the task, when it holds it. */
    private Task checkTask(EntityRef ref, String field, Fact<TaskId> link) {
        if (link instanceof Fact.Known<TaskId>(TaskId t)) {
            var task = index.task(t);
            if (task.isEmpty()) {
                found.add(SnapshotValidator.danglingReference(ref, field, "task " + Names.task(t)));
                return null;
            }
            return task.get();
        }
        return null;
    }
}
