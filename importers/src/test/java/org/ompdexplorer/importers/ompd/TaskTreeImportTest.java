package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.ThreadKind;

/**
 * The task tree fixture: a binary tree of explicit tasks (depth 3) under a team of 2, both threads held in a leaf
 * on top of tasks suspended in taskwait; the worker stole a depth-2 task from the initial thread's queue.
 */
class TaskTreeImportTest {
    private static final String LEAF_OR_SECOND = ".omp_task_entry..6"; // the second `task` in tree(), line 26
    private static final String FIRST = ".omp_task_entry..3";          // the first `task` in tree(), line 24
    private static final String ROOT = ".omp_task_entry.";              // the task in `single`, line 41
    private static final String IMPLICIT = "main.omp_outlined";         // the parallel region's body, line 33

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void threadsRegionsAndTaskCounts(String core) {
        checkThreadsRegionsAndTaskCounts(CoreImports.snapshot(core));
    }

    static void checkThreadsRegionsAndTaskCounts(Snapshot s) {
        assertThat(s.threads()).hasSize(2).allMatch(OmpThread::isOpenMpThread);
        assertThat(s.threads()).extracting(t -> t.kind().get())
                .containsExactlyInAnyOrder(ThreadKind.INITIAL, ThreadKind.WORKER);
        assertThat(initial(s).osId(org.ompdexplorer.model.OsThreadIdKind.LWP)).contains(s.capture().pid());
        assertThat(s.threads()).allSatisfy(t -> assertThat(t.state().get().name()).isEqualTo("ompt_state_work_parallel"));

        assertThat(s.parallelRegions()).hasSize(2);
        ParallelRegion team = s.parallelRegions().stream().filter(r -> r.level().get() == 1).findFirst().orElseThrow();
        ParallelRegion outermost = s.index().region(team.enclosingRegion().get()).orElseThrow();
        assertThat(team.teamSize().get()).isEqualTo(2);
        assertThat(team.members()).extracting(m -> m.thread().get())
                .containsExactlyInAnyOrderElementsOf(s.threads().stream().map(OmpThread::id).toList());
        assertThat(outermost.level().get()).isZero();
        assertThat(outermost.teamSize().get()).isEqualTo(1);
        assertThat(outermost.enclosingRegion().isKnown()).isFalse();
        assertThat(outermost.members()).singleElement().satisfies(m -> assertThat(m.thread().get()).isEqualTo(initial(s).id()));
        assertThat(s.threads()).allSatisfy(t -> assertThat(t.currentRegion().get()).isEqualTo(team.id()));

        assertThat(s.tasks()).hasSize(10);
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.INITIAL)).hasSize(1);
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.IMPLICIT)).hasSize(2);
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.EXPLICIT)).hasSize(7);
        assertThat(team.encounteringTask().get()).isEqualTo(initialTask(s).id());
    }

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void eachThreadHoldsALeafOnTopOfTasksSuspendedInTaskwait(String core) {
        checkEachThreadHoldsALeafOnTopOfTasksSuspendedInTaskwait(CoreImports.snapshot(core));
    }

    static void checkEachThreadHoldsALeafOnTopOfTasksSuspendedInTaskwait(Snapshot s) {
        assertThat(functions(chain(s, initial(s), Task::schedulingTask)))
                .containsExactly(LEAF_OR_SECOND, LEAF_OR_SECOND, LEAF_OR_SECOND, ROOT, IMPLICIT);
        assertThat(functions(chain(s, worker(s), Task::schedulingTask)))
                .containsExactly(LEAF_OR_SECOND, LEAF_OR_SECOND, FIRST, IMPLICIT);
        for (OmpThread thread : s.threads()) {
            List<Task> stack = chain(s, thread, Task::schedulingTask);
            assertThat(stack).allSatisfy(t -> assertThat(t.thread().get()).isEqualTo(thread.id()));
            Task running = stack.getFirst();
            assertThat(running.frames().get().exit().isPresent()).isTrue();
            assertThat(running.frames().get().enter().isPresent()).isFalse();
            assertThat(stack.subList(1, stack.size())).allSatisfy(t -> assertThat(t.frames().get().enter().isPresent())
                    .as("suspended task %s has an enter frame", t.id()).isTrue());
            // a leaf is three generations below the root task, created by the implicit task under the initial task
            List<Task> ancestry = chain(s, running.id(), Task::generatingTask);
            assertThat(functions(ancestry)).hasSize(6).startsWith(LEAF_OR_SECOND).endsWith(ROOT, IMPLICIT, "?");
            assertThat(ancestry.getLast().kind()).isEqualTo(TaskKind.INITIAL);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void theStolenTaskIsScheduledByTheThiefButGeneratedByTheRoot(String core) {
        checkTheStolenTaskIsScheduledByTheThiefButGeneratedByTheRoot(CoreImports.snapshot(core));
    }

    static void checkTheStolenTaskIsScheduledByTheThiefButGeneratedByTheRoot(Snapshot s) {
        List<Task> differing = s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT))
                .filter(t -> t.schedulingTask().isKnown() && !t.schedulingTask().equals(t.generatingTask())).toList();
        assertThat(differing).singleElement().satisfies(stolen -> {
            Task scheduling = s.index().task(stolen.schedulingTask().get()).orElseThrow();
            Task generating = s.index().task(stolen.generatingTask().get()).orElseThrow();
            assertThat(stolen.thread().get()).isEqualTo(worker(s).id());
            assertThat(scheduling.kind()).isEqualTo(TaskKind.IMPLICIT);
            assertThat(scheduling.thread().get()).isEqualTo(worker(s).id());
            assertThat(generating.function().get().symbol()).isEqualTo(ROOT);
            assertThat(generating.thread().get()).isEqualTo(initial(s).id());
            assertThat(stolen.function().get().symbol()).isEqualTo(FIRST);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core"})
    void taskFunctionsAreSymbolizedWithFileAndLine(String core) {
        checkTaskFunctionsAreSymbolizedWithFileAndLine(CoreImports.snapshot(core));
    }

    static void checkTaskFunctionsAreSymbolizedWithFileAndLine(Snapshot s) {
        assertThat(s.tasks()).filteredOn(t -> t.function().isKnown()).extracting(t -> t.function().get())
                .allSatisfy(f -> assertThat(f.file()).endsWith("native-fixtures/task_tree.c"))
                .extracting(CodeLocation::symbol, CodeLocation::line)
                .containsOnly(org.assertj.core.groups.Tuple.tuple(LEAF_OR_SECOND, 26),
                        org.assertj.core.groups.Tuple.tuple(FIRST, 24), org.assertj.core.groups.Tuple.tuple(ROOT, 41),
                        org.assertj.core.groups.Tuple.tuple(IMPLICIT, 33));
        // the initial task runs no outlined function: the runtime records none
        assertThat(initialTask(s).function().isKnown()).isFalse();
    }

    static OmpThread initial(Snapshot s) {
        return s.threads().stream().filter(t -> t.kind().get().equals(ThreadKind.INITIAL)).findFirst().orElseThrow();
    }

    static OmpThread worker(Snapshot s) {
        return s.threads().stream().filter(t -> t.kind().get().equals(ThreadKind.WORKER)).findFirst().orElseThrow();
    }

    static Task initialTask(Snapshot s) {
        return s.tasks().stream().filter(t -> t.kind().equals(TaskKind.INITIAL)).findFirst().orElseThrow();
    }

    /** The thread's current task, then the tasks reached by following {@code link}. */
    static List<Task> chain(Snapshot s, OmpThread thread, Function<Task, Fact<TaskId>> link) {
        return chain(s, thread.currentTask().get(), link);
    }

    static List<Task> chain(Snapshot s, TaskId from, Function<Task, Fact<TaskId>> link) {
        List<Task> result = new ArrayList<>();
        Fact<TaskId> at = Fact.of(from);
        while (at.isKnown() && result.size() < 100) {
            Task t = s.index().task(at.get()).orElseThrow();
            result.add(t);
            at = link.apply(t);
        }
        return result;
    }

    static List<String> functions(List<Task> tasks) {
        return tasks.stream().map(t -> t.function().map(CodeLocation::symbol).orElse("?")).toList();
    }
}
