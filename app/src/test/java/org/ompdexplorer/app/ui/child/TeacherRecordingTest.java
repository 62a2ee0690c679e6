package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.ExplorerPreferences;
import org.ompdexplorer.app.ui.MainViewModel;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.TaskKind;

/**
 * Issue 28's "done when", as a teacher does it from a checkout: the OpenMP Examples' tree traversal (tasking.1 and
 * tasking.2, in the real-program corpus: not written for this tool) recorded with one command; opened in the window,
 * moved through by synchronization and by a task's events with the tree following the moment, the whole-run graph
 * shown; a lesson made of three moments, saved, opened and taught with the lesson bar; a Perfetto trace exported by
 * the CLI and read back well-formed, with a track per thread and a flow from each task's creation to its run.
 */
class TeacherRecordingTest {
    @TempDir
    Path dir;

    private int cli(Path work, String... args) throws Exception {
        List<String> command = new ArrayList<>(ChildLauncher.currentJvm().command(work));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile())
                .start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    @Test
    void aTeacherRecordsTheTreeTraversalScrubsItMakesALessonAndExportsAPerfettoTrace() throws Exception {
        Path exe = AgentCaptures.compile(Path.of("../native-fixtures/corpus/tree_traversal.c").toAbsolutePath()
                .normalize(), dir.resolve("tree_traversal"), "-g", "-I" + Path.of("../native-fixtures/corpus")
                .toAbsolutePath().normalize());
        Path work = Files.createDirectories(dir.resolve("work"));
        Path recording = work.resolve("tree.ndjson");
        int exit = cli(work, "record", "-o", recording.toString(), "--agent", AgentCaptures.agent().toString(), "--",
                exe.toString(), "9");
        assertThat(exit).as(Files.readString(work.resolve("err.txt"))).isZero();
        assertThat(Files.readString(work.resolve("out.txt"))).as("the program's own output").isNotEmpty();

        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.open(recording);
        assertThat(vm.problemProperty().get()).isNull();
        var timeline = vm.timeline();
        int size = vm.recordingProperty().get().recording().size();
        assertThat(vm.recordingProperty().get().recording().losses()).isEmpty();

        // through the run by synchronization, the tree following: every moment a valid snapshot of one program
        timeline.start();
        int moments = 0;
        while (timeline.canNextSynchronizationProperty().get() && moments < 50) {
            timeline.nextSynchronization();
            moments++;
            assertThat(vm.snapshotProperty().get().sourceName()).startsWith("tree.ndjson at ");
            assertThat(SnapshotValidator.validate(vm.snapshotProperty().get().snapshot()))
                    .as("the state at event %d", timeline.positionProperty().get()).isEmpty();
        }
        assertThat(moments).isPositive();

        // a moment with explicit tasks alive; one of them selected and followed to its next event
        timeline.setPosition(vm.recordingProperty().get().openingPosition());
        var explicit = vm.snapshotProperty().get().snapshot().tasks().stream()
                .filter(t -> t.kind().equals(TaskKind.EXPLICIT)).findFirst().orElseThrow();
        vm.navigate(Target.of(explicit.id()));
        int before = timeline.positionProperty().get();
        vm.addLessonStep("tasks alive", "Each node's task waits for its children's at a taskwait.");
        if (timeline.canNextOfTaskProperty().get()) {
            timeline.nextEventOfTask();
            assertThat(timeline.positionProperty().get()).isGreaterThan(before);
            assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(explicit.id()));
        }
        vm.addLessonStep("the task's next event", "");
        timeline.end();
        vm.addLessonStep("the end", "Every task completed.");
        assertThat(timeline.positionProperty().get()).isEqualTo(size);

        vm.wholeRunGraphProperty().set(true);
        var whole = vm.graph().snapshotProperty().get().snapshot();
        long created = whole.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).count();
        assertThat(created).as("every task the run created").isGreaterThan(100);
        assertThat(SnapshotValidator.validate(whole)).isEmpty();

        Path lesson = work.resolve("tree.lesson.json");
        vm.saveLesson(lesson, "Tree traversal with tasks", "When does a node's task finish?", "");
        MainViewModel student = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        student.open(lesson);
        assertThat(student.problemProperty().get()).isNull();
        assertThat(student.lesson().stepTextProperty().get()).isEqualTo("Step 1 of 3: tasks alive");
        student.lesson().nextStep();
        student.lesson().nextStep();
        assertThat(student.lesson().stepTextProperty().get()).isEqualTo("Step 3 of 3: the end");

        Path trace = work.resolve("tree.pftrace");
        assertThat(cli(work, "export", recording.toString(), "--perfetto", trace.toString()))
                .as(Files.readString(work.resolve("err.txt"))).isZero();
        PerfettoTraceCheck check = PerfettoTraceCheck.read(Files.readAllBytes(trace));
        assertThat(check.tracks().values().stream().filter(PerfettoTraceCheck.Track::thread).count())
                .as("a track per recorded thread").isGreaterThanOrEqualTo(1);
        assertThat(check.terminatedFlows()).as("a flow from a task's creation to its run for each task run")
                .hasSizeGreaterThanOrEqualTo((int) created);
        assertThat(check.unterminatedFlows()).isEmpty();
    }
}
