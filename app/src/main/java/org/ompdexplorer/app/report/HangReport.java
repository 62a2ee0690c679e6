package org.ompdexplorer.app.report;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.diff.AggregateDelta;
import org.ompdexplorer.model.diff.DiffNames;
import org.ompdexplorer.model.diff.DiffVerdict;
import org.ompdexplorer.model.diff.EntityDiff;
import org.ompdexplorer.model.diff.FieldChange;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.StillBlocked;

/**
 * A comparison's findings as a report to hand on — to a colleague, a ticket, a course page: the two snapshots, the
 * verdict (the hang signal first), what is still blocked and where, what moved, and the task counts that changed. One
 * document ({@link ReportDocument}), written as Markdown or HTML; each list holds at most {@code max} items with a
 * count of the rest, every name cut as the diff cuts it, so the report is bounded by its inputs.
 */
public final class HangReport {
    /** The formats a report is written in. */
    public enum Format {
        MARKDOWN("md"), HTML("html");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        public String extension() {
            return extension;
        }

        /** The format a file name asks for: {@code .html}/{@code .htm} is HTML, anything else Markdown. */
        public static Format ofFileName(String name) {
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            return lower.endsWith(".html") || lower.endsWith(".htm") ? HTML : MARKDOWN;
        }
    }

    private final SnapshotDiff diff;
    private final String nameA;
    private final String nameB;
    private final List<String> warnings;
    private final int max;

    /** @param max the most items of each list (0 = all) */
    public HangReport(SnapshotDiff diff, String nameA, String nameB, List<String> warnings, int max) {
        this.diff = diff;
        this.nameA = nameA;
        this.nameB = nameB;
        this.warnings = List.copyOf(warnings);
        this.max = max <= 0 ? Integer.MAX_VALUE : max;
    }

    public String write(Format format) {
        ReportDocument doc = document();
        return format == Format.HTML ? HtmlWriter.write(doc) : MarkdownWriter.write(doc);
    }

    /** The report's content, before it is written in a format. */
    public ReportDocument document() {
        String program = diff.b().capture().program() != null ? diff.b().capture().program()
                : diff.a().capture().program();
        ReportDocument doc = new ReportDocument()
                .heading(1, (diff.hangs() ? "Hang report" : "Comparison report")
                        + (program == null ? "" : ": " + org.ompdexplorer.model.TextCut.value(program)))
                .bullets(List.of(new ReportDocument.Item("A (before): " + nameA, SnapshotCaption.of(diff.a().capture())),
                        new ReportDocument.Item("B (after): " + nameB, SnapshotCaption.of(diff.b().capture()))))
                .strong(DiffVerdict.of(diff));
        if (!warnings.isEmpty()) {
            doc.bullets(warnings.stream().map(w -> new ReportDocument.Item("Warning: " + w, "")).toList());
        }
        stillBlocked(doc);
        moved(doc);
        counts(doc);
        return doc.paragraph("Still blocked means the same wait at the same place in A and B with nothing it waits for"
                + " having moved; two moments (two capture times) with something still blocked are the hang signal."
                + " Entities are matched by what they are (OS thread id, nesting path, creation order), never by id."
                + " Made by OMPD Explorer's comparison (docs/diff-format.md).");
    }

    private void stillBlocked(ReportDocument doc) {
        List<StillBlocked> all = diff.stillBlocked();
        doc.heading(2, "Still blocked (" + all.size() + ")");
        if (all.isEmpty()) {
            doc.paragraph("Nothing: no thread or task waits at the same place in A and B.");
            return;
        }
        List<ReportDocument.Item> items = new ArrayList<>();
        for (StillBlocked s : all.subList(0, Math.min(max, all.size()))) {
            items.add(new ReportDocument.Item(name(s.a(), s.b()), s.how().label() + ": " + s.place()));
        }
        doc.bullets(items);
        more(doc, all.size(), "still blocked");
    }

    private void moved(ReportDocument doc) {
        List<EntityDiff> all = diff.entries();
        doc.heading(2, "What moved (" + DiffVerdict.changeCounts(diff) + ")");
        List<List<String>> rows = new ArrayList<>();
        for (EntityKind kind : diff.reportedKinds()) {
            KindCounts c = diff.counts(kind);
            rows.add(List.of(kind.label() + "s", n(c.inA()), n(c.inB()), n(c.added()), n(c.removed()), n(c.changed())));
        }
        doc.table(List.of("", "in A", "in B", "added", "removed", "changed"),
                new boolean[] {false, true, true, true, true, true}, rows);
        if (all.isEmpty()) {
            doc.paragraph("Nothing moved: every entity of A is in B, unchanged.");
            return;
        }
        List<ReportDocument.Item> items = new ArrayList<>();
        for (EntityDiff e : all.subList(0, Math.min(max, all.size()))) {
            List<String> fields = e.changes().stream().map(FieldChange::toString).toList();
            items.add(new ReportDocument.Item(e.change().mark() + " " + name(e.a(), e.b()),
                    org.ompdexplorer.model.TextCut.join("; ", fields)));
        }
        doc.bullets(items);
        more(doc, all.size(), "changed entities");
    }

    private void counts(ReportDocument doc) {
        List<AggregateDelta> rows = diff.aggregates().stream().filter(r -> r.delta() != 0).toList();
        doc.heading(2, "Task counts that changed (" + rows.size() + ")");
        if (rows.isEmpty()) {
            doc.paragraph("No count of tasks per region, task and status changed.");
            return;
        }
        List<List<String>> cells = new ArrayList<>();
        for (AggregateDelta r : rows.subList(0, Math.min(max, rows.size()))) {
            cells.add(List.of(r.region().startsWith("/") ? "region " + r.region() : r.region(), r.task(), r.lifecycle(),
                    n(r.inA()), n(r.inB()), r.delta() > 0 ? "+" + r.delta() : n(r.delta())));
        }
        doc.table(List.of("region", "task", "status", "in A", "in B", "delta"),
                new boolean[] {false, false, false, true, true, true}, cells);
        more(doc, rows.size(), "rows");
    }

    private void more(ReportDocument doc, int total, String what) {
        if (total > max) {
            doc.paragraph("… and " + (total - max) + " more " + what + ".");
        }
    }

    /** A's name, with B's after it when the entity is named otherwise there. */
    private String name(EntityRef a, EntityRef b) {
        return DiffNames.of(diff, a, b, " ");
    }

    private static String n(int v) {
        return Integer.toString(v);
    }
}
