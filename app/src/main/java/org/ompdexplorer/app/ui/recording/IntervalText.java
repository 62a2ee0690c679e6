package org.ompdexplorer.app.ui.recording;

import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.recording.Lane;
import org.ompdexplorer.model.recording.LaneRow;
import org.ompdexplorer.model.recording.RecordingTime;

/**
 * One interval of a lane in words, for the timeline's tooltip: {@code task #42 (explicit task) ran on thread T2 ·
 * 1.200 ms – 1.350 ms (150.000 µs) · resumed after being suspended · then completed}.
 */
final class IntervalText {
    private IntervalText() {
    }

    static String of(Lane lane, LaneRow row, int i) {
        String task = MomentText.task(row.task(i));
        String on = MomentText.thread(lane.thread());
        String what = switch (row.kind(i)) {
            case INITIAL_TASK, IMPLICIT_TASK, EXPLICIT_TASK, TARGET_TASK -> task + " (" + row.kind(i).label() + ") ran on "
                    + on;
            case WAITING -> task + " waited on " + on + ", with no other task to run";
            case SUSPENDED -> task + " was suspended on " + on + ": its thread switched to another task";
            case SYNC_REGION -> task + " was in " + construct(row.detail(i)) + " on " + on;
            case TARGET_CONSTRUCT -> task + " was in a " + (row.detail(i) == null ? "target"
                    : row.detail(i).replace('_', ' ')) + " construct on " + on;
        };
        StringBuilder b = new StringBuilder(what).append('\n')
                .append(RecordingTime.format(row.start(i))).append(" – ").append(RecordingTime.format(row.end(i)))
                .append(" (").append(RecordingTime.format(row.end(i) - row.start(i))).append(')');
        if (row.has(i, LaneRow.MOVED)) {
            b.append("\nresumed here after being suspended on another thread (an untied task)");
        } else if (row.has(i, LaneRow.RESUMED)) {
            b.append("\nresumed after being suspended");
        }
        if (row.has(i, LaneRow.CUT)) {
            b.append("\nstill going when the recording ended");
        } else if (row.has(i, LaneRow.COMPLETED)) {
            b.append("\nthen completed");
        } else if (row.has(i, LaneRow.SWITCHED_AWAY)) {
            b.append("\nthen suspended: its thread switched to another task");
        }
        if (row.task(i) > 0) {
            b.append("\ndouble-click to select ").append(task);
        }
        return b.toString();
    }

    private static String construct(String kind) {
        return kind == null ? "a sync region" : SyncRegionKind.of(kind).construct();
    }
}
