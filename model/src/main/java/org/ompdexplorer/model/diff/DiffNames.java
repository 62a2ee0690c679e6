package org.ompdexplorer.model.diff;

import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;

/**
 * Names of a diff's entities, one side at a time, as every view names them ({@link org.ompdexplorer.model.Names}):
 * {@code task #17 (task in fib)}, {@code thread T2 (lwp 4909)}, {@code parallel region P2 (in main)}.
 */
public final class DiffNames {
    private DiffNames() {
    }

    /**
     * The name of the entity {@code ref} names in {@code snapshot} (an address space as {@code address space 0});
     * for an entity the snapshot does not hold, the reference itself ({@code task #7}). Reports name a diff's
     * entities with it, one side at a time.
     */
    public static String of(Snapshot snapshot, EntityRef ref) {
        int position = Matching.position(snapshot, ref);
        return position < 0 ? ref.toString() : Links.name(snapshot, ref.kind(), position);
    }
}
