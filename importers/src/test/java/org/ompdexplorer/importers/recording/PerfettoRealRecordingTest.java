package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.recording.perfetto.PerfettoExport;
import org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;

/**
 * The Perfetto trace of real runs: lesson programs recorded by the agent (as RecordingEqualsSnapshotTest records
 * them) pass every check of {@link PerfettoTraceCheck}, with a track for every recorded thread and, for every explicit
 * task the runtime scheduled, one first slice that ends the flow from its creation.
 */
class PerfettoRealRecordingTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fib-taskwait", "task-dependences", "nested-parallel", "taskgroup-flags", "task-stolen",
            "task-backlog"})
    void aRecordedLessonIsAWellFormedTraceWithEveryTaskAndItsCreationFlow(String lesson) throws Exception {
        Path source = Path.of("../scripts/lessons").resolve(lesson + ".c").toAbsolutePath().normalize();
        Path exe = AgentCaptures.compile(source, dir.resolve(lesson), "-O0", "-g");
        Path out = dir.resolve("out");
        AgentCaptures.capture(exe, out, Map.of("OMPD_EXPLORER_RECORD", "1", "OMPD_EXPLORER_SIGNAL", "none"));
        Path file;
        try (Stream<Path> files = Files.list(out)) {
            file = files.filter(p -> p.getFileName().toString().contains("recording")).findFirst().orElseThrow();
        }
        Recording r = new RecordingReader().read(file).recording();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoExport export = new PerfettoTraceWriter().write(r, bytes);
        PerfettoTraceCheck c = PerfettoTraceCheck.read(bytes.toByteArray());

        Set<Integer> threads = new TreeSet<>();
        Set<Long> explicit = new HashSet<>();
        Set<Long> scheduled = new HashSet<>();
        long implicitTasks = 0;
        for (int i = 0; i < r.size(); i++) {
            if (r.kind(i) != EventKind.SNAPSHOT) {
                threads.add(r.thread(i));
            }
            if (r.kind(i) == EventKind.TASK_CREATE && r.flags(i).contains("explicit")) {
                explicit.add(r.a(i));
            }
            if (r.kind(i) == EventKind.IMPLICIT_BEGIN && !r.isInitial(i)) {
                implicitTasks++;
            }
            if (r.kind(i) == EventKind.SCHEDULE) {
                scheduled.add(r.b(i));
            }
        }
        scheduled.retainAll(explicit);
        assertThat(export.threads()).isEqualTo(threads.size());
        assertThat(c.tracks().values().stream().filter(PerfettoTraceCheck.Track::thread)
                .map(PerfettoTraceCheck.Track::tid).collect(Collectors.toSet()))
                .isEqualTo(threads.stream().map(Integer::longValue).collect(Collectors.toSet()));
        assertThat(scheduled.isEmpty()).as("%s runs the explicit tasks it creates", lesson)
                .isEqualTo(explicit.isEmpty());
        assertThat(c.slices().stream().filter(s -> s.name().startsWith("implicit task ")
                && !s.name().endsWith("(resumed)"))).as("one slice an implicit task").hasSize((int) implicitTasks);
        Set<Long> firstRuns = c.slices().stream()
                .filter(s -> s.name().startsWith("task ") && !s.name().endsWith("(resumed)"))
                .map(s -> (Long) s.args().get("task")).collect(Collectors.toSet());
        assertThat(firstRuns).as("one first slice a scheduled task").isEqualTo(scheduled);
        assertThat(c.slices().stream().filter(s -> s.name().startsWith("task ") && !s.name().endsWith("(resumed)")))
                .hasSize(scheduled.size());
        assertThat(c.terminatedFlows()).as("the creation flow of every scheduled task ends at its first slice")
                .containsAll(scheduled);
    }
}
