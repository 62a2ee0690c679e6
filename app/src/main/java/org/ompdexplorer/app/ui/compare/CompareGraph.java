package org.ompdexplorer.app.ui.compare;

import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.ompd.RememberedValues;
import org.ompdexplorer.app.ui.task.BackgroundTasks;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * The task graph in compare mode: the graph of B (after) or of A (before), its nodes marked added, removed or
 * changed with compare mode's tokens, its selection the compare navigator's, kept in place from step to step of a
 * series so that a lesson's steps do not reshuffle.
 */
public final class CompareGraph {
    /** Which snapshot of the step the graph shows. */
    public enum Side {
        B("Graph of B (after)"), A("Graph of A (before)");

        private final String text;

        Side(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private final CompareViewModel compare;
    private final GraphViewModel graph;
    private final ObjectProperty<Side> side = new SimpleObjectProperty<>(this, "side", Side.B);

    public CompareGraph(BackgroundTasks tasks, RememberedValues remembered, CompareViewModel compare) {
        this.compare = compare;
        this.graph = new GraphViewModel(tasks, remembered, this::clicked);
        // a new comparison or lesson opens on B, whichever side the last one was left on
        compare.seriesProperty().addListener((obs, old, now) -> side.set(Side.B));
        compare.diffProperty().addListener((obs, old, now) -> update());
        side.addListener((obs, old, now) -> update());
        compare.selectedProperty().addListener((obs, old, now) -> select());
    }

    public GraphViewModel graph() {
        return graph;
    }

    public ObjectProperty<Side> sideProperty() {
        return side;
    }

    private void update() {
        SnapshotDiff d = compare.diffProperty().get();
        if (d == null) {
            graph.markerProperty().set(null);
            graph.snapshotProperty().set(null);
            return;
        }
        boolean after = side.get() == Side.B;
        Snapshot s = after ? d.b() : d.a();
        int step = compare.stepProperty().get();
        String name = compare.sources().size() > step + 1 ? compare.sourceName(after ? step + 1 : step)
                : after ? "B" : "A";
        graph.keepViewProperty().set(graph.layoutProperty().get() != null);
        graph.markerProperty().set(null);
        graph.snapshotProperty().set(new LoadedSnapshot(s, List.of(), name, Optional.empty()));
        graph.markerProperty().set(task -> {
            int p = s.index().taskPosition(task);
            if (p < 0) {
                return null;
            }
            UnionNode u = after ? d.tree().ofB(EntityKind.TASK, p) : d.tree().ofA(EntityKind.TASK, p);
            return mark(d.change(u));
        });
        select();
    }

    private static GraphPainter.Mark mark(ChangeKind change) {
        return switch (change) {
            case ADDED -> GraphPainter.Mark.ADDED;
            case REMOVED -> GraphPainter.Mark.REMOVED;
            case CHANGED -> GraphPainter.Mark.CHANGED;
            default -> null;
        };
    }

    /** The compare navigator's selection, on the side shown. */
    private void select() {
        UnionNode u = compare.selectedProperty().get();
        SnapshotDiff d = compare.diffProperty().get();
        if (u == null || d == null || u.kind() != EntityKind.TASK) {
            graph.selectionProperty().set(null);
            return;
        }
        boolean after = side.get() == Side.B;
        int p = after ? u.b() : u.a();
        Snapshot s = after ? d.b() : d.a();
        graph.selectionProperty().set(p < 0 ? null : Target.of(s.tasks().get(p).id()));
    }

    /** A click on a node selects its entity in the compare navigator. */
    private void clicked(Target target) {
        SnapshotDiff d = compare.diffProperty().get();
        if (d == null || !(target instanceof Target.Entity(EntityRef ref)) || ref.kind() != EntityKind.TASK) {
            return;
        }
        boolean after = side.get() == Side.B;
        Snapshot s = after ? d.b() : d.a();
        int p = s.index().taskPosition(ref.id());
        if (p >= 0) {
            compare.select(after ? d.tree().ofB(EntityKind.TASK, p) : d.tree().ofA(EntityKind.TASK, p));
        }
    }
}
