package org.ompdexplorer.importers.unwind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawFrame;
import org.ompdexplorer.importers.unwind.CoreUnwinder.RawStack;
import org.ompdexplorer.model.callstack.CallStack;

/**
 * One thread's walk as the unwinder hands its frames over, innermost first, and where it must stop: at a frame with
 * the pc and stack pointer of one before it (a damaged stack whose chain goes round in a circle, which would never
 * end), past {@link CallStack#MAX_FRAMES} frames (a runaway recursion, or a chain through garbage), or where the
 * unwinder could go no further. No native calls: the rules are tested on their own.
 */
final class FrameWalk {
    private record Place(long pc, long sp) {
    }

    private final long lwp;
    private final List<RawFrame> frames = new ArrayList<>();
    private final Set<Place> seen = new HashSet<>();
    private String stop;

    FrameWalk(long lwp) {
        this.lwp = lwp;
    }

    /**
     * Whether the walk goes on to a frame at {@code pc} with stack pointer {@code sp}: false, and the walk stopped,
     * when a frame before it was at the same place (from there on the chain repeats itself).
     */
    boolean admits(long pc, long sp) {
        if (stop != null) {
            return false;
        }
        if (!seen.add(new Place(pc, sp))) {
            stop = "the stack repeats itself at frame " + frames.size() + " (pc 0x" + Long.toHexString(pc)
                    + "): cut there";
            return false;
        }
        return true;
    }

    /** Keeps {@code frame}; false, and the walk stopped, when it was the last one a stack keeps. */
    boolean add(RawFrame frame) {
        frames.add(frame);
        if (frames.size() >= CallStack.MAX_FRAMES) {
            stop = "deeper than " + CallStack.MAX_FRAMES + " frames: cut there";
            return false;
        }
        return true;
    }

    /** The unwinder could not go on ({@code why}: its message); a reason found before stays. */
    void stopped(String why) {
        if (stop == null) {
            stop = "the unwinder stopped after " + frames.size() + " frames: " + why;
        }
    }

    int size() {
        return frames.size();
    }

    /** The walk's frames and, when it did not reach the outermost frame, why. */
    RawStack stack() {
        return new RawStack(lwp, List.copyOf(frames), stop);
    }
}
