package org.ompdexplorer.model.callstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadKind;

/**
 * Where a thread is: its innermost frame of the program's code; else, when its stack stops in the runtime (built
 * without frame pointers), the site of the sync region it is inside; else nothing.
 */
class ThreadPlaceTest {
    private static final CodeModule PROG = new CodeModule("/home/u/held", null, 0x1000, 0x1000, 0x9000, 100L);
    private static final CodeModule LIBOMP = new CodeModule("/usr/lib/x86_64-linux-gnu/libomp.so.5", null, 0x7f0000,
            0x7f0000, 0x7f9000, 100L);
    private static final List<CodeModule> MODULES = List.of(PROG, LIBOMP);
    private static final Fact<SyncRegion> AT_BARRIER = Fact.of(new SyncRegion(SyncRegionKind.BARRIER_EXPLICIT,
            Fact.of(new CodeLocation(0x1234, "solve_boundary", "/home/u/held.c", 42))));

    private static OmpThread thread(long id, Fact<SyncRegion> sync) {
        return new OmpThread(new ThreadId(id), new AddressSpaceId(0), List.of(), Fact.of(ThreadKind.WORKER),
                Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of(), sync);
    }

    private static Snapshot snapshot(List<OmpThread> threads, List<CallStack> stacks) {
        return new Snapshot(CaptureInfo.of(CaptureSource.HAND_WRITTEN), RuntimeInfo.UNKNOWN,
                List.of(AddressSpace.process(new AddressSpaceId(0), List.of())), List.of(), List.of(), List.of(),
                threads, List.of(), List.of(), List.of(), MODULES, stacks);
    }

    private static CallFrame frame(long pc, int module, String function, String file, int line) {
        return new CallFrame(pc, 0, false, module, function, file, line, 0, false, null, FrameRole.USER);
    }

    @Test
    void aThreadWhoseStackStopsInTheRuntimeWaitsAtItsSyncRegionsSite() {
        OmpThread t = thread(2, AT_BARRIER);
        CallStack runtimeOnly = new CallStack(t.id(), List.of(frame(0x7f0100, 1, "__kmp_wait", null, 0)),
                "the walk stopped");
        assertThat(ThreadPlace.of(t, snapshot(List.of(t), List.of(runtimeOnly))))
                .contains("waits at a barrier in solve_boundary (/home/u/held.c:42)");
        // no stack at all (stacks off, or a source without them): the same
        assertThat(ThreadPlace.of(t, snapshot(List.of(t), List.of())))
                .contains("waits at a barrier in solve_boundary (/home/u/held.c:42)");
    }

    @Test
    void aUserFrameSaysWhereTheThreadIsBeforeItsSyncRegion() {
        OmpThread t = thread(2, AT_BARRIER);
        CallStack stack = new CallStack(t.id(), List.of(frame(0x7f0100, 1, "__kmp_wait", null, 0),
                frame(0x1300, 0, "relax", "/home/u/held.c", 17)), null);
        assertThat(ThreadPlace.of(t, snapshot(List.of(t), List.of(stack)))).contains("at relax (/home/u/held.c:17)");
    }

    @Test
    void aSiteWithoutSymbolIsNamedByItsModuleAndOffsetAndEachKindByItsConstruct() {
        OmpThread t = thread(2, Fact.of(new SyncRegion(SyncRegionKind.TASKWAIT, Fact.of(CodeLocation.at(0x1500)))));
        assertThat(ThreadPlace.of(t, snapshot(List.of(t), List.of()))).contains("waits at a taskwait in held+0x500");
        OmpThread implicit = thread(3, Fact.of(new SyncRegion(SyncRegionKind.BARRIER_IMPLICIT_PARALLEL,
                Fact.of(CodeLocation.at(0x1500)))));
        assertThat(ThreadPlace.of(implicit, snapshot(List.of(implicit), List.of())))
                .contains("waits at an implicit barrier in held+0x500");
        assertThat(SyncRegionKind.of("barrier_future").construct()).isEqualTo("a sync region (barrier_future)");
    }

    @Test
    void withoutAUserFrameOrASiteNothingIsSaid() {
        OmpThread noSite = thread(2, Fact.of(new SyncRegion(SyncRegionKind.BARRIER_IMPLICIT_PARALLEL, Fact.absent())));
        OmpThread none = thread(3, Fact.absent());
        Snapshot s = snapshot(List.of(noSite, none), List.of());
        assertThat(ThreadPlace.of(noSite, s)).isEmpty();
        assertThat(ThreadPlace.of(none, s)).isEmpty();
    }

    /**
     * The diff says where a thread moved by the same rule: two moments of a thread blocked at barriers in two functions,
     * its stack in the runtime both times (the same folded stack), differ in where.
     */
    @Test
    void theDiffComparesWhereByTheSameRuleAndTheJobViewPlacesTheThreadThere() {
        List<org.ompdexplorer.model.OsThreadId> lwp = List.of(new org.ompdexplorer.model.OsThreadId(
                org.ompdexplorer.model.OsThreadIdKind.LWP, 4242)); // one thread of one process, matched by its LWP
        OmpThread before = new OmpThread(new ThreadId(2), new AddressSpaceId(0), lwp, Fact.of(ThreadKind.WORKER),
                Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of(), AT_BARRIER);
        OmpThread after = new OmpThread(new ThreadId(2), new AddressSpaceId(0), lwp, Fact.of(ThreadKind.WORKER),
                Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of(),
                Fact.of(new SyncRegion(SyncRegionKind.BARRIER_EXPLICIT,
                        Fact.of(new CodeLocation(0x2234, "solve_interior", "/home/u/held.c", 57)))));
        CallStack runtimeOnly = new CallStack(before.id(), List.of(frame(0x7f0100, 1, "__kmp_wait", null, 0)), null);
        org.ompdexplorer.model.diff.SnapshotDiff d = org.ompdexplorer.model.diff.SnapshotDiff.of(
                snapshot(List.of(before), List.of(runtimeOnly)), snapshot(List.of(after), List.of(runtimeOnly)));
        assertThat(d.entries()).flatExtracting(org.ompdexplorer.model.diff.EntityDiff::changes)
                .filteredOn(c -> c.field() == org.ompdexplorer.model.diff.DiffField.WHERE)
                .singleElement().satisfies(c -> {
                    assertThat(c.before().text()).isEqualTo("solve_boundary (/home/u/held.c:42)");
                    assertThat(c.after().text()).isEqualTo("solve_interior (/home/u/held.c:57)");
                });
        assertThat(ThreadPlace.key(after, snapshot(List.of(after), List.of()).index(), MODULES))
                .map(FrameKey::function).contains("solve_interior");
    }
}
