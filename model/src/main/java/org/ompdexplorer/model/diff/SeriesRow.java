package org.ompdexplorer.model.diff;

import java.util.Arrays;
import org.ompdexplorer.model.EntityKind;

/**
 * One entity followed through a series: its position in each snapshot's list (−1 where it is not there),
 * linked step by step through each step's matching.
 *
 * @param label the entity's short name in the first snapshot that has it
 */
public record SeriesRow(EntityKind kind, String label, int[] positions) {
    public SeriesRow {
        positions = positions.clone();
    }

    /** The position in snapshot {@code i}, or −1. */
    public int position(int i) {
        return positions[i];
    }

    @Override
    public int[] positions() {
        return positions.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SeriesRow r && kind == r.kind && label.equals(r.label) && Arrays.equals(positions, r.positions);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Arrays.hashCode(positions);
    }

    @Override
    public String toString() {
        return kind + " " + label + " " + Arrays.toString(positions);
    }
}
