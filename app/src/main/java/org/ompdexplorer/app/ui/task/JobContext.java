package org.ompdexplorer.app.ui.task;

/** What a running job can tell its caller and ask of it. Calls are cheap; jobs may call them often. */
public interface JobContext {
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

    /**
     * @param phase what is being done, e.g. "reading tasks"
     * @param done  units done so far
     * @param total units in all, or −1 when unknown
     */
    void progress(String phase, long done, long total);

    boolean isCancelled();
}
