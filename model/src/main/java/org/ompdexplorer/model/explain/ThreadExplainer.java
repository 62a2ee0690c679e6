package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.BARRIER;
import static org.ompdexplorer.model.explain.SpecSections.EXECUTION_MODEL;
import static org.ompdexplorer.model.explain.SpecSections.OMPD;
import static org.ompdexplorer.model.explain.SpecSections.OMPD_TASK_HANDLES;
import static org.ompdexplorer.model.explain.SpecSections.SYNCHRONIZATION_TERMINOLOGY;
import static org.ompdexplorer.model.explain.SpecSections.TASKGROUP;
import static org.ompdexplorer.model.explain.SpecSections.TASKWAIT;
import static org.ompdexplorer.model.explain.SpecSections.TASK_SCHEDULING;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Address;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.ThreadState;

/** A thread: what its state means, what it is executing, and its stack of suspended tasks. */
final class ThreadExplainer {
    private final SnapshotIndex index;

    ThreadExplainer(Snapshot snapshot) {
        this.index = snapshot.index();
    }

    List<Sentence> explain(OmpThread thread) {
        EntityRef self = EntityRef.of(thread.id());
        if (!thread.isOpenMpThread()) {
            return List.of(Sentence.builder().mention(self).text(" is not an OpenMP thread: the runtime does not"
                    + " know it, so it has no OpenMP state, task or region.").cite(OMPD).build());
        }
        List<Sentence> out = new ArrayList<>();
        out.add(state(thread));
        stack(thread).ifPresent(out::add);
        return out;
    }

    private Sentence state(OmpThread thread) {
        EntityRef self = EntityRef.of(thread.id());
        Sentence.Builder b = Sentence.builder().mention(self);
        if (!(thread.state() instanceof Fact.Known<ThreadState>(ThreadState state))) {
            return b.text(": the snapshot does not know its state (" + thread.state() + "). A core needs a runtime"
                    + " that tracks state: run the program with OMP_DEBUG=enabled.").cite(OMPD).build();
        }
        String s = state.shortName();
        String wait = thread.waitId().asOptional().map(w -> ", wait id " + Address.hex(w)).orElse("");
        if (s.equals("work_parallel") || s.equals("work_serial") || s.equals("work_reduction")) {
            b.text(switch (s) {
                case "work_parallel" -> " is working (" + s + "): executing user code in a parallel region";
                case "work_serial" -> " is working (" + s + "): executing user code outside any parallel region";
                default -> " is combining values for a reduction (" + s + ")";
            });
            current(b, thread);
            return b.text(".").cite(EXECUTION_MODEL).build();
        }
        if (s.startsWith("wait_barrier")) {
            b.text(" waits in a barrier (" + s + wait + ")");
            current(b, thread);
            return b.text(": it cannot go on until every thread of its team reaches the barrier; meanwhile it may"
                    + " execute queued tasks of the team.").cite(BARRIER, TASK_SCHEDULING).build();
        }
        if (s.equals("wait_taskwait")) {
            b.text(" waits in a taskwait (" + s + wait + ")");
            current(b, thread);
            return b.text(": that task waits for the child tasks it generated to complete, and the thread may run"
                    + " other tasks meanwhile.").cite(TASKWAIT, TASK_SCHEDULING).build();
        }
        if (s.equals("wait_taskgroup")) {
            b.text(" waits at the end of a taskgroup (" + s + wait + ")");
            current(b, thread);
            return b.text(": the tasks generated in the taskgroup and their descendants must complete first.")
                    .cite(TASKGROUP, TASK_SCHEDULING).build();
        }
        if (s.startsWith("wait_target")) {
            return b.text(" waits for a device (" + s + wait + "): a target region or data transfer it"
                    + " started has not finished.").cite(EXECUTION_MODEL).build();
        }
        if (s.startsWith("wait_")) {
            return b.text(" waits for mutual exclusion (" + s + wait + "): another thread holds the lock,"
                    + " critical section, atomic or ordered region it needs.").cite(SYNCHRONIZATION_TERMINOLOGY)
                    .build();
        }
        if (s.equals("idle")) {
            return b.text(" is idle: it belongs to no team at the moment and waits in the runtime to be given work"
                    + " by a new parallel region.").cite(EXECUTION_MODEL).build();
        }
        if (s.equals("overhead")) {
            return b.text(" is in the runtime (overhead), for example setting up or tearing down a region.")
                    .cite(EXECUTION_MODEL).build();
        }
        return b.text(" is in state " + state + ", which OpenMP does not describe; the runtime defines it.")
                .cite(OMPD).build();
    }

    private void current(Sentence.Builder b, OmpThread thread) {
        index.task(thread.currentTask()).ifPresent(t -> b.text(", in ").mention(EntityRef.of(t.id())));
        index.region(thread.currentRegion()).ifPresent(r -> b.text(" of ").mention(EntityRef.of(r.id())));
    }

    private java.util.Optional<Sentence> stack(OmpThread thread) {
        List<Task> chain = index.schedulingChain(thread.id());
        if (chain.size() < 2) {
            return java.util.Optional.empty();
        }
        Sentence.Builder b = Sentence.builder().text("Its stack of tasks, current first: ")
                .mentions(chain.stream().map(t -> EntityRef.of(t.id())).toList(), r -> "")
                .text(". Each task was started on top of the one after it, which was suspended at a task scheduling"
                        + " point and resumes when the task above it completes or suspends.");
        return java.util.Optional.of(b.cite(TASK_SCHEDULING, OMPD_TASK_HANDLES).build());
    }
}
