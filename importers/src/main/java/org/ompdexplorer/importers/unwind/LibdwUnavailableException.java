package org.ompdexplorer.importers.unwind;

/** elfutils' libdw could not be loaded (not installed, older than 0.188, or native access denied); the message says why. */
public final class LibdwUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    LibdwUnavailableException(String message) {
        super(message);
    }
}
