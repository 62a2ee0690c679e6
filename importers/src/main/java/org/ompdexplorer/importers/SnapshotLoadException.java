package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * An input could not be loaded. Each subtype is one user-facing situation; {@link #getMessage()} names the
 * input, the place and the fix, and is fit to show as is.
 */
public abstract sealed class SnapshotLoadException extends Exception
        permits InputUnreadableException, UnsupportedFormatException, MalformedInputException,
        InvalidSnapshotException, LoadCancelledException, org.ompdexplorer.importers.ompd.CoreImportException {
    private final String input;
    private final List<Diagnostic> diagnostics;

    protected SnapshotLoadException(String input, String message, List<Diagnostic> diagnostics, Throwable cause) {
        super(message, cause);
        this.input = input;
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** The input's name or path. */
    public String input() {
        return input;
    }

    /** Every diagnostic found before loading stopped (the first is the reason). */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
