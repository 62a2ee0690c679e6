package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.StateAt;

/**
 * Issue 28 item 2: the state rebuilt from a recording at the moment of a snapshot signal equals the snapshot the agent
 * wrote at that moment — the same threads with the same current task, the same parallel regions with the same teams,
 * the same tasks with the same kind, status (the one TaskStatus rule), generating and scheduling task, thread and
 * region, the target constructs in flight with kind, device and encountering task. A lesson program is run once with
 * the agent in record mode (its omp_control_tool steps are snapshots and `snapshot` events); every step is compared. What a recording does not carry (symbols, frames, ICVs, OS ids, tool
 * data) is not compared.
 */
class RecordingEqualsSnapshotTest {
    private static final String OFFLOAD_TARGET = "x86_64-pc-linux-gnu";
    private static final String LLVM_LIB = "/usr/lib/llvm-19/lib"; // libomptarget, beside libomp

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fib-taskwait", "task-dependences", "nested-parallel", "taskgroup-flags", "task-stolen",
            "task-backlog", "target-offload"})
    void theStateRebuiltAtEachSnapshotEventIsThatSnapshot(String lesson) throws Exception {
        Path source = Path.of("../scripts/lessons").resolve(lesson + ".c").toAbsolutePath().normalize();
        Map<String, String> env = new java.util.HashMap<>(Map.of("OMPD_EXPLORER_RECORD", "1",
                "OMPD_EXPLORER_SIGNAL", "none"));
        Path exe;
        if (lesson.equals("target-offload")) { // an offload build: devices that are the host (libomptarget's plugin)
            NativeFixtures.require(Files.exists(Path.of(LLVM_LIB, "libomptarget.so")), "no libomptarget",
                    "apt-get install libomp-19-dev (scripts/install-deps.sh)");
            exe = AgentCaptures.compile(source, dir.resolve(lesson), "-O0", "-g", "-fopenmp-targets=" + OFFLOAD_TARGET);
            env.put("LD_LIBRARY_PATH", LLVM_LIB);
        } else {
            exe = AgentCaptures.compile(source, dir.resolve(lesson), "-O0", "-g");
        }
        Path out = dir.resolve("out");
        List<Path> snapshots = AgentCaptures.capture(exe, out, env);
        Path file;
        try (Stream<Path> files = Files.list(out)) {
            file = files.filter(p -> p.getFileName().toString().contains("recording")).findFirst().orElseThrow();
        }
        RecordingLoadResult read = new RecordingReader().read(file);
        assertThat(read.diagnostics()).as("the recording reads cleanly").isEmpty();
        Recording r = read.recording();
        StateAt states = new StateAt(r);
        List<String> compared = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            if (r.kind(i) != EventKind.SNAPSHOT || r.snapshotFile(i).isEmpty()) {
                continue;
            }
            Path written = out.resolve(r.snapshotFile(i));
            assertThat(snapshots).as("the snapshot the event names").contains(written);
            Snapshot agent = new SnapshotLoader().load(written, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
            Snapshot rebuilt = states.after(i + 1);
            String step = lesson + " at " + written.getFileName();
            assertThat(shape(rebuilt)).as(step).isEqualTo(shape(agent));
            compared.add(step);
        }
        assertThat(compared).as("every step of %s compared", lesson).hasSize(snapshots.size());
    }

    /** What both sources carry, entity by entity, as lines sorted by id (a failure shows the line that differs). */
    private static List<String> shape(Snapshot s) {
        Map<String, String> lines = new TreeMap<>();
        for (OmpThread t : s.threads()) {
            lines.put("thread " + key(t.id().value()), "current task " + text(t.currentTask()) + ", region "
                    + text(t.currentRegion()));
        }
        for (ParallelRegion p : s.parallelRegions()) {
            StringBuilder members = new StringBuilder();
            for (TeamMember m : p.members()) {
                members.append(' ').append(m.threadNum()).append(':').append(text(m.thread())).append('/')
                        .append(text(m.implicitTask()));
            }
            lines.put("region " + key(p.id().value()), "team " + text(p.teamSize()) + ", level " + text(p.level())
                    + ", encountering " + text(p.encounteringTask()) + ", members" + members);
        }
        for (Task t : s.tasks()) {
            lines.put("task " + key(t.id().value()), t.kind().name() + ", " + TaskStatus.nameOf(t, s.index())
                    + ", generating " + text(t.generatingTask()) + ", scheduling " + text(t.schedulingTask())
                    + ", thread " + text(t.thread()) + ", region " + text(t.parallelRegion()));
        }
        for (TargetRegion g : s.targetRegions()) {
            if (g.inFlight()) { // an ended construct kept for data still mapped: a recording carries no mappings
                lines.put("target " + key(g.id().value()), g.kind().name() + " on device " + g.deviceNum()
                        + ", encountering " + text(g.encounteringTask()));
            }
        }
        List<String> out = new ArrayList<>();
        lines.forEach((k, v) -> out.add(k + ": " + v));
        return out;
    }

    private static String key(long id) {
        return String.format("%08d", id);
    }

    private static String text(Fact<?> f) {
        return f.asOptional().map(Object::toString).orElse("-");
    }
}
