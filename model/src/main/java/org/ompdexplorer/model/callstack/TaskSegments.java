package org.ompdexplorer.model.callstack;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.FrameInfo;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;

/**
 * Cuts a thread's call stack into the segments of its scheduling-task chain, by the rule of LLVM's gdb OMPD plugin
 * ({@code ompd bt}): walking frames from the innermost outwards, a frame deeper than the current task's enter frame
 * is runtime code the task called into (a scheduling point); one between its enter and exit frames is the task's
 * own; past its exit frame the walk moves to the task it was scheduled on (suspended further down the same stack)
 * and tests again. Frames past the outermost task belong to none (thread start-up, or {@code main} before the
 * initial task is known) and are runtime when they are in the runtime's module.
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
     * {@code stack} with every frame's task and role set.
     *
     * @param chain   the thread's scheduling chain, current task first ({@code SnapshotIndex.schedulingChain})
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
            if (role == null) {
                role = frame.moduleIn(modules).map(SystemModules::isRuntime).orElse(false)
                        ? FrameRole.RUNTIME : FrameRole.USER;
            }
            out.add(frame.attributed(at < chain.size() ? chain.get(at).id() : null, role));
            lastRole = role;
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
            if (c < 0 || (c == 0 && !isApplication(enter))) {
                return FrameRole.RUNTIME;
            }
        }
        FrameInfo exit = frames.exit();
        if (!exit.isPresent()) {
            return FrameRole.USER; // no exit frame (the initial task): its segment reaches the stack's end
        }
        int c = Long.compareUnsigned(cfa, cfaOf(exit));
        if (c < 0 || (c == 0 && isApplication(exit))) {
            return FrameRole.USER;
        }
        return null;
    }

    /** The CFA of the frame a task frame names. */
    static long cfaOf(FrameInfo frame) {
        return switch (frame.flags() & FrameInfo.STACKADDRESS) {
            case FrameInfo.CFA -> frame.address();
            // a frame pointer, and libomp's default when no kind is given
            default -> frame.address() + FRAME_POINTER_TO_CFA;
        };
    }

    private static boolean isApplication(FrameInfo frame) {
        return (frame.flags() & FrameInfo.APPLICATION) != 0;
    }
}
