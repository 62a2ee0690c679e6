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

    /**
     * An entity of a diff by A's name, with B's after it when the entity is named otherwise there (renumbered,
     * another function): {@code task #2 (task in main)  (B: task #102 (task in main))}; {@code gap} goes before
     * {@code (B: …)}. Either side may be absent (added, removed).
     */
    public static String of(SnapshotDiff diff, EntityRef a, EntityRef b, String gap) {
        String inA = a == null ? null : of(diff.a(), a);
        String inB = b == null ? null : of(diff.b(), b);
        if (inA == null || inB == null) {
            return inA == null ? inB : inA;
        }
        return inA.equals(inB) ? inA : inA + gap + "(B: " + inB + ")";
    }
}
