package org.ompdexplorer.model.diff;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskStatus;

/**
 * One step of a series as its timeline draws it: when B was taken (from the first snapshot), what took it (the
 * capture's label: a signal, {@code interval}, a program's flush label), and B's counts of running, ready (queued),
 * blocked-on-dependences and waiting tasks with the step's still-blocked count — the figures of a hang at a glance.
 *
 * @param sinceFirst B's capture time less the first snapshot's, or {@code null} when either is not known
 * @param trigger    B's capture label, or empty
 */
public record StepFigures(Duration sinceFirst, String trigger, int running, int queued, int blocked, int waiting,
                          int stillBlocked) {

    /** The figures of every step of {@code series}, step i being snapshot i + 1 against snapshot i. */
    public static List<StepFigures> of(SnapshotSeries series) {
        return series.figures();
    }

    /** Counted once, as the series is made (off the FX thread): every task of every snapshot but the first. */
    static List<StepFigures> of(List<Snapshot> snapshots, List<SnapshotDiff> steps) {
        List<StepFigures> figures = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            figures.add(of(snapshots.getFirst(), snapshots.get(i + 1), steps.get(i)));
        }
        return List.copyOf(figures);
    }

    private static StepFigures of(Snapshot first, Snapshot b, SnapshotDiff step) {
        int running = 0;
        int queued = 0;
        int blocked = 0;
        int waiting = 0;
        for (Task t : b.tasks()) {
            TaskStatus s = TaskStatus.of(t, b.index()).orElse(null);
            if (s == null) {
                continue;
            }
            switch (s.key()) {
                case "running" -> running++;
                case "queued" -> queued++;
                case "blocked" -> blocked++;
                case "waiting" -> waiting++;
                default -> { }
            }
        }
        Duration since = first.capture().time() == null || b.capture().time() == null ? null
                : Duration.between(first.capture().time(), b.capture().time());
        String label = b.capture().label() == null ? "" : b.capture().label();
        return new StepFigures(since, label, running, queued, blocked, waiting, step.stillBlocked().size());
    }

    /** {@code +1.5 s}, {@code +2 min 3 s}, or empty when the times are not known. */
    public String sinceFirstText() {
        if (sinceFirst == null) {
            return "";
        }
        long ms = sinceFirst.toMillis();
        String sign = ms < 0 ? "−" : "+";
        ms = Math.abs(ms);
        if (ms < 1000) {
            return sign + ms + " ms";
        }
        if (ms < 60_000) {
            return sign + (ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0));
        }
        long s = ms / 1000;
        return s < 3600 ? sign + s / 60 + " min " + s % 60 + " s" : sign + s / 3600 + " h " + s % 3600 / 60 + " min";
    }
}
