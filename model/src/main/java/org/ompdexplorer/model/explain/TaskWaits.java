package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.DEPEND_CLAUSE;
import static org.ompdexplorer.model.explain.SpecSections.EXECUTION_MODEL;
import static org.ompdexplorer.model.explain.SpecSections.OMPD_TASK_HANDLES;
import static org.ompdexplorer.model.explain.SpecSections.TASKING_TERMINOLOGY;
import static org.ompdexplorer.model.explain.SpecSections.TASKWAIT;
import static org.ompdexplorer.model.explain.SpecSections.TASK_SCHEDULING;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.SyncWait;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadState;

/**
 * Where a task is in its life ({@link TaskStatus}) and what it waits for: queued, blocked on dependences, running,
 * waiting at a taskwait, taskgroup or barrier, suspended, detached, completed.
 */
final class TaskWaits {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    TaskWaits(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    List<Sentence> explain(Task task) {
        Optional<SyncWait> wait = TaskStatus.of(task, index).flatMap(TaskStatus::waitingAt);
        if (wait.isPresent()) {
            return new SyncRegionWaits(index).waiting(task, wait.get());
        }
        Optional<TaskLifecycle> life = task.lifecycle();
        if (life.isEmpty()) {
            return unknownLifecycle(task);
        }
        TaskLifecycle l = life.get();
        if (l.equals(TaskLifecycle.QUEUED)) {
            List<Task> unmet = Predecessors.unmet(index, task);
            return unmet.isEmpty() ? queued(task) : blocked(task, unmet);
        }
        if (l.equals(TaskLifecycle.RUNNING)) {
            Sentence.Builder b = Sentence.builder().mention(EntityRef.of(task.id())).text(" is running");
            index.thread(task.thread()).ifPresent(t -> b.text(" on ").mention(EntityRef.of(t.id())));
            return List.of(b.text(".").cite(TASKING_TERMINOLOGY).build());
        }
        if (l.equals(TaskLifecycle.SUSPENDED)) {
            return suspended(task);
        }
        if (l.equals(TaskLifecycle.DETACHED)) {
            return new SyncRegionWaits(index).detached(task);
        }
        if (l.equals(TaskLifecycle.COMPLETED)) {
            return List.of(Sentence.builder().mention(EntityRef.of(task.id())).text(" has completed; the runtime"
                    + " keeps it while another task still refers to it.").cite(TASKING_TERMINOLOGY).build());
        }
        return List.of(Sentence.builder().text("The capture agent recorded the lifecycle '" + l.name() + "' for ")
                .mention(EntityRef.of(task.id())).text(", which this build does not know.").build());
    }

    private List<Sentence> queued(Task task) {
        Sentence.Builder b = Sentence.builder().mention(EntityRef.of(task.id())).text(" is queued: it was deferred"
                + " when it was generated and has not started; no thread has picked it up at a task scheduling point"
                + " yet.");
        if (task.agent() != null && !task.agent().dependsOn().isEmpty()) {
            b.text(" The tasks it depended on (").mentions(task.agent().dependsOn().stream().map(EntityRef::of)
                    .toList(), r -> "").text(") have completed, so it is ready.").cite(DEPEND_CLAUSE);
        }
        return List.of(b.cite(TASK_SCHEDULING, TASKING_TERMINOLOGY).build());
    }

    private List<Sentence> blocked(Task task, List<Task> unmet) {
        Sentence.Builder b = Sentence.builder().mention(EntityRef.of(task.id()))
                .text(" is blocked on dependences: it is queued but cannot start until ")
                .mentions(unmet.stream().map(p -> EntityRef.of(p.id())).toList(), this::lifecycleOf)
                .text(unmet.size() == 1 ? " completes." : " complete.");
        b.cite(DEPEND_CLAUSE, TASK_SCHEDULING);
        List<Sentence> out = new ArrayList<>(List.of(b.build()));
        for (Task p : unmet) {
            shared(task, p).ifPresent(out::add);
        }
        return out;
    }

    /** {@code It declared in on 0x…; task #8 declared out on the same address.}: the dependence behind an edge. */
    private Optional<Sentence> shared(Task task, Task predecessor) {
        List<Dependence> mine = task.agent().dependences();
        List<Dependence> theirs = predecessor.agent() == null ? List.of() : predecessor.agent().dependences();
        for (Dependence d : mine) {
            for (Dependence e : theirs) {
                if (d.address() == e.address()) {
                    return Optional.of(Sentence.builder().text("It declared depend(" + d.type().name() + ") on "
                                    + Address.hex(d.address()) + ", and ").mention(EntityRef.of(predecessor.id()))
                            .text(" declared depend(" + e.type().name() + ") on the same address earlier, so "
                                    + describe(d, e) + ".").cite(DEPEND_CLAUSE).build());
                }
            }
        }
        return Optional.empty();
    }

    private static String describe(Dependence later, Dependence earlier) {
        String l = later.type().name();
        String e = earlier.type().name();
        if (l.equals("in") && !e.equals("in")) {
            return "it must wait to read what that task writes";
        }
        if (!l.equals("in") && e.equals("in")) {
            return "it must wait until that task has read the old value before it writes";
        }
        return "the two writes must happen in the order the tasks were generated";
    }

    private List<Sentence> suspended(Task task) {
        EntityRef self = EntityRef.of(task.id());
        List<Sentence> out = new ArrayList<>();
        Optional<OmpThread> thread = index.thread(task.thread());
        boolean current = thread.map(t -> t.currentTask().equals(Fact.of(task.id()))).orElse(false);
        Optional<ThreadState> state = thread.flatMap(t -> t.state().asOptional());
        if (current && state.isPresent() && state.get().isWait()) {
            out.add(waitingIn(task, thread.get(), state.get()));
            return out;
        }
        Optional<org.ompdexplorer.model.TargetRegion> target = snapshot.index().awaitedTarget(task.id());
        if (target.isPresent()) {
            out.add(Sentence.builder().mention(self).text(" is suspended: it encountered the target construct ")
                    .mention(EntityRef.of(target.get().id())).text(" and waits until it ends, on device "
                            + target.get().deviceNum() + ".").cite(SpecSections.TARGET_CONSTRUCT).build());
            return out;
        }
        Optional<ParallelRegion> encountered = snapshot.parallelRegions().stream()
                .filter(r -> r.encounteringTask().equals(Fact.of(task.id()))).findFirst();
        if (encountered.isPresent()) {
            out.add(Sentence.builder().mention(self).text(" is suspended: it encountered the parallel construct of ")
                    .mention(EntityRef.of(encountered.get().id())).text(" and waits in it until the region ends;"
                            + " its thread runs an implicit task of the new team meanwhile.")
                    .cite(EXECUTION_MODEL, TASKING_TERMINOLOGY).build());
            return out;
        }
        Optional<Task> above = thread.flatMap(t -> aboveOnStack(t, task));
        Sentence.Builder b = Sentence.builder().mention(self).text(" is suspended at a task scheduling point");
        if (above.isPresent()) {
            b.text(": ").mention(EntityRef.of(thread.get().id())).text(" runs ").mention(EntityRef.of(
                    above.get().id())).text(" on top of it (its scheduling task is ").mention(self).text(").");
        } else {
            b.text(".");
        }
        b.text(" The snapshot does not say which construct it stopped at.");
        out.add(b.cite(TASK_SCHEDULING, OMPD_TASK_HANDLES).build());
        children(task, "Its children not yet completed, which a taskwait in it would wait for: ").ifPresent(out::add);
        return out;
    }

    /** The task its thread scheduled directly on top of it. */
    private Optional<Task> aboveOnStack(OmpThread thread, Task task) {
        List<Task> chain = index.schedulingChain(thread.id());
        for (int i = 1; i < chain.size(); i++) {
            if (chain.get(i).id().equals(task.id())) {
                return Optional.of(chain.get(i - 1));
            }
        }
        return Optional.empty();
    }

    /** A wait that is not a sync region's (those are {@link SyncRegionWaits}): a lock, a critical section, a device. */
    private Sentence waitingIn(Task task, OmpThread thread, ThreadState state) {
        return Sentence.builder().mention(EntityRef.of(task.id())).text(" is suspended while ")
                .mention(EntityRef.of(thread.id())).text(" is in state " + state.shortName() + ".")
                .cite(SpecSections.SYNCHRONIZATION_TERMINOLOGY).build();
    }

    private Optional<Sentence> children(Task task, String lead) {
        List<Task> open = openChildren(task);
        if (open.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Sentence.builder().text(lead).mentions(open.stream().map(c -> EntityRef.of(c.id()))
                .toList(), this::lifecycleOf).text(".").cite(TASKWAIT).build());
    }

    private List<Task> openChildren(Task task) {
        return index.generatedBy(task.id()).stream()
                .filter(c -> !c.lifecycle().map(TaskLifecycle.COMPLETED::equals).orElse(false)).toList();
    }

    private String lifecycleOf(EntityRef ref) {
        return new SyncRegionWaits(index).statusOf(ref);
    }

    /** A core or an OMPD import: no lifecycle, but the thread stacks still say something. */
    private List<Sentence> unknownLifecycle(Task task) {
        EntityRef self = EntityRef.of(task.id());
        Sentence.Builder b = Sentence.builder().text("The snapshot does not say whether ").mention(self)
                .text(" is queued, running, suspended, detached or completed: only a capture agent following OMPT records"
                        + " lifecycles.");
        for (OmpThread t : snapshot.threads()) {
            List<Task> chain = index.schedulingChain(t.id());
            for (int i = 0; i < chain.size(); i++) {
                if (chain.get(i).id().equals(task.id())) {
                    if (i == 0) {
                        b.text(" It is the current task of ").mention(EntityRef.of(t.id()))
                                .text(", so it is executing there or waiting in the runtime.");
                    } else {
                        b.text(" It is on the stack of ").mention(EntityRef.of(t.id())).text(" below ")
                                .mention(EntityRef.of(chain.get(i - 1).id()))
                                .text(", so it was suspended at a task scheduling point.");
                    }
                    return List.of(b.cite(OMPD_TASK_HANDLES, TASK_SCHEDULING).build());
                }
            }
        }
        return List.of(b.cite(OMPD_TASK_HANDLES).build());
    }
}
