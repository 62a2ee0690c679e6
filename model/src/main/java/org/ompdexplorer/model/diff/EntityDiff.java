package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;

/**
 * One entity of the union of A and B: added (only {@code b}), removed (only {@code a}), or a matched pair with
 * how it was matched and its field changes (none when unchanged).
 *
 * @param a       the entity in A, or null when added
 * @param b       the entity in B, or null when removed
 * @param method  how the pair was matched, or null when added or removed
 * @param changes the fields that differ, in the order the report shows them
 */
public record EntityDiff(EntityKind kind, EntityRef a, EntityRef b, ChangeKind change, MatchMethod method,
                         List<FieldChange> changes) {
    public EntityDiff {
        changes = List.copyOf(changes);
    }

    /** B's side when there is one, else A's. */
    public EntityRef either() {
        return b != null ? b : a;
    }
}
