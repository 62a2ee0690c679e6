package org.ompdexplorer.importers.lessons;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.DeviceInfo;
import org.ompdexplorer.model.Kernel;
import org.ompdexplorer.model.Mapping;
import org.ompdexplorer.model.OffloadInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetKind;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.Transfers;

/**
 * What the target-offload lesson teaches, read from its bundled steps: the devices, device 0's present table and
 * who mapped each range, which task waits on a target region and which does not, and the bytes moved.
 */
class OffloadLessonStructureTest {
    private static final long BIG = 8192 * 8, ARRAY = 1000 * 8; // scripts/lessons/target-offload.c

    private static DeviceInfo device0(Snapshot s) {
        return s.devices().stream().filter(d -> d.deviceNum().orElse(-1) == 0).findFirst()
                .flatMap(AddressSpace::deviceInfo).orElseThrow();
    }

    private static List<TargetRegion> inFlight(Snapshot s) {
        return s.targetRegions().stream().filter(TargetRegion::inFlight).toList();
    }

    private static Task task(Snapshot s, TaskId id) {
        return s.index().task(id).orElseThrow();
    }

    @Test
    void targetOffload_thePresentTable_andWhoWaitsOnWhat() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("target-offload");
        assertThat(steps).hasSize(4);
        for (Snapshot s : steps) {
            assertThat(s.devices()).extracting(d -> d.deviceNum().orElseThrow()).containsExactly(0, 1, 2, 3);
            OffloadInfo offload = s.addressSpaces().getFirst().offloadInfo().orElseThrow();
            assertThat(offload.deviceCount().get()).isEqualTo(4);
            assertThat(offload.initialDevice()).isEqualTo(4);
            assertThat(offload.imageTriples()).containsExactly("x86_64-pc-linux-gnu");
            assertThat(device0(s).images()).hasSize(1);
        }

        // 1. target enter data: big is present, mapped by the ended enter data construct, which is kept for it.
        Snapshot entered = steps.get(0);
        TargetRegion enter = entered.targetRegions().getFirst();
        assertThat(entered.targetRegions()).hasSize(1);
        assertThat(enter.kind()).isEqualTo(TargetKind.ENTER_DATA);
        assertThat(enter.inFlight()).isFalse();
        assertThat(device0(entered).mappings()).singleElement().satisfies(m -> {
            assertThat(m.bytes()).isEqualTo(BIG);
            assertThat(m.refCount()).isEqualTo(1);
            assertThat(m.mappedBy()).isEqualTo(enter.id());
        });

        // 2. A target region in flight: its encountering task, an implicit task, is suspended on it.
        Snapshot flying = steps.get(1);
        assertThat(inFlight(flying)).singleElement().satisfies(t -> {
            assertThat(t.kind()).isEqualTo(TargetKind.TARGET);
            assertThat(t.kernels()).containsExactly(new Kernel(1));
            assertThat(t.transfers()).isEqualTo(new Transfers(ARRAY, 1, 0, 0));
            Task waiting = task(flying, t.encounteringTask().get());
            assertThat(waiting.kind()).isEqualTo(TaskKind.IMPLICIT);
            assertThat(waiting.lifecycle().orElseThrow()).isEqualTo(TaskLifecycle.SUSPENDED);
            assertThat(flying.index().awaitedTarget(waiting.id())).contains(t);
        });
        assertThat(device0(flying).mappings()).extracting(Mapping::bytes).containsExactlyInAnyOrder(ARRAY, ARRAY, BIG);

        // 3. Two nowait constructs: target tasks running elsewhere; the initial task waits on neither.
        Snapshot nowait = steps.get(2);
        List<TargetRegion> deferred = inFlight(nowait);
        assertThat(deferred).hasSize(2).allSatisfy(t -> {
            assertThat(t.kind()).isEqualTo(TargetKind.TARGET_NOWAIT);
            Task target = task(nowait, t.targetTask().get());
            assertThat(target.kind()).isEqualTo(TaskKind.TARGET);
            assertThat(target.lifecycle().orElseThrow()).isEqualTo(TaskLifecycle.RUNNING);
            assertThat(target.generatingTask().get()).isEqualTo(t.encounteringTask().get());
        });
        TaskId initial = deferred.getFirst().encounteringTask().get();
        assertThat(task(nowait, initial).kind()).isEqualTo(TaskKind.INITIAL);
        assertThat(nowait.index().awaitedTarget(initial)).isEmpty();

        // 4. target exit data: the table is empty, no construct is kept, every byte is counted both ways.
        Snapshot exited = steps.get(3);
        assertThat(device0(exited).mappings()).isEmpty();
        assertThat(exited.targetRegions()).isEmpty();
        long moved = BIG + 2 * ARRAY;
        assertThat(device0(exited).transfers()).isEqualTo(new Transfers(moved, 3, moved, 3));
    }
}
