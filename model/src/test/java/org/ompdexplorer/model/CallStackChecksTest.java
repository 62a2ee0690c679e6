package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Frame-to-task links of call stacks, on the fib shape: T0's chain is #6 → #3 → #1 → #0. */
class CallStackChecksTest {
    private static final List<CodeModule> MODULES = List.of(new CodeModule("/p", null, 0, 0, 0x10000, null));

    private static CallFrame frame(Long task) {
        return new CallFrame(0x100, 0, false, 0, "f", null, 0, 0, false, task == null ? null : new TaskId(task),
                FrameRole.USER);
    }

    private static List<String> codes(CallStack... stacks) {
        Snapshot s = Snapshots.fib();
        s = s.withCallStacks(MODULES, List.of(stacks));
        return SnapshotValidator.validate(s).stream().map(d -> d.code() + " " + d.message()).toList();
    }

    @Test
    void aStackThatFollowsTheChainOutwardsIsClean() {
        assertThat(codes(new CallStack(new ThreadId(0), List.of(frame(6L), frame(6L), frame(3L), frame(1L),
                frame(0L), frame(null)), null))).isEmpty();
    }

    @Test
    void eachBrokenLinkIsAFindingAtTheThreadsStackNamingTheFrame() {
        CallFrame badModule = new CallFrame(0x100, 0, false, 4, "f", null, 0, 0, false, null, FrameRole.USER);
        List<String> found = codes(
                new CallStack(new ThreadId(0), List.of(frame(3L), frame(6L), frame(4L), frame(42L), badModule), null),
                new CallStack(new ThreadId(0), List.of(), null),
                new CallStack(new ThreadId(7), List.of(), null));
        assertThat(found).containsExactly(
                "frame-task-order thread T0's frame 1 belongs to task #6, which the thread was scheduled on after the task "
                        + "of a frame inside it",
                "frame-task-off-chain thread T0's frame 2 belongs to task #4, which is not on the thread's scheduling chain",
                "dangling-reference thread T0 stack names task #42 in frame 3, which this snapshot does not hold",
                "dangling-reference thread T0 stack names module 4 in frame 4, which this snapshot does not hold",
                "duplicate-stack thread T0 has more than one call stack; only the first is used",
                "dangling-reference thread T7 stack names its thread, which this snapshot does not hold");
        List<Diagnostic> all = SnapshotValidator.validate(Snapshots.fib().withCallStacks(MODULES,
                List.of(new CallStack(new ThreadId(0), List.of(frame(42L)), null))));
        assertThat(all.getFirst().location().field()).isEqualTo("stack");
    }
}
