package org.ompdexplorer.app.cli;

/** The CLI's exit codes, as the README documents them. */
public final class ExitCodes {
    /** Success; for {@code validate}, a snapshot with no errors. */
    public static final int OK = 0;
    /** The snapshot loaded but has errors ({@code validate}, or any command with {@code --strict}). */
    public static final int INVALID = 1;
    /**
     * {@code diff} and {@code timeline}: the snapshots differ, or something is still blocked at two moments (the hang
     * signal). The same value as {@link #INVALID}, as diff(1) and
     * cmp(1) use 1 for "different" and 2 for "trouble"; these commands report a snapshot with errors as trouble.
     */
    public static final int DIFFERENT = 1;
    /** The input could not be read or is not a snapshot (missing, truncated, not JSON, another version). */
    public static final int UNREADABLE = 2;
    /** The command line was wrong (sysexits EX_USAGE). */
    public static final int USAGE = 64;
    /** A bug in OMPD Explorer (sysexits EX_SOFTWARE); the message asks for a report. */
    public static final int INTERNAL = 70;

    private ExitCodes() {
    }
}
