package org.ompdexplorer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a task is in its life as a reader should see it. The one place that rule lives: the navigator, the graph,
 * the legend, Explain, the compare pages, the CLI and the diff all ask here.
 *
 * <ul>
 *   <li>A task that is its thread's current task while the thread waits at a taskwait, a taskgroup's end or a
 *       barrier ({@link SyncWait}) is <em>waiting at</em> it, not running: the agent sees such a task at the top of
 *       the thread's stack, and a core says nothing of lifecycles at all, but both have the thread's state.</li>
 *   <li>A queued task still waiting for a task it depends on is <em>blocked on dependences</em>: not ready.</li>
 *   <li>A detached task ({@link TaskLifecycle#DETACHED}) is <em>detached</em>: its body is done, its event not
 *       fulfilled, so it has not completed.</li>
 *   <li>Otherwise the agent's lifecycle; a task without one (a core, or the agent could not tell) has no status
 *       unless it waits in a sync region.</li>
 * </ul>
 *
 * @param lifecycle  the lifecycle the agent recorded, or {@code null} when it recorded none (a core)
 * @param waitingFor the tasks it depends on ({@link AgentFacts#dependsOn()}) that are in the snapshot and not
 *                   completed yet, in the agent's order
 * @param syncWait   the sync region its thread waits in, or {@code null}
 */
public record TaskStatus(TaskLifecycle lifecycle, List<TaskId> waitingFor, SyncWait syncWait) {
    /** The name of a queued task whose dependences are not met yet. */
    public static final String BLOCKED = "blocked on dependences";
    /** The name of a detached task. */
    public static final String DETACHED = "detached: body done, event not fulfilled";
    /** Every key, in the order a legend lists them. */
    public static final List<String> KEYS = List.of("queued", "blocked", "running", "waiting", "suspended",
            "detached", "completed");
    private static final String WAITING_AT = "waiting at a ";

    public TaskStatus {
        waitingFor = List.copyOf(waitingFor);
        if (lifecycle == null && syncWait == null) {
            throw new IllegalArgumentException("a status needs a lifecycle or a sync-region wait");
        }
    }

    public TaskStatus(TaskLifecycle lifecycle, List<TaskId> waitingFor) {
        this(lifecycle, waitingFor, null);
    }

    /** The task's status, or empty when nothing says where it is (a task of a core that waits in no sync region). */
    public static Optional<TaskStatus> of(Task task, SnapshotIndex index) {
        AgentFacts agent = task.agent();
        TaskLifecycle life = agent == null ? null : agent.lifecycle();
        if (life == null || life.equals(TaskLifecycle.RUNNING) || life.equals(TaskLifecycle.SUSPENDED)) {
            // a task queued, detached or completed cannot be a thread's current task: the sources disagree, and
            // the lifecycle is the more specific fact
            Optional<SyncWait> wait = SyncWait.of(task, index);
            if (wait.isPresent()) {
                return Optional.of(new TaskStatus(life, List.of(), wait.get()));
            }
        }
        if (life == null) {
            return Optional.empty();
        }
        List<TaskId> waiting = new ArrayList<>();
        for (TaskId d : agent.dependsOn()) {
            // a predecessor not in the snapshot, or not followed by the agent, is not known to hold it back
            if (index.task(d).flatMap(Task::lifecycle).filter(l -> !l.equals(TaskLifecycle.COMPLETED)).isPresent()) {
                waiting.add(d);
            }
        }
        return Optional.of(new TaskStatus(life, waiting));
    }

    /** The status's name, or {@code null} when the task has none: what a label or a table cell says. */
    public static String nameOf(Task task, SnapshotIndex index) {
        return of(task, index).map(TaskStatus::name).orElse(null);
    }

    /** The key of a status name ({@link #name()}), or {@code null} when it is none this build names. */
    public static String keyOfName(String name) {
        if (name == null) {
            return null;
        }
        if (name.equals(BLOCKED)) {
            return "blocked";
        }
        if (name.equals(DETACHED)) {
            return "detached";
        }
        if (name.startsWith(WAITING_AT)) {
            return "waiting";
        }
        return KEYS.contains(name) ? name : null;
    }

    /** Queued, but still waiting for a task it depends on: not ready to run. */
    public boolean isBlockedOnDependences() {
        return syncWait == null && TaskLifecycle.QUEUED.equals(lifecycle) && !waitingFor.isEmpty();
    }

    /** Its thread waits at a taskwait, a taskgroup's end or a barrier, with it as the current task. */
    public boolean isWaiting() {
        return syncWait != null;
    }

    /** The sync region it waits in, if it is {@link #isWaiting() waiting}. */
    public Optional<SyncWait> waitingAt() {
        return Optional.ofNullable(syncWait);
    }

    /** Body done, event not fulfilled: not complete, held by no thread. */
    public boolean isDetached() {
        return syncWait == null && TaskLifecycle.DETACHED.equals(lifecycle);
    }

    /** Not known to have completed. */
    public boolean isOpen() {
        return isWaiting() || !TaskLifecycle.COMPLETED.equals(lifecycle);
    }

    /**
     * {@code waiting at a taskwait} (taskgroup, barrier), {@code blocked on dependences},
     * {@code detached: body done, event not fulfilled}, else the lifecycle's name ({@code queued}, {@code running}…).
     */
    public String name() {
        if (isWaiting()) {
            return WAITING_AT + syncWait.construct();
        }
        if (isBlockedOnDependences()) {
            return BLOCKED;
        }
        return isDetached() ? DETACHED : lifecycle.name();
    }

    /** A one-word key for styles and legends: {@code waiting}, {@code blocked}, else the lifecycle's name. */
    public String key() {
        if (isWaiting()) {
            return "waiting";
        }
        return isBlockedOnDependences() ? "blocked" : lifecycle.name();
    }
}
