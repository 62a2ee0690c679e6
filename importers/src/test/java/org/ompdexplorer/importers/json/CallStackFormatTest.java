package org.ompdexplorer.importers.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.JsonSchemaCheck;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.callstack.CallFrame;
import org.ompdexplorer.model.callstack.CallStack;
import org.ompdexplorer.model.callstack.FrameRole;
import org.ompdexplorer.model.callstack.TaskSegments;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.resources.BundledResources;

/**
 * Format 1.3's call stacks on a hand-written golden file (two threads of a team, an inlined frame, runtime frames, a
 * frame in a system library, a stack cut by its unwinder): every value as the model holds it, the round trip, the
 * schema; a raw stack (the agent's: no task, no role) attributed by the rule of {@code ompd bt} when read; and files
 * of 1.0 to 1.2 read as before, without stacks.
 */
class CallStackFormatTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden/snapshots/call-stacks.json");

    static LoadResult load(byte[] bytes, LoadOptions options) throws Exception {
        return new SnapshotLoader().load(new ByteArrayInputStream(bytes), "stacks.json", bytes.length, options,
                ProgressListener.NONE);
    }

    static byte[] export(Snapshot s, boolean compact) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotJsonExporter(compact).write(s, out);
        return out.toByteArray();
    }

    private static Snapshot golden() throws Exception {
        return load(Files.readAllBytes(GOLDEN), LoadOptions.STRICT).snapshot();
    }

    @Test
    void theGoldenFileLoadsWithoutADiagnostic() throws Exception {
        assertThat(load(Files.readAllBytes(GOLDEN), LoadOptions.STRICT).diagnostics()).isEmpty();
    }

    @Test
    void eachThreadsStackIsReadFrameByFrame() throws Exception {
        Snapshot s = golden();
        assertThat(s.callStacks()).extracting(CallStack::thread).containsExactly(new ThreadId(1), new ThreadId(2));
        assertThat(s.index().callStack(new ThreadId(3))).isEmpty();
        TaskId t1 = new TaskId(1);
        TaskId t2 = new TaskId(2);
        CallStack first = s.index().callStack(new ThreadId(1)).orElseThrow();
        assertThat(first.isPartial()).isFalse();
        assertThat(first.frames()).containsExactly(
                new CallFrame(0x555555555189L, 0x7ffe00001000L, true, 0, "leaf", "demo.c", 5, 3, false, t2,
                        FrameRole.USER),
                new CallFrame(0x5555555551b2L, 0x7ffe00001100L, false, 0, "helper", "demo.c", 10, 5, true, t2,
                        FrameRole.USER),
                new CallFrame(0x5555555551b2L, 0x7ffe00001100L, false, 0, "middle", "demo.c", 15, 3, false, t2,
                        FrameRole.USER),
                new CallFrame(0x555555555230L, 0x7ffe00001200L, false, 0, "main.omp_outlined", "demo.c", 21, 0, false,
                        t2, FrameRole.USER),
                new CallFrame(0x7ffff7e41a33L, 0x7ffe00001300L, false, 1, "__kmp_invoke_microtask", null, 0, 0, false,
                        t1, FrameRole.RUNTIME),
                new CallFrame(0x7ffff7e2b5c0L, 0x7ffe00001380L, false, 1, "__kmpc_fork_call", null, 0, 0, false, t1,
                        FrameRole.RUNTIME),
                new CallFrame(0x5555555552f1L, 0x7ffe00001400L, false, 0, "main", "demo.c", 19, 0, false, t1,
                        FrameRole.USER),
                new CallFrame(0x7ffff7a29d90L, 0x7ffe00001500L, false, 2, null, null, 0, 0, false, t1,
                        FrameRole.USER));
        assertThat(first.frames().getLast().display(s.modules())).isEqualTo("libc.so.6+0x29d90");
        CallStack second = s.index().callStack(new ThreadId(2)).orElseThrow();
        assertThat(second).isEqualTo(new CallStack(new ThreadId(2), List.of(
                new CallFrame(0x555555555240L, 0x7ffe80001000L, true, 0, "main.omp_outlined", "demo.c", 22, 0, false,
                        new TaskId(3), FrameRole.USER),
                new CallFrame(0x7ffff7e41a33L, 0x7ffe80001100L, false, 1, "__kmp_invoke_microtask", null, 0, 0, false,
                        null, FrameRole.RUNTIME),
                new CallFrame(0x1234L, 0, false, -1, null, null, 0, 0, false, null, FrameRole.USER)),
                "the unwinder stopped at 0x1234, outside every module"));
        assertThat(second.frames().getLast().display(s.modules())).isEqualTo("0x1234");
    }

    @Test
    void theGoldenFileIsNormalized_itsExportIsItsOwnBytes() throws Exception {
        byte[] original = Files.readAllBytes(GOLDEN);
        assertThat(new String(export(golden(), false), StandardCharsets.UTF_8))
                .isEqualTo(new String(original, StandardCharsets.UTF_8));
    }

    @Test
    void importExportImportIsLosslessAndTheExportOfTheExportIsByteIdentical() throws Exception {
        Snapshot first = golden();
        for (boolean compact : new boolean[]{false, true}) {
            byte[] once = export(first, compact);
            Snapshot back = load(once, LoadOptions.STRICT).snapshot();
            assertThat(back.callStacks()).isEqualTo(first.callStacks());
            assertThat(back.modules()).isEqualTo(first.modules());
            assertThat(back.threads()).isEqualTo(first.threads());
            assertThat(export(back, compact)).isEqualTo(once);
        }
    }

    @Test
    void theGoldenFileValidatesAgainstTheSchema() throws Exception {
        byte[] schema;
        try (InputStream in = BundledResources.openSchema()) {
            schema = in.readAllBytes();
        }
        assertThat(JsonSchemaCheck.violations(schema, Files.readAllBytes(GOLDEN))).isEmpty();
        String broken = Files.readString(GOLDEN)
                .replace("\"line\":5,\"column\":3", "\"line\":-5,\"column\":3")
                .replaceFirst("\"role\":\"runtime\"}", "\"role\":\"kernel\"}");
        assertThat(JsonSchemaCheck.violations(schema, broken.getBytes(StandardCharsets.UTF_8))).containsExactly(
                "$.threads[0].stack.frames[0].line: is below 0",
                "$.threads[0].stack.frames[4].role: matches 0 of the oneOf alternatives, not exactly one");
    }

    /**
     * The first thread's stack as the agent writes it — no task, no role, no symbols for the frames outside the
     * program — is attributed when read, to what the golden file says (the rule of {@code ompd bt}); frames in modules
     * that are not on this machine keep module+offset, and each such module is said once.
     */
    @Test
    void aRawStackIsAttributedToItsThreadsSchedulingChainWhenRead() throws Exception {
        String raw = Files.readString(GOLDEN).replaceAll(",\"task\":[0-9]+", "").replaceAll(",\"role\":\"[a-z]+\"", "");
        LoadResult r = load(raw.getBytes(StandardCharsets.UTF_8), LoadOptions.LENIENT);
        Snapshot s = r.snapshot();
        Snapshot expected = golden();
        assertThat(s.index().callStack(new ThreadId(1))).isEqualTo(expected.index().callStack(new ThreadId(1)));
        CallStack second = s.index().callStack(new ThreadId(2)).orElseThrow();
        assertThat(second).isEqualTo(TaskSegments.attribute(second, s.index().schedulingChain(new ThreadId(2)),
                s.modules()));
        assertThat(second.frames()).extracting(CallFrame::task).containsExactly(new TaskId(3), null, null);
        // a frame without a CFA stays with the frame inside it: here libomp's
        assertThat(second.frames()).extracting(CallFrame::role)
                .containsExactly(FrameRole.USER, FrameRole.RUNTIME, FrameRole.RUNTIME);
        // the program's frames have file:line already; libomp's and libc's are looked up, and their files are absent
        assertThat(r.diagnostics()).extracting(d -> d.severity() + " " + d.code() + " " + d.location().path())
                .containsExactly("WARNING module-not-found $.modules[1]", "WARNING module-not-found $.modules[2]");
        assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly(
                "/nonexistent/lib/libomp.so.5 is not on this machine: 2 distinct code addresses in it keep what the"
                        + " capture wrote (a symbol at most, no file:line)",
                "/nonexistent/lib/libc.so.6 is not on this machine: 1 distinct code address in it keeps what the"
                        + " capture wrote (a symbol at most, no file:line)");
    }

    @Test
    void filesOfVersions10To12LoadUnchangedWithoutStacks() throws Exception {
        byte[] lesson;
        try (InputStream in = BundledResources.openLesson(BundledResources.DEFAULT_LESSON)) {
            lesson = in.readAllBytes();
        }
        // the bundled lesson as it was before 1.3: without its threads' stacks and the module map (1.2)
        String text = new String(lesson, StandardCharsets.UTF_8)
                .replaceAll("(?m),\"stack\":\\{.*\\}(\\},?)$", "$1")
                .replaceAll("(?s)  \"modules\": \\[\n.*?\n  \\],\n", "");
        assertThat(text).contains("\"version\": \"" + SnapshotFormat.VERSION + "\"").doesNotContain("\"modules\"");
        for (String version : List.of("1.0", "1.1", "1.2")) {
            String old = text.replace("\"version\": \"" + SnapshotFormat.VERSION + "\"", "\"version\": \"" + version
                    + "\"");
            LoadResult r = load(old.getBytes(StandardCharsets.UTF_8), LoadOptions.STRICT);
            assertThat(r.diagnostics()).as(version).isEmpty();
            assertThat(r.snapshot().callStacks()).as(version).isEmpty();
            assertThat(new String(export(r.snapshot(), false), StandardCharsets.UTF_8)).as(version).isEqualTo(text)
                    .doesNotContain("\"stack\"");
        }
    }

    @Test
    void theExportOfASnapshotWithoutStacksHasNoStackField() throws Exception {
        Snapshot s = golden();
        Snapshot none = s.withCallStacks(s.modules(), List.of());
        String exported = new String(export(none, false), StandardCharsets.UTF_8);
        assertThat(exported).doesNotContain("\"stack\"").contains("\"version\": \"" + org.ompdexplorer.importers.json.SnapshotFormat.VERSION + "\"");
        assertThat(load(exported.getBytes(StandardCharsets.UTF_8), LoadOptions.STRICT).snapshot().callStacks())
                .isEmpty();
    }
}
