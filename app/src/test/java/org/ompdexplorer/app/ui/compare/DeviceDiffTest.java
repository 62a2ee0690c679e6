package org.ompdexplorer.app.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.diff.DiffField;
import org.ompdexplorer.model.diff.FieldChange;
import org.ompdexplorer.model.diff.MatchMethod;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/** Two moments of one offload run: before a target region began, and while it runs with its array mapped. */
class DeviceDiffTest {
    private final Snapshot after = TestSnapshots.withDevices().snapshot();
    private final Snapshot before = withoutTarget(after, 2);

    /** The snapshot as it was before target region {@code id} began: neither it nor what it mapped. */
    private static Snapshot withoutTarget(Snapshot s, long id) {
        List<AddressSpace> spaces = s.addressSpaces().stream().map(sp -> {
            DeviceInfo d = sp.device();
            if (d == null) {
                return sp;
            }
            DeviceInfo kept = new DeviceInfo(d.deviceNum(), d.type(), d.ompdHandle(), d.images(),
                    d.mappings().stream().filter(m -> m.mappedBy() == null || m.mappedBy().value() != id).toList(),
                    d.deviceNum() == 0 ? new org.ompdexplorer.model.Transfers(8000, 1, 0, 0) : d.transfers());
            return new AddressSpace(sp.id(), sp.parent(), sp.deviceKind(), sp.deviceId(), sp.icvs(), kept, sp.offload());
        }).toList();
        List<TargetRegion> targets = s.targetRegions().stream().filter(t -> t.id().value() != id).toList();
        return new Snapshot(s.capture(), s.runtime(), spaces, s.states(), s.icvCatalogue(), s.displayControlVars(),
                s.threads(), s.parallelRegions(), s.tasks(), targets);
    }

    @Test
    void aTargetRegionThatBeganIsAddedAndItsMappingChangesItsDevice() {
        SnapshotDiff diff = SnapshotDiff.of(before, after);
        assertThat(diff.reportedKinds()).contains(EntityKind.TARGET_REGION);
        assertThat(diff.counts(EntityKind.TARGET_REGION).added()).isEqualTo(1);
        assertThat(diff.counts(EntityKind.TARGET_REGION).unchanged()).isEqualTo(2);
        assertThat(diff.matching().method(EntityKind.TARGET_REGION, 0)).isEqualTo(MatchMethod.TARGET_ORDER);
        assertThat(diff.matching().method(EntityKind.ADDRESS_SPACE, 1)).isEqualTo(MatchMethod.DEVICE_NUMBER);
        UnionNode device0 = diff.tree().spaces().stream().filter(n -> n.b() == 1).findFirst().orElseThrow();
        List<FieldChange> changes = diff.entry(device0).changes();
        assertThat(changes).extracting(FieldChange::label).containsExactly("to device", "mapping ranges",
                "mapping 0x4a0000");
        FieldChange mapping = changes.get(2);
        assertThat(mapping.qualifier()).isEqualTo("0x4a0000");
        assertThat(mapping.before().text()).isEqualTo("absent");
        assertThat(mapping.after().text()).isEqualTo("800 B at 0x7f0000200000, refcount 1");
        assertThat(diff.tree().targets()).hasSize(3);
    }

    @Test
    void snapshotsWithoutOffloadReportTheFourKindsTheyAlwaysDid() {
        Snapshot plain = TestSnapshots.handWritten().snapshot();
        assertThat(SnapshotDiff.of(plain, plain).reportedKinds()).containsExactly(EntityKind.ADDRESS_SPACE,
                EntityKind.THREAD, EntityKind.PARALLEL_REGION, EntityKind.TASK);
    }
}
