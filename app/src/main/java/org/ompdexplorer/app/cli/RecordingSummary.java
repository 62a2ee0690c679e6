package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.recording.EventKind;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.RecordingLoss;
import org.ompdexplorer.model.recording.RecordingTime;

/** {@code summary} of a recording: what was recorded, tasks created by kind, events by kind, what was dropped. */
final class RecordingSummary {
    private final RecordingLoadResult result;
    private final int maxDiagnostics;

    RecordingSummary(RecordingLoadResult result, int maxDiagnostics) {
        this.result = result;
        this.maxDiagnostics = maxDiagnostics;
    }

    void print(PrintWriter out) {
        Recording r = result.recording();
        CaptureInfo c = r.header().capture();
        out.println("recording of " + (c.program() == null ? "a program" : c.program())
                + (c.pid() == null ? "" : " (pid " + c.pid() + ")") + ", format " + r.header().version());
        out.println("events: " + r.size() + " over " + RecordingTime.format(r.duration())
                + (r.complete() ? "" : " (cut: no trailer)"));
        Map<String, Long> tasks = new TreeMap<>();
        Map<String, Long> events = new TreeMap<>();
        for (int i = 0; i < r.size(); i++) {
            EventKind k = r.kind(i);
            events.merge(k.wireName(), 1L, Long::sum);
            if (k == EventKind.TASK_CREATE) {
                tasks.merge(r.flags(i).contains("target") ? "target" : "explicit", 1L, Long::sum);
            } else if (k == EventKind.IMPLICIT_BEGIN) {
                tasks.merge(r.isInitial(i) ? "initial" : "implicit", 1L, Long::sum);
            }
        }
        out.println("tasks created: " + counts(tasks));
        out.println("events by kind: " + counts(events));
        List<RecordingLoss> losses = r.losses();
        if (losses.isEmpty()) {
            out.println("dropped: " + (r.complete() ? "nothing" : "unknown (no trailer)"));
        }
        for (RecordingLoss l : losses) {
            out.println("dropped: " + l.describe());
        }
        List<Diagnostic> diagnostics = result.diagnostics();
        if (!diagnostics.isEmpty()) {
            out.println("diagnostics:");
            DiagnosticLines.print(out, "  ", diagnostics, maxDiagnostics, null);
        }
        out.flush();
    }

    private static String counts(Map<String, Long> counts) {
        if (counts.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        counts.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append(' ').append(v));
        return b.toString();
    }
}
