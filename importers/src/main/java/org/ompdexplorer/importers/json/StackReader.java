package org.ompdexplorer.importers.json;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * Reads a thread's {@code stack} (format 1.3): its frames, innermost first, and why it is partial. A frame whose
 * {@code pc} is missing or not an address is reported and left out, and the stack is then marked partial; any other
 * bad field is reported and read as absent. Frames past {@link CallStack#MAX_FRAMES} are reported once and not kept.
 * A frame's module is an index into the file's {@code modules}, which may come later in the file: it is checked when
 * the read is over ({@link StackLinks}), at the place remembered here.
 */
final class StackReader {
    private static final String[] STACK_FIELDS = {"frames", "partial"};
    private static final String[] FRAME_FIELDS = {"pc", "cfa", "activation", "module", "function", "file", "line",
        "column", "inlined", "task", "role"};
    private final JsonCursor c;

    /**
     * A stack as read, before its module indexes are checked.
     *
     * @param frames        the frames, with module indexes as the file gave them
     * @param moduleLines   per frame, the line of its {@code module} value (0 when it gave none)
     * @param moduleColumns per frame, the column of its {@code module} value
     * @param framesPath    the JSON path of the stack's {@code frames}, to name a frame's {@code module}
     * @param raw           no frame gave a task or a role: the agent's, to symbolize and attribute
     */
    record Read(List<CallFrame> frames, String partial, int[] moduleLines, int[] moduleColumns, String framesPath,
                boolean raw) {
        String modulePath(int frame) {
            return framesPath + "[" + frame + "].module";
        }
    }

    StackReader(JsonCursor cursor) {
        this.c = cursor;
    }

    /** Reads the value at the current token: a stack object, or {@code null} (reported unless null) for another. */
    Read read() {
        if (c.parser.currentToken() != JsonToken.START_OBJECT) {
            if (c.parser.currentToken() != JsonToken.VALUE_NULL) {
                c.wrongType("stack (an object with \"frames\")");
            }
            return null;
        }
        Frames frames = new Frames();
        String partial = null;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, STACK_FIELDS);
            c.parser.nextToken();
            if (c.parser.currentToken() == JsonToken.VALUE_NULL) {
                continue;
            }
            switch (name) {
                case "frames" -> {
                    frames = new Frames(); // a repeated key: the last value is used
                    frames(frames);
                }
                case "partial" -> {
                    partial = c.string("partial");
                    if (partial != null && partial.isBlank()) {
                        c.error("empty-name", "a stack's \"partial\" is an empty string",
                                "say why the stack is not whole, or leave \"partial\" out when it is");
                        partial = null;
                    }
                }
                default -> c.unknownField(name);
            }
        }
        List<String> why = new ArrayList<>(2);
        if (partial != null) {
            why.add(partial);
        }
        if (frames.unreadable > 0) {
            why.add(frames.unreadable + (frames.unreadable == 1 ? " frame" : " frames")
                    + " unreadable in the file " + (frames.unreadable == 1 ? "was" : "were") + " left out");
        }
        if (frames.total > CallStack.MAX_FRAMES) {
            why.add("cut at " + CallStack.MAX_FRAMES + " frames of " + frames.total);
        }
        int n = frames.list.size();
        return new Read(frames.list, why.isEmpty() ? null : String.join("; ", why),
                java.util.Arrays.copyOf(frames.lines, n), java.util.Arrays.copyOf(frames.columns, n),
                frames.path == null ? "" : frames.path, !frames.attributed);
    }

    /** The frames of one stack while they are read. */
    private static final class Frames {
        final List<CallFrame> list = new ArrayList<>();
        int[] lines = new int[16];
        int[] columns = new int[16];
        /** Frames the file holds, kept or not. */
        int total;
        int unreadable;
        boolean attributed;
        String path;
    }

    private void frames(Frames into) {
        if (c.parser.currentToken() != JsonToken.START_ARRAY) {
            c.wrongType("frames (an array of frames, innermost first)");
            return;
        }
        into.path = c.path();
        while (c.parser.nextToken() != JsonToken.END_ARRAY) {
            int at = into.total++;
            if (into.list.size() == CallStack.MAX_FRAMES) {
                if (at == CallStack.MAX_FRAMES) {
                    c.add(Diagnostic.warning("stack-cut", "the stack has more than " + CallStack.MAX_FRAMES
                                    + " frames; the innermost " + CallStack.MAX_FRAMES + " are kept and the stack is"
                                    + " marked partial", "a deeper stack is a runaway or cyclic unwind: keep at most "
                                    + CallStack.MAX_FRAMES + " frames", c.here()));
                }
                c.parser.skipChildren();
                continue;
            }
            if (c.parser.currentToken() != JsonToken.START_OBJECT) {
                c.wrongType("a frame (an object with \"pc\")");
                into.unreadable++;
                continue;
            }
            frame(into);
        }
    }

    private void frame(Frames into) {
        Long pc = null;
        boolean sawPc = false;
        long cfa = 0;
        boolean activation = false;
        int module = -1;
        int moduleLine = 0;
        int moduleColumn = 0;
        String function = null;
        String file = null;
        int line = 0;
        int column = 0;
        boolean inlined = false;
        TaskId task = null;
        FrameRole role = null;
        boolean attributed = false;
        long seen = 0;
        while (c.parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = c.parser.currentName();
            seen = c.seen(seen, name, FRAME_FIELDS);
            c.parser.nextToken();
            if (c.parser.currentToken() == JsonToken.VALUE_NULL) {
                continue;
            }
            switch (name) {
                case "pc" -> {
                    sawPc = true;
                    pc = c.address("pc");
                }
                case "cfa" -> {
                    Long a = c.address("cfa");
                    cfa = a == null ? 0 : a;
                }
                case "activation" -> activation = Boolean.TRUE.equals(c.bool("activation"));
                case "module" -> {
                    TokenStreamLocation here = c.parser.currentTokenLocation();
                    Integer m = c.integer("module (an index into modules)", 0, Integer.MAX_VALUE);
                    module = m == null ? -1 : m;
                    moduleLine = here.getLineNr();
                    moduleColumn = here.getColumnNr();
                }
                case "function" -> function = nonBlank("function");
                case "file" -> file = nonBlank("file");
                case "line" -> line = orZero(c.integer("line", 0, Integer.MAX_VALUE));
                case "column" -> column = orZero(c.integer("column", 0, Integer.MAX_VALUE));
                case "inlined" -> inlined = Boolean.TRUE.equals(c.bool("inlined"));
                case "task" -> {
                    attributed = true;
                    long id = c.id("task");
                    task = id < 0 ? null : c.interner.taskId(id);
                }
                case "role" -> {
                    attributed = true;
                    role = role();
                }
                default -> c.unknownField(name);
            }
        }
        if (pc == null) {
            if (!sawPc) {
                c.error("missing-field", "a frame needs its \"pc\"; it was left out and the stack marked partial",
                        "add \"pc\": \"0x…\" (the frame's program counter or return address)");
            }
            into.unreadable++;
            return;
        }
        into.attributed |= attributed;
        int at = into.list.size();
        if (at == into.lines.length) {
            into.lines = java.util.Arrays.copyOf(into.lines, at * 2);
            into.columns = java.util.Arrays.copyOf(into.columns, at * 2);
        }
        into.lines[at] = module >= 0 ? moduleLine : 0;
        into.columns[at] = moduleColumn;
        into.list.add(new CallFrame(pc, cfa, activation, module, function, file, line, column, inlined, task,
                role == null ? FrameRole.USER : role));
    }

    private String nonBlank(String what) {
        String s = c.repeatedString(what);
        if (s != null && s.isBlank()) {
            c.error("empty-name", "a frame's \"" + what + "\" is an empty string", "write the " + what
                    + ", or leave the field out when it is not known");
            return null;
        }
        return s;
    }

    private FrameRole role() {
        String s = c.string("role");
        if (s == null) {
            return null;
        }
        return switch (s) {
            case "user" -> FrameRole.USER;
            case "runtime" -> FrameRole.RUNTIME;
            default -> {
                c.error("bad-frame-role", "role \"" + (s.length() > 40 ? s.substring(0, 37) + "…" : s)
                                + "\" is not \"user\" or \"runtime\"; the frame is taken as the program's",
                        "write \"user\" for the program's code, \"runtime\" for the OpenMP runtime's");
                yield null;
            }
        };
    }

    private static int orZero(Integer v) {
        return v == null ? 0 : v;
    }
}
