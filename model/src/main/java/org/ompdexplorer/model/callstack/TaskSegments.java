package org.ompdexplorer.model.callstack;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.SnapshotIndex;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Cuts a thread's call stack into the segments of its scheduling-task chain, by the rule of LLVM's gdb OMPD plugin
 * ({@code ompd bt}): walking frames from the innermost outwards, a frame deeper than the current task's enter frame
 * is runtime code the task called into (a scheduling point); one between its enter and exit frames is the task's
 * own; past its exit frame the walk moves to the task it was scheduled on (suspended further down the same stack)
 * and tests again. Frames past the outermost task belong to none (thread start-up, or {@code main} before the
 * initial task is known). A frame in the OpenMP runtime's module is always the runtime's.
 *
 * <p>Frames are compared by their canonical frame address (CFA). A task frame is a frame address whose flags say what
 * it is: a CFA, or a frame pointer, which on x86-64 lies 16 bytes below its frame's CFA (return address and saved
 * frame pointer) — so the two are never compared as equal values. A boundary frame itself belongs to the side its
 * flags name (application or runtime). A frame whose CFA is not known stays with the frame before it.
 */
public final class TaskSegments {
    /** x86-64: a frame pointer points at the saved frame pointer, below the return address and the CFA. */
    static final long FRAME_POINTER_TO_CFA = 16;

    private TaskSegments() {
    }

    /**
     * The tasks whose segments a thread's stack holds, innermost first: its scheduling chain
     * ({@code SnapshotIndex.schedulingChain}), continued — where it ends at an implicit task — with the task that
     * encountered that task's parallel region when it runs on the same thread (the primary thread of a region runs the
     * region on the encountering task's stack; {@code ompd bt} follows the same link), and that task's chain in turn.
     */
    public static List<Task> chainOf(SnapshotIndex index, ThreadId thread) {
        List<Task> chain = new ArrayList<>(index.schedulingChain(thread));
        Set<Long> seen = new HashSet<>();
        chain.forEach(t -> seen.add(t.id().value()));
        while (!chain.isEmpty()) {
            Task last = chain.getLast();
            if (!last.kind().equals(TaskKind.IMPLICIT)) {
                break;
            }
            Optional<Task> encountering = index.region(last.parallelRegion())
                    .flatMap(r -> index.task(r.encounteringTask()))
                    .filter(t -> !t.thread().isKnown() || t.thread().equals(last.thread()) || !last.thread().isKnown());
            if (encountering.isEmpty() || !seen.add(encountering.get().id().value())) {
                break;
            }
            Task next = encountering.get();
            while (next != null) {
                chain.add(next);
                Optional<Task> scheduling = index.task(next.schedulingTask());
                next = scheduling.filter(t -> seen.add(t.id().value())).orElse(null);
            }
        }
        return List.copyOf(chain);
    }

    /**
     * {@code stack} with every frame's task and role set.
     *
     * @param chain   the thread's tasks, current task first ({@link #chainOf})
     * @param modules the snapshot's modules, to tell the runtime's frames outside every task
     */
    public static CallStack attribute(CallStack stack, List<Task> chain, List<CodeModule> modules) {
        List<CallFrame> frames = stack.frames();
        List<CallFrame> out = new ArrayList<>(frames.size());
        int at = 0;
        FrameRole lastRole = FrameRole.USER;
        for (CallFrame frame : frames) {
            long cfa = frame.cfa();
            FrameRole role = null;
            if (cfa == 0) {
                // not known: stays with the frame before it (the innermost with the current task)
                role = out.isEmpty() ? null : lastRole;
            } else {
                while (at < chain.size() && (role = side(chain.get(at), cfa)) == null) {
                    at++;
                }
            }
            // the runtime's own code is the runtime's wherever it lies (between segments without an enter frame too)
            boolean runtime = frame.moduleIn(modules).map(SystemModules::isRuntime).orElse(false);
            lastRole = runtime ? FrameRole.RUNTIME : role == null ? FrameRole.USER : role;
            out.add(frame.attributed(at < chain.size() ? chain.get(at).id() : null, lastRole));
        }
        return stack.withFrames(out);
    }

    /** The role of a frame with this CFA in {@code task}'s segment, or {@code null} when it lies past its exit frame. */
    private static FrameRole side(Task task, long cfa) {
        if (!(task.frames() instanceof Fact.Known<TaskFrames>(TaskFrames frames))) {
            return null;
        }
        FrameInfo enter = frames.enter();
        if (enter.isPresent() && cfa != 0) {
            int c = Long.compareUnsigned(cfa, cfaOf(enter));
            if (c < 0) {
                return FrameRole.RUNTIME;
            }
        }
        FrameInfo exit = frames.exit();
        if (!exit.isPresent()) {
            return FrameRole.USER; // no exit frame (the initial task): its segment reaches the stack's end
        }
        int c = Long.compareUnsigned(cfa, cfaOf(exit));
        return c < 0 || (c == 0 && (exit.flags() & FrameInfo.APPLICATION) != 0) ? FrameRole.USER : null;
    }

    /** The CFA of the frame a task frame names. */
    static long cfaOf(FrameInfo frame) {
        return switch (frame.flags() & FrameInfo.STACKADDRESS) {
            case FrameInfo.CFA -> frame.address();
            // a frame pointer, and libomp's default when no kind is given
            default -> frame.address() + FRAME_POINTER_TO_CFA;
        };
    }

}
