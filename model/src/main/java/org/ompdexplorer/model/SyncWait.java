package org.ompdexplorer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A task waiting in a sync region: it is its thread's current task and the thread is in one of the spec's
 * sync-region wait states ({@code ompt_state_wait_taskwait}, {@code ompt_state_wait_taskgroup}, any
 * {@code ompt_state_wait_barrier*}). OMPD reads the state from a core as an agent does from a stopped thread, so the
 * rule holds for both; the task is then waiting, not running, whatever else the source says of it.
 */
public enum SyncWait {
    /** At a taskwait: until the child tasks it generated before the taskwait complete (OpenMP 5.1 §2.19.5). */
    TASKWAIT("taskwait"),
    /** At the end of a taskgroup: until the tasks generated in it, and their descendants, complete (§2.19.6). */
    TASKGROUP("taskgroup"),
    /** At a barrier: until every thread of the team arrives and the team's explicit tasks complete (§2.19.2). */
    BARRIER("barrier");

    private final String construct;

    SyncWait(String construct) {
        this.construct = construct;
    }

    /** The construct waited at: {@code taskwait}, {@code taskgroup}, {@code barrier}. */
    public String construct() {
        return construct;
    }

    /** The wait a thread state stands for: 0x20 taskwait, 0x21 taskgroup, 0x10–0x16 (any wait_barrier*) barrier. */
    public static Optional<SyncWait> of(ThreadState state) {
        String s = state.shortName();
        if (state.value() == 0x20 || s.equals("wait_taskwait")) {
            return Optional.of(TASKWAIT);
        }
        if (state.value() == 0x21 || s.equals("wait_taskgroup")) {
            return Optional.of(TASKGROUP);
        }
        if ((state.value() >= 0x10 && state.value() <= 0x16) || s.startsWith("wait_barrier")) {
            return Optional.of(BARRIER);
        }
        return Optional.empty();
    }

    /** The wait of a task that is its thread's current task while that thread is in a sync-region wait state. */
    public static Optional<SyncWait> of(Task task, SnapshotIndex index) {
        return index.thread(task.thread())
                .filter(t -> t.currentTask() instanceof Fact.Known<TaskId>(TaskId id) && id.equals(task.id()))
                .flatMap(t -> t.state().asOptional()).flatMap(SyncWait::of);
    }

    /**
     * What the waiting task waits for, as far as the snapshot tells: for a taskwait its child tasks not completed;
     * for a taskgroup its descendants not completed (the snapshot does not say which were generated inside the
     * taskgroup, so all of them); for a barrier the implicit tasks of the team whose threads are not at a barrier,
     * then the explicit tasks bound to the region not completed. A task without a lifecycle (a core) is not known
     * to have completed, so it counts. Detached tasks count: their event is not fulfilled.
     */
    public List<Task> awaited(Task task, SnapshotIndex index) {
        return switch (this) {
            case TASKWAIT -> openChildren(task, index);
            case TASKGROUP -> openDescendants(task, index);
            case BARRIER -> team(task, index);
        };
    }

    private static boolean open(Task t) {
        return !TaskLifecycle.COMPLETED.equals(t.lifecycle().orElse(null));
    }

    private static List<Task> openChildren(Task task, SnapshotIndex index) {
        return index.generatedBy(task.id()).stream().filter(c -> !c.kind().equals(TaskKind.IMPLICIT) && open(c))
                .toList();
    }

    private static List<Task> openDescendants(Task task, SnapshotIndex index) {
        List<Task> out = new ArrayList<>();
        Deque<Task> todo = new ArrayDeque<>(index.generatedBy(task.id()));
        java.util.Set<TaskId> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            Task t = todo.poll();
            if (t.kind().equals(TaskKind.IMPLICIT) || !seen.add(t.id())) {
                continue; // a nested region's team belongs to that region, which ends before the task goes on
            }
            if (open(t)) {
                out.add(t);
            }
            todo.addAll(index.generatedBy(t.id()));
        }
        return out;
    }

    private static List<Task> team(Task task, SnapshotIndex index) {
        Optional<ParallelRegion> region = index.region(task.parallelRegion());
        if (region.isEmpty()) {
            return List.of();
        }
        List<Task> out = new ArrayList<>();
        for (TeamMember m : region.get().members()) {
            Optional<OmpThread> thread = index.thread(m.thread());
            boolean arrived = thread.flatMap(t -> t.state().asOptional()).flatMap(SyncWait::of)
                    .filter(BARRIER::equals).isPresent();
            index.task(m.implicitTask()).filter(t -> !arrived && !t.id().equals(task.id())).ifPresent(out::add);
        }
        for (Task t : index.tasksIn(region.get().id())) {
            if (!t.isImplicit() && open(t)) {
                out.add(t);
            }
        }
        return out;
    }
}
