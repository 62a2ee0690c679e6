package org.ompdexplorer.app.ui.task;

/**
 * Runs selection-driven recomputes so that only the latest one counts: scheduling a job cancels the one before
 * it, and an outcome that arrives after a newer job was scheduled is dropped. Call from the FX thread.
 */
public final class LatestWinsScheduler {
    private final BackgroundTasks tasks;
    private TaskHandle running = TaskHandle.DONE;
    private long generation;

    public LatestWinsScheduler(BackgroundTasks tasks) {
        this.tasks = tasks;
    }

    public <T> void schedule(BackgroundTask<T> task) {
        running.cancel();
        long mine = ++generation;
        running = tasks.execute(task.guardedBy(() -> generation == mine));
    }

    /** Cancels the running job, if any, and drops its outcome. */
    public void cancel() {
        running.cancel();
        generation++;
    }
}
