package org.ompdexplorer.importers.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;

/**
 * Issue 28 item 5: a recording of a real program gives exactly the task tree its source implies. Each program of the
 * real-program corpus is recorded once; the expectation is computed here from the program's parameters (the
 * recursion it runs, its loop bounds), never from the recording: the number of tasks, which task generated which
 * (the whole tree, up to the order of siblings), the team of its parallel region.
 */
class TaskTreeExactnessTest {
    @TempDir
    Path dir;

    /** fib(n) of corpus/fib.c: a task for fib(n − 1) and one for fib(n − 2) when n ≥ 2, none below. */
    private static String fibShape(int n) {
        return n < 2 ? RecordedRun.ShapeText.of(List.of())
                : RecordedRun.ShapeText.of(List.of(fibShape(n - 1), fibShape(n - 2)));
    }

    private static long fibTasks(int n) {
        return n < 2 ? 0 : 2 + fibTasks(n - 1) + fibTasks(n - 2);
    }

    @Test
    void fibCreatesTwoTasksPerCallAboveOneAndNothingElse() throws Exception {
        int n = 10;
        RecordedRun r = RecordedRun.of(RecordedRun.corpus("fib"), dir, Map.of("OMP_NUM_THREADS", "3"), "tied",
                Integer.toString(n));
        List<Task> explicit = r.tasksOf(TaskKind.EXPLICIT);
        assertThat(explicit).hasSize((int) fibTasks(n)); // 176
        assertThat(explicit).allSatisfy(t -> {
            assertThat(t.lifecycle()).contains(TaskLifecycle.COMPLETED);
            assertThat(t.agent().flags()).as("tied, deferred").isEmpty();
            assertThat(r.children(t).size()).as("fib's tasks generate two or none").isIn(0, 2);
        });
        assertThat(explicit.stream().map(Task::creationSite).distinct()).as("the two task constructs").hasSize(2);
        Task single = theOneGeneratorAmong(r, r.tasksOf(TaskKind.IMPLICIT));
        assertThat(r.shape(single)).as("the call tree of fib(%d)", n).isEqualTo(fibShape(n));
        teamOf(r, 3);
    }

    /**
     * corpus/taskgroup.c: search(state, depth) is one task, with 1 + mix(state) mod 3 children below the maximum depth
     * (child c searching mix(state + c + 1)); then {@code levels} taskgroups of {@code perLevel} leaf tasks.
     */
    @Test
    void taskgroupsSearchTreeIsTheOneItsHashImplies() throws Exception {
        int depth = 6;
        int levels = 2;
        int perLevel = 5;
        RecordedRun r = RecordedRun.of(RecordedRun.corpus("taskgroup"), dir, Map.of("OMP_NUM_THREADS", "3"),
                Integer.toString(depth), Integer.toString(levels), Integer.toString(perLevel));
        List<String> top = new ArrayList<>();
        top.add(searchShape(7, 0, depth));
        for (int i = 0; i < levels * perLevel; i++) {
            top.add(RecordedRun.ShapeText.of(List.of()));
        }
        Task single = theOneGeneratorAmong(r, r.tasksOf(TaskKind.IMPLICIT));
        assertThat(r.shape(single)).isEqualTo(RecordedRun.ShapeText.of(top));
        assertThat(r.tasksOf(TaskKind.EXPLICIT)).hasSize(searchTasks(7, 0, depth) + levels * perLevel);
        teamOf(r, 3);
    }

    private static String searchShape(long state, int depth, int maxDepth) {
        List<String> below = new ArrayList<>();
        if (depth < maxDepth) {
            int children = 1 + (int) Long.remainderUnsigned(mix(state), 3);
            for (int c = 0; c < children; c++) {
                below.add(searchShape(mix(state + c + 1), depth + 1, maxDepth));
            }
        }
        return RecordedRun.ShapeText.of(below);
    }

    private static int searchTasks(long state, int depth, int maxDepth) {
        int n = 1;
        if (depth < maxDepth) {
            int children = 1 + (int) Long.remainderUnsigned(mix(state), 3);
            for (int c = 0; c < children; c++) {
                n += searchTasks(mix(state + c + 1), depth + 1, maxDepth);
            }
        }
        return n;
    }

    /** corpus.h's corpus_mix (splitmix64), in unsigned 64-bit arithmetic. */
    private static long mix(long x) {
        x += 0x9e3779b97f4a7c15L;
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }

    /**
     * corpus/taskloop.c: per repetition, a taskloop with grainsize(g) over n iterations makes max(1, ⌊n / g⌋) tasks
     * (each takes g to 2g − 1 iterations, OpenMP 5.2 §12.6), one with num_tasks(37) makes min(37, n). libomp splits a
     * taskloop of more than ten tasks a thread into halves, each half a task of its own that creates the loop's tasks:
     * an implementation's choice, which KMP_TASKLOOP_MIN_TASKS turns off here so that the tasks are the source's.
     */
    @Test
    void taskloopMakesTheTasksItsGrainsizeAndNumTasksImply() throws Exception {
        int n = 1050;
        int grain = 100;
        int reps = 2;
        RecordedRun r = RecordedRun.of(RecordedRun.corpus("taskloop"), dir,
                Map.of("OMP_NUM_THREADS", "2", "KMP_TASKLOOP_MIN_TASKS", "1000000"), Integer.toString(n),
                Integer.toString(grain), Integer.toString(reps));
        Map<Fact<CodeLocation>, Integer> bySite = new LinkedHashMap<>(); // in the order the constructs first ran
        for (Task t : r.tasksOf(TaskKind.EXPLICIT)) {
            bySite.merge(t.creationSite(), 1, Integer::sum);
            assertThat(r.children(t)).as("a loop chunk generates nothing").isEmpty();
        }
        assertThat(bySite.values()).containsExactly(reps * Math.max(1, n / grain), reps * Math.min(37, n));
        Task single = theOneGeneratorAmong(r, r.tasksOf(TaskKind.IMPLICIT));
        assertThat(r.children(single)).hasSize(r.tasksOf(TaskKind.EXPLICIT).size());
        teamOf(r, 2);
    }

    /** The one task of {@code candidates} that generated explicit tasks (the implicit task that ran the single). */
    private static Task theOneGeneratorAmong(RecordedRun r, List<Task> candidates) {
        List<Task> generators = candidates.stream()
                .filter(t -> r.children(t).stream().anyMatch(c -> !c.isImplicit())).toList();
        assertThat(generators).as("one thread runs the single construct").hasSize(1);
        return generators.getFirst();
    }

    /**
     * The program's one parallel region has a team of {@code size}: thread numbers 0 … size − 1 on distinct threads,
     * each member's implicit task begun on the member's thread, generated by the initial task.
     */
    private static void teamOf(RecordedRun r, int size) {
        List<ParallelRegion> teams = r.snapshot.parallelRegions().stream()
                .filter(p -> p.encounteringTask().isKnown()).toList();
        assertThat(teams).hasSize(1);
        ParallelRegion p = teams.getFirst();
        assertThat(p.teamSize()).isEqualTo(Fact.of(size));
        assertThat(p.members()).extracting(TeamMember::threadNum).containsExactlyElementsOf(
                java.util.stream.IntStream.range(0, size).boxed().toList());
        assertThat(p.members().stream().map(TeamMember::thread).distinct()).hasSize(size);
        Task initial = r.tasksOf(TaskKind.INITIAL).getFirst();
        for (TeamMember m : p.members()) {
            Task implicit = r.task(m.implicitTask().get());
            assertThat(implicit.threadNum()).isEqualTo(Fact.of(m.threadNum()));
            assertThat(r.run.beganOn(implicit.id())).isEqualTo(m.thread());
            assertThat(implicit.generatingTask()).isEqualTo(Fact.of(initial.id()));
        }
        assertThat(r.tasksOf(TaskKind.IMPLICIT)).hasSize(size);
    }
}
