package org.ompdexplorer.app.ui.task;

import java.util.ArrayList;
import java.util.List;

/** Holds submitted jobs until the test completes them, in any order: races made deterministic. */
public final class ManualBackgroundTasks implements BackgroundTasks {
    private final List<Pending<?>> pending = new ArrayList<>();

    /** A submitted job, not yet run. */
    public static final class Pending<T> implements TaskHandle {
        private final BackgroundTask<T> task;
        private boolean cancelled;
        private boolean done;

        Pending(BackgroundTask<T> task) {
            this.task = task;
        }

        public void complete() throws Exception {
            T result = task.job().run(JobContext.NONE);
            done = true;
            if (cancelled) {
                task.cancelled();
            } else {
                task.succeeded(result);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public boolean isDone() {
            return done;
        }

        public boolean isCancelled() {
            return cancelled;
        }
    }

    @Override
    public <T> TaskHandle execute(BackgroundTask<T> task) {
        Pending<T> p = new Pending<>(task);
        pending.add(p);
        return p;
    }

    public List<Pending<?>> pending() {
        return pending;
    }
}
