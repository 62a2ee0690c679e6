package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/** A loaded snapshot and every diagnostic found on the way, located in the input. */
public record LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics) {
    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public long errorCount() {
        return diagnostics.stream().filter(Diagnostic::isError).count();
    }

    public long warningCount() {
        return diagnostics.size() - errorCount();
    }
}
