package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The summary says where each thread is: at its innermost user frame; a thread whose stack stops in the runtime
 * (a barrier in a libomp built without frame pointers) waits at its sync region's site.
 */
class SummaryWhereTest {
    @Test
    void aThreadWithoutAUserFrameWaitsAtItsSyncRegionsSite() {
        Snapshot base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 10, 5));
        List<OmpThread> threads = new ArrayList<>(base.threads());
        Fact<SyncRegion> barrier = Fact.of(new SyncRegion(SyncRegionKind.BARRIER_EXPLICIT,
                Fact.of(new CodeLocation(0x1234, "solve_boundary", "held.c", 42))));
        threads.replaceAll(t -> t.withSyncRegion(barrier));
        CodeModule prog = new CodeModule("/home/u/held", "ab", 0x1000, 0x1000, 0x9000, null);
        CodeModule libomp = new CodeModule("/usr/lib/libomp.so.5", "cd", 0x7f0000, 0x7f0000, 0x7f9000, null);
        CallStack user = new CallStack(threads.get(0).id(), List.of(
                new CallFrame(0x7f0100, 0, true, 1, "__kmp_wait", null, 0, 0, false, null, FrameRole.RUNTIME),
                new CallFrame(0x1300, 0, false, 0, "relax", "held.c", 17, 0, false, null, FrameRole.USER)), null);
        CallStack runtimeOnly = new CallStack(threads.get(1).id(), List.of(
                new CallFrame(0x7f0100, 0, true, 1, "__kmp_wait", null, 0, 0, false, null, FrameRole.RUNTIME)),
                "the walk stopped");
        Snapshot s = new Snapshot(base.capture(), base.runtime(), base.addressSpaces(), base.states(),
                base.icvCatalogue(), base.displayControlVars(), threads, base.parallelRegions(), base.tasks(),
                base.targetRegions(), List.of(prog, libomp), List.of(user, runtimeOnly));
        StringWriter text = new StringWriter();
        new SummaryReport(s, List.of(), 0, 0).print(new PrintWriter(text));
        String t0 = "T" + threads.get(0).id().value();
        String t1 = "T" + threads.get(1).id().value();
        List<String> lines = text.toString().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  " + t0 + " ").contains("  at relax (held.c:17)")
                .doesNotContain("waits at"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  " + t1 + " ")
                .contains("  waits at a barrier in solve_boundary (held.c:42)"));
    }
}
