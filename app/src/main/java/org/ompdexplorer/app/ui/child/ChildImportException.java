package org.ompdexplorer.app.ui.child;

/**
 * The child import did not give a snapshot. The message is fit to show as is: what happened, that the window is
 * unaffected where that is in doubt, and what to do.
 */
public final class ChildImportException extends Exception {
    private static final long serialVersionUID = 1L;

    /** How the child ended. */
    public enum Kind {
        /** It could not be started (no java, no permission). */
        NOT_STARTED,
        /** It exited with a non-zero code, normally after saying why on its standard error. */
        FAILED,
        /** It was killed by a signal, or its JVM crashed in native code (libompd). */
        CRASHED,
        /** It ran longer than the watchdog allows and was stopped. */
        TIMED_OUT,
        /** It exited 0 but its snapshot is missing or cannot be read. */
        NO_SNAPSHOT
    }

    private final Kind kind;
    private final int exitCode;

    ChildImportException(Kind kind, int exitCode, String message) {
        super(message);
        this.kind = kind;
        this.exitCode = exitCode;
    }

    /** The same failure with a sentence added, e.g. how the window names an option the message mentions. */
    public ChildImportException withHint(String hint) {
        ChildImportException e = new ChildImportException(kind, exitCode,
                getMessage() + (getMessage().endsWith(".") ? " " : ". ") + hint);
        e.setStackTrace(getStackTrace());
        return e;
    }

    public Kind kind() {
        return kind;
    }

    /** The child's exit code, or −1 when it did not exit by itself. */
    public int exitCode() {
        return exitCode;
    }
}
