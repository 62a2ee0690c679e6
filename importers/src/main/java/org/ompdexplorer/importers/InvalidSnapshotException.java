package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** Strict loading refused an input with errors; {@link #diagnostics()} lists them all. */
public final class InvalidSnapshotException extends SnapshotLoadException {
    public InvalidSnapshotException(String input, List<Diagnostic> diagnostics) {
        super(input, input + ": " + diagnostics.stream().filter(Diagnostic::isError).count()
                + " error(s) — first: " + diagnostics.stream().filter(Diagnostic::isError).findFirst()
                .map(Diagnostic::format).orElse("?"), diagnostics, null);
    }
}
