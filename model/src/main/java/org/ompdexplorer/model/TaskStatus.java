package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a task is in its life as a reader should see it: the agent's lifecycle, except that a queued task still
 * waiting for a task it depends on is "blocked on dependences". It is not ready, and no view may show it as if it
 * were. The one place that rule lives: the navigator, the graph and the legend all ask here.
 *
 * @param lifecycle  the lifecycle the agent recorded
 * @param waitingFor the tasks it depends on ({@link AgentFacts#dependsOn()}) that are in the snapshot and not
 *                   completed yet, in the agent's order
 */
public record TaskStatus(TaskLifecycle lifecycle, List<TaskId> waitingFor) {
    /** The name of a queued task whose dependences are not met yet. */
    public static final String BLOCKED = "blocked on dependences";

    public TaskStatus {
        waitingFor = List.copyOf(waitingFor);
    }

    /** The task's status, or empty when no agent followed it (a task read from a core). */
    public static Optional<TaskStatus> of(Task task, SnapshotIndex index) {
        AgentFacts agent = task.agent();
        if (agent == null || agent.lifecycle() == null) {
            return Optional.empty();
        }
        List<TaskId> waiting = new ArrayList<>();
        for (TaskId d : agent.dependsOn()) {
            // a predecessor not in the snapshot, or not followed by the agent, is not known to hold it back
            if (index.task(d).flatMap(Task::lifecycle).filter(l -> !l.equals(TaskLifecycle.COMPLETED)).isPresent()) {
                waiting.add(d);
            }
        }
        return Optional.of(new TaskStatus(agent.lifecycle(), waiting));
    }

    /** Queued, but still waiting for a task it depends on: not ready to run. */
    public boolean isBlockedOnDependences() {
        return TaskLifecycle.QUEUED.equals(lifecycle) && !waitingFor.isEmpty();
    }

    /** {@code blocked on dependences}, else the lifecycle's name ({@code queued}, {@code running}, …). */
    public String name() {
        return isBlockedOnDependences() ? BLOCKED : lifecycle.name();
    }

    /** A one-word key for styles and legends: {@code blocked}, else the lifecycle's name. */
    public String key() {
        return isBlockedOnDependences() ? "blocked" : lifecycle.name();
    }
}
