package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/**
 * Every field of a format 1.3 call stack given a wrong type, a value out of range or a link to nothing: one
 * diagnostic with its code, line:column and JSON path, and the rest of the stack read. The links the validator
 * checks (CallStackChecks) are located at the thread's {@code stack}.
 */
class CallStackMalformedInputTest {
    /**
     * Line 2 holds the module (the program, not on this machine), line 3 the thread with {@code stack}, line 4 the
     * tasks: #2 the thread's current task, scheduled on #1; #3 on no thread's chain.
     */
    private static String doc(String stack) {
        return "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.3\",\"capture\":{\"source\":\"hand-written\"},\n"
                + "\"modules\":[{\"path\":\"/nonexistent/p\",\"loadBias\":\"0x1000\",\"start\":\"0x1000\",\"end\":\"0x9000\"}],\n"
                + "\"threads\":[{\"id\":1,\"currentTask\":2,\"stack\":" + stack + "}],\n"
                + "\"tasks\":[{\"id\":1,\"kind\":\"initial\",\"thread\":1},{\"id\":2,\"kind\":\"implicit\","
                + "\"generatingTask\":1,\"schedulingTask\":1,\"thread\":1},{\"id\":3,\"kind\":\"explicit\","
                + "\"generatingTask\":2}]}\n";
    }

    /** A stack of one frame with {@code fields} after its pc, attributed (so that no module is opened). */
    private static String frame(String fields) {
        return "{\"frames\":[{\"pc\":\"0x2000\"" + fields + ",\"role\":\"user\"}]}";
    }

    private static LoadResult load(String json) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "in.json", bytes.length,
                LoadOptions.LENIENT, ProgressListener.NONE);
    }

    /**
     * The one diagnostic of the file made of {@code stack} (a module not found aside), as {@code code line path};
     * its column is where {@code at} is on its line.
     */
    private static String only(String stack, String at) throws Exception {
        String json = doc(stack);
        List<Diagnostic> found = load(json).diagnostics().stream().filter(d -> !d.code().startsWith("module-"))
                .toList();
        assertThat(found).as(stack).hasSize(1);
        Diagnostic d = found.getFirst();
        String line = json.split("\n")[d.location().line() - 1];
        assertThat(line.indexOf(at) + 1).as(stack + ": " + d).isEqualTo(d.location().column());
        return d.code() + " " + d.location().line() + " " + d.location().path();
    }

    private static CallStack stackOf(String stack) throws Exception {
        return load(doc(stack)).snapshot().index().callStack(new ThreadId(1)).orElseThrow();
    }

    @Test
    void wrongTypesAreLocatedAtTheirValues() throws Exception {
        String f = "$.threads[0].stack.frames[0].";
        assertThat(only("7", "7}")).isEqualTo("wrong-type 3 $.threads[0].stack");
        assertThat(only("{\"frames\":{}}", "{}}")).isEqualTo("wrong-type 3 $.threads[0].stack.frames");
        assertThat(only("{\"frames\":[7]}", "7]")).isEqualTo("wrong-type 3 $.threads[0].stack.frames[0]");
        assertThat(only(frame(",\"cfa\":true"), "true")).isEqualTo("wrong-type 3 " + f + "cfa");
        assertThat(only(frame(",\"activation\":\"yes\""), "\"yes\"")).isEqualTo("wrong-type 3 " + f + "activation");
        assertThat(only(frame(",\"module\":\"0\""), "\"0\"")).isEqualTo("wrong-type 3 " + f + "module");
        assertThat(only(frame(",\"column\":1.5"), "1.5")).isEqualTo("wrong-type 3 " + f + "column");
        assertThat(only(frame(",\"file\":7"), "7,")).isEqualTo("wrong-type 3 " + f + "file");
        assertThat(only(frame(",\"inlined\":1"), "1,\"role\"")).isEqualTo("wrong-type 3 " + f + "inlined");
        assertThat(only(frame(",\"task\":\"2\""), "\"2\"")).isEqualTo("wrong-type 3 " + f + "task");
        assertThat(only("{\"frames\":[],\"partial\":5}", "5}")).isEqualTo("wrong-type 3 $.threads[0].stack.partial");
    }

    @Test
    void valuesOutOfRangeAreLocatedAtTheirValues() throws Exception {
        String f = "$.threads[0].stack.frames[0].";
        assertThat(only("{\"frames\":[{\"pc\":\"zz\",\"role\":\"user\"}]}", "\"zz\"")).isEqualTo("bad-address 3 " + f
                + "pc");
        assertThat(only(frame(",\"cfa\":-8"), "-8")).isEqualTo("bad-address 3 " + f + "cfa");
        assertThat(only(frame(",\"line\":-3"), "-3")).isEqualTo("out-of-range 3 " + f + "line");
        assertThat(only(frame(",\"column\":-1"), "-1")).isEqualTo("out-of-range 3 " + f + "column");
        assertThat(only(frame(",\"module\":-1"), "-1")).isEqualTo("out-of-range 3 " + f + "module");
        assertThat(only(frame(",\"task\":-2"), "-2")).isEqualTo("bad-id 3 " + f + "task");
        assertThat(only(frame(",\"function\":\"\""), "\"\"")).isEqualTo("empty-name 3 " + f + "function");
        assertThat(only(frame(",\"file\":\" \""), "\" \"")).isEqualTo("empty-name 3 " + f + "file");
        assertThat(only("{\"frames\":[{\"pc\":\"0x2000\",\"role\":\"kernel\"}]}", "\"kernel\""))
                .isEqualTo("bad-frame-role 3 " + f + "role");
    }

    @Test
    void aModuleIndexOutOfTheMapIsAtTheIndexAndLeftOut() throws Exception {
        String f = "$.threads[0].stack.frames[0].";
        assertThat(only(frame(",\"module\":5"), "5,")).isEqualTo("dangling-reference 3 " + f + "module");
        // and the frame is given the module that holds its pc, as a frame without an index is
        assertThat(stackOf(frame(",\"module\":5")).frames().getFirst().module()).isZero();
        // a module that does not hold the pc: the frame is given the module that does
        assertThat(only("{\"frames\":[{\"pc\":\"0x10\",\"module\":0,\"role\":\"user\"}]}", "0,"))
                .isEqualTo("frame-outside-module 3 " + f + "module");
        assertThat(stackOf("{\"frames\":[{\"pc\":\"0x10\",\"module\":0,\"role\":\"user\"}]}").frames().getFirst()
                .module()).isEqualTo(-1);
        // a frame without a module whose pc one holds gets it, silently: the map says where each pc is
        assertThat(load(doc(frame(""))).diagnostics()).isEmpty();
        assertThat(stackOf(frame("")).frames().getFirst().module()).isZero();
    }

    @Test
    void aFrameWithoutAUsablePcIsLeftOutAndTheStackMarkedPartial() throws Exception {
        assertThat(only("{\"frames\":[{\"cfa\":\"0x10\",\"role\":\"user\"}]}", "}]"))
                .isEqualTo("missing-field 3 $.threads[0].stack.frames[0]");
        for (String stack : List.of("{\"frames\":[{\"cfa\":\"0x10\",\"role\":\"user\"},{\"pc\":\"0x2000\","
                + "\"role\":\"user\"}]}", "{\"frames\":[{\"pc\":\"zz\",\"role\":\"user\"},{\"pc\":\"0x2000\","
                + "\"role\":\"user\"}]}")) {
            CallStack s = stackOf(stack);
            assertThat(s.frames()).extracting(CallFrame::pc).as(stack).containsExactly(0x2000L);
            assertThat(s.partialReason()).as(stack).contains("1 frame unreadable in the file was left out");
        }
    }

    @Test
    void unknownFieldsAndRepeatedKeysAreWarnings() throws Exception {
        assertThat(only(frame(",\"sp\":\"0x10\""), "\"0x10\"")).isEqualTo("unknown-field 3 $.threads[0].stack.frames[0].sp");
        assertThat(only("{\"frames\":[],\"depth\":3}", "3}")).isEqualTo("unknown-field 3 $.threads[0].stack.depth");
        assertThat(only("{\"frames\":[{\"pc\":\"0x10\",\"pc\":\"0x2000\",\"role\":\"user\"}]}", "\"pc\":\"0x2000\""))
                .isEqualTo("duplicate-key 3 $.threads[0].stack.frames[0].pc");
        assertThat(stackOf("{\"frames\":[{\"pc\":\"0x10\",\"pc\":\"0x2000\",\"role\":\"user\"}]}").frames()
                .getFirst().pc()).isEqualTo(0x2000L);
    }

    @Test
    void aStackDeeperThanTheModelKeepsIsCutWithAWarningAtTheFirstFrameLeftOut() throws Exception {
        int n = CallStack.MAX_FRAMES + 3;
        String frames = IntStream.range(0, n).mapToObj(i -> "{\"pc\":\"0x" + Integer.toHexString(0x2000 + i)
                + "\",\"role\":\"user\"}").collect(Collectors.joining(","));
        String stack = "{\"frames\":[" + frames + "],\"partial\":\"a cycle\"}";
        String first = "{\"pc\":\"0x" + Integer.toHexString(0x2000 + CallStack.MAX_FRAMES) + "\"";
        LoadResult r = load(doc(stack));
        Diagnostic d = r.diagnostics().stream().filter(x -> !x.code().startsWith("module-")).findFirst()
                .orElseThrow();
        assertThat(d.severity()).isEqualTo(Severity.WARNING);
        assertThat(d.code() + " " + d.location().path()).isEqualTo("stack-cut $.threads[0].stack.frames["
                + CallStack.MAX_FRAMES + "]");
        assertThat(d.location().column()).isEqualTo(doc(stack).split("\n")[2].indexOf(first) + 1);
        assertThat(r.diagnostics().stream().filter(x -> !x.code().startsWith("module-"))).hasSize(1);
        CallStack s = r.snapshot().index().callStack(new ThreadId(1)).orElseThrow();
        assertThat(s.frames()).hasSize(CallStack.MAX_FRAMES);
        assertThat(s.frames().getLast().pc()).isEqualTo(0x2000L + CallStack.MAX_FRAMES - 1);
        assertThat(s.partialReason()).contains("a cycle; cut at " + CallStack.MAX_FRAMES + " frames of " + n);
    }

    /** The validator's checks of frame-to-task links, each at the thread's {@code stack}. */
    @Test
    void framesNamingTasksOffTheChainOrOutOfOrderAreFoundAtTheStack() throws Exception {
        String stack = "{\"frames\":[{\"pc\":\"0x2000\",\"task\":%s,\"role\":\"user\"},"
                + "{\"pc\":\"0x3000\",\"task\":%s,\"role\":\"user\"}]}";
        assertThat(validatorFinding(String.format(stack, 2, 9))).isEqualTo("ERROR dangling-reference 3:12 "
                + "$.threads[0].stack");
        assertThat(validatorFinding(String.format(stack, 2, 3))).isEqualTo("WARNING frame-task-off-chain 3:12 "
                + "$.threads[0].stack");
        assertThat(validatorFinding(String.format(stack, 1, 2))).isEqualTo("WARNING frame-task-order 3:12 "
                + "$.threads[0].stack");
        assertThat(load(doc(String.format(stack, 2, 1))).diagnostics()).isEmpty();
    }

    private static String validatorFinding(String stack) throws Exception {
        List<Diagnostic> found = load(doc(stack)).diagnostics();
        assertThat(found).as(stack).hasSize(1);
        Diagnostic d = found.getFirst();
        return d.severity() + " " + d.code() + " " + d.location().line() + ":" + d.location().column() + " "
                + d.location().path();
    }
}
