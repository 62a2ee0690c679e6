package org.ompdexplorer.model.recording;

import java.util.List;
import java.util.Optional;

/**
 * What ran where and when in a recording, one lane a thread (a Gantt chart's data): each thread's task runs — implicit,
 * explicit, target, a task suspended and resumed in pieces, an untied task resuming on another thread — and its
 * waits, with the sync regions, target constructs and suspended tasks it held, each interval naming its task.
 * Computed once from a recording in one pass; held in columns of primitives and searched by bisection, so a
 * million-event recording is built in a fraction of a second and drawn at any zoom (see {@link LaneRow}). Immutable.
 *
 * <p>Lanes are in the order a reader expects: the initial thread first, then by the agent's thread id.
 */
public final class RunLanes {
    /** A time span, ns since the recording's start. */
    public record Span(long start, long end) {
        public long length() {
            return end - start;
        }
    }

    private final List<Lane> lanes;
    private final long duration;
    private final TaskSlots tasks;
    private final int intervals;

    RunLanes(List<Lane> lanes, long duration, TaskSlots tasks) {
        this.lanes = List.copyOf(lanes);
        this.duration = duration;
        this.tasks = tasks;
        int n = 0;
        for (Lane l : this.lanes) {
            for (LaneRow r : l.rows()) {
                n += r.size();
            }
        }
        this.intervals = n;
    }

    /** The lanes of {@code recording}, computed in one pass over its events. */
    public static RunLanes of(Recording recording) {
        return new RunLanesBuilder(recording).build();
    }

    public List<Lane> lanes() {
        return lanes;
    }

    /** The lane of the agent's thread {@code thread}, or −1. */
    public int laneOf(long thread) {
        for (int i = 0; i < lanes.size(); i++) {
            if (lanes.get(i).thread() == thread) {
                return i;
            }
        }
        return -1;
    }

    /** The recording's length: the time of its last event. */
    public long duration() {
        return duration;
    }

    /** Intervals in all lanes and rows. */
    public int intervalCount() {
        return intervals;
    }

    /** From the first start to the last end of everything naming {@code task} (runs, waits, suspension, regions). */
    public Optional<Span> span(long task) {
        long[] s = tasks.span(task);
        return s == null ? Optional.empty() : Optional.of(new Span(s[0], s[1]));
    }

    /** The kind of {@code task}'s runs ({@link LaneKind#EXPLICIT_TASK} for one the recording did not create). */
    public LaneKind kindOf(long task) {
        return tasks.kind(task);
    }
}
