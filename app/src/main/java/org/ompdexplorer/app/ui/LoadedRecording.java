package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingTime;
import org.ompdexplorer.model.recording.StateAt;

/**
 * A recording as the window holds it: the events, the states at any moment ({@link StateAt}, replayed once when it
 * was opened), what the reader found wrong in it, and where it came from.
 *
 * @param states the recording's states; not thread-safe, so used on the FX thread once opened
 */
public record LoadedRecording(Path path, Recording recording, StateAt states, List<Diagnostic> diagnostics) {
    public LoadedRecording {
        diagnostics = List.copyOf(diagnostics);
    }

    /** The file's name, as the status bar and the moments' names show it. */
    public String name() {
        return path.getFileName().toString();
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

    /** The state after {@code position} events, named for the status bar ({@code fib.ndjson at 1.250 ms}). */
    public LoadedSnapshot moment(int position) {
        long t = position == 0 ? 0 : recording.time(position - 1);
        return new LoadedSnapshot(states.after(position), diagnostics, name() + " at " + RecordingTime.format(t),
                Optional.of(path));
    }
}
