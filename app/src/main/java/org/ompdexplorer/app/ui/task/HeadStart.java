package org.ompdexplorer.app.ui.task;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A job begun before there is a {@link BackgroundTasks} to run it — the snapshot named on the command line, read
 * while JavaFX starts — and later taken over by a task of the window: {@link #takeOver()} is a job that passes on
 * the running job's progress and the window's cancellation, and ends with the same result or the same failure.
 * The job runs once, however it ends; an early start nobody takes over is {@link #abandon() abandoned}.
 *
 * @param <T> what the job makes
 */
public final class HeadStart<T> {
    private final CompletableFuture<T> outcome = new CompletableFuture<>();
    private final AtomicBoolean taken = new AtomicBoolean();
    private final Object reporting = new Object();
    private volatile boolean abandoned;
    /** The taking task's context; until then progress is kept in {@link #latest}. Set under {@link #reporting}. */
    private volatile JobContext taker;
    private Reported latest;

    /** What the job sees: progress goes to the taker once there is one; cancelled when abandoned or the taker is. */
    private final JobContext context = new JobContext() {
        @Override
        public void progress(String phase, long done, long total) {
            synchronized (reporting) {
                if (taker != null) {
                    taker.progress(phase, done, total);
                } else {
                    latest = new Reported(phase, done, total);
                }
            }
        }

        @Override
        public boolean isCancelled() {
            if (abandoned) {
                return true;
            }
            JobContext to = taker;
            return to != null && to.isCancelled();
        }
    };

    private record Reported(String phase, long done, long total) {
    }

    private HeadStart() {
    }

    /**
     * Starts {@code job} now on a daemon thread of its own (the window's task pool needs the JavaFX toolkit, which is
     * what the job runs alongside).
     *
     * @param name names the thread
     */
    public static <T> HeadStart<T> start(String name, BackgroundJob<T> job) {
        Objects.requireNonNull(job);
        HeadStart<T> started = new HeadStart<>();
        Thread.ofPlatform().daemon().name("ompd-explorer-head-start: " + name).start(() -> started.run(job));
        return started;
    }

    private void run(BackgroundJob<T> job) {
        try {
            outcome.complete(job.run(context));
        } catch (Throwable t) { // an Error too: the taking task fails with it, as it would have run the job itself
            outcome.completeExceptionally(t);
        }
    }

    /**
     * The job that takes this one over, to run as a {@link BackgroundTask}: it reports the progress made so far, then
     * the job's own; cancelling it cancels the job; it returns the job's result or throws the job's exception.
     *
     * @throws IllegalStateException when it was taken over already: one run, one taker
     */
    public BackgroundJob<T> takeOver() {
        if (!taken.compareAndSet(false, true)) {
            throw new IllegalStateException("this head start was taken over already");
        }
        return this::join;
    }

    private T join(JobContext context) throws Exception {
        synchronized (reporting) {
            taker = context;
            if (latest != null) {
                context.progress(latest.phase(), latest.done(), latest.total());
            }
        }
        try {
            return outcome.get();
        } catch (InterruptedException e) { // the pool is shutting down: so is the job
            abandon();
            Thread.currentThread().interrupt();
            throw e;
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case Exception failure -> throw failure;
                case Error error -> throw error;
                default -> throw e;
            }
        }
    }

    /** Asks a job that nobody will take over to stop (the window did not open, or opened something else). */
    public void abandon() {
        abandoned = true;
    }

    /** Whether the job has ended, however. */
    public boolean isDone() {
        return outcome.isDone();
    }
}
