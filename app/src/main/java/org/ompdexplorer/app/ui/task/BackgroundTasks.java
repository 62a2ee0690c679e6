package org.ompdexplorer.app.ui.task;

/**
 * The one way the UI runs work off the FX thread. {@link FxBackgroundTasks} runs jobs on a small pool and
 * delivers outcomes on the FX thread; {@link SameThreadBackgroundTasks} runs them at once, for tests.
 */
public interface BackgroundTasks {
    <T> TaskHandle execute(BackgroundTask<T> task);

    /** Stops accepting jobs and cancels running ones; the window calls this when it closes. */
    default void shutdown() {
    }
}
