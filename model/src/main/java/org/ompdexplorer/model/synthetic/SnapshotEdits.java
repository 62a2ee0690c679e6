package org.ompdexplorer.model.synthetic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.ompdexplorer.model.AgentFacts;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;

/**
 * Makes one snapshot from another, for tests and benchmarks of the diff: the same program with other ids, in
 * another order, without the agent's facts (as a core import sees it), or a moment later (some tasks changed,
 * some finished, some new).
 */
public final class SnapshotEdits {
    private SnapshotEdits() {
    }

    /** Every thread, region and task id moved by {@code offset}, links with them: the same state, other ids. */
    public static Snapshot renumbered(Snapshot s, long offset) {
        UnaryOperator<Fact<TaskId>> task = f -> f.map(id -> new TaskId(id.value() + offset));
        UnaryOperator<Fact<ThreadId>> thread = f -> f.map(id -> new ThreadId(id.value() + offset));
        UnaryOperator<Fact<RegionId>> region = f -> f.map(id -> new RegionId(id.value() + offset));
        List<OmpThread> threads = s.threads().stream().map(t -> new OmpThread(new ThreadId(t.id().value() + offset),
                t.addressSpace(), t.osIds(), t.kind(), t.state(), t.waitId(), task.apply(t.currentTask()),
                region.apply(t.currentRegion()), t.toolData(), t.icvs(), t.syncRegion())).toList();
        List<ParallelRegion> regions = s.parallelRegions().stream().map(r -> new ParallelRegion(
                new RegionId(r.id().value() + offset), r.addressSpace(), region.apply(r.enclosingRegion()), r.teamSize(),
                r.level(), r.activeLevel(), r.members().stream().map(m -> new TeamMember(m.threadNum(),
                thread.apply(m.thread()), task.apply(m.implicitTask()))).toList(), task.apply(r.encounteringTask()),
                r.creationSite(), r.toolData(), r.icvs())).toList();
        List<Task> tasks = s.tasks().stream().map(t -> new Task(new TaskId(t.id().value() + offset), t.kind(),
                task.apply(t.generatingTask()), task.apply(t.schedulingTask()), region.apply(t.parallelRegion()),
                thread.apply(t.thread()), t.threadNum(), t.function(), t.creationSite(), t.frames(), t.toolData(),
                t.icvs(), t.agent() == null ? null : new AgentFacts(t.agent().lifecycle(), t.agent().flags(),
                t.agent().priority(), t.agent().dependences(), t.agent().dependsOn().stream()
                .map(id -> new TaskId(id.value() + offset)).toList(), t.agent().creationOrder()))).toList();
        return with(s, threads, regions, tasks);
    }

    /** Threads, regions and tasks in reverse order: the same state, listed otherwise. */
    public static Snapshot reordered(Snapshot s) {
        List<OmpThread> threads = new ArrayList<>(s.threads());
        List<ParallelRegion> regions = new ArrayList<>(s.parallelRegions());
        List<Task> tasks = new ArrayList<>(s.tasks());
        Collections.reverse(threads);
        Collections.reverse(regions);
        Collections.reverse(tasks);
        return with(s, threads, regions, tasks);
    }

    /** Without the agent's facts on any task: no creation order and no lifecycle, as a core import sees it. */
    public static Snapshot withoutAgentFacts(Snapshot s) {
        return with(s, s.threads(), s.parallelRegions(), s.tasks().stream().map(t -> copy(t, t.id(), null)).toList());
    }

    /** One thread put in a wait state with a wait id (at a barrier, say), everything else as it was. */
    public static Snapshot withThreadWaiting(Snapshot s, ThreadId thread, ThreadState state, long waitId) {
        List<OmpThread> threads = s.threads().stream().map(t -> !t.id().equals(thread) ? t
                : new OmpThread(t.id(), t.addressSpace(), t.osIds(), t.kind(), Fact.of(state), Fact.of(waitId),
                t.currentTask(), t.currentRegion(), t.toolData(), t.icvs(), t.syncRegion())).toList();
        return with(s, threads, s.parallelRegions(), s.tasks());
    }

    /** Every task replaced by {@code edit}'s result (same id expected). */
    public static Snapshot mapTasks(Snapshot s, UnaryOperator<Task> edit) {
        return with(s, s.threads(), s.parallelRegions(), s.tasks().stream().map(edit).toList());
    }

    /**
     * Every explicit task scheduled over the task at the position {@code over} gives for its own position (−1: its
     * link as it was): work stealing between every part of the tree, as real captures of busy programs show, or a
     * cycle of scheduling links, which the validator reports and which every view must show all the same.
     */
    public static Snapshot scheduledOver(Snapshot s, java.util.function.IntUnaryOperator over) {
        List<Task> tasks = new ArrayList<>(s.tasks().size());
        for (int p = 0; p < s.tasks().size(); p++) {
            Task t = s.tasks().get(p);
            int q = t.kind().equals(TaskKind.EXPLICIT) ? over.applyAsInt(p) : -1;
            tasks.add(q < 0 ? t : new Task(t.id(), t.kind(), t.generatingTask(), Fact.of(s.tasks().get(q).id()),
                    t.parallelRegion(), t.thread(), t.threadNum(), t.function(), t.creationSite(), t.frames(),
                    t.toolData(), t.icvs(), t.agent()));
        }
        return with(s, s.threads(), s.parallelRegions(), tasks);
    }

    /**
     * The same program a moment later: of the explicit tasks, {@code fraction} changed lifecycle (queued ones whose
     * dependences are met ran and completed in between), {@code fraction} finished and gone (leaves nothing else
     * names), and {@code fraction} as many new queued ones, created by running or suspended tasks already there.
     * Every change keeps the state valid: no task on a thread's stack changes, so the stacks stay as they were.
     * Deterministic for a seed.
     */
    public static Snapshot evolved(Snapshot s, double fraction, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Set<Long> named = namedIds(s);
        List<Task> explicit = s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).toList();
        int n = (int) Math.round(explicit.size() * fraction);
        long nextId = s.tasks().stream().mapToLong(t -> t.id().value()).max().orElse(0) + 1;
        long nextOrder = s.tasks().stream().mapToLong(t -> t.agent() == null ? -1 : t.agent().creationOrder())
                .max().orElse(0) + 1;
        Set<Long> removed = new HashSet<>();
        Set<Long> changed = new HashSet<>();
        for (int tries = 0; (removed.size() < n || changed.size() < n) && tries < explicit.size() * 4; tries++) {
            Task t = explicit.get(random.nextInt(explicit.size()));
            long id = t.id().value();
            if (removed.contains(id) || changed.contains(id)) {
                continue;
            }
            if (removed.size() < n && !named.contains(id)) {
                removed.add(id);
            } else if (changed.size() < n && t.agent() != null && TaskLifecycle.QUEUED.equals(t.agent().lifecycle())
                    && dependencesMet(s, t)) {
                changed.add(id);
            }
        }
        List<Task> creators = explicit.stream().filter(t -> t.agent() == null || t.agent().lifecycle() == null
                || TaskLifecycle.RUNNING.equals(t.agent().lifecycle())
                || TaskLifecycle.SUSPENDED.equals(t.agent().lifecycle())).toList();
        List<Task> tasks = new ArrayList<>(s.tasks().size() + n);
        for (Task t : s.tasks()) {
            if (removed.contains(t.id().value())) {
                continue;
            }
            tasks.add(changed.contains(t.id().value()) ? withLifecycle(t, TaskLifecycle.COMPLETED) : t);
        }
        for (int i = 0; i < n && !creators.isEmpty(); i++) {
            Task parent = creators.get(random.nextInt(creators.size()));
            AgentFacts facts = new AgentFacts(TaskLifecycle.QUEUED, List.of(), 0, List.of(), List.of(), nextOrder++);
            tasks.add(new Task(new TaskId(nextId++), TaskKind.EXPLICIT, Fact.of(parent.id()), Fact.absent(),
                    parent.parallelRegion(), Fact.absent(), Fact.absent(), parent.function(), parent.creationSite(),
                    Fact.absent(), Fact.absent(), List.of(), parent.agent() == null ? null : facts));
        }
        return with(s, s.threads(), s.parallelRegions(), tasks);
    }

    /** Whether every task {@code t} depends on is completed (or not followed): then it may have run. */
    private static boolean dependencesMet(Snapshot s, Task t) {
        for (TaskId d : t.agent().dependsOn()) {
            if (s.index().task(d).flatMap(Task::lifecycle).filter(l -> !TaskLifecycle.COMPLETED.equals(l)).isPresent()) {
                return false;
            }
        }
        return true;
    }

    /** A copy of a task with another lifecycle. */
    public static Task withLifecycle(Task t, TaskLifecycle lifecycle) {
        AgentFacts a = t.agent();
        return copy(t, t.id(), new AgentFacts(lifecycle, a.flags(), a.priority(), a.dependences(), a.dependsOn(),
                a.creationOrder()));
    }

    private static Task copy(Task t, TaskId id, AgentFacts agent) {
        return new Task(id, t.kind(), t.generatingTask(), t.schedulingTask(), t.parallelRegion(), t.thread(),
                t.threadNum(), t.function(), t.creationSite(), t.frames(), t.toolData(), t.icvs(), agent);
    }

    /** Ids some other entity links to: removing one of these would leave a dangling link. */
    private static Set<Long> namedIds(Snapshot s) {
        Set<Long> named = new HashSet<>();
        for (Task t : s.tasks()) {
            t.generatingTask().asOptional().ifPresent(id -> named.add(id.value()));
            t.schedulingTask().asOptional().ifPresent(id -> named.add(id.value()));
            if (t.agent() != null) {
                t.agent().dependsOn().forEach(id -> named.add(id.value()));
            }
        }
        for (OmpThread t : s.threads()) {
            t.currentTask().asOptional().ifPresent(id -> named.add(id.value()));
        }
        for (ParallelRegion r : s.parallelRegions()) {
            r.encounteringTask().asOptional().ifPresent(id -> named.add(id.value()));
            r.members().forEach(m -> m.implicitTask().asOptional().ifPresent(id -> named.add(id.value())));
        }
        return named;
    }

    private static Snapshot with(Snapshot s, List<OmpThread> threads, List<ParallelRegion> regions, List<Task> tasks) {
        return new Snapshot(s.capture(), s.runtime(), s.addressSpaces(), s.states(), s.icvCatalogue(),
                s.displayControlVars(), threads, regions, tasks);
    }
}
