package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.recording.HandWrittenRuns.Shape;
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

    /** One of the hand-written runs (HandWrittenRuns, shared with PerfettoSchemaTest), written and read. */
    private Recording read(Shape shape) throws Exception {
        Path file = dir.resolve("ompd-explorer-4242-recording.ndjson");
        Files.writeString(file, String.join("\n", HandWrittenRuns.lines(shape)) + "\n");
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
        PerfettoTraceCheck c = trace(read(Shape.UNTIED_RESUMED_ON_ANOTHER_THREAD));

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
        PerfettoTraceCheck c = trace(read(Shape.RESUMED_BELOW_A_SUSPENDED_TASK));

        assertThat(names(c.slicesOf(1))).containsExactly("0 initial task", "1 parallel P2",
                "2 implicit task 0 of P2", "3 task 5 0x400500", "4 task 6 0x400600", "5 taskgroup");
        assertThat(c.slicesOf(1).get(4).end()).isEqualTo(1_000_050);
        assertThat(names(c.slicesOf(2))).as("task 6 reopens with the taskgroup it is still in")
                .containsExactly("0 implicit task 1 of P2", "1 task 6 0x400600 (resumed)", "2 taskgroup (resumed)");
        assertThat(c.slicesOf(2).get(2).end()).isEqualTo(1_000_066);
    }

    @Test
    void aRegionEndingUnderARunningTaskClosesItAndReopensItAbove() throws Exception {
        PerfettoTraceCheck c = trace(read(Shape.NESTED_TASKWAIT_UNDER_A_REGION_END));

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
        PerfettoTraceCheck c = trace(read(Shape.DEPENDENCE));

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
        PerfettoTraceCheck c = trace(read(Shape.TARGETS));

        assertThat(names(c.slicesOf(2))).containsExactly("0 implicit task 1 of P2", "1 target_enter_data (device 0)",
                "1 target (device 1)");
        Slice target = c.slicesOf(2).get(2);
        assertThat(target.begin()).isEqualTo(1_000_030);
        assertThat(target.end()).isEqualTo(1_000_040);
        assertThat(target.args()).containsEntry("target", 2L).containsEntry("device", 1L).containsEntry("task", 3L);
    }

    @Test
    void aCutRecordingWithDropsStillOpensAndSaysWhatIsMissing() throws Exception {
        PerfettoTraceCheck cut = trace(read(Shape.CUT_WITH_A_SNAPSHOT));
        assertThat(cut.slicesOf(1)).as("every slice open at the cut ends there").allSatisfy(s ->
                assertThat(s.end()).isEqualTo(1_000_040));
        assertThat(cut.instants()).anySatisfy(i -> assertThat(i.name()).startsWith("recording cut here"))
                .anySatisfy(i -> {
                    assertThat(i.name()).isEqualTo("snapshot");
                    assertThat(i.args()).containsEntry("label", "step 1").containsEntry("file", "s1.json");
                });

        PerfettoTraceCheck dropped = trace(read(Shape.DROPPED_EVENTS));
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
        Recording r = read(Shape.DEPENDENCE);
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
