package org.ompdexplorer.importers;

/**
 * How an importer reports progress and learns of cancellation. Importers call it every few thousand items,
 * never per item; the app adapts it to a JavaFX task.
 */
public interface ProgressListener {
    /** A listener that ignores progress and never cancels. */
    ProgressListener NONE = new ProgressListener() {
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
