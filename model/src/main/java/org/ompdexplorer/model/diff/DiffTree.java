package org.ompdexplorer.model.diff;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/**
 * The union of A and B as a tree: each list is B's entities in B's order (with their match in A), then A's
 * entities that B does not have, in A's order. Every entity of either side appears exactly once: a matched task
 * under its generating task in B, a removed one under its generating task in A (matched or removed itself).
 */
public final class DiffTree {
    private final Matching matching;
    private final Snapshot a;
    private final Snapshot b;

    DiffTree(Matching matching) {
        this.matching = matching;
        this.a = matching.a();
        this.b = matching.b();
    }

    public List<UnionNode> spaces() {
        return union(EntityKind.ADDRESS_SPACE, all(b.addressSpaces().size()), all(a.addressSpaces().size()));
    }

    /** Target regions of both snapshots: B's in order, then those only A has. */
    public List<UnionNode> targets() {
        return union(EntityKind.TARGET_REGION, all(b.targetRegions().size()), all(a.targetRegions().size()));
    }

    public List<UnionNode> threads() {
        return union(EntityKind.THREAD, all(b.threads().size()), all(a.threads().size()));
    }

    public List<UnionNode> outermostRegions() {
        return union(EntityKind.PARALLEL_REGION, regionPositions(b, b.index().outermostRegions()),
                regionPositions(a, a.index().outermostRegions()));
    }

    public List<UnionNode> nestedIn(UnionNode region) {
        return union(EntityKind.PARALLEL_REGION,
                region.inB() ? regionPositions(b, b.index().nestedIn(b.parallelRegions().get(region.b()).id())) : new int[0],
                region.inA() ? regionPositions(a, a.index().nestedIn(a.parallelRegions().get(region.a()).id())) : new int[0]);
    }

    public List<UnionNode> rootTasks() {
        return union(EntityKind.TASK, taskPositions(b, b.index().rootTasks()), taskPositions(a, a.index().rootTasks()));
    }

    public List<UnionNode> generatedBy(UnionNode task) {
        return union(EntityKind.TASK,
                task.inB() ? taskPositions(b, b.index().generatedBy(b.tasks().get(task.b()).id())) : new int[0],
                task.inA() ? taskPositions(a, a.index().generatedBy(a.tasks().get(task.a()).id())) : new int[0]);
    }

    /** Every entity of {@code kind}: B's in B's order with their matches, then those only A has, in A's order. */
    public List<UnionNode> all(EntityKind kind) {
        return union(kind, all(Matching.count(b, kind)), all(Matching.count(a, kind)));
    }

    /** The union node of an entity of A. */
    public UnionNode ofA(EntityKind kind, int aPosition) {
        return new UnionNode(kind, aPosition, matching.inB(kind, aPosition));
    }

    /** The union node of an entity of B. */
    public UnionNode ofB(EntityKind kind, int bPosition) {
        return new UnionNode(kind, matching.inA(kind, bPosition), bPosition);
    }

    /**
     * B's entities at {@code bPositions} with their matches, then A's at {@code aPositions} that have no match,
     * each once: the children of one union node.
     */
    public List<UnionNode> union(EntityKind kind, int[] bPositions, int[] aPositions) {
        List<UnionNode> nodes = new ArrayList<>(bPositions.length);
        for (int pb : bPositions) {
            nodes.add(new UnionNode(kind, matching.inA(kind, pb), pb));
        }
        for (int pa : aPositions) {
            if (matching.inB(kind, pa) < 0) {
                nodes.add(new UnionNode(kind, pa, -1));
            }
        }
        return nodes;
    }

    /**
     * Every node in tree order: address spaces, threads, regions depth first by nesting, then tasks depth first
     * by generating link. Iterative: a chain of a million generated tasks does not overflow the stack.
     */
    public List<UnionNode> depthFirst() {
        List<UnionNode> order = new ArrayList<>(spaces());
        order.addAll(targets());
        order.addAll(threads());
        walk(EntityKind.PARALLEL_REGION, outermostRegions(), this::nestedIn, order);
        walk(EntityKind.TASK, rootTasks(), this::generatedBy, order);
        return order;
    }

    /** Depth first from the roots; then what no root reaches (a cycle of links, which validation reports). */
    private void walk(EntityKind kind, List<UnionNode> roots, Function<UnionNode, List<UnionNode>> children,
                      List<UnionNode> order) {
        int start = order.size();
        walkFrom(roots, children, order);
        int sizeA = Matching.count(a, kind);
        int sizeB = Matching.count(b, kind);
        if (order.size() - start == sizeB + sizeA - matching.matchedCount(kind)) {
            return;
        }
        boolean[] seenA = new boolean[sizeA];
        boolean[] seenB = new boolean[sizeB];
        for (int i = start; i < order.size(); i++) {
            UnionNode n = order.get(i);
            if (n.inA()) {
                seenA[n.a()] = true;
            }
            if (n.inB()) {
                seenB[n.b()] = true;
            }
        }
        for (int i = 0; i < sizeB; i++) {
            if (!seenB[i]) {
                order.add(ofB(kind, i));
            }
        }
        for (int i = 0; i < sizeA; i++) {
            if (!seenA[i] && matching.inB(kind, i) < 0) {
                order.add(new UnionNode(kind, i, -1));
            }
        }
    }

    private static void walkFrom(List<UnionNode> roots, Function<UnionNode, List<UnionNode>> children,
                                 List<UnionNode> order) {
        Deque<UnionNode> stack = new ArrayDeque<>();
        for (int i = roots.size() - 1; i >= 0; i--) {
            stack.push(roots.get(i));
        }
        while (!stack.isEmpty()) {
            UnionNode node = stack.pop();
            order.add(node);
            List<UnionNode> kids = children.apply(node);
            for (int i = kids.size() - 1; i >= 0; i--) {
                stack.push(kids.get(i));
            }
        }
    }

    private static int[] all(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    public static int[] taskPositions(Snapshot s, List<Task> tasks) {
        int[] p = new int[tasks.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = s.index().taskPosition(tasks.get(i).id().value());
        }
        return p;
    }

    public static int[] regionPositions(Snapshot s, List<ParallelRegion> regions) {
        int[] p = new int[regions.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = s.index().regionPosition(regions.get(i).id().value());
        }
        return p;
    }
}
