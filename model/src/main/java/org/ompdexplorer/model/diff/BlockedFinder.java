package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncWait;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.ThreadState;

/**
 * Finds the matched threads and tasks in the same wait, at the same place, with nothing they wait for having moved,
 * in both snapshots:
 * <ul>
 *   <li>a task waiting at a taskwait, a taskgroup's end or a barrier ({@link SyncWait}) on the same thread, in the
 *       same state with the same wait id and enter frame, whose awaited tasks ({@link SyncWait#awaited}) are the
 *       same and none moved (the same status, thread and, for a thread's current task, the same state);</li>
 *   <li>a detached task still detached: its event is still not fulfilled;</li>
 *   <li>a task suspended with the same enter frame (its stack did not move), the same children, none of its open
 *       children moved;</li>
 *   <li>a queued task waiting for the same tasks' dependences;</li>
 *   <li>a thread in any other wait state (a lock, a critical section, a device) with the same wait id.</li>
 * </ul>
 * A thread waiting in a sync region is listed through its current task, whose entry names it. Where both snapshots
 * hold the thread's call stack, it must be the same ({@link SameStacks}: the same functions and lines, runtime frames
 * folded), and the entry says so.
 */
final class BlockedFinder {
    private final Matching m;
    private final Snapshot a;
    private final Snapshot b;
    private final List<StillBlocked> found = new ArrayList<>();
    private java.util.Map<Task, Set<TaskId>> waitingInB;
    private final SameStacks stacks;

    private BlockedFinder(Matching m) {
        this.m = m;
        this.a = m.a();
        this.b = m.b();
        this.stacks = new SameStacks(m);
    }

    static List<StillBlocked> find(Matching m) {
        return new BlockedFinder(m).find();
    }

    private List<StillBlocked> find() {
        Set<TaskId> shown = new HashSet<>();
        for (int pb = 0; pb < b.threads().size(); pb++) {
            int pa = m.inA(EntityKind.THREAD, pb);
            if (pa >= 0 && thread(a.threads().get(pa), b.threads().get(pb))) {
                b.threads().get(pb).currentTask().asOptional().ifPresent(shown::add);
            }
        }
        // A task that encountered a parallel region still running is suspended in it by design, not blocked.
        for (int pr = 0; pr < b.parallelRegions().size(); pr++) {
            if (m.inA(EntityKind.PARALLEL_REGION, pr) >= 0) {
                b.parallelRegions().get(pr).encounteringTask().asOptional().ifPresent(shown::add);
            }
        }
        for (int pb = 0; pb < b.tasks().size(); pb++) {
            int pa = m.inA(EntityKind.TASK, pb);
            if (pa >= 0 && !shown.contains(b.tasks().get(pb).id())) {
                task(a.tasks().get(pa), b.tasks().get(pb));
            }
        }
        return List.copyOf(found);
    }

    /** A thread in the same wait that is not a sync region's; whether it was listed. */
    private boolean thread(OmpThread ta, OmpThread tb) {
        if (!(ta.state() instanceof Fact.Known<ThreadState>(ThreadState sa))
                || !(tb.state() instanceof Fact.Known<ThreadState>(ThreadState sb))
                || sa.value() != sb.value() || !sb.isWait() || !Objects.equals(ta.waitId(), tb.waitId())) {
            return false;
        }
        if (SyncWait.of(sb).isPresent()) {
            Optional<TaskStatus> current = b.index().task(tb.currentTask()).flatMap(t -> TaskStatus.of(t, b.index()));
            if (current.filter(TaskStatus::isWaiting).isPresent()) {
                return false; // its current task waits there: that task's entry judges the wait and names the thread
            }
            boolean noTask = b.index().task(tb.currentTask()).isEmpty();
            if (noTask || current.filter(st -> !st.isOpen()).isPresent()) {
                return false; // a worker at the barrier of a region it has finished: idle, waiting for work
            }
        }
        Optional<String> stack = stacks.compare(Fact.of(ta.id()), Fact.of(tb.id()));
        if (stack.isEmpty()) {
            return false; // its call stack moved: the same wait entered again from elsewhere
        }
        String place = sb.shortName() + tb.waitId().asOptional().map(w -> ", wait id " + Address.hex(w)).orElse("")
                + b.index().task(tb.currentTask()).map(t -> ", in " + Names.of(t, b.index())).orElse("")
                + stack.get();
        found.add(new StillBlocked(EntityKind.THREAD, EntityRef.of(ta.id()), EntityRef.of(tb.id()),
                StillBlocked.How.WAITING, place));
        return true;
    }

    private void task(Task ta, Task tb) {
        Optional<TaskStatus> sa = TaskStatus.of(ta, a.index());
        Optional<TaskStatus> sb = TaskStatus.of(tb, b.index());
        Optional<SyncWait> wa = sa.flatMap(TaskStatus::waitingAt);
        Optional<SyncWait> wb = sb.flatMap(TaskStatus::waitingAt);
        if (wb.isPresent()) {
            Optional<String> stack;
            if (wa.equals(wb) && samePlace(ta, tb) && unmoved(wa.get().awaited(ta, a.index()),
                    wb.get().awaited(tb, b.index())) && (stack = stacks.compare(ta.thread(), tb.thread())).isPresent()) {
                found.add(new StillBlocked(EntityKind.TASK, EntityRef.of(ta.id()), EntityRef.of(tb.id()),
                        StillBlocked.How.SYNC_WAIT, syncPlace(tb, wb.get()) + stack.get()));
            }
            return;
        }
        if (sb.filter(TaskStatus::isDetached).isPresent()) {
            if (sa.filter(TaskStatus::isDetached).isPresent()) {
                found.add(new StillBlocked(EntityKind.TASK, EntityRef.of(ta.id()), EntityRef.of(tb.id()),
                        StillBlocked.How.DETACHED, "body done, event still not fulfilled (omp_fulfill_event)"
                        + waitersOf(tb)));
            }
            return;
        }
        if (wa.isPresent()) {
            return; // it was waiting in A and is not in B: it moved
        }
        Fact<TaskLifecycle> la = TaskFields.lifecycle(ta);
        Fact<TaskLifecycle> lb = TaskFields.lifecycle(tb);
        boolean suspended = la.equals(lb) && (lb.isKnown() ? lb.get().equals(TaskLifecycle.SUSPENDED) : true);
        Optional<String> stack;
        if (suspended && ta.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fa)
                && tb.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fb)
                && fb.enter().isPresent() && fa.enterAddress() == fb.enterAddress()
                && (lb.isKnown() || !isCurrentTaskOfRunningThread(tb)) && sameChildren(ta, tb) && threadStayed(ta, tb)
                && unmoved(SyncWait.TASKWAIT.awaited(ta, a.index()), SyncWait.TASKWAIT.awaited(tb, b.index()))
                && (stack = stacks.compare(ta.thread(), tb.thread(), ta.id(), tb.id())).isPresent()) {
            String place = "at its scheduling point, enter frame " + fb.enter()
                    + waitingThreadState(tb).map(s -> " (" + s + ")").orElse("") + children(tb) + stack.get();
            found.add(new StillBlocked(EntityKind.TASK, EntityRef.of(ta.id()), EntityRef.of(tb.id()),
                    StillBlocked.How.SUSPENDED, place));
            return;
        }
        if (sb.filter(TaskStatus::isBlockedOnDependences).isPresent() && la.equals(lb) && tb.agent() != null
                && sameWaitedFor(ta, tb) && unmoved(predecessors(ta, a), predecessors(tb, b))) {
            List<String> names = new ArrayList<>();
            for (TaskId id : tb.agent().dependsOn()) {
                names.add(b.index().task(id).map(t -> Names.of(t, b.index())).orElse("task " + Names.task(id)));
            }
            found.add(new StillBlocked(EntityKind.TASK, EntityRef.of(ta.id()), EntityRef.of(tb.id()),
                    StillBlocked.How.DEPENDENCES, "waiting for " + String.join(", ", names)));
        }
    }

    /**
     * The same wait: on the matched thread, in the same state with the same wait id, at the same enter frame where
     * both snapshots have one.
     */
    private boolean samePlace(Task ta, Task tb) {
        Optional<OmpThread> tha = a.index().thread(ta.thread());
        Optional<OmpThread> thb = b.index().thread(tb.thread());
        if (tha.isEmpty() || thb.isEmpty() || !sameThread(ta.thread(), tb.thread())
                || !tha.get().state().equals(thb.get().state()) || !tha.get().waitId().equals(thb.get().waitId())) {
            return false;
        }
        return !(ta.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fa))
                || !(tb.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fb))
                || !fa.enter().isPresent() || !fb.enter().isPresent() || fa.enterAddress() == fb.enterAddress();
    }

    /**
     * Whether what a task waits for is the same in A and B with none of it having moved: the same matched tasks, each
     * with the same status on the same thread, and where it is a thread's current task, that thread in the same
     * state. A task that completed, started, was taken by another thread or was added is progress.
     */
    private boolean unmoved(List<Task> inA, List<Task> inB) {
        if (inA.size() != inB.size()) {
            return false;
        }
        Set<Integer> awaitedA = new HashSet<>();
        for (Task t : inA) {
            awaitedA.add(a.index().taskPosition(t.id().value()));
        }
        for (Task tb : inB) {
            int pa = m.inA(EntityKind.TASK, b.index().taskPosition(tb.id().value()));
            if (pa < 0 || !awaitedA.contains(pa)) {
                return false;
            }
            Task ta = a.tasks().get(pa);
            if (!Objects.equals(TaskStatus.nameOf(ta, a.index()), TaskStatus.nameOf(tb, b.index()))
                    || !sameThread(ta.thread(), tb.thread()) || !sameHold(ta, tb)) {
                return false;
            }
        }
        return true;
    }

    /** Where the task's thread holds it as its current task in one snapshot, it does in the other, in one state. */
    private boolean sameHold(Task ta, Task tb) {
        Optional<OmpThread> ha = a.index().thread(ta.thread()).filter(t -> t.currentTask().equals(Fact.of(ta.id())));
        Optional<OmpThread> hb = b.index().thread(tb.thread()).filter(t -> t.currentTask().equals(Fact.of(tb.id())));
        if (ha.isEmpty() || hb.isEmpty()) {
            return ha.isEmpty() && hb.isEmpty();
        }
        return ha.get().state().equals(hb.get().state());
    }

    /** Both absent, or both threads and matched to each other. */
    private boolean sameThread(Fact<ThreadId> inA, Fact<ThreadId> inB) {
        if (!inA.isKnown() || !inB.isKnown()) {
            return !inA.isKnown() && !inB.isKnown();
        }
        int pa = a.index().threadPosition(inA.get().value());
        int pb = b.index().threadPosition(inB.get().value());
        return pa >= 0 && pb >= 0 && m.inB(EntityKind.THREAD, pa) == pb;
    }

    /**
     * {@code at a taskwait on thread #1 (lwp 7), wait_taskwait, wait id 0x0; waiting for task #5 explicit work
     * (detached: body done, event not fulfilled)}.
     */
    private String syncPlace(Task tb, SyncWait wait) {
        StringBuilder s = new StringBuilder("at a ").append(wait.construct());
        b.index().thread(tb.thread()).ifPresent(t -> s.append(" on ").append(Names.of(t))
                .append(t.state().asOptional().map(st -> ", " + st.shortName()).orElse(""))
                .append(t.waitId().asOptional().map(w -> ", wait id " + Address.hex(w)).orElse("")));
        List<Task> awaited = wait.awaited(tb, b.index());
        if (awaited.isEmpty()) {
            return s.append("; waiting for nothing the snapshot holds").toString();
        }
        s.append("; waiting for ").append(listed(awaited));
        return s.toString();
    }

    /** {@code ; the taskwait in task #2 explicit main waits for it}: who waits for a detached task. */
    private String waitersOf(Task detached) {
        List<String> waiters = new ArrayList<>();
        for (var w : waitingInB().entrySet()) {
            if (w.getValue().contains(detached.id())) {
                Task t = w.getKey();
                waiters.add("the " + TaskStatus.of(t, b.index()).flatMap(TaskStatus::waitingAt).orElseThrow()
                        .construct() + " in " + Names.of(t, b.index()));
            }
        }
        if (waiters.isEmpty()) {
            return "";
        }
        String last = waiters.removeLast();
        return "; " + (waiters.isEmpty() ? last + " waits" : String.join(", ", waiters) + " and " + last + " wait")
                + " for it";
    }

    /** The tasks of B waiting in a sync region (at most one a thread), each with what it waits for; made once. */
    private java.util.Map<Task, Set<TaskId>> waitingInB() {
        if (waitingInB == null) {
            waitingInB = new java.util.LinkedHashMap<>();
            for (OmpThread t : b.threads()) {
                b.index().task(t.currentTask()).ifPresent(task -> TaskStatus.of(task, b.index())
                        .flatMap(TaskStatus::waitingAt).ifPresent(w -> waitingInB.put(task, new HashSet<>(
                                w.awaited(task, b.index()).stream().map(Task::id).toList()))));
            }
        }
        return waitingInB;
    }

    /** The first three tasks with their statuses, and how many more. */
    private String listed(List<Task> tasks) {
        List<String> names = new ArrayList<>();
        for (Task c : tasks.subList(0, Math.min(3, tasks.size()))) {
            String state = Optional.ofNullable(TaskStatus.nameOf(c, b.index())).orElse("");
            String on = c.thread().asOptional().map(t -> "on " + Names.thread(t)).orElse("");
            String detail = String.join(" ", java.util.stream.Stream.of(state, on).filter(x -> !x.isEmpty()).toList());
            names.add(Names.of(c, b.index()) + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
        return String.join(", ", names) + (tasks.size() > 3 ? " and " + (tasks.size() - 3) + " more" : "");
    }

    /** {@code ; its children: task #4 explicit fib (running on thread #1)}: what the suspended task may wait for. */
    private String children(Task task) {
        List<Task> children = b.index().generatedBy(task.id());
        return children.isEmpty() ? "" : "; its children: " + listed(children);
    }

    /**
     * Whether the task generated the same tasks in A and B: one suspended at a taskwait whose children came and went
     * between the snapshots is waiting on fresh work each time, making progress, not blocked.
     */
    private boolean sameChildren(Task ta, Task tb) {
        List<Task> ca = a.index().generatedBy(ta.id());
        List<Task> cb = b.index().generatedBy(tb.id());
        if (ca.size() != cb.size()) {
            return false;
        }
        for (Task child : cb) {
            int pa = m.inA(EntityKind.TASK, b.index().taskPosition(child.id().value()));
            if (pa < 0 || !a.tasks().get(pa).generatingTask().equals(Fact.of(ta.id()))) {
                return false;
            }
        }
        return true;
    }

    /** Without a lifecycle (a core), a current task with an enter frame is one that called into the runtime. */
    private boolean isCurrentTaskOfRunningThread(Task task) {
        return waitingThreadState(task).isEmpty() && b.threads().stream()
                .anyMatch(t -> t.currentTask().equals(Fact.of(task.id())) && t.state().asOptional()
                        .map(st -> !st.isWait()).orElse(false));
    }

    /** The wait state of the thread whose current task this is, e.g. {@code wait_taskwait}. */
    private Optional<String> waitingThreadState(Task task) {
        return b.index().thread(task.thread())
                .filter(t -> t.currentTask().equals(Fact.of(task.id())))
                .flatMap(t -> t.state().asOptional()).filter(ThreadState::isWait).map(ThreadState::shortName);
    }

    /** The tasks a task depends on that the snapshot holds. */
    private static List<Task> predecessors(Task t, Snapshot s) {
        List<Task> found = new ArrayList<>();
        for (TaskId id : t.agent().dependsOn()) {
            s.index().task(id).ifPresent(found::add);
        }
        return found;
    }

    /**
     * Whether the thread a suspended task is on did not go on with other work: the same (matched) current task in A
     * and B, in one state. A thread that finished one task and started another between the snapshots is making
     * progress, and the task suspended below that work is waiting for it, not blocked.
     */
    private boolean threadStayed(Task ta, Task tb) {
        Optional<OmpThread> tha = a.index().thread(ta.thread());
        Optional<OmpThread> thb = b.index().thread(tb.thread());
        if (tha.isEmpty() || thb.isEmpty()) {
            return tha.isEmpty() && thb.isEmpty();
        }
        Fact<TaskId> ca = tha.get().currentTask();
        Fact<TaskId> cb = thb.get().currentTask();
        if (!ca.isKnown() || !cb.isKnown()) {
            return !ca.isKnown() && !cb.isKnown() && tha.get().state().equals(thb.get().state());
        }
        int pa = a.index().taskPosition(ca.get().value());
        int pb = b.index().taskPosition(cb.get().value());
        return pa >= 0 && pb >= 0 && m.inA(EntityKind.TASK, pb) == pa
                && tha.get().state().equals(thb.get().state())
                && Objects.equals(TaskStatus.nameOf(a.tasks().get(pa), a.index()),
                        TaskStatus.nameOf(b.tasks().get(pb), b.index()));
    }

    private boolean sameWaitedFor(Task ta, Task tb) {
        if (ta.agent() == null || ta.agent().dependsOn().size() != tb.agent().dependsOn().size()) {
            return false;
        }
        for (TaskId id : ta.agent().dependsOn()) {
            int pa = a.index().taskPosition(id.value());
            int pb = pa < 0 ? -1 : m.inB(EntityKind.TASK, pa);
            if (pb < 0 || !tb.agent().dependsOn().contains(b.tasks().get(pb).id())) {
                return false;
            }
        }
        return true;
    }
}
