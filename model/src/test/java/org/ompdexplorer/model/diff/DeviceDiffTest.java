package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.Transfers;

/** Snapshots of format 1.1: devices pair by device number and compare their tables; target regions pair by number. */
class DeviceDiffTest {
    private static AddressSpace device(long id, Long kind, String deviceId, Integer num, Mapping... mappings) {
        DeviceInfo info = num == null ? null
                : new DeviceInfo(num, "generic-64bit", Fact.absent(), List.of(), List.of(mappings), Transfers.NONE);
        return new AddressSpace(new AddressSpaceId(id), new AddressSpaceId(0), kind, deviceId, List.of(), info, null);
    }

    private static Snapshot snapshot(List<AddressSpace> devices, List<TargetRegion> targets) {
        List<AddressSpace> spaces = new java.util.ArrayList<>();
        spaces.add(AddressSpace.process(new AddressSpaceId(0), List.of()));
        spaces.addAll(devices);
        return new Snapshot(CaptureInfo.of(CaptureSource.HAND_WRITTEN), RuntimeInfo.UNKNOWN, spaces, List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of(), targets);
    }

    private static TargetRegion target(long id, long device, int num, boolean inFlight) {
        return new TargetRegion(new TargetRegionId(id), TargetKind.TARGET, new AddressSpaceId(device), num, inFlight,
                Fact.absent(), Fact.absent(), Fact.absent(), List.of(), 1, null);
    }

    @Test
    void devicesPairByDeviceNumberWhateverTheirIdsOrderAndCompareTheirTablesAndTargetsPairByNumber() {
        Snapshot a = snapshot(List.of(device(1, null, null, 0, new Mapping(0x1000, 0x2000, 64, 1, null, null)),
                device(2, null, null, 1)), List.of(target(1, 1, 0, true)));
        Snapshot b = snapshot(List.of(device(7, null, null, 1), device(8, null, null, 0)),
                List.of(target(5, 8, 0, false), target(6, 7, 1, true)));
        SnapshotDiff d = SnapshotDiff.of(a, b);
        Matching m = d.matching();
        assertThat(m.inB(EntityRef.of(new AddressSpaceId(1)))).contains(EntityRef.of(new AddressSpaceId(8)));
        assertThat(m.inB(EntityRef.of(new AddressSpaceId(2)))).contains(EntityRef.of(new AddressSpaceId(7)));
        assertThat(d.counts(EntityKind.ADDRESS_SPACE).matchedBy())
                .containsEntry(MatchMethod.PROCESS, 1).containsEntry(MatchMethod.DEVICE_NUMBER, 2);
        assertThat(d.counts(EntityKind.ADDRESS_SPACE).changed()).as("device 0's range was released").isEqualTo(1);
        EntityDiff device0 = d.entries().stream().filter(e -> e.kind() == EntityKind.ADDRESS_SPACE).findFirst()
                .orElseThrow();
        assertThat(device0.changes()).extracting(FieldChange::label, c -> c.after().text())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("mapping ranges", "0 present"),
                        org.assertj.core.groups.Tuple.tuple("mapping 0x1000", "absent"));
        assertThat(m.inB(EntityRef.of(new TargetRegionId(1)))).as("the agent's numbers differ: another construct")
                .isEmpty();
        assertThat(d.counts(EntityKind.TARGET_REGION).removed()).isEqualTo(1);
        assertThat(d.counts(EntityKind.TARGET_REGION).added()).isEqualTo(2);
    }

    @Test
    void devicesWithoutANumberPairByKindAndIdAsBefore() {
        Snapshot a = snapshot(List.of(device(1, 3L, "aa", null), device(2, 3L, "bb", null)), List.of());
        Snapshot b = snapshot(List.of(device(5, 3L, "bb", null), device(6, 3L, "aa", null)), List.of());
        Matching m = SnapshotDiff.of(a, b).matching();
        assertThat(m.inB(EntityRef.of(new AddressSpaceId(1)))).contains(EntityRef.of(new AddressSpaceId(6)));
        assertThat(m.inB(EntityRef.of(new AddressSpaceId(2)))).contains(EntityRef.of(new AddressSpaceId(5)));
    }

    @Test
    void aDeviceNumberSeenOnlyInOneSnapshotDoesNotPairWithAnotherNumber() {
        Snapshot a = snapshot(List.of(device(1, 3L, "aa", 0)), List.of());
        Snapshot b = snapshot(List.of(device(1, 3L, "aa", 1)), List.of());
        SnapshotDiff d = SnapshotDiff.of(a, b);
        assertThat(d.counts(EntityKind.ADDRESS_SPACE).added()).isEqualTo(1);
        assertThat(d.counts(EntityKind.ADDRESS_SPACE).removed()).isEqualTo(1);
    }
}
