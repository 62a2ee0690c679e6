package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.MalformedInputException;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.StateAt;

class RecordingReaderTest {
    private static final String HEADER = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\","
            + "\"capture\":{\"source\":\"ompt-agent\",\"program\":\"./deps\",\"pid\":77},\"clock\":\"monotonic-ns\","
            + "\"start\":5}\n";
    /** Thread 1 creates task 3 and task 4 (4 waits for 3) in its implicit task 2 and waits at a taskwait. */
    private static final String DEPS = HEADER
            + "{\"t\":0,\"th\":1,\"e\":\"thread-begin\",\"kind\":\"initial\"}\n"
            + "{\"t\":1,\"th\":1,\"e\":\"implicit-begin\",\"task\":1,\"num\":0,\"size\":1,\"initial\":true}\n"
            + "{\"t\":2,\"th\":1,\"e\":\"parallel-begin\",\"region\":1,\"task\":1,\"requested\":1,\"site\":\"0x4010\"}\n"
            + "{\"t\":3,\"th\":1,\"e\":\"implicit-begin\",\"task\":2,\"region\":1,\"num\":0,\"size\":1}\n"
            + "{\"t\":10,\"th\":1,\"e\":\"task-create\",\"task\":3,\"gen\":2,\"site\":\"0x4100\",\"flags\":[\"explicit\"],"
            + "\"deps\":[{\"addr\":\"0x7ff0\",\"type\":\"out\"}]}\n"
            + "{\"t\":11,\"th\":1,\"e\":\"task-create\",\"task\":4,\"gen\":2,\"site\":\"0x4200\",\"flags\":[\"explicit\"],"
            + "\"deps\":[{\"addr\":\"0x7ff0\",\"type\":\"in\"}]}\n"
            + "{\"t\":11,\"th\":1,\"e\":\"task-dep\",\"from\":3,\"to\":4}\n"
            + "{\"t\":20,\"th\":1,\"e\":\"sync-begin\",\"kind\":\"taskwait\",\"task\":2,\"site\":\"0x4300\"}\n"
            + "{\"t\":21,\"th\":1,\"e\":\"wait-begin\",\"kind\":\"taskwait\",\"task\":2}\n"
            + "{\"t\":30,\"th\":1,\"e\":\"schedule\",\"prior\":2,\"status\":\"switch\",\"next\":3}\n"
            + "{\"t\":40,\"th\":1,\"e\":\"schedule\",\"prior\":3,\"status\":\"complete\",\"next\":2}\n";
    private static final String TRAILER = "{\"e\":\"end\",\"t\":50,\"events\":11,\"dropped\":[{\"what\":\"events\","
            + "\"count\":12,\"bound\":\"OMPD_EXPLORER_RECORD_MAX=1000\",\"thread\":3,\"from\":1500000}]}\n";
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static Task task(Snapshot s, long id) {
        return s.index().task(new TaskId(id)).orElseThrow();
    }

    @Test
    void aHandWrittenRecordingIsRebuiltEntityByEntityAtSeveralMoments() throws Exception {
        RecordingLoadResult r = new RecordingReader().read(write("deps.ndjson", DEPS + TRAILER));
        assertThat(r.recording().size()).isEqualTo(11);
        assertThat(r.recording().header().capture().program()).isEqualTo("./deps");
        assertThat(r.recording().header().start()).isEqualTo(5);
        StateAt states = new StateAt(r.recording(), 2);
        Snapshot s11 = states.at(11);
        assertThat(s11.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(TaskStatus.nameOf(task(s11, 3), s11.index())).isEqualTo("queued");
        assertThat(TaskStatus.nameOf(task(s11, 4), s11.index())).isEqualTo(TaskStatus.BLOCKED);
        assertThat(task(s11, 4).agent().dependsOn()).containsExactly(new TaskId(3));
        assertThat(task(s11, 4).creationSite().get().address()).isEqualTo(0x4200);
        assertThat(task(s11, 3).generatingTask()).isEqualTo(Fact.of(new TaskId(2)));
        Snapshot s30 = states.at(30);
        assertThat(TaskStatus.nameOf(task(s30, 3), s30.index())).isEqualTo("running");
        assertThat(TaskStatus.nameOf(task(s30, 2), s30.index())).isEqualTo("suspended");
        Snapshot s25 = states.at(25);
        assertThat(TaskStatus.nameOf(task(s25, 2), s25.index())).isEqualTo("waiting at a taskwait");
        Snapshot s40 = states.at(40);
        // #3 completed, held while #4 waits on it (as the agent holds it), #4 now ready
        assertThat(s40.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(TaskStatus.nameOf(task(s40, 3), s40.index())).isEqualTo("completed");
        assertThat(TaskStatus.nameOf(task(s40, 4), s40.index())).isEqualTo("queued");
    }

    @Test
    void theTrailersDroppedCountsAreWarningsNamingThreadAndTime() throws Exception {
        RecordingLoadResult r = new RecordingReader().read(write("deps.ndjson", DEPS + TRAILER));
        assertThat(r.recording().complete()).isTrue();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Severity.WARNING);
            assertThat(d.message()).startsWith("12 events dropped on thread 3 from t=1.500 ms");
        });
    }

    @Test
    void aRecordingCutMidLineIsReadUpToItsLastWholeLineWithOneWarning() throws Exception {
        String cut = DEPS + "{\"t\":45,\"th\":1,\"e\":\"sched";
        RecordingLoadResult r = new RecordingReader().read(write("cut.ndjson", cut));
        assertThat(r.recording().size()).isEqualTo(11);
        assertThat(r.recording().complete()).isFalse();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo("recording-cut");
            assertThat(d.message()).contains("last line is cut").contains("up to line 12");
        });
        RecordingLoadResult noTrailer = new RecordingReader().read(write("whole.ndjson", DEPS));
        assertThat(noTrailer.recording().size()).isEqualTo(11);
        assertThat(noTrailer.diagnostics()).extracting(Diagnostic::code).containsExactly("recording-cut");
    }

    @Test
    void aCutGzipRecordingIsReadAsFarAsItDecompresses() throws Exception {
        Path gz = dir.resolve("deps.ndjson.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write((DEPS + TRAILER).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(new RecordingReader().read(gz).recording().size()).isEqualTo(11);
        byte[] whole = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.ndjson.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length - 12));
        RecordingLoadResult r = new RecordingReader().read(cut);
        assertThat(r.recording().complete()).isFalse();
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("recording-cut");
    }

    @Test
    void malformedEventLinesAreLocatedByLineAndFieldAndSkipped() throws Exception {
        String text = HEADER
                + "{\"t\":0,\"th\":1,\"e\":\"thread-begin\",\"kind\":\"initial\"}\n"
                + "{\"t\":\"soon\",\"th\":1,\"e\":\"thread-end\"}\n"
                + "{\"t\":2,\"th\":1,\"e\":\"task-create\",\"task\":3,\"site\":\"main+4\"}\n"
                + "{\"t\":3,\"th\":1,\"e\":\"warp\"}\n"
                + "[1,2]\n"
                + "{\"t\":4,\"th\":1,\"e\":\"schedule\",\"prior\":1,\"next\":2}\n"
                + "{\"t\":5,\"th\":1,\"e\":\"thread-end\"}\n"
                + "{\"e\":\"end\",\"t\":6,\"events\":6,\"dropped\":[]}\n";
        RecordingLoadResult r = new RecordingReader().read(write("bad.ndjson", text));
        assertThat(r.recording().size()).isEqualTo(2);
        assertThat(r.recording().kind(1)).isEqualTo(EventKind.THREAD_END);
        assertThat(r.diagnostics()).extracting(d -> d.location().line() + " " + d.location().path())
                .containsExactly("3 $.t", "4 $.site", "5 $.e", "6 $", "7 $.status");
        assertThat(r.diagnostics().get(0).message()).contains("t must be an integer, not \"soon\"".replace("\"soon\"",
                "")).contains("skipped");
        assertThat(r.diagnostics().get(1).message()).contains("\"main+4\" is not a hex address");
    }

    @Test
    void aHeaderOfAnotherFormatOrMajorVersionStopsTheLoad() throws Exception {
        Path snapshot = write("s.json", "{\"format\":\"ompd-explorer-snapshot\",\"version\":\"1.4\"}\n");
        assertThatThrownBy(() -> new RecordingReader().read(snapshot)).isInstanceOf(MalformedInputException.class)
                .satisfies(e -> assertThat(((MalformedInputException) e).diagnostics().getFirst().code())
                        .isEqualTo("not-a-recording"));
        Path v2 = write("v2.ndjson", HEADER.replace("\"1.0\"", "\"2.0\""));
        assertThatThrownBy(() -> new RecordingReader().read(v2)).isInstanceOf(UnsupportedFormatException.class)
                .satisfies(e -> assertThat(((UnsupportedFormatException) e).diagnostics().getFirst().message())
                        .contains("version 2.0 is not supported"));
        RecordingLoadResult newer = new RecordingReader().read(write("v19.ndjson",
                HEADER.replace("\"1.0\"", "\"1.9\"") + TRAILER));
        assertThat(newer.diagnostics()).extracting(Diagnostic::code).contains("newer-version");
        assertThat(RecordingReader.isRecording(v2)).isTrue();
        assertThat(RecordingReader.isRecording(snapshot)).isFalse();
    }

    @Test
    void aFibTaskTreesCountsAndGeneratingEdgesAreExact() throws Exception {
        int n = 12;
        FibRecording fib = new FibRecording(n);
        RecordingLoadResult r = new RecordingReader().read(write("fib.ndjson", fib.text()));
        assertThat(r.diagnostics()).isEmpty();
        Recording rec = r.recording();
        long creates = 0;
        for (int i = 0; i < rec.size(); i++) {
            creates += rec.kind(i) == EventKind.TASK_CREATE ? 1 : 0;
        }
        long f1 = 1;
        long f2 = 1; // fib(n+1) by iteration: calls of fib(n) are 2 fib(n+1) - 1, all but the root are tasks
        for (int i = 2; i <= n; i++) {
            long f = f1 + f2;
            f1 = f2;
            f2 = f;
        }
        assertThat(creates).isEqualTo(2 * f2 - 2).isEqualTo(fib.generating.size());
        StateAt states = new StateAt(rec, 64);
        int checked = 0;
        for (int p = 0; p <= rec.size(); p += 37) {
            Snapshot s = states.after(p);
            for (Task t : s.tasks()) {
                if (t.kind().equals(TaskKind.EXPLICIT)) {
                    assertThat(t.generatingTask()).isEqualTo(Fact.of(new TaskId(fib.generating.get(t.id().value()))));
                    assertThat(s.index().task(t.generatingTask())).as("the generating task is open").isPresent();
                    checked++;
                }
            }
            assertThat(org.ompdexplorer.model.SnapshotValidator.validate(s)).as("position %d", p)
                    .noneMatch(Diagnostic::isError);
            long running = s.tasks().stream().filter(t -> "running".equals(TaskStatus.nameOf(t, s.index()))).count();
            assertThat(running).as("one thread runs at most one task at position %d", p).isLessThanOrEqualTo(1);
        }
        assertThat(checked).isPositive();
        assertThat(states.after(rec.size()).tasks()).extracting(t -> t.kind()).containsExactly(TaskKind.INITIAL);
    }
}
