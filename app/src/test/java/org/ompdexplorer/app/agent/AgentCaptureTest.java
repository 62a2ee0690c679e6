package org.ompdexplorer.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadKind;

/**
 * The capture agent end to end on the stock Debian runtime: teaching programs and a signal target compiled with
 * clang-19, run with {@code OMP_TOOL_LIBRARIES}, both triggers; snapshots loaded with the importer (validation must
 * find no error) and their structure asserted exactly.
 */
class AgentCaptureTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void tools() {
        AgentRun.requireTools();
    }

    /** Runs the lesson program; returns its step {@code step} (1 for the first). */
    private Snapshot lesson(String name, int step) throws Exception {
        Path exe = AgentRun.compile(AgentRun.REPO.resolve("scripts/lessons/" + name + ".c"), dir);
        Path out = dir.resolve("out");
        java.nio.file.Files.createDirectories(out);
        AgentRun.runToEnd(AgentRun.withAgent(exe, out, Map.of("OMPD_EXPLORER_SIGNAL", "none")));
        List<Snapshot> snapshots = AgentRun.snapshots(out);
        // one snapshot per omp_control_tool(flush), labelled as the lesson's steps
        assertThat(snapshots).extracting(x -> x.capture().label()).containsExactlyElementsOf(
                org.ompdexplorer.resources.BundledResources.lesson(name).orElseThrow().steps().stream()
                        .map(org.ompdexplorer.resources.LessonStep::label).toList());
        Snapshot s = snapshots.get(step - 1);
        assertThat(s.capture().source()).isEqualTo(CaptureSource.OMPT_AGENT);
        assertThat(s.tasks()).allSatisfy(t -> assertThat(t.function()).isInstanceOf(Fact.Unavailable.class)
                .extracting(f -> ((Fact.Unavailable<?>) f).code()).isEqualTo(ReturnCode.UNSUPPORTED));
        return s;
    }

    private static List<Task> explicit(Snapshot s, TaskLifecycle lifecycle) {
        return s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT))
                .filter(t -> t.lifecycle().orElse(null) == lifecycle).toList();
    }

    private static ParallelRegion regionAtLevel(Snapshot s, int level) {
        return s.parallelRegions().stream().filter(r -> r.level().orElse(-1) == level).findFirst().orElseThrow();
    }

    @Test
    void fibTasksSuspendedAtTaskwait() throws Exception {
        Snapshot s = lesson("fib-taskwait", 1);
        assertThat(s.threads()).hasSize(2);
        assertThat(regionAtLevel(s, 1).teamSize().get()).isEqualTo(2);
        assertThat(s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT))).hasSize(8);
        assertThat(explicit(s, TaskLifecycle.QUEUED)).hasSize(3);
        assertThat(explicit(s, TaskLifecycle.SUSPENDED)).hasSize(3);
        assertThat(explicit(s, TaskLifecycle.RUNNING)).hasSize(2);
        // the thread that entered the single construct holds the chain: either thread may be first there (the
        // bundled lesson's run was the initial thread); the other one spins in the hold task
        OmpThread deepest = s.threads().stream()
                .max(java.util.Comparator.comparingInt(t -> s.index().schedulingChain(t.id()).size())).orElseThrow();
        List<Task> stack = s.index().schedulingChain(deepest.id());
        assertThat(stack).hasSize(6);
        assertThat(s.threads()).filteredOn(t -> !t.id().equals(deepest.id())).singleElement()
                .satisfies(other -> assertThat(s.index().schedulingChain(other.id()).getFirst()).satisfies(hold -> {
                    assertThat(hold.kind()).isEqualTo(TaskKind.EXPLICIT);
                    assertThat(hold.lifecycle()).contains(TaskLifecycle.RUNNING);
                }));
        // down the chain of suspended fib tasks, each one's scheduling task is the one that generated it
        for (Task t : stack.subList(0, 3)) {
            assertThat(t.schedulingTask()).isEqualTo(t.generatingTask());
        }
        // the second thread runs a task generated on the first: its scheduling task is its own implicit task
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.EXPLICIT) && t.schedulingTask().isKnown()
                && !t.schedulingTask().equals(t.generatingTask())).hasSize(1);
        // queued siblings: generated by suspended tasks, on no thread yet
        assertThat(explicit(s, TaskLifecycle.QUEUED)).allSatisfy(t -> {
            assertThat(t.thread().isKnown()).isFalse();
            assertThat(s.index().task(t.generatingTask()).orElseThrow().lifecycle()).contains(TaskLifecycle.SUSPENDED);
        });
    }

    @Test
    void nestedParallelRegions() throws Exception {
        Snapshot s = lesson("nested-parallel", 2);
        assertThat(s.threads()).hasSize(4);
        assertThat(s.parallelRegions()).extracting(r -> r.level().get()).containsExactlyInAnyOrder(0, 1, 2, 2);
        ParallelRegion outer = regionAtLevel(s, 1);
        assertThat(s.index().nestedIn(outer.id())).hasSize(2).allSatisfy(inner -> {
            assertThat(inner.teamSize().get()).isEqualTo(2);
            assertThat(inner.activeLevel().get()).isEqualTo(2);
        });
        assertThat(s.tasks().stream().filter(t -> t.kind().equals(TaskKind.IMPLICIT))).hasSize(6);
    }

    @Test
    void taskgroupWithUntiedFinalAndIncludedTasks() throws Exception {
        Snapshot s = lesson("taskgroup-flags", 3);
        assertThat(s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT))).hasSize(4);
        assertThat(s.tasks()).anyMatch(t -> t.agent().has(TaskFlag.UNTIED));
        assertThat(s.tasks()).anyMatch(t -> t.agent().flags().equals(List.of(TaskFlag.FINAL)));
        Task included = s.tasks().stream().filter(t -> t.agent().has(TaskFlag.INCLUDED)).findFirst().orElseThrow();
        assertThat(included.agent().flags()).contains(TaskFlag.UNDEFERRED, TaskFlag.FINAL);
        assertThat(s.index().task(included.generatingTask()).orElseThrow().agent().flags()).contains(TaskFlag.FINAL);
        assertThat(explicit(s, TaskLifecycle.QUEUED)).hasSize(1);
    }

    @Test
    void tasksWaitingOnDependences() throws Exception {
        Snapshot s = lesson("task-dependences", 2);
        Task producer = explicit(s, TaskLifecycle.RUNNING).getFirst();
        List<Task> waiting = explicit(s, TaskLifecycle.QUEUED);
        assertThat(waiting).hasSize(5);
        assertThat(waiting.stream().filter(t -> t.agent().dependsOn().equals(List.of(producer.id())))).hasSize(3);
        // the diamond's join waits for two tasks; the chain's end for one that waits for the producer
        assertThat(waiting).anyMatch(t -> t.agent().dependsOn().size() == 2);
        Task combine = waiting.stream().filter(t -> waiting.stream()
                .anyMatch(u -> u.agent().dependsOn().equals(List.of(t.id())))).findFirst().orElseThrow();
        assertThat(combine.agent().dependsOn()).containsExactly(producer.id());
        assertThat(combine.agent().dependences()).extracting(d -> d.type())
                .containsExactlyInAnyOrder(DependenceType.IN, DependenceType.INOUT);
        assertThat(producer.agent().dependences()).extracting(d -> d.type()).containsExactly(DependenceType.INOUT);
    }

    @Test
    void aBacklogOfQueuedTasks() throws Exception {
        Snapshot s = lesson("task-backlog", 2);
        assertThat(explicit(s, TaskLifecycle.QUEUED)).hasSize(100);
        assertThat(explicit(s, TaskLifecycle.RUNNING)).hasSize(1);
        assertThat(s.index().generatedCount(explicit(s, TaskLifecycle.QUEUED).getFirst().generatingTask().get()))
                .isEqualTo(101);
    }

    @Test
    void theTriggerSignalSnapshotsARunningProgramThatRunsOn() throws Exception {
        Path exe = AgentRun.compile(AgentRun.REPO.resolve("agent/test/signal_target.c"), dir);
        Path out = dir.resolve("signal");
        java.nio.file.Files.createDirectories(out);
        Process p = AgentRun.withAgent(exe, out, Map.of()).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(lines.readLine()).isEqualTo("ready");
            new ProcessBuilder("kill", "-USR2", Long.toString(p.pid())).start().waitFor();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (AgentRun.snapshots(out).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            p.getOutputStream().write('\n');
            p.getOutputStream().flush();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("the program runs on after the snapshot").isZero();
        } finally {
            p.destroyForcibly();
        }
        Snapshot s = AgentRun.snapshots(out).getFirst();
        assertThat(s.threads()).hasSize(3);
        assertThat(s.threads()).extracting(t -> t.state().get().shortName()).containsOnly("work_parallel");
        ParallelRegion team = regionAtLevel(s, 1);
        assertThat(team.teamSize().get()).isEqualTo(3);
        assertThat(team.members()).extracting(m -> m.threadNum()).containsExactly(0, 1, 2);
        assertThat(s.threads()).allSatisfy(t -> assertThat(t.currentRegion().get()).isEqualTo(team.id()));
        assertThat(s.threads()).anyMatch(t -> t.osId(org.ompdexplorer.model.OsThreadIdKind.LWP).orElse(-1L) == p.pid());
    }
}
