package org.ompdexplorer.model.synthetic;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;

/**
 * The snapshots of the ranks of a generated MPI job, for tests and benchmarks of the job view: every rank the same
 * generated OpenMP state ({@link SyntheticSnapshotGenerator}, one spec), its place in the job in {@code capture.job},
 * and a call stack on every thread ({@code main → solve → the runtime's wait}). An <em>odd</em> rank has its last
 * thread held elsewhere: at an explicit barrier in {@code exchange_halo}.
 */
public final class SyntheticJob {
    /** The program every rank runs. */
    public static final String PROGRAM = "/home/u/solver";
    /** Where an odd rank's last thread is held. */
    public static final String ODD_FUNCTION = "exchange_halo";
    private static final List<CodeModule> MODULES = List.of(
            new CodeModule(PROGRAM, "ab12", 0x400000, 0x400000, 0x500000, null),
            new CodeModule("/usr/lib/llvm-19/lib/libomp.so.5", "cd34", 0x7f0000000000L, 0x7f0000000000L,
                    0x7f0000100000L, null));

    private SyntheticJob() {
    }

    /**
     * Rank {@code rank} of a job of {@code size} ranks.
     *
     * @param base a generated snapshot (the same for every rank of a job)
     * @param odd  whether this rank's last thread is held at a barrier in {@value #ODD_FUNCTION}
     */
    public static Snapshot rank(Snapshot base, int rank, int size, String jobId, Instant time, boolean odd) {
        Snapshot s = base;
        OmpThread last = s.threads().getLast();
        if (odd) {
            s = SnapshotEdits.withThreadWaiting(s, last.id(), ThreadState.ofValue(0x14), 0xbeef);
        }
        List<CallStack> stacks = new ArrayList<>();
        for (OmpThread t : s.threads()) {
            boolean held = odd && t.id().equals(last.id());
            stacks.add(new CallStack(t.id(), List.of(
                    frame(0x7f0000001000L, 1, "__kmp_wait_template", null, 0, FrameRole.RUNTIME),
                    frame(0x7f0000002000L, 1, held ? "__kmp_barrier" : "__kmp_execute_tasks", null, 0,
                            FrameRole.RUNTIME),
                    held ? frame(0x401200, 0, ODD_FUNCTION, "halo.c", 77, FrameRole.USER)
                            : frame(0x401100, 0, "solve", "solver.c", 42, FrameRole.USER),
                    frame(0x401000, 0, "main", "solver.c", 10, FrameRole.USER)), null));
        }
        CaptureInfo c = new CaptureInfo(CaptureSource.SYNTHETIC, PROGRAM, 1000L + rank, "node" + rank / 64, time,
                "signal", null, "ompd-explorer generate", List.of(), new JobPlacement(rank, size, jobId, "slurm"));
        return new Snapshot(c, s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(),
                s.threads(), s.parallelRegions(), s.tasks(), s.targetRegions(), MODULES, stacks);
    }

    private static CallFrame frame(long pc, int module, String function, String file, int line, FrameRole role) {
        return new CallFrame(pc, 0, false, module, function, file, line, 0, false, null, role);
    }
}
