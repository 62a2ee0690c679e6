package org.ompdexplorer.app.ui.compare;

import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * Compare mode: two snapshots (a series of two) or a series of many, the step shown (its diff with the snapshot
 * before), the selected entity of the union (none: the summary page), the "changes only" filter, the filter a
 * count of the summary page sets, and Next/Previous change. The selection follows its entity from step to step through the matchings.
 */
public final class CompareViewModel {
    // Properties
    private final ReadOnlyObjectWrapper<SnapshotSeries> series = new ReadOnlyObjectWrapper<>(this, "series");
    private final ReadOnlyIntegerWrapper step = new ReadOnlyIntegerWrapper(this, "step", 0);
    private final ReadOnlyObjectWrapper<SnapshotDiff> diff = new ReadOnlyObjectWrapper<>(this, "diff");
    private final ReadOnlyObjectWrapper<UnionNode> selected = new ReadOnlyObjectWrapper<>(this, "selected");
    private final BooleanProperty changesOnly = new SimpleBooleanProperty(this, "changesOnly", false);
    private final ReadOnlyObjectWrapper<CompareFilter> filter = new ReadOnlyObjectWrapper<>(this, "filter");
    private final ReadOnlyStringWrapper countsText = new ReadOnlyStringWrapper(this, "countsText", "");
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper(this, "stepText", "");
    private List<LoadedSnapshot> sources = List.of();
    private boolean lessonNumbering;

    public ReadOnlyObjectProperty<SnapshotSeries> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    /** Step i compares snapshot i (A) with snapshot i + 1 (B). */
    public ReadOnlyIntegerProperty stepProperty() {
        return step.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<SnapshotDiff> diffProperty() {
        return diff.getReadOnlyProperty();
    }

    /** The entity shown side by side, or null for the summary page. */
    public ReadOnlyObjectProperty<UnionNode> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public BooleanProperty changesOnlyProperty() {
        return changesOnly;
    }

    /** What the navigator lists instead of the union (a count of the summary was clicked), or null. */
    public ReadOnlyObjectProperty<CompareFilter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    /** {@code 3 added · 1 removed · 5 changed · 120 unchanged}, for the status bar. */
    public ReadOnlyStringProperty countsTextProperty() {
        return countsText.getReadOnlyProperty();
    }

    /** {@code A: file1 → B: file2}, with the step when there are more than two. */
    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    public List<LoadedSnapshot> sources() {
        return sources;
    }

    public int stepCount() {
        return series.get() == null ? 0 : series.get().steps().size();
    }

    // Commands

    /** Shows a series made from {@code loaded} (in that order), at its first step, on the summary page. */
    public void show(List<LoadedSnapshot> loaded, SnapshotSeries made) {
        show(loaded, made, false);
    }

    /**
     * As {@link #show(List, SnapshotSeries)}; a lesson's series ({@code lesson}) is numbered as the lesson bar numbers
     * it: step i compares the lesson's step i with step i + 1, so the status bar says "Step i + 2 of n + 1" as the
     * lesson bar does, never a count of its own.
     */
    public void show(List<LoadedSnapshot> loaded, SnapshotSeries made, boolean lesson) {
        lessonNumbering = lesson;
        sources = List.copyOf(loaded);
        filter.set(null);
        series.set(made);
        step.set(-1);
        selected.set(null);
        setStep(0);
    }

    public void clear() {
        sources = List.of();
        filter.set(null);
        selected.set(null);
        diff.set(null);
        series.set(null);
    }

    /** Moves to step {@code i}, keeping the selected entity selected when it is in the new step. */
    public void setStep(int i) {
        SnapshotSeries s = series.get();
        if (s == null || i < 0 || i >= s.steps().size() || i == step.get()) {
            return;
        }
        UnionNode was = selected.get();
        int from = step.get();
        UnionNode next = was == null || from < 0 ? null : follow(s, was, from, i);
        // The views read the selection when the diff changes: cleared first, none reads a node of the old step's
        // snapshots against the new step's (positions past the end of a smaller snapshot).
        selected.set(null);
        step.set(i);
        diff.set(s.steps().get(i));
        selected.set(next);
        update();
    }

    public void nextStep() {
        setStep(step.get() + 1);
    }

    public void previousStep() {
        setStep(step.get() - 1);
    }

    /**
     * The entity of {@code node} (a node of step {@code from}) as a node of step {@code to}, or null when it is in
     * neither of that step's snapshots: found in B of the new step if it is there, else in its A.
     */
    private static UnionNode follow(SnapshotSeries s, UnionNode node, int from, int to) {
        int snapshot = node.inB() ? from + 1 : from;
        int position = node.inB() ? node.b() : node.a();
        EntityKind kind = node.kind();
        SnapshotDiff d = s.steps().get(to);
        int inB = walk(s, kind, snapshot, position, to + 1);
        if (inB >= 0) {
            return d.tree().ofB(kind, inB);
        }
        int inA = walk(s, kind, snapshot, position, to);
        return inA >= 0 ? d.tree().ofA(kind, inA) : null;
    }

    /** An entity's position in snapshot {@code target}, following each step's matching; −1 when it is not there. */
    private static int walk(SnapshotSeries s, EntityKind kind, int snapshot, int position, int target) {
        while (position >= 0 && snapshot < target) {
            position = s.steps().get(snapshot).matching().inB(kind, position);
            snapshot++;
        }
        while (position >= 0 && snapshot > target) {
            position = s.steps().get(snapshot - 1).matching().inA(kind, position);
            snapshot--;
        }
        return position;
    }

    /** Lists in the navigator exactly what {@code f} names (a count of the summary page), in every step. */
    public void filter(CompareFilter f) {
        filter.set(f);
    }

    /** The navigator lists the union again. */
    public void clearFilter() {
        filter.set(null);
    }

    /** What the filter lists in the step shown; empty without a filter. */
    public List<UnionNode> filtered() {
        CompareFilter f = filter.get();
        return f == null || diff.get() == null ? List.of() : f.nodes().apply(diff.get());
    }

    /** Shows one entity of the union side by side. */
    public void select(UnionNode node) {
        selected.set(node);
    }

    /** Shows the summary page: counts, still blocked, task counts per region. */
    public void selectSummary() {
        selected.set(null);
    }

    /** F7: the next added, removed or changed entity in tree order after the selection (wrapping). */
    public void nextChange() {
        moveChange(1);
    }

    /** Shift+F7. */
    public void previousChange() {
        moveChange(-1);
    }

    private void moveChange(int direction) {
        SnapshotDiff d = diff.get();
        if (d == null || d.changedNodes().isEmpty()) {
            return;
        }
        List<UnionNode> changes = d.changedNodes();
        int at = selected.get() == null ? -1 : changes.indexOf(selected.get());
        int next = at < 0 ? (direction > 0 ? 0 : changes.size() - 1)
                : Math.floorMod(at + direction, changes.size());
        selected.set(changes.get(next));
    }

    /** What happened to a node of the step shown. */
    public ChangeKind change(UnionNode node) {
        return diff.get() == null ? ChangeKind.UNCHANGED : diff.get().change(node);
    }

    private void update() {
        SnapshotDiff d = diff.get();
        int added = 0;
        int removed = 0;
        int changed = 0;
        int unchanged = 0;
        for (KindCounts c : d.counts()) {
            added += c.added();
            removed += c.removed();
            changed += c.changed();
            unchanged += c.unchanged();
        }
        countsText.set(added + " added · " + removed + " removed · " + changed + " changed · " + unchanged
                + " unchanged" + (d.stillBlocked().isEmpty() ? "" : " · " + d.stillBlocked().size() + " still blocked"));
        int i = step.get();
        String counted = lessonNumbering ? "Step " + (i + 2) + " of " + (stepCount() + 1) + ": "
                : stepCount() > 1 ? "Step " + (i + 1) + " of " + stepCount() + ": " : "";
        // in a lesson the lesson bar names the lesson and the step: its steps' numbers say the rest, and the status
        // bar keeps room for the counts at 200 %
        stepText.set(counted + "A: " + (lessonNumbering ? "step " + (i + 1) : shortName(i)) + " → B: "
                + (lessonNumbering ? "step " + (i + 2) : shortName(i + 1)));
    }

    /** The file name of snapshot {@code i} (the whole path is in {@link #sourceName}), or its source's name. */
    public String shortName(int i) {
        if (i < 0 || i >= sources.size()) {
            return i == step.get() ? "A" : "B";
        }
        LoadedSnapshot s = sources.get(i);
        return s.path().map(p -> p.getFileName().toString()).orElse(s.sourceName());
    }

    /** Where snapshot {@code i} came from, whole: a path or a lesson's name. */
    public String sourceName(int i) {
        return i >= 0 && i < sources.size() ? sources.get(i).sourceName() : "";
    }
}
