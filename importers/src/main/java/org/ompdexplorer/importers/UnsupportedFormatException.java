package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** The input is not a snapshot this build reads: another format, or another major version. */
public final class UnsupportedFormatException extends SnapshotLoadException {
    public UnsupportedFormatException(String input, Diagnostic reason) {
        super(input, reason.format(), List.of(reason), null);
    }
}
