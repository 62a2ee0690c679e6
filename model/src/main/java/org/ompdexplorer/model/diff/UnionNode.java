package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.EntityKind;

/**
 * One entity of the union of A and B: its position in A's list and in B's list, −1 on the side it is missing
 * from. A matched pair has both.
 */
public record UnionNode(EntityKind kind, int a, int b) {
    public boolean inA() {
        return a >= 0;
    }

    public boolean inB() {
        return b >= 0;
    }
}
