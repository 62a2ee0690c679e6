package org.ompdexplorer.importers;

import java.util.List;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A loaded snapshot and every diagnostic found on the way, located in the input.
 *
 * @param decompressed the input was gzip-compressed: the diagnostics' line:column count in the decompressed JSON
 */
public record LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics, boolean decompressed) {
    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics) {
        this(snapshot, diagnostics, false);
    }

    /** This result, read from a gzip-compressed input. */
    LoadResult asDecompressed() {
        return new LoadResult(snapshot, diagnostics, true);
    }

    public long errorCount() {
        return diagnostics.stream().filter(Diagnostic::isError).count();
    }

    public long warningCount() {
        return diagnostics.size() - errorCount();
    }
}
