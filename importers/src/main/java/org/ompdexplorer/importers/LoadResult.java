package org.ompdexplorer.importers;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A loaded snapshot and every diagnostic found on the way, located in the input.
 *
 * @param decompressed the input was gzip-compressed: the diagnostics' line:column count in the decompressed JSON
 * @param pending      the snapshot's validation when it was left for later ({@link LoadOptions#validateLater()}),
 *                     else {@code null}: {@link #diagnostics()} then lacks what {@link #validated()} adds
 */
public record LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics, boolean decompressed,
                         PendingValidation pending) {
    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics, boolean decompressed) {
        this(snapshot, diagnostics, decompressed, null);
    }

    public LoadResult(Snapshot snapshot, List<Diagnostic> diagnostics) {
        this(snapshot, diagnostics, false);
    }

    /** This result, read from a gzip-compressed input. */
    LoadResult asDecompressed() {
        return new LoadResult(snapshot, diagnostics, true, pending);
    }

    /** This result with each of its diagnostics (not the pending validation's) replaced by {@code f}'s. */
    LoadResult mapDiagnostics(java.util.function.UnaryOperator<Diagnostic> f) {
        return new LoadResult(snapshot, diagnostics.stream().map(f).toList(), decompressed, pending);
    }

    /** This result with one more diagnostic of the load. */
    LoadResult withDiagnostic(Diagnostic d) {
        List<Diagnostic> all = new ArrayList<>(diagnostics);
        all.add(d);
        return new LoadResult(snapshot, all, decompressed, pending);
    }

    /** Whether {@link #diagnostics()} holds the validation's too. */
    public boolean isValidated() {
        return pending == null;
    }

    /** This result with its validation done: every diagnostic, the load's first. Runs the validation if pending. */
    public LoadResult validated() {
        if (pending == null) {
            return this;
        }
        List<Diagnostic> all = new ArrayList<>(diagnostics);
        all.addAll(pending.validate());
        return new LoadResult(snapshot, all, decompressed);
    }

    /** This result with its pending validation replaced (the loader hooks the reopen cache onto it). */
    LoadResult withPending(PendingValidation replacement) {
        return new LoadResult(snapshot, diagnostics, decompressed, replacement);
    }

    public long errorCount() {
        return diagnostics.stream().filter(Diagnostic::isError).count();
    }

    public long warningCount() {
        return diagnostics.size() - errorCount();
    }
}
