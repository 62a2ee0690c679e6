package org.ompdexplorer.importers.job;

/** A partial job summary could not be read: the message names the file, the place and the fix, in one line. */
public final class JobSummaryFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public JobSummaryFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
