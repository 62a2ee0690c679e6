package org.ompdexplorer.model.diff;

/**
 * How many tasks of one kind of work there are in A and in B: per region (its nesting path), task (kind and
 * function, or creation site) and lifecycle. Counts, so that nothing is lost where single tasks cannot be matched.
 */
public record AggregateDelta(String region, String task, String lifecycle, int inA, int inB) {
    public int delta() {
        return inB - inA;
    }
}
