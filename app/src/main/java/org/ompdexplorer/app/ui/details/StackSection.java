package org.ompdexplorer.app.ui.details;

import java.util.List;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * A thread's call stack, or a task's part of it, cut into task segments as {@code ompd bt} shows it: each segment
 * headed by its task, frames innermost first numbered as gdb numbers them, each run of runtime frames folded into
 * one row that unfolds.
 *
 * @param partial  why the stack is not whole ({@code CallStack.partial}), or empty
 * @param thread   the thread whose stack it is (a link; a task's page names the thread its segment is on)
 * @param segments the segments, innermost first
 */
public record StackSection(String id, String title, String partial, Value thread, List<Segment> segments)
        implements Section {
    public StackSection {
        segments = List.copyOf(segments);
    }

    /**
     * @param task the task the frames belong to (a link, named as every view names it), or plain text for the frames
     *             outside every task
     * @param rows its frames and folds, innermost first
     */
    public record Segment(Value task, List<Row> rows) {
        public Segment {
            rows = List.copyOf(rows);
        }
    }

    /** A row of a segment: one frame, or a run of runtime frames folded. */
    public sealed interface Row permits Frame, Fold {
    }

    /**
     * @param number   its number as gdb gives it (0 the innermost; an inlined call is a frame of its own)
     * @param frame    the frame
     * @param function the function, or {@code module+0xoffset} or the address when not symbolized
     * @param position {@code file:line:column}, or empty when the file is not known
     * @param module   the module's file name, or empty
     */
    public record Frame(int number, CallFrame frame, String function, String position, String module)
            implements Row {
        public boolean isRuntime() {
            return frame.role() == org.ompdexplorer.model.callstack.FrameRole.RUNTIME;
        }

        /** Whether the source view can be asked for it: its file is known. */
        public boolean hasSource() {
            return frame.file() != null;
        }
    }

    /**
     * A run of two or more runtime frames shown as one row until unfolded.
     *
     * @param frames the frames it stands for, innermost first
     */
    public record Fold(List<Frame> frames) implements Row {
        public Fold {
            frames = List.copyOf(frames);
        }

        /** {@code 3 runtime frames (#2–#4: __kmp_wait … __kmp_invoke_microtask)}. */
        public String label() {
            Frame first = frames.getFirst();
            Frame last = frames.getLast();
            return frames.size() + " runtime frames (#" + first.number() + "–#" + last.number() + ": "
                    + first.function() + " … " + last.function() + ")";
        }
    }

    /** The section as text, as {@code stacks} prints it (folds stay folded). */
    String asText() {
        StringBuilder b = new StringBuilder();
        if (!partial.isEmpty()) {
            b.append("  partial: ").append(partial).append('\n');
        }
        for (Segment s : segments) {
            b.append("  ").append(s.task().text()).append('\n');
            for (Row row : s.rows()) {
                switch (row) {
                    case Frame f -> b.append("    ").append(line(f)).append('\n');
                    case Fold f -> b.append("    ").append(f.label()).append('\n');
                }
            }
        }
        return b.toString();
    }

    static String line(Frame f) {
        StringBuilder b = new StringBuilder("#").append(f.number()).append("  ");
        if (f.frame().inlined()) {
            b.append("(inlined) ");
        }
        b.append(f.function());
        if (!f.position().isEmpty()) {
            b.append(" at ").append(f.position());
        }
        if (!f.module().isEmpty()) {
            b.append("  [").append(f.module()).append(']');
        }
        if (f.isRuntime()) {
            b.append("  runtime");
        }
        return b.toString();
    }
}
