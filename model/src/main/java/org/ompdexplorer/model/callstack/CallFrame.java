package org.ompdexplorer.model.callstack;

import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.TaskId;

/**
 * One frame of a thread's native call stack, innermost first in its {@link CallStack}: where the thread is (the
 * innermost frame) or where a call returns to (every other), with what symbolization found and the OpenMP task the
 * frame belongs to ({@link TaskSegments}).
 *
 * @param pc         the program counter: where the thread stopped for an activation, the return address otherwise
 * @param cfa        the canonical frame address (the stack pointer before the call that made this frame), or 0 when
 *                   not known (the outermost frame; a recorded stack that gave none)
 * @param activation whether {@code pc} is where execution stopped (the innermost frame, or one interrupted by a
 *                   signal), so its source is at {@code pc}; a return address is looked up one byte back
 * @param module     the index of the module holding {@code pc} in the snapshot's {@code modules}, or -1
 * @param function   the function, or {@code null} when not symbolized
 * @param file       the source file, or {@code null} without debug information
 * @param line       the source line, 0 when not known
 * @param column     the source column, 0 when not known
 * @param inlined    this frame is a call inlined into the next (outer) frame, at the same {@code pc}
 * @param task       the task whose segment holds this frame, or {@code null} when none does (thread start-up,
 *                   or a stack not attributed)
 * @param role       whether the frame is the program's or the OpenMP runtime's
 */
public record CallFrame(long pc, long cfa, boolean activation, int module, String function, String file, int line,
                        int column, boolean inlined, TaskId task, FrameRole role) {
    public CallFrame {
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("line and column must be >= 0, were " + line + ", " + column);
        }
        if (module < -1) {
            throw new IllegalArgumentException("module must be an index or -1, was " + module);
        }
        role = role == null ? FrameRole.USER : role;
    }

    /** A frame as unwound, before symbolization and attribution. */
    public static CallFrame unwound(long pc, long cfa, boolean activation, int module) {
        return new CallFrame(pc, cfa, activation, module, null, null, 0, 0, false, null, FrameRole.USER);
    }

    /** The address whose source is this frame's: {@code pc} for an activation, else the call before it. */
    public long lookupAddress() {
        return activation || pc == 0 ? pc : pc - 1;
    }

    public Optional<String> functionName() {
        return Optional.ofNullable(function);
    }

    /** {@code file:line:column}, {@code file:line} or {@code file}, when the file is known. */
    public Optional<String> sourcePosition() {
        if (file == null) {
            return Optional.empty();
        }
        if (line == 0) {
            return Optional.of(file);
        }
        return Optional.of(column > 0 ? file + ":" + line + ":" + column : file + ":" + line);
    }

    /** The module holding it, when known. */
    public Optional<CodeModule> moduleIn(List<CodeModule> modules) {
        return module >= 0 && module < modules.size() ? Optional.of(modules.get(module)) : Optional.empty();
    }

    /**
     * The frame as a debugger names it: the function (else {@code module+0xoffset}, else the address) with its source
     * position in parentheses when known.
     */
    public String display(List<CodeModule> modules) {
        String base = function != null ? function : moduleIn(modules)
                .map(m -> m.fileName() + "+0x" + Long.toHexString(pc - m.loadBias()))
                .orElse(Address.hex(pc));
        return sourcePosition().map(p -> base + " (" + p + ")").orElse(base);
    }

    /**
     * Whether this frame is the program's own code: the program's role, a function, and not a system library's (libc's
     * sleep under the program's call) — a frame without a module counts when it has a source file.
     */
    public boolean isUserCode(List<CodeModule> modules) {
        return role == FrameRole.USER && function != null
                && moduleIn(modules).map(m -> !SystemModules.isSystem(m)).orElse(file != null);
    }

    public CallFrame withSymbol(String function, String file, int line, int column, boolean inlined) {
        return new CallFrame(pc, cfa, activation, module, function, file, line, column, inlined, task, role);
    }

    public CallFrame attributed(TaskId task, FrameRole role) {
        return new CallFrame(pc, cfa, activation, module, function, file, line, column, inlined, task, role);
    }
}
