package org.ompdexplorer.app.ui.recording;

import java.util.List;
import java.util.Locale;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingTime;

/**
 * A moment of a recording in words a student reads: when it is, which event it is, and what that event did, with
 * OpenMP's names ({@code 1.234 ms of 5.678 ms · event 1,203 of 9,876: task #42 created by task #7 on thread T2}).
 */
final class MomentText {
    private MomentText() {
    }

    /** The moment after {@code position} events: its time, the event's number and the event just applied. */
    static String of(Recording r, int position) {
        long at = r.timeAfter(position);
        String when = RecordingTime.format(at) + " of " + RecordingTime.format(r.duration());
        if (position == 0) {
            return when + " · before the first of " + String.format(Locale.ROOT, "%,d", r.size()) + " events";
        }
        return when + " · event " + String.format(Locale.ROOT, "%,d of %,d", position, r.size()) + ": "
                + event(r, position - 1);
    }

    /** What event {@code i} did, in a sentence without its full stop. */
    static String event(Recording r, int i) {
        String on = " on " + thread(r.thread(i));
        return switch (r.kind(i)) {
            case THREAD_BEGIN -> thread(r.thread(i)) + " began" + (r.word(i) == null ? "" : " (" + r.word(i) + ")");
            case THREAD_END -> thread(r.thread(i)) + " ended";
            case PARALLEL_BEGIN -> task(r.b(i)) + " encountered parallel region " + region(r.a(i)) + " asking for "
                    + r.number(i) + (r.number(i) == 1 ? " thread" : " threads") + on;
            case PARALLEL_END -> "parallel region " + region(r.a(i)) + " ended" + on;
            case IMPLICIT_BEGIN -> r.isInitial(i) ? "initial " + task(r.a(i)) + " began" + on
                    : "implicit " + task(r.a(i)) + " of parallel region " + region(r.b(i)) + " began" + on
                    + " (thread number " + r.number(i) + " of a team of " + r.teamSize(i) + ")";
            case IMPLICIT_END -> "implicit " + task(r.a(i)) + " ended" + on;
            case TASK_CREATE -> created(r, i) + on;
            case TASK_DEP -> task(r.b(i)) + " depends on " + task(r.a(i)) + ": it cannot start before that one completes";
            case SCHEDULE -> schedule(r.word(i), r.a(i), r.b(i)) + on;
            case SYNC_BEGIN -> task(r.a(i)) + " entered " + construct(r.word(i)) + on;
            case SYNC_END -> task(r.a(i)) + " left " + construct(r.word(i)) + on;
            case WAIT_BEGIN -> task(r.a(i)) + " began waiting in " + construct(r.word(i)) + on;
            case WAIT_END -> task(r.a(i)) + " stopped waiting in " + construct(r.word(i)) + on;
            case TARGET_BEGIN -> task(r.b(i)) + " began " + target(r.word(i)) + " on device " + r.number(i) + on;
            case TARGET_END -> task(r.b(i)) + " ended " + target(r.word(i)) + " on device " + r.number(i) + on;
            case SNAPSHOT -> "the agent took a snapshot"
                    + (r.word(i) == null || r.word(i).isEmpty() ? "" : " “" + r.word(i) + "”");
        };
    }

    private static String created(Recording r, int i) {
        List<String> flags = r.flags(i);
        String kind = flags.contains("target") ? "target task " : flags.contains("undeferred") ? "undeferred task "
                : "task ";
        StringBuilder b = new StringBuilder(kind).append(Names.task(new TaskId(r.a(i)))).append(" created");
        if (r.b(i) != Recording.NONE && r.b(i) != 0) {
            b.append(" by ").append(task(r.b(i)));
        }
        List<String> extra = flags.stream().filter(f -> f.equals("untied") || f.equals("final")
                || f.equals("mergeable") || f.equals("merged")).toList();
        int deps = r.dependences(i).size();
        if (!extra.isEmpty() || deps > 0) {
            b.append(" (").append(String.join(", ", extra));
            if (deps > 0) {
                b.append(extra.isEmpty() ? "" : ", ").append(deps).append(deps == 1 ? " dependence" : " dependences");
            }
            b.append(')');
        }
        return b.toString();
    }

    private static String schedule(String status, long prior, long next) {
        String s = status == null ? "unknown" : status;
        return switch (s) {
            case "complete" -> task(prior) + " completed; " + task(next) + " runs";
            case "switch" -> "switched from " + task(prior) + " (suspended) to " + task(next);
            case "yield" -> task(prior) + " yielded to " + task(next);
            case "cancel" -> task(prior) + " was cancelled; " + task(next) + " runs";
            case "detach" -> task(prior) + " detached (it completes when its event is fulfilled); " + task(next)
                    + " runs";
            case "early_fulfill" -> "the event of " + task(prior) + " was fulfilled before it finished; " + task(next)
                    + " runs";
            case "late_fulfill" -> "the event of detached " + task(prior) + " was fulfilled: it completed; "
                    + task(next) + " runs";
            case "taskwait_complete" -> task(prior) + "'s taskwait is complete; " + task(next) + " runs";
            default -> "scheduled " + task(next) + " after " + task(prior) + " (" + s + ")";
        };
    }

    /** {@code a taskwait}, {@code an implicit barrier}: OpenMP's construct with its article. */
    private static String construct(String kind) {
        return kind == null ? "a sync region" : SyncRegionKind.of(kind).construct();
    }

    /** {@code a target enter data construct}. */
    private static String target(String kind) {
        String k = kind == null ? "target" : kind;
        boolean nowait = k.endsWith("_nowait");
        String name = (nowait ? k.substring(0, k.length() - "_nowait".length()) : k).replace('_', ' ');
        return "a " + name + " construct" + (nowait ? " (nowait)" : "");
    }

    static String task(long id) {
        return id == Recording.NONE || id == 0 ? "no task" : "task " + Names.task(new TaskId(id));
    }

    static String thread(long id) {
        return "thread " + Names.thread(new ThreadId(id));
    }

    private static String region(long id) {
        return Names.region(new RegionId(id));
    }
}
