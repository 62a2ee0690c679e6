package org.ompdexplorer.app.ui.task;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * A job plus what to do with its outcome. The callbacks run on the FX thread (on the calling thread for
 * {@link SameThreadBackgroundTasks}), so they may touch properties and nodes.
 */
public final class BackgroundTask<T> {
    private final String title;
    private final BackgroundJob<T> job;
    private Consumer<? super T> onSuccess = result -> { };
    private Consumer<Throwable> onFailure = error -> { };
    private Consumer<Progress> onProgress = progress -> { };
    private Runnable onCancelled = () -> { };

    private BackgroundTask(String title, BackgroundJob<T> job) {
        this.title = Objects.requireNonNull(title);
        this.job = Objects.requireNonNull(job);
    }

    public static <T> BackgroundTask<T> of(String title, BackgroundJob<T> job) {
        return new BackgroundTask<>(title, job);
    }

    public BackgroundTask<T> onSuccess(Consumer<? super T> callback) {
        this.onSuccess = Objects.requireNonNull(callback);
        return this;
    }

    public BackgroundTask<T> onFailure(Consumer<Throwable> callback) {
        this.onFailure = Objects.requireNonNull(callback);
        return this;
    }

    public BackgroundTask<T> onProgress(Consumer<Progress> callback) {
        this.onProgress = Objects.requireNonNull(callback);
        return this;
    }

    public BackgroundTask<T> onCancelled(Runnable callback) {
        this.onCancelled = Objects.requireNonNull(callback);
        return this;
    }

    public String title() {
        return title;
    }

    BackgroundJob<T> job() {
        return job;
    }

    /** The same job whose callbacks only run while {@code current} holds. */
    BackgroundTask<T> guardedBy(java.util.function.BooleanSupplier current) {
        BackgroundTask<T> guarded = new BackgroundTask<>(title, job);
        guarded.onSuccess = result -> {
            if (current.getAsBoolean()) {
                onSuccess.accept(result);
            }
        };
        guarded.onFailure = error -> {
            if (current.getAsBoolean()) {
                onFailure.accept(error);
            }
        };
        guarded.onProgress = progress -> {
            if (current.getAsBoolean()) {
                onProgress.accept(progress);
            }
        };
        guarded.onCancelled = () -> { }; // superseded on purpose: nothing to tell
        return guarded;
    }

    void succeeded(T result) {
        onSuccess.accept(result);
    }

    void failed(Throwable error) {
        onFailure.accept(error);
    }

    void progressed(Progress progress) {
        onProgress.accept(progress);
    }

    void cancelled() {
        onCancelled.run();
    }
}
