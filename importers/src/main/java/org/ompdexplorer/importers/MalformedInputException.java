package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** The input breaks its syntax where reading cannot go on: truncated, not JSON, nested too deep. */
public final class MalformedInputException extends SnapshotLoadException {
    public MalformedInputException(String input, List<Diagnostic> diagnostics, Throwable cause) {
        super(input, diagnostics.getLast().format(), diagnostics, cause);
    }
}
