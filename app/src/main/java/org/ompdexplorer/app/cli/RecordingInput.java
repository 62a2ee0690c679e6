package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.importers.recording.RecordingReader;
import org.ompdexplorer.model.TextCut;

/** Loads a recording for a command and turns a failure into its message and exit code: no stack traces. */
final class RecordingInput {
    private RecordingInput() {
    }

    /** Whether {@code file} is a recording rather than a snapshot (standard input never is: it is read once). */
    static boolean isRecording(Path file) {
        return !file.toString().equals("-") && RecordingReader.isRecording(file);
    }

    /** The recording, or {@code null} after printing why and setting {@code exit[0]}. */
    static RecordingLoadResult load(Path file, PrintWriter err, int[] exit) {
        try {
            return new RecordingReader().read(file);
        } catch (SnapshotLoadException e) {
            err.println("ompd-explorer: " + TextCut.cut(e.getMessage(), DiagnosticLines.LINE));
            err.flush();
            exit[0] = ExitCodes.UNREADABLE;
            return null;
        }
    }
}
