package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.app.report.SnapshotCaption;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.FrameKey;
import org.ompdexplorer.model.diff.SeriesRow;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.SnapshotSeries;

/**
 * The text report of a series of snapshots: the numbered snapshots, one line per step, and a matrix with a row per
 * thread, region and task and a column per snapshot, each cell marked by what the step into it did. Deterministic;
 * rows bounded by {@code max}.
 */
final class TimelineReport {
    private final SnapshotSeries series;
    private final List<String> names;
    private final List<String> loadWarnings;
    private final int max;
    private final boolean changesOnly;

    /**
     * @param names        how each snapshot was named (its file)
     * @param loadWarnings what the command has to say about its inputs (snapshots loaded with errors)
     * @param max          the most matrix rows to print (0 = all)
     * @param changesOnly  print only the rows of entities that change somewhere in the series
     */
    TimelineReport(SnapshotSeries series, List<String> names, List<String> loadWarnings, int max, boolean changesOnly) {
        this.series = series;
        this.names = names;
        this.loadWarnings = loadWarnings;
        this.max = max <= 0 ? Integer.MAX_VALUE : max;
        this.changesOnly = changesOnly;
    }

    void print(PrintWriter out) {
        snapshots(out);
        warnings(out);
        out.println();
        out.println("Steps:");
        List<SnapshotDiff> steps = series.steps();
        for (int i = 0; i < steps.size(); i++) {
            out.println("  " + step(i) + ": " + summary(steps.get(i)));
        }
        out.println();
        where(out);
        matrix(out);
        out.println();
        long differing = steps.stream().filter(SnapshotDiff::hasDifferences).count();
        out.println(differing == 0 ? "No step changes anything (" + plural(series.snapshots().size(), "snapshot") + ")."
                : "Steps that change something: " + differing + " of " + steps.size() + ".");
        long hanging = steps.stream().filter(SnapshotDiff::hangs).count();
        if (hanging > 0) {
            out.println("Steps with something still blocked from one moment to the next: " + hanging + " of "
                    + steps.size() + " (the hang signal).");
        }
        out.flush();
    }

    private void snapshots(PrintWriter out) {
        out.println("Snapshots (" + series.snapshots().size() + "):");
        TextTable table = new TextTable(true, false, false, false);
        for (int i = 0; i < names.size(); i++) {
            CaptureInfo c = series.snapshots().get(i).capture();
            table.add(Integer.toString(i + 1), names.get(i), SnapshotCaption.time(c),
                    c.label() == null ? "" : "\"" + org.ompdexplorer.model.TextCut.value(c.label()) + "\"");
        }
        table.print(out, "  ");
    }

    /** The load warnings, then each distinct step warning once, with the steps it was said for. */
    private void warnings(PrintWriter out) {
        loadWarnings.forEach(w -> out.println("warning: " + w));
        Map<String, List<String>> stepsOf = new LinkedHashMap<>();
        for (int i = 0; i < series.steps().size(); i++) {
            for (String w : series.steps().get(i).warnings()) {
                stepsOf.computeIfAbsent(w, k -> new ArrayList<>()).add(step(i));
            }
        }
        stepsOf.forEach((w, steps) -> out.println("warning: " + String.join(", ", steps) + ": " + w));
    }

    private static String step(int i) {
        return (i + 1) + "→" + (i + 2);
    }

    private static String summary(SnapshotDiff d) {
        String text = d.hasDifferences() ? org.ompdexplorer.model.diff.DiffVerdict.changeCounts(d) : d.hangs() ? "nothing moved" : "no difference";
        return d.stillBlocked().isEmpty() ? text : text + ", " + d.stillBlocked().size() + " still blocked";
    }

    /**
     * Where each thread is in each snapshot — the innermost frame of the program's own code in its call stack — with a
     * mark where it moved in the step into that snapshot; only when some snapshot holds call stacks (format 1.3).
     */
    private void where(PrintWriter out) {
        List<Snapshot> snapshots = series.snapshots();
        if (snapshots.stream().allMatch(s -> s.callStacks().isEmpty())) {
            return;
        }
        List<SeriesRow> threads = series.rows().stream().filter(r -> r.kind() == EntityKind.THREAD).toList();
        out.println("Where each thread is (the innermost frame of the program's own code; * moved in the step into "
                + "that snapshot):");
        int n = snapshots.size();
        TextTable table = new TextTable(new boolean[n + 1]);
        String[] header = new String[n + 1];
        header[0] = "";
        for (int i = 0; i < n; i++) {
            header[i + 1] = " " + (i + 1);
        }
        table.add(header);
        int printed = 0;
        for (SeriesRow row : threads) {
            if (printed++ == max) {
                break;
            }
            String[] cells = new String[n + 1];
            cells[0] = row.label();
            String before = null;
            for (int i = 0; i < n; i++) {
                String here = whereIn(snapshots.get(i), row.position(i));
                cells[i + 1] = (i > 0 && before != null && here != null && !before.equals(here) ? "*" : " ")
                        + (here == null ? "-" : org.ompdexplorer.model.TextCut.value(here));
                before = here;
            }
            table.add(cells);
        }
        table.print(out, "  ");
        if (threads.size() > max) {
            out.println("… " + (threads.size() - max) + " more threads (--max 0 shows all)");
        }
        out.println();
    }

    private static String whereIn(Snapshot s, int position) {
        if (position < 0) {
            return null;
        }
        return org.ompdexplorer.model.callstack.ThreadPlace.key(s.threads().get(position), s.index(), s.modules())
                .map(FrameKey::display).orElse(null);
    }

    private void matrix(PrintWriter out) {
        List<SeriesRow> rows = changesOnly ? series.rows().stream().filter(this::changes).toList() : series.rows();
        int n = series.snapshots().size();
        out.println("Threads, regions and tasks across the snapshots (" + rows.size() + (changesOnly ? " that change"
                : "") + "; marks: + added, - removed, * changed in the step into that snapshot):");
        if (rows.isEmpty()) {
            out.println("  (none)");
            return;
        }
        boolean[] right = new boolean[n + 1];
        TextTable table = new TextTable(right);
        String[] header = new String[n + 1];
        header[0] = "";
        for (int i = 0; i < n; i++) {
            header[i + 1] = " " + (i + 1);
        }
        table.add(header);
        for (SeriesRow row : rows.subList(0, Math.min(max, rows.size()))) {
            String[] cells = new String[n + 1];
            cells[0] = row.label();
            for (int i = 0; i < n; i++) {
                cells[i + 1] = mark(row, i) + series.cell(row, i);
            }
            table.add(cells);
        }
        table.print(out, "  ");
        if (rows.size() > max) {
            out.println("… " + (rows.size() - max) + " more rows (--max 0 shows all)");
        }
    }

    /** One character before each cell, a space when the step into it changed nothing (or there was none). */
    private String mark(SeriesRow row, int i) {
        if (i == 0 || (row.position(i - 1) < 0 && row.position(i) < 0)) {
            return " ";
        }
        return switch (series.change(row, i)) {
            case ADDED -> "+";
            case REMOVED -> "-";
            case CHANGED -> "*";
            case UNCHANGED -> " ";
        };
    }

    private boolean changes(SeriesRow row) {
        for (int i = 1; i < series.snapshots().size(); i++) {
            if (!mark(row, i).equals(" ")) {
                return true;
            }
        }
        return false;
    }

    private static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Whether any step of the series adds, removes or changes anything, or is two moments of a hang. */
    static boolean differs(SnapshotSeries series) {
        return series.steps().stream().anyMatch(d -> d.hasDifferences() || d.hangs());
    }
}
