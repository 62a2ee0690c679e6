package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameKey;

/**
 * Whether a matched thread's call stack is at the same place in both snapshots: the same frames by function and
 * file:line (module and offset without symbols), never by address, each run of runtime frames folded to one — a spin
 * and a sleep of the same wait are the same place; a wait entered again from another line is not. Where the thread
 * stopped counts by its function alone (a spin loop stops on any of its lines).
 */
final class SameStacks {
    private final Matching m;
    private final Snapshot a;
    private final Snapshot b;

    SameStacks(Matching m) {
        this.m = m;
        this.a = m.a();
        this.b = m.b();
    }

    /**
     * Empty when both snapshots hold the thread's stack and they differ (it moved); otherwise what a still-blocked
     * entry adds: {@code "; the same call stack in both, in fixture_hold_forever (fixture.h:31)"}, or nothing when
     * either snapshot has no stack for it.
     */
    Optional<String> compare(Fact<ThreadId> inA, Fact<ThreadId> inB) {
        return compare(inA, inB, null, null);
    }

    /**
     * As {@link #compare(Fact, Fact)} for a suspended task: only the part of the stack from the task's own segment
     * outwards counts — the work its thread runs on top of it may move while the task stays where it is.
     */
    Optional<String> compare(Fact<ThreadId> inA, Fact<ThreadId> inB, TaskId taskA, TaskId taskB) {
        if (!inA.isKnown() || !inB.isKnown()) {
            return Optional.of("");
        }
        Optional<CallStack> sa = a.index().callStack(inA.get());
        Optional<CallStack> sb = b.index().callStack(inB.get());
        if (sa.isEmpty() || sb.isEmpty() || sa.get().frames().isEmpty() || sb.get().frames().isEmpty()) {
            return Optional.of("");
        }
        int pa = a.index().threadPosition(inA.get().value());
        int pb = b.index().threadPosition(inB.get().value());
        if (pa < 0 || pb < 0 || m.inB(EntityKind.THREAD, pa) != pb) {
            return Optional.of("");
        }
        CallStack from = outwardsFrom(sb.get(), taskB);
        List<FrameKey> ka = keys(outwardsFrom(sa.get(), taskA), a);
        List<FrameKey> kb = keys(from, b);
        if (!ka.equals(kb)) {
            return Optional.empty();
        }
        return Optional.of("; the same call stack in both" + from.innermostUserFrame(b.modules())
                .map(f -> ", in " + FrameKey.of(f, b.modules()).display()).orElse(""));
    }

    /** The frames from the first of {@code task}'s segment outwards; the whole stack when none is the task's. */
    private static CallStack outwardsFrom(CallStack stack, TaskId task) {
        if (task == null) {
            return stack;
        }
        List<CallFrame> frames = stack.frames();
        for (int i = 0; i < frames.size(); i++) {
            if (task.equals(frames.get(i).task())) {
                return stack.withFrames(frames.subList(i, frames.size()));
            }
        }
        return stack;
    }

    /**
     * The places compared: runtime runs folded; where the thread stopped (an activation) by its function alone — a
     * thread spinning in a loop stops on any of its lines, and is still in the same place.
     */
    private static List<FrameKey> keys(CallStack stack, Snapshot s) {
        List<CallFrame> frames = new ArrayList<>(stack.frames().size());
        for (CallFrame f : stack.frames()) {
            frames.add(f.activation() && f.function() != null ? f.withSymbol(f.function(), f.file(), 0, 0,
                    f.inlined()) : f);
        }
        return FrameKey.folded(stack.withFrames(frames), s.modules());
    }
}
