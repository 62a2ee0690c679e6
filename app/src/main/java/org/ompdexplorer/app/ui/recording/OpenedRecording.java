package org.ompdexplorer.app.ui.recording;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.BackgroundJob;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.importers.recording.RecordingReader;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.model.recording.RunLanes;
import org.ompdexplorer.model.recording.StateAt;

/**
 * A recording as the window holds it: its events, the states rebuilt from them (one {@link StateAt}, used on the FX
 * thread only: it is not thread-safe), its per-thread lanes, what its reader found, and where it came from.
 *
 * @param name        what the window shows, the file's name ({@code fib.ndjson})
 * @param path        the file it was read from; empty for one made in memory
 * @param diagnostics what the reader found (malformed lines, a cut end, dropped events): the window shows them once
 */
public record OpenedRecording(Recording recording, StateAt states, RunLanes lanes, String name, Optional<Path> path,
                              List<Diagnostic> diagnostics) {
    public OpenedRecording {
        diagnostics = List.copyOf(diagnostics);
    }

    /** Builds the states and lanes of {@code recording}: replays it whole once, so run it off the FX thread. */
    public static OpenedRecording of(Recording recording, String name, Optional<Path> path,
                                     List<Diagnostic> diagnostics) {
        return new OpenedRecording(recording, new StateAt(recording), RunLanes.of(recording), name, path, diagnostics);
    }

    /**
     * The background job of opening {@code file}: read, then replayed once for its checkpoints, then cut into lanes.
     * Its exceptions are the reader's (each with its message for the problem banner).
     */
    public static BackgroundJob<OpenedRecording> opening(Path file) {
        return context -> {
            context.progress("reading " + file.getFileName(), -1, -1);
            RecordingLoadResult read = new RecordingReader().read(file);
            context.progress("replaying " + String.format("%,d", read.recording().size()) + " events", -1, -1);
            StateAt states = new StateAt(read.recording());
            context.progress("drawing the threads' lanes", -1, -1);
            RunLanes lanes = RunLanes.of(read.recording());
            String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
            return new OpenedRecording(read.recording(), states, lanes, name, Optional.of(file), read.diagnostics());
        };
    }

    /**
     * Where the window opens it: just after the first snapshot the program asked for (its author marked that moment),
     * else at the moment the most explicit tasks were alive (created, not completed), else at the end.
     */
    public int openingPosition() {
        int busiest = recording.size();
        int most = 0;
        int alive = 0;
        for (int i = 0; i < recording.size(); i++) {
            switch (recording.kind(i)) {
                case SNAPSHOT -> {
                    return i + 1;
                }
                case TASK_CREATE -> {
                    if (recording.flags(i).contains("explicit") && ++alive > most) {
                        most = alive;
                        busiest = i + 1;
                    }
                }
                case SCHEDULE -> {
                    if ("complete".equals(recording.word(i)) && alive > 0) {
                        alive--;
                    }
                }
                default -> {
                }
            }
        }
        return busiest;
    }

    /**
     * The state after {@code position} events, named for the status bar ({@code fib.ndjson at 1.250 ms}), with what
     * the reader found in the recording (dropped events), and the recording as its file (never written over).
     */
    public LoadedSnapshot moment(int position) {
        long t = recording.timeAfter(position);
        return new LoadedSnapshot(states.after(position), diagnostics, name + " at " + RecordingTime.format(t), path);
    }
}
