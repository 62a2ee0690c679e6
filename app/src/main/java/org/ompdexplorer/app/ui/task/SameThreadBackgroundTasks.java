package org.ompdexplorer.app.ui.task;

/**
 * Runs each job on the calling thread and calls its callbacks before returning: deterministic view-model tests
 * with no FX thread and no waiting.
 */
public final class SameThreadBackgroundTasks implements BackgroundTasks {
    @Override
    public <T> TaskHandle execute(BackgroundTask<T> task) {
        T result;
        try {
            result = task.job().run(new JobContext() {
                @Override
                public void progress(String phase, long done, long total) {
                    task.progressed(Progress.of(phase, done, total));
                }

                @Override
                public boolean isCancelled() {
                    return false;
                }
            });
        } catch (Exception e) {
            task.failed(e);
            return TaskHandle.DONE;
        }
        task.succeeded(result);
        return TaskHandle.DONE;
    }
}
