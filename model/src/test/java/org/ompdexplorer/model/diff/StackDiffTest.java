package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.synthetic.SnapshotEdits;

/** The diff compares stacks by function and file:line, never by address, and "still blocked" needs the same stack. */
class StackDiffTest {
    private static final Snapshot A = SnapshotDiffTest.A;
    private static final OmpThread T0 = A.threads().getFirst();
    private static final ThreadState LOCK = ThreadState.ofValue(0x41);

    /** A stack of T0 loaded at {@code base}: main → solve:line → (runtime) → the lock wait. */
    private static Snapshot withStack(Snapshot s, long base, int solveLine, String... runtime) {
        CodeModule prog = new CodeModule("/home/u/prog", "ab", base, base, base + 0x10000, null);
        List<CallFrame> frames = new java.util.ArrayList<>();
        for (String r : runtime) {
            frames.add(new CallFrame(base + 0x900 + frames.size(), 0, frames.isEmpty(), 0, r, "kmp_lock.cpp", 10, 0,
                    false, null, FrameRole.RUNTIME));
        }
        frames.add(new CallFrame(base + 0x200 + solveLine, 0, false, 0, "solve", "solve.c", solveLine, 3, false, null,
                FrameRole.USER));
        frames.add(new CallFrame(base + 0x100, 0, false, 0, "main", "main.c", 12, 0, false, null, FrameRole.USER));
        return s.withCallStacks(List.of(prog), List.of(new CallStack(T0.id(), frames, null)));
    }

    private static Snapshot waiting() {
        return SnapshotEdits.withThreadWaiting(A, T0.id(), LOCK, 0xabcL);
    }

    @Test
    void theSameStackLoadedElsewhereAndSpinningInsteadOfSleepingIsStillBlockedAndSaysSo() {
        Snapshot a = withStack(waiting(), 0x5555_0000_0000L, 40, "__kmp_acquire_queuing_lock", "__kmp_wait_yield");
        Snapshot b = withStack(waiting(), 0x7777_0000_0000L, 40, "__kmp_acquire_queuing_lock");
        SnapshotDiff d = SnapshotDiff.of(a, b);
        assertThat(d.stillBlocked()).filteredOn(s -> s.kind() == EntityKind.THREAD).singleElement()
                .satisfies(s -> assertThat(s.place()).endsWith("; the same call stack in both, in solve (solve.c:40)"));
        assertThat(d.entries()).as("no stack field differs").isEmpty();
    }

    @Test
    void aWaitEnteredFromAnotherLineMovedAndTheDiffShowsTheFrameThatChanged() {
        Snapshot a = withStack(waiting(), 0x5555_0000_0000L, 40, "__kmp_acquire_queuing_lock");
        Snapshot b = withStack(waiting(), 0x5555_0000_0000L, 52, "__kmp_acquire_queuing_lock");
        SnapshotDiff d = SnapshotDiff.of(a, b);
        assertThat(d.stillBlocked()).noneMatch(s -> s.kind() == EntityKind.THREAD);
        EntityDiff thread = d.entries().stream().filter(e -> e.kind() == EntityKind.THREAD).findFirst().orElseThrow();
        assertThat(thread.changes()).extracting(c -> c.field() + " " + c.qualifier() + ": " + c.before() + " → " + c.after())
                .containsExactly("WHERE : solve (solve.c:40) → solve (solve.c:52)",
                        "STACK frame 1: solve (solve.c:40) → solve (solve.c:52)");
    }

    @Test
    void whereTheThreadStoppedCountsByItsFunctionAloneAsASpinStopsOnAnyOfItsLines() {
        // no runtime frames: the thread stopped in solve itself, at line 40 and then 41 of its loop
        Snapshot a = withStack(waiting(), 0x5555_0000_0000L, 40);
        Snapshot b = withStack(waiting(), 0x5555_0000_0000L, 41);
        assertThat(a.index().callStack(T0.id()).orElseThrow().frames().getFirst().activation()).isFalse();
        Snapshot a2 = a.withCallStacks(a.modules(), List.of(activationFirst(a)));
        Snapshot b2 = b.withCallStacks(b.modules(), List.of(activationFirst(b)));
        assertThat(SnapshotDiff.of(a2, b2).stillBlocked()).filteredOn(s -> s.kind() == EntityKind.THREAD).hasSize(1);
        assertThat(SnapshotDiff.of(a, b).stillBlocked()).as("a return address at another line moved")
                .noneMatch(s -> s.kind() == EntityKind.THREAD);
    }

    private static CallStack activationFirst(Snapshot s) {
        CallStack stack = s.index().callStack(T0.id()).orElseThrow();
        List<CallFrame> frames = new java.util.ArrayList<>(stack.frames());
        CallFrame f = frames.getFirst();
        frames.set(0, new CallFrame(f.pc(), f.cfa(), true, f.module(), f.function(), f.file(), f.line(), f.column(),
                f.inlined(), f.task(), f.role()));
        return stack.withFrames(frames);
    }

    @Test
    void withoutAStackInOneSnapshotTheWaitIsJudgedAsBefore() {
        Snapshot a = withStack(waiting(), 0x5555_0000_0000L, 40, "__kmp_acquire_queuing_lock");
        SnapshotDiff d = SnapshotDiff.of(a, waiting());
        assertThat(d.stillBlocked()).filteredOn(s -> s.kind() == EntityKind.THREAD).singleElement()
                .satisfies(s -> assertThat(s.place()).doesNotContain("call stack"));
    }
}
