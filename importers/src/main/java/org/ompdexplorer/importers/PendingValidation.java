package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** The validation of a loaded snapshot, left for later ({@link LoadOptions#validateLater()}). */
@FunctionalInterface
public interface PendingValidation {
    /** Validates the snapshot; the diagnostics are located in the input as the load's own are. */
    List<Diagnostic> validate();
}
