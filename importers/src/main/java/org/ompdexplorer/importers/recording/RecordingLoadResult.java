package org.ompdexplorer.importers.recording;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.recording.Recording;

/** A recording as read, with what was wrong or missing in it (malformed lines, a cut end, dropped events). */
public record RecordingLoadResult(Recording recording, List<Diagnostic> diagnostics) {
    public RecordingLoadResult {
        diagnostics = List.copyOf(diagnostics);
    }
}
