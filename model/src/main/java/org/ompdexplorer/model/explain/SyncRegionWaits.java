package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.BARRIER;
import static org.ompdexplorer.model.explain.SpecSections.FULFILL_EVENT;
import static org.ompdexplorer.model.explain.SpecSections.TASKGROUP;
import static org.ompdexplorer.model.explain.SpecSections.TASKWAIT;
import static org.ompdexplorer.model.explain.SpecSections.TASK_CONSTRUCT;
import static org.ompdexplorer.model.explain.SpecSections.TASK_SCHEDULING;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.SyncWait;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadState;

/**
 * The sentences of a task waiting at a taskwait, a taskgroup's end or a barrier ({@link SyncWait}), with what it
 * waits for, and of a detached task, with what waits for it.
 */
final class SyncRegionWaits {
    /** The most tasks a sentence names; the rest are counted. */
    static final int NAMED = 8;
    private final SnapshotIndex index;

    SyncRegionWaits(SnapshotIndex index) {
        this.index = index;
    }

    /** {@code Task #2 is waiting at a taskwait on thread T1 (wait_taskwait): …}, then one sentence per detached task. */
    List<Sentence> waiting(Task task, SyncWait wait) {
        EntityRef self = EntityRef.of(task.id());
        Optional<OmpThread> thread = index.thread(task.thread());
        String state = thread.flatMap(t -> t.state().asOptional()).map(ThreadState::shortName).orElse("");
        Sentence.Builder b = Sentence.builder().mention(self).text(" is waiting at ");
        b.text(wait == SyncWait.TASKGROUP ? "the end of a taskgroup" : "a " + wait.construct());
        thread.ifPresent(t -> b.text(" on ").mention(EntityRef.of(t.id())));
        b.text(state.isEmpty() ? "" : " (" + state + ")");
        List<Task> awaited = wait.awaited(task, index);
        switch (wait) {
            case TASKWAIT -> {
                b.text(": it cannot go on until the child tasks it generated before the taskwait complete");
                list(b, awaited, "; the snapshot holds none of them not completed, so it is about to resume.");
                b.cite(TASKWAIT, TASK_SCHEDULING);
            }
            case TASKGROUP -> {
                b.text(": it cannot go on until the tasks generated in the taskgroup, and their descendants,"
                        + " complete");
                list(b, awaited, "; the snapshot holds none of its descendants not completed, so it is about to"
                        + " resume.");
                if (!awaited.isEmpty()) {
                    b.text(" (The snapshot does not say which of its descendants were generated inside the"
                            + " taskgroup: these are all that have not completed.)");
                }
                b.cite(TASKGROUP, TASK_SCHEDULING);
            }
            case BARRIER -> barrier(b, task, awaited);
        }
        List<Sentence> out = new ArrayList<>(List.of(b.build()));
        if (task.agent() == null && !awaited.isEmpty()) {
            out.add(Sentence.builder().text("The snapshot has no lifecycles (a core), so it cannot say which of"
                    + " these have completed; a completed task the runtime freed is not in it at all.")
                    .cite(SpecSections.OMPD_TASK_HANDLES).build());
        }
        for (Task t : awaited) {
            if (TaskStatus.of(t, index).filter(TaskStatus::isDetached).isPresent()) {
                out.add(Sentence.builder().mention(EntityRef.of(t.id())).text(" finished its body but its completion"
                        + " event has not been fulfilled (omp_fulfill_event), so it has not completed and the "
                        + wait.construct() + " goes on waiting for it.").cite(TASK_CONSTRUCT, FULFILL_EVENT).build());
            }
        }
        return out;
    }

    private void barrier(Sentence.Builder b, Task task, List<Task> awaited) {
        Optional<ParallelRegion> region = index.region(task.parallelRegion());
        b.text(": every thread of the team");
        region.ifPresent(r -> b.text(" of ").mention(EntityRef.of(r.id())));
        b.text(" must reach the barrier and the explicit tasks bound to the region complete first; meanwhile its"
                + " thread may run queued tasks.");
        List<Task> members = awaited.stream().filter(Task::isImplicit).toList();
        List<Task> tasks = awaited.stream().filter(t -> !t.isImplicit()).toList();
        if (region.isEmpty()) {
            b.text(" The snapshot does not hold its region, so it cannot say who is missing.");
        } else if (awaited.isEmpty()) {
            b.text(" Every thread of the team is at a barrier and no explicit task of the region is left, so it is"
                    + " about to go on.");
        } else {
            if (!members.isEmpty()) {
                b.text(" Not at a barrier yet: ");
                capped(b, members, this::memberOf);
                b.text(".");
            }
            if (!tasks.isEmpty()) {
                b.text(" Not completed: ");
                capped(b, tasks, this::statusOf);
                b.text(".");
            }
        }
        b.cite(BARRIER, TASK_SCHEDULING);
    }

    /**
     * {@code Task #5 finished its body but its completion event has not been fulfilled (omp_fulfill_event); the
     * taskwait in task #2 waits for it.}
     */
    List<Sentence> detached(Task task) {
        Sentence.Builder b = Sentence.builder().mention(EntityRef.of(task.id())).text(" finished its body but its"
                + " completion event has not been fulfilled (omp_fulfill_event)");
        List<Waiter> waiters = new ArrayList<>();
        waiter(task).ifPresent(waiters::add);
        barrierWaiters(task).forEach(t -> waiters.add(new Waiter(t, SyncWait.BARRIER)));
        if (waiters.isEmpty()) {
            b.text(": it has not completed and no thread holds it; no task in the snapshot waits for it yet.");
            return List.of(b.cite(TASK_CONSTRUCT, FULFILL_EVENT).build());
        }
        b.text("; ");
        int shown = Math.min(waiters.size(), NAMED);
        for (int i = 0; i < shown; i++) {
            if (i > 0) {
                b.text(i == shown - 1 && shown == waiters.size() ? " and " : ", ");
            }
            Waiter w = waiters.get(i);
            b.text("the " + w.at().construct() + " in ").mention(EntityRef.of(w.task().id()));
        }
        if (shown < waiters.size()) {
            b.text(" and " + (waiters.size() - shown) + " more");
        }
        b.text(waiters.size() == 1 ? " waits for it." : " wait for it.");
        b.text(" It completes only when the program fulfills the event; no thread holds it meanwhile.");
        return List.of(b.cite(TASK_CONSTRUCT, FULFILL_EVENT).build());
    }

    private record Waiter(Task task, SyncWait at) {
    }

    /** Its generating task at a taskwait, else the nearest ancestor at a taskgroup's end. */
    private Optional<Waiter> waiter(Task task) {
        Optional<Task> parent = index.task(task.generatingTask());
        Optional<SyncWait> first = parent.flatMap(p -> TaskStatus.of(p, index)).flatMap(TaskStatus::waitingAt);
        if (first.isPresent() && first.get() != SyncWait.BARRIER) {
            return Optional.of(new Waiter(parent.get(), first.get()));
        }
        java.util.Set<TaskId> seen = new java.util.HashSet<>();
        for (Optional<Task> a = parent; a.isPresent() && seen.add(a.get().id());
             a = index.task(a.get().generatingTask())) {
            Task at = a.get();
            if (TaskStatus.of(at, index).flatMap(TaskStatus::waitingAt).filter(SyncWait.TASKGROUP::equals)
                    .isPresent()) {
                return Optional.of(new Waiter(at, SyncWait.TASKGROUP));
            }
        }
        return Optional.empty();
    }

    /** The implicit tasks of its region's team waiting at a barrier: they wait for it to complete. */
    private List<Task> barrierWaiters(Task task) {
        Optional<ParallelRegion> region = index.region(task.parallelRegion());
        if (region.isEmpty()) {
            return List.of();
        }
        List<Task> out = new ArrayList<>();
        for (TeamMember m : region.get().members()) {
            index.task(m.implicitTask()).filter(t -> TaskStatus.of(t, index).flatMap(TaskStatus::waitingAt)
                    .filter(SyncWait.BARRIER::equals).isPresent()).ifPresent(out::add);
        }
        return out;
    }

    private void list(Sentence.Builder b, List<Task> awaited, String none) {
        if (awaited.isEmpty()) {
            b.text(none);
            return;
        }
        b.text(": ");
        capped(b, awaited, this::statusOf);
        b.text(".");
    }

    private void capped(Sentence.Builder b, List<Task> tasks, java.util.function.Function<EntityRef, String> suffix) {
        List<EntityRef> refs = tasks.stream().limit(NAMED).map(t -> EntityRef.of(t.id())).toList();
        if (tasks.size() <= NAMED) {
            b.mentions(refs, suffix);
            return;
        }
        for (EntityRef r : refs) {
            b.mention(r).text(suffix.apply(r)).text(", ");
        }
        b.text("and " + (tasks.size() - NAMED) + " more");
    }

    /** {@code  (detached: body done, event not fulfilled)}: a task's status as every view names it. */
    String statusOf(EntityRef ref) {
        return index.task(new TaskId(ref.id())).flatMap(t -> TaskStatus.of(t, index)).map(s -> " (" + s.name() + ")")
                .orElse("");
    }

    /** {@code  (thread number 1, on thread T2)}: a team member not at the barrier. */
    private String memberOf(EntityRef ref) {
        Optional<Task> t = index.task(new TaskId(ref.id()));
        String num = t.flatMap(x -> x.threadNum().asOptional().or(() -> index.region(x.parallelRegion())
                .flatMap(r -> r.members().stream().filter(m -> m.implicitTask().equals(Fact.of(x.id())))
                        .map(TeamMember::threadNum).findFirst()))).map(n -> "thread number " + n).orElse("");
        String on = t.flatMap(x -> index.thread(x.thread())).map(th -> "on thread T" + th.id()
                + th.state().asOptional().map(s -> ", " + s.shortName()).orElse("")).orElse("");
        String both = num.isEmpty() || on.isEmpty() ? num + on : num + ", " + on;
        return both.isEmpty() ? "" : " (" + both + ")";
    }
}
