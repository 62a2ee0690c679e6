package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.HashSet;
import java.util.Set;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFrames;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.ThreadState;

/**
 * Finds the matched threads and tasks that wait at the same place in both snapshots: a thread in the same wait
 * state with the same wait id; a task suspended with the same enter frame (its scheduling point: the stack did not
 * move); a queued task waiting for the same tasks.
 */
final class BlockedFinder {
    private BlockedFinder() {
    }

    static List<StillBlocked> find(Matching m) {
        List<StillBlocked> found = new ArrayList<>();
        Snapshot a = m.a();
        Snapshot b = m.b();
        for (int pb = 0; pb < b.threads().size(); pb++) {
            int pa = m.inA(EntityKind.THREAD, pb);
            if (pa >= 0) {
                thread(a.threads().get(pa), b.threads().get(pb), b, found);
            }
        }
        Set<TaskId> shown = new HashSet<>();
        for (StillBlocked s : found) {
            b.index().thread(new org.ompdexplorer.model.ThreadId(s.b().id())).flatMap(t -> t.currentTask().asOptional())
                    .ifPresent(shown::add);
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
                task(m, a.tasks().get(pa), b.tasks().get(pb), found);
            }
        }
        return List.copyOf(found);
    }

    private static void thread(OmpThread ta, OmpThread tb, Snapshot b, List<StillBlocked> found) {
        if (!(ta.state() instanceof Fact.Known<ThreadState>(ThreadState sa))
                || !(tb.state() instanceof Fact.Known<ThreadState>(ThreadState sb))
                || sa.value() != sb.value() || !sb.isWait() || !Objects.equals(ta.waitId(), tb.waitId())) {
            return;
        }
        String place = sb.shortName() + tb.waitId().asOptional().map(w -> ", wait id " + Address.hex(w)).orElse("")
                + b.index().task(tb.currentTask()).map(t -> ", in " + DiffNames.of(t)).orElse("");
        found.add(new StillBlocked(EntityKind.THREAD, ref(ta), ref(tb), StillBlocked.How.WAITING, place));
    }

    private static void task(Matching m, Task ta, Task tb, List<StillBlocked> found) {
        Fact<TaskLifecycle> la = TaskFields.lifecycle(ta);
        Fact<TaskLifecycle> lb = TaskFields.lifecycle(tb);
        boolean suspended = la.equals(lb) && (lb.isKnown() ? lb.get().equals(TaskLifecycle.SUSPENDED) : true);
        if (suspended && ta.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fa)
                && tb.frames() instanceof Fact.Known<TaskFrames>(TaskFrames fb)
                && fb.enter().isPresent() && fa.enterAddress() == fb.enterAddress()
                && (lb.isKnown() || !isCurrentTaskOfRunningThread(m.b(), tb)) && sameChildren(m, ta, tb)) {
            String place = "at its scheduling point, enter frame " + fb.enter()
                    + waitingThreadState(m.b(), tb).map(s -> " (" + s + ")").orElse("") + children(m.b(), tb);
            found.add(new StillBlocked(EntityKind.TASK, ref(ta), ref(tb), StillBlocked.How.SUSPENDED, place));
            return;
        }
        if (lb.isKnown() && lb.get().equals(TaskLifecycle.QUEUED) && la.equals(lb) && tb.agent() != null
                && !tb.agent().dependsOn().isEmpty() && sameWaitedFor(m, ta, tb)) {
            List<String> names = new ArrayList<>();
            for (TaskId id : tb.agent().dependsOn()) {
                names.add(m.b().index().task(id).map(DiffNames::of).orElse("task " + id));
            }
            found.add(new StillBlocked(EntityKind.TASK, ref(ta), ref(tb), StillBlocked.How.DEPENDENCES,
                    "waiting for " + String.join(", ", names)));
        }
    }

    /** {@code ; its children: task #4 explicit fib (running on thread #1)}: what the suspended task may wait for. */
    private static String children(Snapshot s, Task task) {
        List<Task> children = s.index().generatedBy(task.id());
        if (children.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Task c : children.subList(0, Math.min(3, children.size()))) {
            String state = TaskFields.lifecycle(c).asOptional().map(l -> l.name()).orElse("");
            String on = c.thread().asOptional().map(t -> "on thread #" + t).orElse("");
            String detail = String.join(" ", java.util.stream.Stream.of(state, on).filter(x -> !x.isEmpty()).toList());
            names.add(DiffNames.of(c) + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
        return "; its children: " + String.join(", ", names)
                + (children.size() > 3 ? " and " + (children.size() - 3) + " more" : "");
    }

    /**
     * Whether the task generated the same tasks in A and B: one suspended at a taskwait whose children came and went
     * between the snapshots is waiting on fresh work each time, making progress, not blocked.
     */
    private static boolean sameChildren(Matching m, Task ta, Task tb) {
        List<Task> ca = m.a().index().generatedBy(ta.id());
        List<Task> cb = m.b().index().generatedBy(tb.id());
        if (ca.size() != cb.size()) {
            return false;
        }
        for (Task child : cb) {
            int pa = m.inA(EntityKind.TASK, m.b().index().taskPosition(child.id().value()));
            if (pa < 0 || !m.a().tasks().get(pa).generatingTask().equals(Fact.of(ta.id()))) {
                return false;
            }
        }
        return true;
    }

    /** Without a lifecycle (a core), a current task with an enter frame is one that called into the runtime. */
    private static boolean isCurrentTaskOfRunningThread(Snapshot s, Task task) {
        return waitingThreadState(s, task).isEmpty() && s.threads().stream()
                .anyMatch(t -> t.currentTask().equals(Fact.of(task.id())) && t.state().asOptional()
                        .map(st -> !st.isWait()).orElse(false));
    }

    /** The wait state of the thread whose current task this is, e.g. {@code wait_taskwait}. */
    private static Optional<String> waitingThreadState(Snapshot s, Task task) {
        return s.index().thread(task.thread())
                .filter(t -> t.currentTask().equals(Fact.of(task.id())))
                .flatMap(t -> t.state().asOptional()).filter(ThreadState::isWait).map(ThreadState::shortName);
    }

    private static boolean sameWaitedFor(Matching m, Task ta, Task tb) {
        if (ta.agent() == null || ta.agent().dependsOn().size() != tb.agent().dependsOn().size()) {
            return false;
        }
        for (TaskId id : ta.agent().dependsOn()) {
            int pa = m.a().index().taskPosition(id.value());
            int pb = pa < 0 ? -1 : m.inB(EntityKind.TASK, pa);
            if (pb < 0 || !tb.agent().dependsOn().contains(m.b().tasks().get(pb).id())) {
                return false;
            }
        }
        return true;
    }

    private static EntityRef ref(OmpThread t) {
        return EntityRef.of(t.id());
    }

    private static EntityRef ref(Task t) {
        return EntityRef.of(t.id());
    }
}
