package org.ompdexplorer.app.ui.job;

/** A folder opened as a job that holds no rank snapshot to merge: its message names the folder and what to do. */
public final class NoRankSnapshotsException extends Exception {
    NoRankSnapshotsException(String message) {
        super(message);
    }
}
