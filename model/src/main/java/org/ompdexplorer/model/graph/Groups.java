package org.ompdexplorer.model.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;

/**
 * The regions a graph's nodes bind to, with the regions enclosing them, as groups: enclosing ones first. Boxes nest
 * at most {@value RegionBoxes#MAX_NESTED} deep: a region nested deeper is drawn as the box of its enclosing region at
 * that depth, labelled so ({@link RegionBoxes}). So a graph has at most that many boxes per node, and ELK, which
 * lays out a box within a box by recursion, is never handed thousands of them.
 */
final class Groups {
    private final List<GraphGroup> list;
    private final Map<Long, Integer> byRegion;
    private final RegionBoxes boxes;

    private Groups(List<GraphGroup> list, Map<Long, Integer> byRegion, RegionBoxes boxes) {
        this.list = list;
        this.byRegion = byRegion;
        this.boxes = boxes;
    }

    static Groups of(Snapshot snapshot, List<Long> nodeRegions) {
        SnapshotIndex index = snapshot.index();
        RegionBoxes boxes = new RegionBoxes(index);
        Set<Long> wanted = new LinkedHashSet<>();
        for (long r : nodeRegions) {
            Long at = r < 0 ? null : boxes.boxOf(r);
            while (at != null && at >= 0 && wanted.add(at)) {
                at = boxes.enclosing(at);
            }
        }
        List<GraphGroup> list = new ArrayList<>();
        Map<Long, Integer> byRegion = new HashMap<>();
        for (ParallelRegion region : snapshot.parallelRegions()) { // model order, a region after the one enclosing it
            addWithParents(region, index, wanted, list, byRegion, boxes);
        }
        return new Groups(list, byRegion, boxes);
    }

    /** Recurses at most {@value RegionBoxes#MAX_NESTED} deep: only boxes are wanted, and they nest no deeper. */
    private static int addWithParents(ParallelRegion region, SnapshotIndex index, Set<Long> wanted,
                                      List<GraphGroup> list, Map<Long, Integer> byRegion, RegionBoxes boxes) {
        long id = region.id().value();
        if (!wanted.contains(id)) {
            return -1;
        }
        Integer done = byRegion.get(id);
        if (done != null) {
            return done;
        }
        byRegion.put(id, -1); // a cycle of enclosing regions stops here
        int parent = index.region(region.enclosingRegion())
                .map(e -> addWithParents(e, index, wanted, list, byRegion, boxes)).orElse(-1);
        int at = list.size();
        int deeper = boxes.deeperInside(id);
        list.add(new GraphGroup(at, id, label(region) + (deeper > 0 ? " · and regions nested inside, " + deeper
                + (deeper == 1 ? " level" : " levels") + " deeper, not drawn as boxes" : ""), parent, -1));
        byRegion.put(id, at);
        return at;
    }

    private static String label(ParallelRegion r) {
        StringBuilder b = new StringBuilder("parallel region P").append(r.id());
        r.level().asOptional().ifPresent(l -> b.append(" · level ").append(l));
        r.teamSize().asOptional().ifPresent(n -> b.append(" · ").append(n).append(n == 1 ? " thread" : " threads"));
        return b.toString();
    }

    /**
     * A lane per thread, in thread order: a node goes to the lane of the thread {@code placement} gives its task (in
     * a snapshot the thread running it; in a whole run the thread that began it), or, for a task placed on none
     * (queued, suspended without a thread), of the nearest generating task that has one: the thread whose tasks
     * queued it. Nodes with no such thread are in no lane.
     */
    static Groups lanes(Snapshot snapshot, List<Integer> nodePositions, TaskPlacement placement) {
        SnapshotIndex index = snapshot.index();
        List<org.ompdexplorer.model.Task> tasks = snapshot.tasks();
        java.util.TreeSet<Long> threads = new java.util.TreeSet<>();
        long[] laneOf = new long[nodePositions.size()];
        for (int n = 0; n < laneOf.length; n++) {
            laneOf[n] = -1;
            org.ompdexplorer.model.Task t = tasks.get(nodePositions.get(n));
            for (int hops = 0; t != null && hops < 10_000; hops++) {
                if (placement.threadOf(t) instanceof Fact.Known<org.ompdexplorer.model.ThreadId>(var id)) {
                    laneOf[n] = id.value();
                    threads.add(id.value());
                    break;
                }
                t = index.task(t.generatingTask()).orElse(null);
            }
        }
        List<GraphGroup> list = new ArrayList<>();
        Map<Long, Integer> byThread = new HashMap<>();
        for (long thread : threads) {
            byThread.put(thread, list.size());
            list.add(new GraphGroup(list.size(), -1, "thread T" + thread, -1, thread));
        }
        Map<Long, Integer> byNode = new HashMap<>();
        for (int n = 0; n < laneOf.length; n++) {
            byNode.put((long) n, laneOf[n] < 0 ? -1 : byThread.get(laneOf[n]));
        }
        return new Groups(list, byNode, null);
    }

    List<GraphGroup> list() {
        return list;
    }

    int groupOf(long region) {
        Integer g = byRegion.get(boxes == null || region < 0 ? region : boxes.boxOf(region));
        return g == null ? -1 : g;
    }
}
