package org.ompdexplorer.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.StringJoiner;
import org.ompdexplorer.app.report.SnapshotCaption;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.diff.AggregateDelta;
import org.ompdexplorer.model.diff.DiffNames;
import org.ompdexplorer.model.diff.EntityDiff;
import org.ompdexplorer.model.diff.FieldChange;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.MatchMethod;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.StillBlocked;

/**
 * The text report of a diff: the inputs and warnings, counts per kind with how they were matched, what is still
 * blocked, the changed entities in tree order with {@code before → after}, task counts per region × task ×
 * lifecycle, and a last line that says whether A and B differ. Deterministic; each list bounded by {@code max}.
 */
final class DiffReport {
    private final SnapshotDiff diff;
    private final String nameA;
    private final String nameB;
    private final List<String> warnings;
    private final int max;
    private final boolean changesOnly;

    /**
     * @param nameA       how A was named on the command line
     * @param warnings    what to say first: the diff's own warnings and the command's
     * @param max         the most still-blocked entries, changed entities and count rows to print, each (0 = all)
     * @param changesOnly leave out the kinds and count rows that did not change, and the unchanged column
     */
    DiffReport(SnapshotDiff diff, String nameA, String nameB, List<String> warnings, int max, boolean changesOnly) {
        this.diff = diff;
        this.nameA = nameA;
        this.nameB = nameB;
        this.warnings = warnings;
        this.max = max <= 0 ? Integer.MAX_VALUE : max;
        this.changesOnly = changesOnly;
    }

    void print(PrintWriter out) {
        out.println("A: " + nameA + " — " + SnapshotCaption.of(diff.a().capture()));
        out.println("B: " + nameB + " — " + SnapshotCaption.of(diff.b().capture()));
        warnings.forEach(w -> out.println("warning: " + w));
        out.println();
        counts(out);
        out.println();
        stillBlocked(out);
        out.println();
        changes(out);
        out.println();
        aggregates(out);
        out.println();
        out.println(verdict());
        out.flush();
    }

    private void counts(PrintWriter out) {
        TextTable table = changesOnly
                ? new TextTable(false, true, true, true, true, true, false).add("", "in A", "in B", "added", "removed",
                "changed", "matched by")
                : new TextTable(false, true, true, true, true, true, true, false).add("", "in A", "in B", "added",
                "removed", "changed", "unchanged", "matched by");
        for (EntityKind kind : diff.reportedKinds()) {
            KindCounts c = diff.counts(kind);
            if (changesOnly && !c.differs()) {
                continue;
            }
            String name = kind.label() + "s";
            if (changesOnly) {
                table.add(name, n(c.inA()), n(c.inB()), n(c.added()), n(c.removed()), n(c.changed()), matchedBy(c));
            } else {
                table.add(name, n(c.inA()), n(c.inB()), n(c.added()), n(c.removed()), n(c.changed()), n(c.unchanged()),
                        matchedBy(c));
            }
        }
        table.print(out, "");
        if (changesOnly && !diff.hasDifferences()) {
            out.println("(no kind of entity was added, removed or changed)");
        }
    }

    private static String n(int value) {
        return Integer.toString(value);
    }

    /** {@code creation order 9, structure 2}: strongest method first. */
    private static String matchedBy(KindCounts c) {
        StringJoiner j = new StringJoiner(", ");
        j.setEmptyValue("-");
        for (MatchMethod m : MatchMethod.values()) {
            Integer count = c.matchedBy().get(m);
            if (count != null) {
                j.add(m.label() + " " + count);
            }
        }
        return j.toString();
    }

    private void stillBlocked(PrintWriter out) {
        List<StillBlocked> all = diff.stillBlocked();
        if (all.isEmpty()) {
            out.println("Still blocked: nothing — no thread or task waits at the same place in A and B.");
            return;
        }
        out.println("Still blocked — the same wait at the same place in A and B (" + all.size() + "):");
        for (StillBlocked s : all.subList(0, Math.min(max, all.size()))) {
            out.println("  " + name(s.a(), s.b()));
            out.println("      " + s.how().label() + ": " + s.place());
        }
        more(out, all.size(), "still blocked");
    }

    private void changes(PrintWriter out) {
        List<EntityDiff> all = diff.entries();
        if (all.isEmpty()) {
            out.println("Changes: none — every entity of A is in B, unchanged.");
            return;
        }
        out.println("Changes, in tree order (" + all.size() + "):");
        for (EntityDiff e : all.subList(0, Math.min(max, all.size()))) {
            out.println(e.change().mark() + " " + name(e.a(), e.b()));
            for (FieldChange c : e.changes()) {
                out.println("    " + c);
            }
        }
        more(out, all.size(), "changed entities");
    }

    /** A's name, with B's after it when the entity is named otherwise there (renumbered, other function). */
    private String name(EntityRef a, EntityRef b) {
        return DiffNames.of(diff, a, b, "  ");
    }

    private void aggregates(PrintWriter out) {
        List<AggregateDelta> rows = changesOnly
                ? diff.aggregates().stream().filter(r -> r.delta() != 0).toList() : diff.aggregates();
        String title = "Tasks per region × task × lifecycle (A → B)";
        if (rows.isEmpty()) {
            out.println(title + ": " + (diff.aggregates().isEmpty() ? "no tasks in A or B." : "no count changed."));
            return;
        }
        out.println(title + (changesOnly ? ", the counts that changed:" : ":"));
        TextTable table = new TextTable(false, false, false, true, true);
        for (AggregateDelta r : rows.subList(0, Math.min(max, rows.size()))) {
            table.add(r.region().startsWith("/") ? "region " + r.region() : r.region(), r.task(), r.lifecycle(), r.inA() + " → " + r.inB(),
                    r.delta() > 0 ? "+" + r.delta() : n(r.delta()));
        }
        table.print(out, "  ");
        more(out, rows.size(), "rows");
    }

    private void more(PrintWriter out, int total, String what) {
        if (total > max) {
            out.println("… " + (total - max) + " more " + what + " (--max 0 shows all)");
        }
    }

    private String verdict() {
        return org.ompdexplorer.model.diff.DiffVerdict.of(diff);
    }


}
