package org.ompdexplorer.model.diff;

import java.util.Map;
import org.ompdexplorer.model.EntityKind;

/**
 * The counts of one kind of entity: in A, in B, and of the union, how many were added, removed, changed and
 * unchanged; and how the matched ones were matched.
 */
public record KindCounts(EntityKind kind, int inA, int inB, int added, int removed, int changed, int unchanged,
                         Map<MatchMethod, Integer> matchedBy) {
    public KindCounts {
        matchedBy = Map.copyOf(matchedBy);
    }

    public int matched() {
        return changed + unchanged;
    }

    public boolean differs() {
        return added + removed + changed > 0;
    }
}
