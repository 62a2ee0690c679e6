package org.ompdexplorer.app.ui.compare;

import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * The names of union nodes ({@link Names}: {@code task #5 (task in main)}): B's name when the entity is in B, with
 * A's id when A numbered it otherwise.
 */
final class UnionNames {
    private UnionNames() {
    }

    static String of(SnapshotDiff d, UnionNode n) {
        String name = n.inB() ? name(d.b(), n.kind(), n.b()) : name(d.a(), n.kind(), n.a());
        if (n.inA() && n.inB()) {
            long idA = id(d.a(), n.kind(), n.a());
            long idB = id(d.b(), n.kind(), n.b());
            if (idA != idB) {
                name += "  (A: " + Names.id(n.kind(), idA) + ")";
            }
        }
        return name;
    }

    static String name(Snapshot s, EntityKind kind, int p) {
        return switch (kind) {
            case TASK -> Names.of(s.tasks().get(p), s.index());
            case THREAD -> Names.of(s.threads().get(p));
            case PARALLEL_REGION -> Names.of(s.parallelRegions().get(p));
            case ADDRESS_SPACE -> org.ompdexplorer.app.ui.entity.EntityNames.title(s.addressSpaces().get(p));
            case TARGET_REGION -> Names.ref(EntityRef.of(s.targetRegions().get(p).id())) + " ("
                    + s.targetRegions().get(p).kind().directive() + ")";
            case SNAPSHOT -> "snapshot";
        };
    }

    private static long id(Snapshot s, EntityKind kind, int p) {
        return switch (kind) {
            case TASK -> s.tasks().get(p).id().value();
            case THREAD -> s.threads().get(p).id().value();
            case PARALLEL_REGION -> s.parallelRegions().get(p).id().value();
            case ADDRESS_SPACE -> s.addressSpaces().get(p).id().value();
            case TARGET_REGION -> s.targetRegions().get(p).id().value();
            case SNAPSHOT -> 0;
        };
    }
}
