package org.ompdexplorer.app.ui.compare;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * Where a node sits in the union tree: its parent is its generating task (enclosing region) in B when it is in B,
 * else in A — the placement {@link org.ompdexplorer.model.diff.DiffTree} uses. Also which nodes "changes only"
 * keeps: the changed ones and every node above one.
 */
final class UnionPaths {
    private final SnapshotDiff diff;
    private final boolean[] keepA;
    private final boolean[] keepB;
    private final boolean[] keepRegionA;
    private final boolean[] keepRegionB;

    UnionPaths(SnapshotDiff diff) {
        this.diff = diff;
        keepA = new boolean[diff.a().tasks().size()];
        keepB = new boolean[diff.b().tasks().size()];
        keepRegionA = new boolean[diff.a().parallelRegions().size()];
        keepRegionB = new boolean[diff.b().parallelRegions().size()];
        for (UnionNode n : diff.changedNodes()) {
            if (n.kind() == EntityKind.TASK || n.kind() == EntityKind.PARALLEL_REGION) {
                for (UnionNode up = n; up != null; up = parent(up)) {
                    boolean[] a = up.kind() == EntityKind.TASK ? keepA : keepRegionA;
                    boolean[] b = up.kind() == EntityKind.TASK ? keepB : keepRegionB;
                    if ((up.inA() && a[up.a()]) || (up.inB() && b[up.b()])) {
                        break;
                    }
                    if (up.inA()) {
                        a[up.a()] = true;
                    }
                    if (up.inB()) {
                        b[up.b()] = true;
                    }
                }
            }
        }
    }

    /** Whether "changes only" shows this node. */
    boolean keep(UnionNode n) {
        return switch (n.kind()) {
            case TASK -> (n.inA() && keepA[n.a()]) || (n.inB() && keepB[n.b()]);
            case PARALLEL_REGION -> (n.inA() && keepRegionA[n.a()]) || (n.inB() && keepRegionB[n.b()]);
            default -> diff.change(n) != ChangeKind.UNCHANGED;
        };
    }

    /** The nodes above {@code n}, outermost first (empty for a root). */
    List<UnionNode> ancestors(UnionNode n) {
        Deque<UnionNode> chain = new ArrayDeque<>();
        java.util.Set<UnionNode> seen = new java.util.HashSet<>();
        for (UnionNode up = parent(n); up != null && seen.add(up); up = parent(up)) {
            chain.push(up);
        }
        return List.copyOf(chain);
    }

    /** The union node of {@code n}'s generating task or enclosing region, or null for a root. */
    UnionNode parent(UnionNode n) {
        boolean inB = n.inB();
        Snapshot s = inB ? diff.b() : diff.a();
        int p = inB ? n.b() : n.a();
        int parent = switch (n.kind()) {
            case TASK -> s.tasks().get(p).generatingTask() instanceof Fact.Known<TaskId>(TaskId id)
                    ? s.index().taskPosition(id.value()) : -1;
            case PARALLEL_REGION -> s.parallelRegions().get(p).enclosingRegion() instanceof Fact.Known<RegionId>(RegionId id)
                    ? s.index().regionPosition(id.value()) : -1;
            default -> -1;
        };
        if (parent < 0 || parent == p) {
            return null;
        }
        return inB ? diff.tree().ofB(n.kind(), parent) : diff.tree().ofA(n.kind(), parent);
    }
}
