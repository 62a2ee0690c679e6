package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/** The format 1.1 checks: devices, mappings and target regions. */
class OffloadChecksTest {
    private static final AddressSpaceId PROCESS = new AddressSpaceId(0);
    private static final AddressSpaceId DEVICE = new AddressSpaceId(1);
    private final List<AddressSpace> spaces = new ArrayList<>();
    private final List<TargetRegion> targets = new ArrayList<>();
    private final List<Task> tasks = new ArrayList<>();

    private static DeviceInfo device(int num, Mapping... mappings) {
        return new DeviceInfo(num, "generic-64bit", Fact.absent(), List.of(), List.of(mappings), null);
    }

    private static Mapping mapping(long host, long bytes, Long mappedBy) {
        return new Mapping(host, 0x9000, bytes, 1, mappedBy == null ? null : new TargetRegionId(mappedBy), null);
    }

    private static TargetRegion target(long id, AddressSpaceId device, Long encountering, Long targetTask) {
        return new TargetRegion(new TargetRegionId(id), TargetKind.TARGET, device, 0, true,
                encountering == null ? Fact.absent() : Fact.of(new TaskId(encountering)),
                targetTask == null ? Fact.absent() : Fact.of(new TaskId(targetTask)), Fact.absent(), List.of(), 0,
                null);
    }

    private void task(long id, TaskKind kind) {
        tasks.add(new Task(new TaskId(id), kind, Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of(), null));
    }

    private List<Diagnostic> validate() {
        return SnapshotValidator.validate(new Snapshot(CaptureInfo.of(CaptureSource.HAND_WRITTEN),
                RuntimeInfo.UNKNOWN, spaces, List.of(), List.of(), List.of(), List.of(), List.of(), tasks, targets));
    }

    private static List<String> where(List<Diagnostic> found) {
        return found.stream().map(d -> d.severity().label() + " " + d.code() + " " + d.location().entity() + "."
                + d.location().field()).toList();
    }

    @Test
    void aConsistentOffloadSnapshotHasNoFindings() {
        spaces.add(new AddressSpace(PROCESS, null, null, null, List.of(), null,
                new OffloadInfo("libomptarget.so", Fact.of(1), 1, List.of())));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(),
                device(0, mapping(0x1000, 0x100, 1L), mapping(0x1100, 0x100, null)), null));
        task(1, TaskKind.IMPLICIT);
        task(2, TaskKind.TARGET);
        targets.add(target(1, DEVICE, 1L, 2L));
        targets.add(target(2, null, 1L, null)); // on the host: no device
        assertThat(validate()).isEmpty();
    }

    @Test
    void deviceFieldsOnTheProcessAndOffloadOnADeviceAreMisplaced() {
        spaces.add(new AddressSpace(PROCESS, null, null, null, List.of(),
                new DeviceInfo(null, "generic-64bit", Fact.of(true), List.of(), List.of(), null), null));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), null,
                new OffloadInfo(null, Fact.absent(), null, List.of())));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("error misplaced-field address space 0.deviceType",
                "error misplaced-field address space 1.offload");
        assertThat(found.getFirst().message()).contains("is the process").contains("deviceType, ompdHandle");
    }

    @Test
    void aTargetRegionOnTheProcessIsNotOnADevice_onAMissingAddressSpaceItDangles() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        targets.add(target(1, PROCESS, null, null));
        targets.add(target(2, new AddressSpaceId(7), null, null));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("error not-a-device target region TR1.device",
                "error dangling-reference target region TR2.device");
        assertThat(found.getFirst().message()).contains("address space 0, which is the process");
    }

    @Test
    void linksToTasksAndTargetRegionsTheSnapshotDoesNotHoldDangle() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0, mapping(0x1000, 8, 9L)),
                null));
        targets.add(target(1, DEVICE, 40L, 41L));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("error dangling-reference address space 1.mappings[0].mappedBy",
                "error dangling-reference target region TR1.encounteringTask",
                "error dangling-reference target region TR1.targetTask");
        assertThat(found.getFirst().message()).contains("target region TR9");
    }

    @Test
    void aTargetTaskThatIsNotOfKindTargetIsAWarning() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        task(5, TaskKind.EXPLICIT);
        targets.add(target(1, null, null, 5L));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("warning not-a-target-task target region TR1.targetTask");
        assertThat(found.getFirst().message()).contains("kind explicit");
    }

    @Test
    void overlappingHostRangesOfOneDeviceAreWarnedOncePerMapping() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0,
                mapping(0x2000, 0x1000, null),     // 0x2000–0x2fff
                mapping(0x1000, 0x1000, null),     // 0x1000–0x1fff: touches, does not overlap
                mapping(0x2800, 0x10, null),       // inside the first
                mapping(0x2ff0, 0x100, null),      // overlaps the first's end
                mapping(0x5000, 0, null),          // empty: overlaps nothing
                mapping(-0x100L, 0x1000, null)),   // runs past 2^64 − 1: ends there, overlaps nothing
                null));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("warning overlapping-mapping address space 1.mappings[2]",
                "warning overlapping-mapping address space 1.mappings[3]");
        assertThat(found.getFirst().message()).contains("(host 0x2800–0x280f) overlaps mappings[0] (host 0x2000–0x2fff)");
        assertThat(found).extracting(Diagnostic::severity).containsOnly(Severity.WARNING);
    }

    @Test
    void theSameMappingsOnTwoDevicesDoNotOverlap() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0, mapping(0x1000, 64, null)),
                null));
        spaces.add(new AddressSpace(new AddressSpaceId(2), PROCESS, null, null, List.of(),
                device(1, mapping(0x1000, 64, null)), null));
        assertThat(validate()).isEmpty();
    }

    @Test
    void aTargetRegionIdGivenTwiceIsADuplicate() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        targets.add(target(3, null, null, null));
        targets.add(target(3, null, null, null));
        assertThat(where(validate())).containsExactly("error duplicate-id target region TR3.id");
    }

    @Test
    void aHostRangeRunningPastTheTopOfMemoryEndsThere() {
        assertThat(mapping(-0x100L, 0x1000, null).hostEnd()).isEqualTo(-1L);
        assertThat(mapping(0x1000, 0x10, null).hostEnd()).isEqualTo(0x100fL);
        assertThat(mapping(0x1000, 0, null).hostEnd()).isEqualTo(0x1000L);
    }

    @Test
    void twoDevicesOfAProcessWithOneNumberAreAWarning_devicesOfTwoProcessesMayShareIt() {
        AddressSpaceId other = new AddressSpaceId(5);
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0), null));
        spaces.add(new AddressSpace(new AddressSpaceId(2), PROCESS, null, null, List.of(), device(1), null));
        spaces.add(new AddressSpace(new AddressSpaceId(3), PROCESS, null, null, List.of(), device(0), null));
        spaces.add(AddressSpace.process(other, List.of()));
        spaces.add(new AddressSpace(new AddressSpaceId(6), other, null, null, List.of(), device(0), null));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("warning duplicate-device-num address space 3.deviceNum");
        assertThat(found.getFirst().message()).isEqualTo("address space 3 is device 0, as address space 1 is: a "
                + "process numbers each of its devices once");
    }

    @Test
    void aTargetRegionNumberedAsAnotherDeviceIsAWarning() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(3), null));
        targets.add(target(1, DEVICE, null, null)); // deviceNum 0
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("warning device-num-mismatch target region TR1.deviceNum");
        assertThat(found.getFirst().message()).isEqualTo("target region TR1 has deviceNum 0 but its device, address "
                + "space 1, is device 3");
    }

    @Test
    void aTargetTaskNamedByTwoTargetRegionsIsAWarningAtTheSecond() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0), null));
        task(1, TaskKind.IMPLICIT);
        task(2, TaskKind.TARGET);
        task(3, TaskKind.TARGET);
        targets.add(target(1, DEVICE, 1L, 2L));
        targets.add(target(2, DEVICE, 1L, 3L));
        targets.add(target(3, DEVICE, 1L, 2L));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("warning shared-target-task target region TR3.targetTask");
        assertThat(found.getFirst().message()).isEqualTo("target region TR3 targetTask names task #2, as target region "
                + "TR1 does: a target task belongs to one target construct");
        assertThat(found.getFirst().severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void aProcessThatListsItsDevicesListsAsManyAsItsDeviceCount() {
        spaces.add(new AddressSpace(PROCESS, null, null, null, List.of(), null,
                new OffloadInfo("libomptarget.so", Fact.of(2), 2, List.of())));
        spaces.add(new AddressSpace(DEVICE, PROCESS, null, null, List.of(), device(0), null));
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("error device-count-mismatch address space 0.offload.deviceCount");
        assertThat(found.getFirst().message()).isEqualTo("address space 0 has deviceCount 2 but lists 1 device: a "
                + "process lists every device it initialized");
        spaces.add(new AddressSpace(new AddressSpaceId(2), PROCESS, null, null, List.of(), device(1), null));
        assertThat(validate()).isEmpty();
        // a core import without the agent's device table knows no devices, and may know how many there are
        spaces.removeIf(AddressSpace::isDevice);
        assertThat(validate()).isEmpty();
    }

    @Test
    void aTargetRegionsKernelsNotFinishedAreSomeOfThoseSubmitted_andNoneOnceEnded() {
        spaces.add(AddressSpace.process(PROCESS, List.of()));
        List<Kernel> two = List.of(new Kernel(1), new Kernel(1));
        targets.add(new TargetRegion(new TargetRegionId(1), TargetKind.TARGET, null, 0, true, Fact.absent(),
                Fact.absent(), Fact.absent(), two, 1, null));
        targets.add(new TargetRegion(new TargetRegionId(2), TargetKind.TARGET, null, 0, false, Fact.absent(),
                Fact.absent(), Fact.absent(), List.of(new Kernel(1)), 1, null));
        targets.add(new TargetRegion(new TargetRegionId(3), TargetKind.TARGET, null, 0, true, Fact.absent(),
                Fact.absent(), Fact.absent(), two, 0, null)); // kernelsSubmitted left out: not counted
        List<Diagnostic> found = validate();
        assertThat(where(found)).containsExactly("error kernel-count-mismatch target region TR1.kernels",
                "error kernel-count-mismatch target region TR2.kernels");
        assertThat(found.getFirst().message()).isEqualTo("target region TR1 lists 2 kernels not finished but submitted "
                + "1: kernels not finished are some of those submitted");
        assertThat(found.getLast().message()).isEqualTo("target region TR2 has ended but lists 1 kernel not finished: "
                + "a construct ends after its kernels");
    }
}
