package org.ompdexplorer.model.job;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.SyncWait;
import org.ompdexplorer.model.ThreadState;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameKey;

/**
 * What one thread of a rank was doing, folded from its snapshot: all the job view keeps of it.
 *
 * @param thread the thread's id in its snapshot (the agent numbers a process's threads from 0 in the order they
 *               start, so the same id is the same thread of every rank)
 * @param state  the thread state's name without {@code ompt_state_} ({@code wait_barrier_implicit_parallel}), or
 *               {@code null} when the source could not give it
 * @param waitKind what it waits at: {@code barrier}, {@code taskwait}, {@code taskgroup} ({@link SyncWait}), another
 *               wait state's kind ({@code lock}, {@code critical}, {@code target}…), or {@code null} when not waiting
 * @param where  the innermost frame of the program's own code ({@link CallStack#innermostUserFrame}); else, for a
 *               thread whose stack names none but which is inside a sync region whose site is known (blocked in a
 *               runtime built without frame pointers), that site — the rule of
 *               {@link org.ompdexplorer.model.callstack.ThreadPlace}; else {@code null}
 * @param stack  its call stack's places, innermost first, the runtime's frames folded ({@link FrameKey#folded});
 *               empty without a stack
 */
public record ThreadSummary(long thread, String state, String waitKind, FrameKey where, List<FrameKey> stack) {
    public ThreadSummary {
        stack = List.copyOf(stack);
    }

    /** The summary of one thread of a snapshot. */
    public static ThreadSummary of(OmpThread thread, SnapshotIndex index, List<CodeModule> modules) {
        Optional<ThreadState> state = thread.state().asOptional();
        String wait = state.map(ThreadSummary::waitOf).orElse(null);
        Optional<CallStack> stack = index.callStack(thread.id());
        FrameKey where = org.ompdexplorer.model.callstack.ThreadPlace.key(thread, index, modules).orElse(null);
        return new ThreadSummary(thread.id().value(), state.map(ThreadState::shortName).orElse(null), wait, where,
                stack.map(s -> FrameKey.folded(s, modules)).orElse(List.of()));
    }

    private static String waitOf(ThreadState state) {
        Optional<SyncWait> sync = SyncWait.of(state);
        if (sync.isPresent()) {
            return sync.get().construct();
        }
        String name = state.shortName();
        return state.isWait() ? (name.startsWith("wait_") ? name.substring("wait_".length()) : name) : null;
    }

    /** The same thread without its stack: what ranks are put in classes by. */
    public ThreadSummary withoutStack() {
        return stack.isEmpty() ? this : new ThreadSummary(thread, state, waitKind, where, List.of());
    }

    /**
     * Where the thread is, in a phrase: {@code at a barrier in solve()}, {@code at a taskwait},
     * {@code waiting (wait_lock) in update()}, {@code working (work_parallel) in kernel()}, {@code idle}.
     */
    public String phrase() {
        String what;
        if (waitKind != null && (waitKind.equals("barrier") || waitKind.equals("taskwait"))) {
            what = "at a " + waitKind;
        } else if ("taskgroup".equals(waitKind)) {
            what = "at a taskgroup's end";
        } else if (waitKind != null) {
            what = "waiting (" + state + ")";
        } else if (state == null) {
            what = "in an unknown state";
        } else if (state.startsWith("work_")) {
            what = "working (" + state + ")";
        } else if (state.equals("idle")) {
            what = "idle";
        } else {
            what = "in state " + state;
        }
        return where == null ? what : what + " in " + placeOf(where);
    }

    /** {@code solve()}, or the frame's short display when it has no function name. */
    static String placeOf(FrameKey key) {
        if (key.function() == null) {
            return key.shortDisplay();
        }
        return key.function().contains("(") ? key.function() : key.function() + "()";
    }
}
