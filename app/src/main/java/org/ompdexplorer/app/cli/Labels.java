package org.ompdexplorer.app.cli;

import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.TargetRegion;
import org.ompdexplorer.model.TargetRegionId;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.TextCut;
import org.ompdexplorer.model.ThreadId;

/** Short, stable text for entities and links in CLI output, as every view names them ({@link Names}): {@code T3}, {@code P1}, {@code #17}. */
final class Labels {
    private final SnapshotIndex index;
    private final java.util.List<org.ompdexplorer.model.CodeModule> modules;

    Labels(Snapshot snapshot) {
        this.index = snapshot.index();
        this.modules = snapshot.modules();
    }

    String thread(ThreadId id) {
        return Names.thread(id);
    }

    String region(RegionId id) {
        return Names.region(id);
    }

    String target(TargetRegionId id) {
        return Names.target(id);
    }

    String taskLink(Fact<TaskId> link) {
        return link.isKnown() ? Names.task(link.get()) + (index.task(link.get()).isEmpty() ? " (missing)" : "")
                : fact(link);
    }

    String threadLink(Fact<ThreadId> link) {
        return link.isKnown() ? thread(link.get()) : fact(link);
    }

    String regionLink(Fact<RegionId> link) {
        return link.isKnown() ? region(link.get()) : fact(link);
    }

    /** A known value as text, an unavailable one with its return code, an absent one as a dash. */
    static String fact(Fact<?> f) {
        return switch (f) {
            case Fact.Known<?> k -> String.valueOf(k.value());
            case Fact.Unavailable<?> u -> "unavailable(" + u.code() + ")";
            case Fact.Absent<?> a -> "-";
        };
    }

    /**
     * One line of the task tree: the task as the navigator's row names it ({@code #5 task in main}), then its kind,
     * thread number and region, its raw function or creation site, its status and links.
     */
    String taskLine(Task t) {
        StringBuilder b = new StringBuilder(Names.row(t, index)).append("  ").append(t.kind());
        if (t.threadNum().isKnown()) {
            b.append('[').append(t.threadNum().get()).append(']');
        }
        if (t.parallelRegion().isKnown()) {
            b.append(" of ").append(region(t.parallelRegion().get()));
        }
        if (t.function().isKnown()) {
            b.append("  ").append(TextCut.value(t.function().get().display(modules)));
        } else if (t.creationSite().isKnown()) { // OMPT gives no entry function, but knows where the task was made
            b.append("  created in ").append(TextCut.value(t.creationSite().get().display(modules))).append(" (fn ")
                    .append(fact(t.function()))
                    .append(')');
        } else {
            b.append("  fn ").append(fact(t.function()));
        }
        String status = TaskStatus.nameOf(t, index); // as every view shows it: waiting at a taskwait, detached…
        if (status != null) {
            b.append("  [").append(status).append(']');
        }
        if (t.thread().isKnown()) {
            b.append(" on ").append(thread(t.thread().get()));
        }
        if (!(t.schedulingTask() instanceof Fact.Absent<TaskId>)) {
            b.append("  sched ").append(taskLink(t.schedulingTask()));
            if (t.schedulingTask().isKnown() && !t.schedulingTask().equals(t.generatingTask())) {
                b.append(" ≠ gen");
            }
        }
        index.awaitedTarget(t.id()).ifPresent(target -> b.append("  waits on ").append(target(target.id())));
        index.targetRegionOfTask(t.id()).ifPresent(target -> b.append("  runs ").append(target(target.id())));
        t.agentFacts().ifPresent(a -> {
            if (!a.flags().isEmpty()) {
                b.append("  flags ").append(a.flags());
            }
            if (!a.dependsOn().isEmpty()) {
                b.append("  waits for ").append(a.dependsOn().stream().map(Names::task).toList());
            }
        });
        return b.toString();
    }
}
