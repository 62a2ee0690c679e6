package org.ompdexplorer.app.ui.entity;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.graph.TaskPlacement;

/**
 * A snapshot as the window holds it: the model, what the importer found on the way, and where it came from.
 *
 * @param sourceName what the status bar shows: the file's path or the bundled lesson's name
 * @param path       the file it was read from; empty for a bundled lesson or a generated snapshot
 * @param validation when the snapshot's validation was left until its tree is shown: every diagnostic, the
 *                   load's and the validation's, once run; {@code null} when {@link #diagnostics()} has them all
 * @param placement  where the task graph's lanes by thread put each task: {@link TaskPlacement#CURRENT}, or for a
 *                   whole recorded run the thread that ran each
 */
public record LoadedSnapshot(Snapshot snapshot, List<Diagnostic> diagnostics, String sourceName,
                             Optional<Path> path, Supplier<List<Diagnostic>> validation, TaskPlacement placement) {
    public LoadedSnapshot {
        diagnostics = List.copyOf(diagnostics);
        placement = placement == null ? TaskPlacement.CURRENT : placement;
    }

    public LoadedSnapshot(Snapshot snapshot, List<Diagnostic> diagnostics, String sourceName, Optional<Path> path,
                          Supplier<List<Diagnostic>> validation) {
        this(snapshot, diagnostics, sourceName, path, validation, TaskPlacement.CURRENT);
    }

    public LoadedSnapshot(Snapshot snapshot, List<Diagnostic> diagnostics, String sourceName, Optional<Path> path) {
        this(snapshot, diagnostics, sourceName, path, null);
    }

    /** Whether {@link #diagnostics()} holds the validation's too. */
    public boolean isValidated() {
        return validation == null;
    }

    /** This snapshot with every diagnostic; runs the validation if it is pending (in the background: it takes time). */
    public LoadedSnapshot validated() {
        return validation == null ? this : new LoadedSnapshot(snapshot, validation.get(), sourceName, path, null,
                placement);
    }

    public static LoadedSnapshot of(Snapshot snapshot, String sourceName) {
        return new LoadedSnapshot(snapshot, List.of(), sourceName, Optional.empty());
    }
}
