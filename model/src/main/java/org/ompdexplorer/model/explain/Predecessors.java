package org.ompdexplorer.model.explain;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.SnapshotIndex;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;

/**
 * The tasks a queued task still waits for: those it depends on whose recorded lifecycle is not completed. A queued
 * task with any is "blocked on dependences", not ready. The same rule as the task graph's; to be replaced by the
 * model's shared helper for it.
 */
final class Predecessors {
    private Predecessors() {
    }

    static List<Task> unmet(SnapshotIndex index, Task task) {
        if (task.agent() == null) {
            return List.of();
        }
        List<Task> unmet = new ArrayList<>();
        for (TaskId id : task.agent().dependsOn()) {
            index.task(id).filter(p -> p.lifecycle().map(l -> !l.equals(TaskLifecycle.COMPLETED)).orElse(false))
                    .ifPresent(unmet::add);
        }
        return unmet;
    }

    static boolean isBlocked(SnapshotIndex index, Task task) {
        return task.lifecycle().map(TaskLifecycle.QUEUED::equals).orElse(false) && !unmet(index, task).isEmpty();
    }
}
