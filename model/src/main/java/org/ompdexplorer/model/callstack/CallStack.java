package org.ompdexplorer.model.callstack;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.ThreadId;

/**
 * A thread's native call stack at the moment of the snapshot, innermost frame first (format 1.3).
 *
 * @param thread  the thread
 * @param frames  its frames, innermost first; inlined calls are frames of their own at the same pc
 * @param partial why the stack is not whole (a module's file missing or of another build, the unwinder stopped
 *                early, a depth cap), or {@code null} when it is whole
 */
public record CallStack(ThreadId thread, List<CallFrame> frames, String partial) {
    /** The most frames a stack keeps (the innermost); a deeper or cyclic stack is cut there and marked partial. */
    public static final int MAX_FRAMES = 1024;

    public CallStack {
        if (frames.size() > MAX_FRAMES) {
            String cut = "cut at " + MAX_FRAMES + " frames of " + frames.size();
            partial = partial == null ? cut : partial + "; " + cut;
            frames = frames.subList(0, MAX_FRAMES);
        }
        frames = List.copyOf(frames);
    }

    public boolean isPartial() {
        return partial != null;
    }

    public Optional<String> partialReason() {
        return Optional.ofNullable(partial);
    }

    /**
     * The innermost frame of the program's own code, if any: where the thread is in the source. Not the runtime's,
     * and not a system library's ({@code /lib}, {@code /usr/lib}: libc's sleep or wait under the program's call);
     * a frame must have a function.
     */
    public Optional<CallFrame> innermostUserFrame(List<CodeModule> modules) {
        for (CallFrame f : frames) {
            if (f.isUserCode(modules)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    public CallStack withFrames(List<CallFrame> newFrames) {
        return new CallStack(thread, newFrames, partial);
    }
}
