package org.ompdexplorer.app.ui.task;

/** Work to run off the FX thread. It reports progress and polls for cancellation through its context. */
@FunctionalInterface
public interface BackgroundJob<T> {
    T run(JobContext context) throws Exception;
}
