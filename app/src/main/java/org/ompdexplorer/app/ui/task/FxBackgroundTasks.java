package org.ompdexplorer.app.ui.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.concurrent.Task;

/**
 * Runs jobs on a small pool of daemon threads as {@link javafx.concurrent.Task}s. This is the one place where
 * results cross to the FX thread: {@link FxJob}'s state callbacks, which JavaFX runs there.
 */
public final class FxBackgroundTasks implements BackgroundTasks {
    private final ExecutorService executor;

    public FxBackgroundTasks() {
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        this.executor = Executors.newFixedThreadPool(threads,
                Thread.ofPlatform().daemon().name("ompd-explorer-background-", 1).factory());
    }

    @Override
    public <T> TaskHandle execute(BackgroundTask<T> task) {
        FxJob<T> job = new FxJob<>(task);
        executor.execute(job);
        return new TaskHandle() {
            @Override
            public void cancel() {
                job.cancel(false); // jobs poll JobContext.isCancelled(); no interrupt in the middle of IO
            }

            @Override
            public boolean isDone() {
                return job.isDone();
            }
        };
    }

    @Override
    public void shutdown() {
        executor.shutdownNow();
    }

    private static final class FxJob<T> extends Task<T> implements JobContext {
        private final BackgroundTask<T> task;

        FxJob(BackgroundTask<T> task) {
            this.task = task;
            updateTitle(task.title());
            progressProperty().addListener((obs, old, now) -> task.progressed(progress()));
            messageProperty().addListener((obs, old, now) -> task.progressed(progress()));
        }

        private Progress progress() {
            return new Progress(getMessage() == null ? "" : getMessage(), getProgress() < 0 ? -1 : getProgress());
        }

        @Override
        protected T call() throws Exception {
            return task.job().run(this);
        }

        @Override
        public void progress(String phase, long done, long total) {
            updateMessage(phase);
            if (total > 0) {
                updateProgress(Math.min(done, total), total);
            } else {
                updateProgress(-1, -1);
            }
        }

        // isCancelled() is Task's own, which JobContext declares too.

        @Override
        protected void succeeded() {
            task.succeeded(getValue());
        }

        @Override
        protected void failed() {
            task.failed(getException());
        }

        @Override
        protected void cancelled() {
            task.cancelled();
        }
    }
}
