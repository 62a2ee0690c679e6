package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.EntityKind;

/**
 * The entities behind each count of a comparison's summary: a column of the counts per kind, what is still blocked,
 * and one side of a row of tasks per region × task × lifecycle. A count is a filter: the entities it lists are
 * exactly as many as it says (the window lists them in its compare navigator).
 */
public final class CountedEntities {
    /** A column of the counts per kind ({@link KindCounts}). */
    public enum Column {
        IN_A("in A", null), IN_B("in B", null), ADDED("added", ChangeKind.ADDED), REMOVED("removed", ChangeKind.REMOVED),
        CHANGED("changed", ChangeKind.CHANGED), UNCHANGED("unchanged", ChangeKind.UNCHANGED);

        private final String label;
        private final ChangeKind change;

        Column(String label, ChangeKind change) {
            this.label = label;
            this.change = change;
        }

        public String label() {
            return label;
        }

        /** What happened to the entities this column counts; null for {@link #IN_A} and {@link #IN_B}. */
        public ChangeKind change() {
            return change;
        }

        /** The column's figure in {@code c}. */
        public int of(KindCounts c) {
            return switch (this) {
                case IN_A -> c.inA();
                case IN_B -> c.inB();
                case ADDED -> c.added();
                case REMOVED -> c.removed();
                case CHANGED -> c.changed();
                case UNCHANGED -> c.unchanged();
            };
        }
    }

    private CountedEntities() {
    }

    /** The entities of {@code kind} that {@code column} counts, B's first (in B's order), then those only A has. */
    public static List<UnionNode> of(SnapshotDiff d, EntityKind kind, Column column) {
        List<UnionNode> found = new ArrayList<>();
        for (UnionNode n : d.tree().all(kind)) {
            boolean counted = switch (column) {
                case IN_A -> n.inA();
                case IN_B -> n.inB();
                default -> d.change(n) == column.change();
            };
            if (counted) {
                found.add(n);
            }
        }
        return found;
    }

    /** What is still blocked, in the order of {@link SnapshotDiff#stillBlocked()}. */
    public static List<UnionNode> stillBlocked(SnapshotDiff d) {
        List<UnionNode> found = new ArrayList<>(d.stillBlocked().size());
        for (StillBlocked s : d.stillBlocked()) {
            found.add(d.tree().ofB(s.kind(), Matching.position(d.b(), s.b())));
        }
        return found;
    }

    /** The tasks {@code row} counts in A ({@code sideA}) or in B, in that snapshot's order. */
    public static List<UnionNode> inAggregate(SnapshotDiff d, AggregateDelta row, boolean sideA) {
        List<UnionNode> found = new ArrayList<>(sideA ? row.inA() : row.inB());
        for (int p : Aggregates.members(d.matching(), row, sideA)) {
            found.add(sideA ? d.tree().ofA(EntityKind.TASK, p) : d.tree().ofB(EntityKind.TASK, p));
        }
        return found;
    }
}
