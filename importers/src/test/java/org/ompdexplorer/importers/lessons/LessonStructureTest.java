package org.ompdexplorer.importers.lessons;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.diff.StillBlocked;

/**
 * What each bundled lesson is meant to teach, step by step, read from its bundled files: the links, lifecycles,
 * flags and dependences of each step, and what the diff between consecutive steps shows.
 */
class LessonStructureTest {
    private static Task task(Snapshot s, long id) {
        return s.index().task(new TaskId(id)).orElseThrow(() -> new AssertionError("no task #" + id));
    }

    private static long id(Fact<TaskId> link) {
        return link.isKnown() ? link.get().value() : -1;
    }

    private static TaskLifecycle lifecycle(Task t) {
        return t.lifecycle().orElseThrow();
    }

    private static List<Long> ids(Snapshot s, Predicate<Task> which) {
        return s.tasks().stream().filter(which).map(t -> t.id().value()).toList();
    }

    private static List<Long> ids(Snapshot s, TaskLifecycle lifecycle) {
        return ids(s, t -> t.lifecycle().orElse(null) == lifecycle);
    }

    /** The scheduling chain from the thread's current task down. */
    private static List<Long> stack(Snapshot s, long thread) {
        var t = s.threads().stream().filter(th -> th.id().value() == thread).findFirst().orElseThrow();
        List<Long> chain = new java.util.ArrayList<>();
        Fact<TaskId> at = t.currentTask();
        while (at.isKnown()) {
            chain.add(at.get().value());
            at = task(s, at.get().value()).schedulingTask();
        }
        return chain;
    }

    private static List<Long> dependsOn(Task t) {
        return t.agent().dependsOn().stream().map(TaskId::value).toList();
    }

    private static KindCounts tasks(SnapshotDiff d) {
        return d.counts(EntityKind.TASK);
    }

    @Test
    void fibTaskwait_generatingIsNotScheduling_andTaskwaitsReturnOneByOne() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("fib-taskwait");
        Snapshot leaf = steps.getFirst();
        assertThat(stack(leaf, 1)).containsExactly(11L, 9L, 7L, 5L, 2L, 1L);
        assertThat(ids(leaf, TaskLifecycle.QUEUED)).containsExactly(6L, 8L, 10L);
        // fib(n-1) was created by the same task as fib(n-2), but nothing runs on top of it yet
        assertThat(id(task(leaf, 10).generatingTask())).isEqualTo(9);
        assertThat(id(task(leaf, 11).generatingTask())).isEqualTo(9);
        assertThat(id(task(leaf, 11).schedulingTask())).isEqualTo(9);
        // the held task on thread 2: created by thread 1's implicit task, run on top of thread 2's
        assertThat(id(task(leaf, 3).generatingTask())).isEqualTo(2);
        assertThat(id(task(leaf, 3).schedulingTask())).isEqualTo(4);
        SnapshotSeries series = SnapshotSeries.of(steps);
        // each step: the children of the task back from its taskwait are gone, the task runs again
        assertThat(stack(steps.get(1), 1)).containsExactly(9L, 7L, 5L, 2L, 1L);
        assertThat(tasks(series.steps().get(0)).removed()).isEqualTo(2);
        assertThat(stack(steps.get(2), 1)).containsExactly(7L, 5L, 2L, 1L);
        assertThat(ids(steps.get(2), TaskLifecycle.QUEUED)).containsExactly(6L);
        assertThat(stack(steps.get(3), 1)).containsExactly(5L, 2L, 1L);
        assertThat(ids(steps.get(3), TaskLifecycle.QUEUED)).isEmpty();
        for (Snapshot s : steps) {
            assertThat(lifecycle(task(s, 3))).isEqualTo(TaskLifecycle.RUNNING); // thread 2 held all along
            assertThat(ids(s, TaskLifecycle.RUNNING)).hasSize(2);
        }
    }

    @Test
    void taskStolen_theSchedulingTaskIsOnAnotherThreadThanTheGeneratingTask() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("task-stolen");
        assertThat(steps).hasSize(3);
        Task queued = task(steps.get(0), 4);
        assertThat(lifecycle(queued)).isEqualTo(TaskLifecycle.QUEUED);
        assertThat(queued.thread().isKnown()).isFalse();
        Task stolen = task(steps.get(1), 4);
        Task generating = task(steps.get(1), id(stolen.generatingTask()));
        Task scheduling = task(steps.get(1), id(stolen.schedulingTask()));
        assertThat(lifecycle(stolen)).isEqualTo(TaskLifecycle.RUNNING);
        assertThat(generating.kind()).isEqualTo(TaskKind.IMPLICIT);
        assertThat(scheduling.kind()).isEqualTo(TaskKind.IMPLICIT);
        assertThat(scheduling.id()).isNotEqualTo(generating.id());
        assertThat(stolen.thread()).isEqualTo(scheduling.thread()).isNotEqualTo(generating.thread());
        SnapshotSeries series = SnapshotSeries.of(steps);
        // the same task across the steps: matched, changed; then gone
        assertThat(series.steps().get(0).matching().inB(EntityRef.of(queued.id()))).contains(EntityRef.of(stolen.id()));
        assertThat(tasks(series.steps().get(0)).changed()).isPositive();
        assertThat(tasks(series.steps().get(1)).removed()).isEqualTo(1);
        assertThat(ids(steps.get(2), t -> t.kind() == TaskKind.EXPLICIT)).isEmpty();
    }

    @Test
    void nestedParallel_eachLevelHasItsRegionTeamAndIcvs() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("nested-parallel");
        assertThat(levels(steps.get(0))).containsExactly(Map.entry(0, 1), Map.entry(1, 2));
        Snapshot inner = steps.get(1);
        assertThat(inner.threads()).hasSize(4);
        List<ParallelRegion> level2 = inner.parallelRegions().stream().filter(r -> r.level().orElse(-1) == 2).toList();
        assertThat(level2).hasSize(2);
        for (ParallelRegion r : level2) {
            ParallelRegion outer = inner.index().region(r.enclosingRegion()).orElseThrow();
            assertThat(outer.level().get()).isEqualTo(1);
            assertThat(r.members()).hasSize(2);
            // the encountering task is the outer implicit task of the thread that opened it, suspended now
            Task encountering = inner.index().task(r.encounteringTask()).orElseThrow();
            assertThat(id(encountering.generatingTask())).isEqualTo(1);
            assertThat(lifecycle(encountering)).isEqualTo(TaskLifecycle.SUSPENDED);
            assertThat(icv(inner, r, "levels-var")).isEqualTo(2);
            assertThat(icv(inner, r, "active-levels-var")).isEqualTo(2);
            assertThat(icv(inner, r, "team-size-var")).isEqualTo(2);
        }
        ParallelRegion outer = inner.index().region(level2.getFirst().enclosingRegion()).orElseThrow();
        assertThat(icv(inner, outer, "levels-var")).isEqualTo(1);
        // max-active-levels-var, which lets the inner regions be active: 2 (omp_set_max_active_levels(2)) on every
        // running task, the ones the agent reads it for, in each step
        for (Snapshot step : steps) {
            List<Task> running = step.tasks().stream().filter(t -> lifecycle(t) == TaskLifecycle.RUNNING).toList();
            assertThat(running).isNotEmpty();
            for (Task t : running) {
                assertThat(t.icvs().stream().filter(v -> step.index().icv(v.icv()).orElseThrow().name()
                        .equals("max-active-levels-var")).map(IcvValue::integer).map(Fact::get).toList())
                        .as("max-active-levels-var of running task %s in %s", t.id(), step.capture().label())
                        .containsExactly(2L);
            }
        }
        SnapshotDiff back = SnapshotSeries.of(steps).steps().get(1);
        assertThat(stack(steps.get(2), 1)).containsExactly(2L, 1L); // thread 1 back in its outer implicit task
        assertThat(tasks(back).removed()).isEqualTo(2); // the inner implicit tasks of the outer threads
    }

    private static Map<Integer, Integer> levels(Snapshot s) {
        Map<Integer, Integer> levels = new TreeMap<>();
        s.parallelRegions().forEach(r -> levels.put(r.level().get(), r.teamSize().get()));
        return levels;
    }

    private static long icv(Snapshot s, ParallelRegion r, String name) {
        return r.icvs().stream().filter(v -> s.index().icv(v.icv()).orElseThrow().name().equals(name))
                .map(IcvValue::integer).map(Fact::get).findFirst().orElseThrow();
    }

    @Test
    void taskgroupFlags_untiedFinalIncluded_andTheTaskgroupWaitsForAll() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("taskgroup-flags");
        Task untied = task(steps.get(0), 3);
        assertThat(untied.agent().flags()).containsExactly(TaskFlag.UNTIED);
        assertThat(untied.thread()).isNotEqualTo(task(steps.get(0), 2).thread());
        assertThat(ids(steps.get(1), TaskLifecycle.QUEUED)).containsExactly(5L, 6L);
        assertThat(task(steps.get(1), 6).agent().flags()).containsExactly(TaskFlag.FINAL);
        Snapshot included = steps.get(2);
        Task child = task(included, 7);
        assertThat(child.agent().flags()).contains(TaskFlag.INCLUDED, TaskFlag.FINAL, TaskFlag.UNDEFERRED);
        assertThat(id(child.generatingTask())).isEqualTo(6);
        assertThat(stack(included, 1)).containsExactly(7L, 6L, 2L, 1L);
        assertThat(lifecycle(task(included, 5))).isEqualTo(TaskLifecycle.QUEUED);
        assertThat(ids(steps.get(3), t -> t.kind() == TaskKind.EXPLICIT)).isEmpty();
        assertThat(tasks(SnapshotSeries.of(steps).steps().get(2)).removed()).isEqualTo(4);
    }

    @Test
    void taskDependences_aChainAndADiamondWhoseJoinWaitsForTwoTasks() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("task-dependences");
        Snapshot created = steps.get(1);
        Map<Long, List<Long>> edges = new TreeMap<>();
        created.tasks().stream().filter(t -> !t.agent().dependsOn().isEmpty())
                .forEach(t -> edges.put(t.id().value(), dependsOn(t)));
        // producer 3; diamond 5, 6 → join 7; chain 3 → 8 → 9
        assertThat(edges).containsExactly(Map.entry(5L, List.of(3L)), Map.entry(6L, List.of(3L)),
                Map.entry(7L, List.of(5L, 6L)), Map.entry(8L, List.of(3L)), Map.entry(9L, List.of(8L)));
        assertThat(types(task(created, 3))).containsExactly(DependenceType.INOUT); // out, reported as inout
        assertThat(types(task(created, 7))).containsExactly(DependenceType.IN, DependenceType.IN);
        assertThat(types(task(created, 8))).containsExactly(DependenceType.IN, DependenceType.INOUT);
        assertThat(types(task(created, 9))).containsExactly(DependenceType.INOUT);
        assertThat(ids(created, TaskLifecycle.QUEUED)).containsExactly(5L, 6L, 7L, 8L, 9L);
        Snapshot released = steps.get(2);
        assertThat(lifecycle(task(released, 3))).isEqualTo(TaskLifecycle.COMPLETED);
        assertThat(ids(released, TaskLifecycle.RUNNING)).contains(5L);
        assertThat(dependsOn(task(released, 7))).containsExactly(5L, 6L); // the join still waits for both sides
        assertThat(dependsOn(task(released, 9))).containsExactly(8L);
        // one rule, TaskStatus, everywhere (issue 24 item 3): the comparison's lifecycle row and its table per region
        // say "blocked on dependences" where the tree and the graph do, never "queued"
        SnapshotDiff made = SnapshotSeries.of(steps).steps().get(0);
        var five = made.tree().ofB(EntityKind.TASK, created.index().taskPosition(5));
        assertThat(made.fields(five)).filteredOn(r -> r.field() == org.ompdexplorer.model.diff.DiffField.LIFECYCLE)
                .singleElement().satisfies(r -> assertThat(r.b().text()).isEqualTo(TaskStatus.BLOCKED));
        assertThat(made.aggregates()).filteredOn(r -> r.task().equals("task in main") && r.inB() == 5)
                .extracting(org.ompdexplorer.model.diff.AggregateDelta::lifecycle).containsExactly(TaskStatus.BLOCKED);
        SnapshotDiff moved = SnapshotSeries.of(steps).steps().get(1);
        assertThat(moved.stillBlocked()).as("every task waited for moved").isEmpty();
        assertThat(ids(steps.get(3), t -> t.kind() == TaskKind.EXPLICIT)).isEmpty();
    }

    /**
     * Issue 24: "still blocked" must mean the same wait at the same place with nothing it waits for having moved —
     * in every step of every lesson, no entry names a task that can run, a task whose thread went on with other work,
     * or an idle thread.
     */
    @Test
    void stillBlockedNeverNamesWhatCanRunOrWhatMovedInAnyLessonStep() throws Exception {
        for (String lesson : org.ompdexplorer.resources.BundledResources.lessons().stream()
                .map(org.ompdexplorer.resources.Lesson::name).toList()) {
            List<Snapshot> steps = BundledLessons.steps(lesson);
            List<SnapshotDiff> diffs = SnapshotSeries.of(steps).steps();
            for (int i = 0; i < diffs.size(); i++) {
                SnapshotDiff d = diffs.get(i);
                String where = lesson + " step " + (i + 1) + " → " + (i + 2) + ": ";
                for (StillBlocked sb : d.stillBlocked()) {
                    Snapshot a = d.a();
                    Snapshot b = d.b();
                    if (sb.kind() == EntityKind.THREAD) {
                        OmpThread t = b.index().thread(new ThreadId(sb.b().id())).orElseThrow();
                        assertThat(b.index().task(t.currentTask()).flatMap(c -> TaskStatus.of(c, b.index()))
                                .filter(TaskStatus::isOpen)).as(where + "an idle thread (no open current task): %s",
                                sb.place()).isPresent();
                        continue;
                    }
                    Task ta = task(a, sb.a().id());
                    Task tb = task(b, sb.b().id());
                    if (sb.how() == StillBlocked.How.DEPENDENCES) {
                        assertThat(TaskStatus.of(tb, b.index()).filter(TaskStatus::isBlockedOnDependences))
                                .as(where + "task #%d can run: %s", tb.id().value(), sb.place()).isPresent();
                        for (TaskId p : tb.agent().dependsOn()) {
                            assertThat(TaskStatus.nameOf(task(b, p.value()), b.index()))
                                    .as(where + "task #%d's predecessor #%d moved", tb.id().value(), p.value())
                                    .isEqualTo(TaskStatus.nameOf(task(a, d.matching().inA(new EntityRef(EntityKind.TASK,
                                            p.value())).orElseThrow().id()), a.index()));
                        }
                    }
                    if (sb.how() == StillBlocked.How.SUSPENDED && tb.thread().isKnown()) {
                        OmpThread on = b.index().thread(tb.thread()).orElseThrow();
                        OmpThread was = a.index().thread(ta.thread()).orElseThrow();
                        assertThat(b.index().task(on.currentTask()).flatMap(c -> d.matching().inA(EntityRef.of(c.id())))
                                .map(EntityRef::id))
                                .as(where + "task #%d's thread went on with other work", tb.id().value())
                                .isEqualTo(was.currentTask().asOptional().map(TaskId::value));
                    }
                }
            }
        }
        SnapshotDiff released = SnapshotSeries.of(BundledLessons.steps("task-dependences")).steps().get(1);
        assertThat(released.stillBlocked()).extracting(sb -> sb.b().id())
                .as("#3 completed: #6 and #8 became ready, #5 started, so #7 and #9 wait on tasks that moved")
                .doesNotContain(6L, 7L, 8L, 9L);
    }

    private static List<DependenceType> types(Task t) {
        return t.agent().dependences().stream().map(Dependence::type).toList();
    }

    @Test
    void taskBacklog_aQueueInCreationOrder_andTheThiefTakesTheOldest() throws Exception {
        List<Snapshot> steps = BundledLessons.steps("task-backlog");
        assertThat(ids(steps.get(0), TaskLifecycle.QUEUED)).containsExactly(5L, 6L, 7L, 8L);
        Snapshot backlog = steps.get(1);
        List<Task> queued = backlog.tasks().stream().filter(t -> lifecycle(t) == TaskLifecycle.QUEUED).toList();
        assertThat(queued).hasSize(100);
        assertThat(queued.stream().map(t -> t.agent().creationOrder()).toList())
                .isEqualTo(java.util.stream.LongStream.rangeClosed(5, 104).boxed().toList());
        assertThat(queued.stream().map(t -> t.creationSite().get()).distinct()).hasSize(1);
        assertThat(queued.stream().map(t -> id(t.generatingTask())).distinct()).containsExactly(2L);
        assertThat(queued).allMatch(t -> !t.thread().isKnown());
        Snapshot stolen = steps.get(2);
        Task oldest = task(stolen, 5);
        assertThat(lifecycle(oldest)).isEqualTo(TaskLifecycle.RUNNING);
        assertThat(oldest.thread()).isNotEqualTo(task(stolen, 2).thread());
        assertThat(ids(stolen, TaskLifecycle.QUEUED)).hasSize(99);
        SnapshotDiff theft = SnapshotSeries.of(steps).steps().get(1);
        assertThat(tasks(theft).removed()).isEqualTo(1); // the long task
        assertThat(tasks(theft).changed()).isPositive();
    }
}
