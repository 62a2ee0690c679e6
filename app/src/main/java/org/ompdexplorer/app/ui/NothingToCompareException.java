package org.ompdexplorer.app.ui;

/** Fewer than two snapshots were chosen (or a folder holds fewer): the message says what was found and what to do. */
final class NothingToCompareException extends Exception {
    NothingToCompareException(String message) {
        super(message);
    }
}
