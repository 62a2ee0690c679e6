package org.ompdexplorer.app.ui.task;

import org.ompdexplorer.importers.ProgressListener;

/**
 * What a running job can tell its caller and ask of it: the core's {@link ProgressListener}, so a job hands its
 * context straight to an importer. Calls are cheap; jobs may call them often.
 */
public interface JobContext extends ProgressListener {
    /** A context that ignores progress and never cancels. */
    JobContext NONE = new JobContext() {
        @Override
        public void progress(String phase, long done, long total) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };
}
