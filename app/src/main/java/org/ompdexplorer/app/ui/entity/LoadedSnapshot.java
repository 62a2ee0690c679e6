package org.ompdexplorer.app.ui.entity;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * A snapshot as the window holds it: the model, what the importer found on the way, and where it came from.
 *
 * @param sourceName what the status bar shows: the file's path or the bundled lesson's name
 * @param path       the file it was read from; empty for a bundled lesson or a generated snapshot
 */
public record LoadedSnapshot(Snapshot snapshot, List<Diagnostic> diagnostics, String sourceName,
                             Optional<Path> path) {
    public LoadedSnapshot {
        diagnostics = List.copyOf(diagnostics);
    }

    public static LoadedSnapshot of(Snapshot snapshot, String sourceName) {
        return new LoadedSnapshot(snapshot, List.of(), sourceName, Optional.empty());
    }
}
