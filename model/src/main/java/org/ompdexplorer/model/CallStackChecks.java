package org.ompdexplorer.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Location;

/**
 * The format 1.3 checks of {@link SnapshotValidator}, of call stacks and their frames' links: a stack of a thread the
 * snapshot does not hold, or a second stack of one thread ({@code dangling-reference}, {@code duplicate-stack}); a
 * frame's module that is not in {@code modules} or its task that is not a task of the snapshot
 * ({@code dangling-reference}); a frame's task that is not on the thread's scheduling chain
 * ({@code frame-task-off-chain}), and a frame's task that lies further in along the chain than a task of a frame
 * inside it ({@code frame-task-order}: the segments of a stack follow the chain outwards). Every finding is at the
 * thread's {@code stack} field and names the frame by its number (0 innermost, as debuggers number them).
 */
final class CallStackChecks {
    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<Diagnostic> found;

    CallStackChecks(Snapshot snapshot, List<Diagnostic> found) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.found = found;
    }

    void check() {
        Set<Long> seen = new HashSet<>();
        for (CallStack stack : snapshot.callStacks()) {
            EntityRef ref = EntityRef.of(stack.thread());
            if (index.thread(stack.thread()).isEmpty()) {
                found.add(SnapshotValidator.danglingReference(ref, "stack", "its thread"));
                continue;
            }
            if (!seen.add(stack.thread().value())) {
                found.add(SnapshotValidator.finding(ref, "stack", "duplicate-stack", ref
                        + " has more than one call stack; only the first is used", "keep one stack per thread"));
                continue;
            }
            checkFrames(ref, stack);
        }
    }

    private void checkFrames(EntityRef ref, CallStack stack) {
        List<Task> chain = org.ompdexplorer.model.callstack.TaskSegments.chainOf(index, stack.thread());
        int modules = snapshot.modules().size();
        int lastAt = 0;
        List<CallFrame> frames = stack.frames();
        for (int i = 0; i < frames.size(); i++) {
            CallFrame frame = frames.get(i);
            if (frame.module() >= modules) {
                found.add(SnapshotValidator.danglingReference(ref, "stack",
                        "module " + frame.module() + " in frame " + i));
            }
            if (frame.task() == null) {
                continue;
            }
            if (index.task(frame.task()).isEmpty()) {
                found.add(SnapshotValidator.danglingReference(ref, "stack",
                        EntityRef.of(frame.task()) + " in frame " + i));
                continue;
            }
            if (chain.isEmpty()) {
                continue; // the chain is not known: never a finding
            }
            int at = positionIn(chain, frame.task());
            if (at < 0) {
                found.add(Diagnostic.warning("frame-task-off-chain", ref + "'s frame " + i + " belongs to "
                                + EntityRef.of(frame.task()) + ", which is not on the thread's scheduling chain",
                        "name a task the thread runs or was scheduled on, or none", Location.of(ref, "stack")));
            } else if (at < lastAt) {
                found.add(Diagnostic.warning("frame-task-order", ref + "'s frame " + i + " belongs to "
                                + EntityRef.of(frame.task()) + ", which the thread was scheduled on after the task of a "
                                + "frame inside it",
                        "order a stack's segments as its scheduling chain, current task innermost",
                        Location.of(ref, "stack")));
            } else {
                lastAt = at;
            }
        }
    }

    private static int positionIn(List<Task> chain, TaskId id) {
        for (int i = 0; i < chain.size(); i++) {
            if (chain.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }
}
