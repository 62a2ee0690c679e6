package org.ompdexplorer.model.callstack;

import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeModule;

/**
 * What makes two frames the same place in the code, never their addresses alone: the function with its file and
 * line when symbolized, else the module's file name and the offset in it, else the address. Two runs of the same
 * program (two ranks, two snapshots) load code at different addresses; their frames still compare equal.
 * {@link #RUNTIME} stands for a folded run of runtime frames.
 *
 * @param function the function, or {@code null}
 * @param file     the source file, or {@code null}
 * @param line     the line, 0 when not known
 * @param module   the module's file name when the frame has no function, else {@code null}
 * @param offset   the offset in that module, or the address when there is no module either
 */
public record FrameKey(String function, String file, int line, String module, long offset) {
    /** A run of the runtime's frames, folded. */
    public static final FrameKey RUNTIME = new FrameKey("(OpenMP runtime)", null, 0, null, 0);

    public static FrameKey of(CallFrame frame, List<CodeModule> modules) {
        if (frame.function() != null) {
            return new FrameKey(frame.function(), frame.file(), frame.line(), null, 0);
        }
        return frame.moduleIn(modules)
                .map(m -> new FrameKey(null, null, 0, m.fileName(), frame.pc() - m.loadBias()))
                .orElse(new FrameKey(null, null, 0, null, frame.pc()));
    }

    /**
     * The place of a code location (a sync region's site, a creation site): its function and file:line when
     * symbolized, else its module and offset, as {@link #of(CallFrame, List)}.
     */
    public static FrameKey of(org.ompdexplorer.model.CodeLocation site, List<CodeModule> modules) {
        if (site.symbol() != null) {
            return new FrameKey(site.symbol(), site.file(), site.line(), null, 0);
        }
        for (CodeModule m : modules) {
            if (m.contains(site.address())) {
                return new FrameKey(null, null, 0, m.fileName(), site.address() - m.loadBias());
            }
        }
        return new FrameKey(null, null, 0, null, site.address());
    }

    /**
     * The places of a stack, innermost first, each run of the runtime's frames one {@link #RUNTIME}: what two stacks
     * are compared by (two stacks in different runtime internals, a spin and a sleep of the same wait, are the same).
     */
    public static List<FrameKey> folded(CallStack stack, List<CodeModule> modules) {
        List<FrameKey> keys = new java.util.ArrayList<>();
        for (CallFrame frame : stack.frames()) {
            FrameKey key = frame.role() == FrameRole.RUNTIME ? RUNTIME : of(frame, modules);
            if (!(key.isRuntimeFold() && !keys.isEmpty() && keys.getLast().isRuntimeFold())) {
                keys.add(key);
            }
        }
        return keys;
    }

    public boolean isRuntimeFold() {
        return this.equals(RUNTIME);
    }

    /** As a debugger names the place: {@code function (file:line)}, {@code module+0xoffset}, or the address. */
    public String display() {
        if (function != null) {
            if (file == null) {
                return function;
            }
            return function + " (" + (line > 0 ? file + ":" + line : file) + ")";
        }
        return module != null ? module + "+0x" + Long.toHexString(offset) : Address.hex(offset);
    }

    /** As {@link #display()} with the file's name alone ({@code fixture.h:31}): for a picture of many stacks. */
    public String shortDisplay() {
        if (function == null || file == null) {
            return display();
        }
        String name = file.substring(file.lastIndexOf('/') + 1);
        return function + " (" + (line > 0 ? name + ":" + line : name) + ")";
    }

    @Override
    public String toString() {
        return display();
    }
}
