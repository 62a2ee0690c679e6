package org.ompdexplorer.app.ui.task;

/** A submitted job. */
public interface TaskHandle {
    /** A handle for a job that already finished. */
    TaskHandle DONE = new TaskHandle() {
        @Override
        public void cancel() {
        }

        @Override
        public boolean isDone() {
            return true;
        }
    };

    /** Asks the job to stop; its cancellation callback runs instead of its success or failure callback. */
    void cancel();

    boolean isDone();
}
