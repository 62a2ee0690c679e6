package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.output.OutputException;
import org.ompdexplorer.importers.recording.perfetto.PerfettoExport;
import org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck.Slice;
import org.ompdexplorer.model.recording.Recording;

/**
 * The Perfetto trace of hand-written recordings, read back at the wire level by {@link PerfettoTraceCheck}: the tracks,
 * the slices on each thread nested as the run nests them (and closed and reopened where it does not), the flows from
 * creation to execution and from a dependence to its dependent, and what a recording lacks said in the trace.
 */
class PerfettoTraceWriterTest {
    @TempDir
    Path dir;

    private final List<String> lines = new ArrayList<>();

    private static final String HEADER = "{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"capture\":"
            + "{\"source\":\"ompt-agent\",\"program\":\"/home/t/deps\",\"pid\":4242},\"clock\":\"monotonic-ns\","
            + "\"start\":1000000}";

    private void e(long t, int th, String kind, String fields) {
        lines.add("{\"t\":" + t + ",\"th\":" + th + ",\"e\":\"" + kind + "\"" + (fields.isEmpty() ? "" : "," + fields)
                + "}");
    }

    private Recording read(String trailer) throws Exception {
        Path file = dir.resolve("ompd-explorer-4242-recording.ndjson");
        Files.writeString(file, HEADER + "\n" + String.join("\n", lines) + "\n" + (trailer == null ? "" : trailer
                + "\n"));
        return new RecordingReader().read(file).recording();
    }

    private static PerfettoTraceCheck trace(Recording r) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PerfettoTraceWriter().write(r, out);
        return PerfettoTraceCheck.read(out.toByteArray());
    }

    private static List<String> names(List<Slice> slices) {
        return slices.stream().map(s -> s.depth() + " " + s.name()).toList();
    }

    /** A team of two: thread 1 runs the initial task, then implicit task 0 of P1; thread 2 implicit task 1. */
    private void team() {
        e(0, 1, "thread-begin", "\"kind\":\"initial\"");
        e(1, 1, "implicit-begin", "\"task\":1,\"num\":0,\"size\":1,\"initial\":true");
        e(10, 1, "parallel-begin", "\"region\":2,\"task\":1,\"requested\":2,\"site\":\"0x400100\"");
        e(11, 1, "implicit-begin", "\"task\":2,\"region\":2,\"num\":0,\"size\":2");
        e(12, 2, "thread-begin", "\"kind\":\"worker\"");
        e(13, 2, "implicit-begin", "\"task\":3,\"region\":2,\"num\":1,\"size\":2");
    }

    private void teamEnd(long t) {
        e(t, 1, "implicit-end", "\"task\":2");
        e(t + 1, 1, "parallel-end", "\"region\":2");
        e(t + 2, 2, "implicit-end", "\"task\":3");
    }

    private static final String OK_TRAILER = "{\"e\":\"end\",\"t\":1000,\"events\":0,\"dropped\":[]}";

    @Test
    void aFibTreeNestsEachChildInItsParentsTaskwaitWithAFlowFromItsCreation() throws Exception {
        FibRecording fib = new FibRecording(4);
        Path file = Files.writeString(dir.resolve("fib.ndjson"), fib.text());
        Recording r = new RecordingReader().read(file).recording();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoExport export = new PerfettoTraceWriter().write(r, out);
        PerfettoTraceCheck c = PerfettoTraceCheck.read(out.toByteArray());

        assertThat(c.tracks().values()).anySatisfy(t -> assertThat(t.name()).isEqualTo("fib"))
                .anySatisfy(t -> assertThat(t.name()).isEqualTo("thread 1 (initial)"));
        assertThat(c.thread(1).pid()).isEqualTo(4242);
        List<Slice> th1 = c.slicesOf(1);
        assertThat(names(th1).subList(0, 6)).containsExactly("0 initial task", "1 parallel P1",
                "2 implicit task 0 of P1", "3 taskwait", "4 wait taskwait", "5 task 3 0x401100");
        long created = fib.generating.size();
        assertThat(th1.stream().filter(s -> s.name().startsWith("task "))).hasSize((int) created);
        assertThat(c.terminatedFlows()).hasSize((int) created);
        assertThat(c.unterminatedFlows()).isEmpty();
        assertThat(export.flows()).isEqualTo(created);
        Slice task3 = th1.get(5);
        assertThat(task3.args()).containsEntry("task", 3L).containsEntry("generating task", 2L)
                .containsEntry("flags", "explicit");
        assertThat(task3.terminating()).containsExactly(3L);
        assertThat(c.instants()).filteredOn(i -> i.name().equals("task-create")).hasSize((int) created)
                .allSatisfy(i -> assertThat(i.flows()).hasSize(1));
        assertThat(c.counters()).isNotEmpty();
        assertThat(c.counters().getLast().value()).as("no task left queued").isZero();
        assertThat(c.counters().stream().mapToLong(PerfettoTraceCheck.CounterValue::value).max().orElseThrow())
                .as("the most tasks created and not started at once").isEqualTo(mostQueued(r));
        assertThat(c.instants()).anySatisfy(i -> assertThat(i.name()).isEqualTo("recording complete: nothing dropped"));
    }

    /** Tasks created and not yet scheduled, at their most: counted from the events themselves. */
    private static long mostQueued(Recording r) {
        java.util.Set<Long> waiting = new java.util.HashSet<>();
        long most = 0;
        for (int i = 0; i < r.size(); i++) {
            if (r.kind(i) == org.ompdexplorer.model.recording.EventKind.TASK_CREATE) {
                waiting.add(r.a(i));
            } else if (r.kind(i) == org.ompdexplorer.model.recording.EventKind.SCHEDULE) {
                waiting.remove(r.b(i));
            }
            most = Math.max(most, waiting.size());
        }
        return most;
    }

    @Test
    void anUntiedTaskResumedOnAnotherThreadClosesThereAndReopensWhatRanAboveIt() throws Exception {
        team();
        e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\",\"untied\"]");
        e(21, 1, "task-create", "\"task\":6,\"gen\":2,\"site\":\"0x400600\",\"flags\":[\"explicit\"]");
        e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
        e(40, 1, "schedule", "\"prior\":5,\"status\":\"switch\",\"next\":6");
        e(50, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":5"); // task 5 resumes on thread 2
        e(60, 1, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":2");
        e(70, 2, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":3");
        teamEnd(80);
        PerfettoTraceCheck c = trace(read(OK_TRAILER));

        assertThat(names(c.slicesOf(1))).containsExactly("0 initial task", "1 parallel P2",
                "2 implicit task 0 of P2", "3 task 5 0x400500", "4 task 6 0x400600", "3 task 6 0x400600 (resumed)");
        List<Slice> th1 = c.slicesOf(1);
        assertThat(th1.get(3).end()).as("task 5 ends on thread 1 when it resumes on thread 2").isEqualTo(1_000_050);
        assertThat(th1.get(5).begin()).isEqualTo(1_000_050);
        assertThat(th1.get(5).end()).isEqualTo(1_000_060);
        assertThat(names(c.slicesOf(2))).containsExactly("0 implicit task 1 of P2", "1 task 5 0x400500 (resumed)");
        assertThat(c.slicesOf(2).get(1).terminating()).as("only the first execution ends the creation flow").isEmpty();
        assertThat(c.unterminatedFlows()).isEmpty();
    }

    @Test
    void aTaskResumedBelowASuspendedOneClosesItAndTheSuspendedOneReopensWhereItRunsNext() throws Exception {
        team();
        e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\",\"untied\"]");
        e(21, 1, "task-create", "\"task\":6,\"gen\":5,\"site\":\"0x400600\",\"flags\":[\"explicit\",\"untied\"]");
        e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
        e(40, 1, "schedule", "\"prior\":5,\"status\":\"switch\",\"next\":6");
        e(45, 1, "sync-begin", "\"kind\":\"taskgroup\",\"task\":6,\"site\":\"0x400700\"");
        e(50, 1, "schedule", "\"prior\":6,\"status\":\"yield\",\"next\":5"); // 5 resumes below the suspended 6
        e(60, 1, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":2");
        e(65, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":6");
        e(66, 2, "sync-end", "\"kind\":\"taskgroup\",\"task\":6,\"site\":\"0x400700\"");
        e(70, 2, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":3");
        teamEnd(80);
        PerfettoTraceCheck c = trace(read(OK_TRAILER));

        assertThat(names(c.slicesOf(1))).containsExactly("0 initial task", "1 parallel P2",
                "2 implicit task 0 of P2", "3 task 5 0x400500", "4 task 6 0x400600", "5 taskgroup");
        assertThat(c.slicesOf(1).get(4).end()).isEqualTo(1_000_050);
        assertThat(names(c.slicesOf(2))).as("task 6 reopens with the taskgroup it is still in")
                .containsExactly("0 implicit task 1 of P2", "1 task 6 0x400600 (resumed)", "2 taskgroup (resumed)");
        assertThat(c.slicesOf(2).get(2).end()).isEqualTo(1_000_066);
    }

    @Test
    void aRegionEndingUnderARunningTaskClosesItAndReopensItAbove() throws Exception {
        team();
        e(20, 1, "sync-begin", "\"kind\":\"barrier_implicit_parallel\",\"task\":2,\"site\":\"0x400800\"");
        e(21, 1, "wait-begin", "\"kind\":\"barrier_implicit_parallel\",\"task\":2");
        e(22, 1, "task-create", "\"task\":7,\"gen\":2,\"site\":\"0x400900\",\"flags\":[\"explicit\"]");
        e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":7");
        e(31, 1, "sync-begin", "\"kind\":\"taskwait\",\"task\":7,\"site\":\"0x400a00\"");
        e(40, 1, "wait-end", "\"kind\":\"barrier_implicit_parallel\",\"task\":2"); // before task 7 ended
        e(50, 1, "schedule", "\"prior\":7,\"status\":\"complete\",\"next\":2"); // completes in its taskwait
        e(51, 1, "sync-end", "\"kind\":\"taskwait\",\"task\":7,\"site\":\"0x400a00\"");
        e(60, 1, "sync-end", "\"kind\":\"barrier_implicit_parallel\",\"task\":2,\"site\":\"0x400800\"");
        teamEnd(80);
        PerfettoTraceCheck c = trace(read(OK_TRAILER));

        assertThat(names(c.slicesOf(1))).containsExactly("0 initial task", "1 parallel P2",
                "2 implicit task 0 of P2", "3 barrier_implicit_parallel", "4 wait barrier_implicit_parallel",
                "5 task 7 0x400900", "6 taskwait", "4 task 7 0x400900 (resumed)", "5 taskwait (resumed)");
        List<Slice> th1 = c.slicesOf(1);
        assertThat(th1.get(7).begin()).isEqualTo(1_000_040);
        assertThat(th1.get(7).end()).as("task 7 and its taskwait close when it completes").isEqualTo(1_000_050);
        assertThat(th1.get(8).end()).isEqualTo(1_000_050);
        assertThat(th1.get(3).end()).isEqualTo(1_000_060);
    }

    @Test
    void aDependenceIsAFlowFromThePredecessorsCompletionToTheDependentsFirstExecution() throws Exception {
        team();
        e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\"],"
                + "\"deps\":[{\"addr\":\"0x7ffd10\",\"type\":\"inout\"}]");
        e(21, 1, "task-create", "\"task\":6,\"gen\":2,\"site\":\"0x400600\",\"flags\":[\"explicit\"],"
                + "\"deps\":[{\"addr\":\"0x7ffd10\",\"type\":\"in\"}]");
        e(21, 1, "task-dep", "\"from\":5,\"to\":6");
        e(30, 2, "schedule", "\"prior\":3,\"status\":\"switch\",\"next\":5");
        e(40, 2, "schedule", "\"prior\":5,\"status\":\"complete\",\"next\":3");
        e(50, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":6");
        e(60, 1, "schedule", "\"prior\":6,\"status\":\"complete\",\"next\":2");
        teamEnd(80);
        PerfettoTraceCheck c = trace(read(OK_TRAILER));

        PerfettoTraceCheck.Instant released = c.instants().stream()
                .filter(i -> i.name().equals("dependences released")).findFirst().orElseThrow();
        assertThat(released.track()).isEqualTo(c.thread(2).uuid());
        assertThat(released.time()).isEqualTo(1_000_040);
        assertThat(released.flows()).hasSize(1);
        Slice six = c.slicesOf(1).stream().filter(s -> s.name().startsWith("task 6")).findFirst().orElseThrow();
        assertThat(six.terminating()).containsExactly(6L, released.flows().getFirst());
        assertThat(six.args()).containsEntry("dependences", "in 0x7ffd10");
        assertThat(c.unterminatedFlows()).isEmpty();
    }

    @Test
    void aTargetConstructIsASliceInItsEncounteringTaskNamedByKindAndDevice() throws Exception {
        team();
        e(20, 2, "target-begin", "\"target\":1,\"device\":0,\"kind\":\"target_enter_data\",\"task\":3,"
                + "\"site\":\"0x400b00\"");
        e(25, 2, "target-end", "\"target\":1,\"device\":0,\"kind\":\"target_enter_data\",\"task\":3,"
                + "\"site\":\"0x400b00\"");
        e(30, 2, "target-begin", "\"target\":2,\"device\":1,\"kind\":\"target\",\"task\":3,\"site\":\"0x400c00\"");
        e(40, 2, "target-end", "\"target\":2,\"device\":1,\"kind\":\"target\",\"task\":3,\"site\":\"0x400c00\"");
        teamEnd(80);
        PerfettoTraceCheck c = trace(read(OK_TRAILER));

        assertThat(names(c.slicesOf(2))).containsExactly("0 implicit task 1 of P2", "1 target_enter_data (device 0)",
                "1 target (device 1)");
        Slice target = c.slicesOf(2).get(2);
        assertThat(target.begin()).isEqualTo(1_000_030);
        assertThat(target.end()).isEqualTo(1_000_040);
        assertThat(target.args()).containsEntry("target", 2L).containsEntry("device", 1L).containsEntry("task", 3L);
    }

    @Test
    void aCutRecordingWithDropsStillOpensAndSaysWhatIsMissing() throws Exception {
        team();
        e(20, 1, "task-create", "\"task\":5,\"gen\":2,\"site\":\"0x400500\",\"flags\":[\"explicit\"]");
        e(30, 1, "schedule", "\"prior\":2,\"status\":\"switch\",\"next\":5");
        e(35, 1, "sync-begin", "\"kind\":\"taskwait\",\"task\":5,\"site\":\"0x400a00\"");
        e(40, 2, "snapshot", "\"label\":\"step 1\",\"file\":\"s1.json\"");
        PerfettoTraceCheck cut = trace(read(null));
        assertThat(cut.slicesOf(1)).as("every slice open at the cut ends there").allSatisfy(s ->
                assertThat(s.end()).isEqualTo(1_000_040));
        assertThat(cut.instants()).anySatisfy(i -> assertThat(i.name()).startsWith("recording cut here"))
                .anySatisfy(i -> {
                    assertThat(i.name()).isEqualTo("snapshot");
                    assertThat(i.args()).containsEntry("label", "step 1").containsEntry("file", "s1.json");
                });

        PerfettoTraceCheck dropped = trace(read("{\"e\":\"end\",\"t\":50,\"events\":10,\"dropped\":[{\"what\":"
                + "\"events\",\"count\":5,\"bound\":\"OMPD_EXPLORER_RECORD_MAX=8\",\"thread\":2,\"from\":25}]}"));
        long notes = dropped.tracks().values().stream().filter(t -> "recording".equals(t.name())).findFirst()
                .orElseThrow().uuid();
        assertThat(dropped.slices()).filteredOn(s -> s.track() == notes).singleElement().satisfies(s -> {
            assertThat(s.name()).startsWith("5 events dropped on thread 2 from t=25 ns");
            assertThat(s.begin()).isEqualTo(1_000_025);
            assertThat(s.args()).containsEntry("dropped", 5L).containsEntry("thread", 2L);
        });
    }

    @Test
    void writtenThroughOutputFileNeverOverTheRecordingAndGzippedWhenAsked() throws Exception {
        team();
        teamEnd(80);
        Recording r = read(OK_TRAILER);
        Path input = dir.resolve("ompd-explorer-4242-recording.ndjson");
        assertThatThrownBy(() -> new PerfettoTraceWriter().write(r, input, List.of(input)))
                .isInstanceOf(OutputException.class)
                .satisfies(e -> assertThat(((OutputException) e).reason())
                        .isEqualTo(OutputException.Reason.SAME_AS_INPUT));
        Path gz = dir.resolve("run.perfetto-trace.gz");
        PerfettoExport export = new PerfettoTraceWriter().write(r, gz, List.of(input));
        byte[] plain;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            plain = in.readAllBytes();
        }
        PerfettoTraceCheck c = PerfettoTraceCheck.read(plain);
        assertThat(c.packets()).isEqualTo((int) export.packets());
        assertThat(export.threads()).isEqualTo(2);
        assertThat(c.tracks().values()).filteredOn(PerfettoTraceCheck.Track::thread)
                .extracting(PerfettoTraceCheck.Track::name).containsExactly("thread 1 (initial)", "thread 2 (worker)");
        assertThat(Map.of("slices", c.slices().size())).containsEntry("slices", (int) export.slices());
    }
}
