package org.ompdexplorer.app.ui.ompd;

import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;

/**
 * Opens what a job loads the way the window opens a file: progress and Cancel in the status bar, the snapshot
 * shown on success, one problem on failure while the open snapshot stays.
 */
@FunctionalInterface
public interface SnapshotOpener {
    /**
     * @param what         what is being done, for the status bar ("Importing core file x.core")
     * @param failureTitle the title of the problem if it fails ("Could not import core file x.core")
     * @param job          the loading job; its exception's message is the problem's message
     */
    void open(String what, String failureTitle, BackgroundJob<LoadedSnapshot> job);
}
