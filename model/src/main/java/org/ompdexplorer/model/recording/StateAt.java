package org.ompdexplorer.model.recording;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;

/**
 * The state of a recorded run at any moment, rebuilt as an ordinary {@link Snapshot}: threads with their current
 * task and region, parallel regions with their teams, the tasks not completed yet with their kind, lifecycle,
 * generating and scheduling tasks, dependences and creation sites. A position is a number of events applied
 * (0: before the first, {@link Recording#size()}: after the last).
 *
 * <p>A full state is kept every {@link #DEFAULT_INTERVAL} events, or every as many events as the state then holds
 * entities when that is more (a run with 100,000 tasks queued at once would otherwise keep 100,000 tasks per
 * checkpoint: this way the checkpoints together hold about as many entities as there are events). A position is
 * rebuilt from the nearest checkpoint at or before it, or from the last position asked for when that is nearer, so
 * a step forward applies one event; a step costs at most one interval of events plus the snapshot's own building,
 * both linear in the entities alive then. Not thread-safe: one per view.
 */
public final class StateAt {
    /** Events between two checkpoints. */
    public static final int DEFAULT_INTERVAL = 4096;
    private final Recording recording;
    private final List<ReplayState> checkpoints = new ArrayList<>();
    private int[] checkpointAt = new int[16];
    private ReplayState last;
    private int lastPosition = -1;

    public StateAt(Recording recording) {
        this(recording, DEFAULT_INTERVAL);
    }

    /** Replays the whole recording once, keeping a full state every {@code interval} events at least. */
    public StateAt(Recording recording, int interval) {
        if (interval < 1) {
            throw new IllegalArgumentException("interval must be >= 1, was " + interval);
        }
        this.recording = recording;
        ReplayState s = new ReplayState();
        int lastAt = 0;
        keep(s, 0);
        for (int i = 0; i < recording.size(); i++) {
            s.apply(recording, i);
            if (i + 1 - lastAt >= Math.max(interval, s.entities())) {
                lastAt = i + 1;
                keep(s, lastAt);
            }
        }
    }

    private void keep(ReplayState s, int position) {
        if (checkpoints.size() == checkpointAt.length) {
            checkpointAt = java.util.Arrays.copyOf(checkpointAt, checkpointAt.length * 2);
        }
        checkpointAt[checkpoints.size()] = position;
        checkpoints.add(s.copy());
    }

    /** The index of the last checkpoint at or before {@code position}. */
    private int checkpointBefore(int position) {
        int found = java.util.Arrays.binarySearch(checkpointAt, 0, checkpoints.size(), position);
        return found >= 0 ? found : -found - 2;
    }

    /** How many full states are kept. */
    public int checkpointCount() {
        return checkpoints.size();
    }

    public Recording recording() {
        return recording;
    }

    /** The state after the first {@code position} events. */
    public Snapshot after(int position) {
        if (position < 0 || position > recording.size()) {
            throw new IndexOutOfBoundsException("position " + position + " is not in 0.." + recording.size());
        }
        int c = checkpointBefore(position);
        if (last == null || position < lastPosition || lastPosition < checkpointAt[c]) {
            last = checkpoints.get(c).copy();
            lastPosition = checkpointAt[c];
        }
        for (; lastPosition < position; lastPosition++) {
            last.apply(recording, lastPosition);
        }
        long at = recording.timeAfter(position);
        return last.toSnapshot(recording, at);
    }

    /** The state at time {@code t} (ns since the start): after every event up to and including t. */
    public Snapshot at(long t) {
        return after(recording.positionAt(t));
    }

    /** The position after the next event: one step forward, or {@code position} itself at the end. */
    public int nextEvent(int position) {
        return Math.min(position + 1, recording.size());
    }

    /** The position after the next event of {@code task} (created, scheduled, synchronizing…), or −1 when none. */
    public int nextEventOf(int position, TaskId task) {
        long id = task.value();
        for (int i = position; i < recording.size(); i++) {
            EventKind k = recording.kind(i);
            boolean mine = switch (k) {
                case TASK_CREATE, IMPLICIT_BEGIN, IMPLICIT_END, SYNC_BEGIN, SYNC_END, WAIT_BEGIN, WAIT_END ->
                        recording.a(i) == id;
                case TASK_DEP, SCHEDULE -> recording.a(i) == id || recording.b(i) == id;
                case TARGET_BEGIN, TARGET_END -> recording.b(i) == id;
                default -> false;
            };
            if (mine) {
                return i + 1;
            }
        }
        return -1;
    }

    /** The position after the next synchronization (sync region or wait, beginning or ending), or −1 when none. */
    public int nextSynchronization(int position) {
        for (int i = position; i < recording.size(); i++) {
            if (recording.kind(i).isSynchronization()) {
                return i + 1;
            }
        }
        return -1;
    }
}
