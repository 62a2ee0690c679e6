package org.ompdexplorer.model.explain;

import static org.ompdexplorer.model.explain.SpecSections.EXECUTION_MODEL;
import static org.ompdexplorer.model.explain.SpecSections.OMPD_TASK_HANDLES;
import static org.ompdexplorer.model.explain.SpecSections.TASKING_TERMINOLOGY;
import static org.ompdexplorer.model.explain.SpecSections.TASK_CONSTRUCT;
import static org.ompdexplorer.model.explain.SpecSections.TASK_SCHEDULING;
import static org.ompdexplorer.model.explain.SpecSections.UNTIED_CLAUSE;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;

/** A task: what kind it is, where it is in its life ({@link TaskWaits}), why it is scheduled where it is, its flags. */
final class TaskExplainer {
    private final Snapshot snapshot;
    private final SnapshotIndex index;

    TaskExplainer(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
    }

    List<Sentence> explain(Task task) {
        List<Sentence> out = new ArrayList<>();
        out.add(kind(task));
        out.addAll(new TaskWaits(snapshot).explain(task));
        scheduling(task).ifPresent(out::add);
        out.addAll(flags(task));
        return out;
    }

    private Sentence kind(Task task) {
        EntityRef self = EntityRef.of(task.id());
        Sentence.Builder b = Sentence.builder().mention(self);
        if (task.kind().equals(TaskKind.INITIAL)) {
            b.text(" is an initial task: the implicit task of the implicit parallel region that surrounds the whole"
                    + " program");
            index.thread(task.thread()).ifPresent(t -> b.text(", executed by the initial thread, ").mention(
                    EntityRef.of(t.id())));
            return b.text(".").cite(TASKING_TERMINOLOGY, EXECUTION_MODEL).build();
        }
        if (task.kind().equals(TaskKind.IMPLICIT)) {
            Optional<ParallelRegion> region = index.region(task.parallelRegion());
            Optional<Integer> num = threadNum(task, region);
            b.text(" is an implicit task");
            num.ifPresentOrElse(n -> b.text(": the one of thread number " + n), () -> b.text(
                    ": its thread number in the team is not known"));
            region.ifPresentOrElse(r -> b.text(" in the team of ").mention(EntityRef.of(r.id())),
                    () -> b.text(" (the snapshot does not hold its parallel region)"));
            b.text(". The parallel construct made one implicit task per thread of the team; each runs the region's"
                    + " code");
            index.thread(task.thread()).ifPresent(t -> b.text(", this one on ").mention(EntityRef.of(t.id())));
            return b.text(".").cite(TASKING_TERMINOLOGY, EXECUTION_MODEL).build();
        }
        if (task.kind().equals(TaskKind.EXPLICIT)) {
            b.text(" is an explicit task: a thread generated it when it encountered a task construct");
            index.task(task.generatingTask()).ifPresentOrElse(g -> b.text(" in ").mention(EntityRef.of(g.id())),
                    () -> b.text(" (the snapshot does not say in which task)"));
            return b.text(".").cite(TASKING_TERMINOLOGY, TASK_CONSTRUCT).build();
        }
        if (task.kind().equals(TaskKind.TARGET)) {
            return b.text(" is a target task: it stands for a target region offloaded to a device.")
                    .cite(TASKING_TERMINOLOGY).build();
        }
        return b.text(" is a task of kind '" + task.kind().name() + "', which OpenMP does not define; the"
                + " runtime reported it.").cite(TASKING_TERMINOLOGY).build();
    }

    /** An implicit task's thread number: its own fact, else its place in its region's team. */
    private static Optional<Integer> threadNum(Task task, Optional<ParallelRegion> region) {
        if (task.threadNum().isKnown()) {
            return Optional.of(task.threadNum().get());
        }
        return region.flatMap(r -> r.members().stream()
                .filter(m -> m.implicitTask().equals(Fact.of(task.id()))).map(TeamMember::threadNum).findFirst());
    }

    /** Why the scheduling task is what it is, for an explicit task that started. */
    private Optional<Sentence> scheduling(Task task) {
        if (task.isImplicit() || task.lifecycle().map(l -> l.name().equals("queued")).orElse(false)) {
            return Optional.empty();
        }
        EntityRef self = EntityRef.of(task.id());
        if (!task.schedulingTask().isKnown()) {
            if (task.schedulingTask() instanceof Fact.Absent<TaskId>) {
                return Optional.empty();
            }
            return Optional.of(Sentence.builder().text("The snapshot does not record the scheduling task of ")
                    .mention(self).text(" (" + task.schedulingTask() + "), so it cannot say on top of which task it"
                            + " was started.").cite(OMPD_TASK_HANDLES).build());
        }
        TaskId sched = task.schedulingTask().get();
        Optional<TaskId> gen = task.generatingTask().asOptional();
        Sentence.Builder b = Sentence.builder();
        if (gen.isPresent() && gen.get().equals(sched)) {
            b.text("Its scheduling task is its generating task, ").mention(EntityRef.of(sched))
                    .text(": the thread executing ").mention(EntityRef.of(sched)).text(" started ").mention(self)
                    .text(" on top of it, at a task scheduling point of ").mention(EntityRef.of(sched)).text(".");
            return Optional.of(b.cite(TASK_SCHEDULING, OMPD_TASK_HANDLES).build());
        }
        b.text("Its scheduling task (").mention(EntityRef.of(sched)).text(") differs from its generating task");
        if (gen.isEmpty()) {
            b.text(", which the snapshot does not record: a thread started ").mention(self).text(" on top of ")
                    .mention(EntityRef.of(sched)).text(" at a task scheduling point.");
            return Optional.of(b.cite(TASK_SCHEDULING, OMPD_TASK_HANDLES).build());
        }
        EntityRef generator = EntityRef.of(gen.get());
        b.text(" (").mention(generator).text("): ").mention(generator).text(" generated it and deferred it; later ");
        Optional<ThreadId> runner = task.thread().asOptional();
        Optional<ThreadId> creator = index.task(gen.get()).flatMap(g -> g.thread().asOptional());
        if (runner.isPresent() && creator.isPresent() && !runner.equals(creator)) {
            b.mention(EntityRef.of(runner.get())).text(" took it at a task scheduling point in ")
                    .mention(EntityRef.of(sched)).text(" and ran it on top of that task, while ")
                    .mention(generator).text(whereItIs(index.task(gen.get()).orElseThrow())).mention(EntityRef.of(creator.get()))
                    .text(": it was stolen by another thread.");
        } else if (runner.isPresent() && creator.isPresent()) {
            b.text("the same thread, ").mention(EntityRef.of(runner.get()))
                    .text(", ran it itself at a task scheduling point in ").mention(EntityRef.of(sched))
                    .text(", on top of that task: its creator ran it later, it was not stolen.");
        } else {
            b.text("a thread ran it at a task scheduling point in ").mention(EntityRef.of(sched))
                    .text(", on top of that task; the snapshot does not say which threads ran the two tasks, so"
                            + " whether it was stolen is not known.");
        }
        return Optional.of(b.cite(TASK_SCHEDULING, TASKING_TERMINOLOGY).build());
    }

    /** {@code " runs on "}, or what the task does there when it is not running: {@code " is suspended on "}. */
    private String whereItIs(Task task) {
        String status = org.ompdexplorer.model.TaskStatus.nameOf(task, index);
        return status == null || status.equals("running") ? " runs on " : " is " + status + " on ";
    }

    private List<Sentence> flags(Task task) {
        if (task.agent() == null) {
            if (task.kind().equals(TaskKind.EXPLICIT)) {
                return List.of(Sentence.builder().text("The snapshot does not record the flags of ")
                        .mention(EntityRef.of(task.id())).text(" (undeferred, included, final, untied, mergeable):"
                                + " only a capture agent following OMPT sees them.").cite(TASKING_TERMINOLOGY)
                        .build());
            }
            return List.of();
        }
        List<Sentence> out = new ArrayList<>();
        for (TaskFlag flag : task.agent().flags()) {
            flag(flag).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<Sentence> flag(TaskFlag flag) {
        Sentence.Builder b = Sentence.builder();
        if (flag.equals(TaskFlag.UNDEFERRED)) {
            b.text("It is undeferred: its generating task region was suspended until it completed (an if clause"
                    + " that evaluated to false makes a task undeferred).").cite(TASKING_TERMINOLOGY, TASK_CONSTRUCT);
        } else if (flag.equals(TaskFlag.INCLUDED)) {
            b.text("It is included: undeferred and executed immediately by the encountering thread, sequentially"
                    + " inside its generating task region (every task generated inside a final task is included).")
                    .cite(TASKING_TERMINOLOGY);
        } else if (flag.equals(TaskFlag.FINAL)) {
            b.text("It is final: every task it generates is included, run at once by the thread that generates it"
                    + " (a final clause evaluated to true).").cite(TASKING_TERMINOLOGY, TASK_CONSTRUCT);
        } else if (flag.equals(TaskFlag.UNTIED)) {
            b.text("It is untied: after a suspension any thread of the team may resume it, not only the thread that"
                    + " started it (a tied task is resumed by the same thread).").cite(TASKING_TERMINOLOGY,
                    UNTIED_CLAUSE);
        } else if (flag.equals(TaskFlag.MERGEABLE)) {
            b.text("It is mergeable: when it is undeferred or included, the implementation may run it as a merged"
                    + " task, with the data environment of its generating task.").cite(TASKING_TERMINOLOGY,
                    TASK_CONSTRUCT);
        } else if (flag.equals(TaskFlag.MERGED)) {
            b.text("It is merged: it runs with the data environment of its generating task region, as if its code"
                    + " were part of it.").cite(TASKING_TERMINOLOGY);
        } else {
            b.text("It has the flag '" + flag.name() + "', which this build does not know; the runtime reported it.");
        }
        return Optional.of(b.build());
    }
}
