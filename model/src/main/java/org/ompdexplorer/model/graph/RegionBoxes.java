package org.ompdexplorer.model.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.SnapshotIndex;

/**
 * Which region's box a region is drawn in: its own, when it is nested fewer than {@value #MAX_NESTED} levels deep
 * (counting from the outermost region), else its enclosing region at that depth. Depths are worked out once per
 * region, in a loop (20,000 nested regions are a valid snapshot); a cycle of enclosing regions counts from where it
 * closes.
 */
final class RegionBoxes {
    /** The most boxes nested in one another: a picture of more says nothing more, and ELK recurses per level. */
    static final int MAX_NESTED = 16;

    private final SnapshotIndex index;
    private final Map<Long, Integer> depth = new HashMap<>();
    private final Map<Long, Long> box = new HashMap<>();
    private final Map<Long, Integer> deeper = new HashMap<>(); // by box: the most levels drawn in it beyond its own

    RegionBoxes(SnapshotIndex index) {
        this.index = index;
    }

    /** The enclosing region, or {@code null}. */
    Long enclosing(long region) {
        return index.region(new RegionId(region)).map(g -> g.enclosingRegion() instanceof Fact.Known<RegionId>(
                RegionId e) ? e.value() : null).orElse(null);
    }

    /** The region whose box {@code region} is drawn in. */
    long boxOf(long region) {
        Long known = box.get(region);
        if (known != null) {
            return known;
        }
        List<Long> chain = new ArrayList<>(); // region, its enclosing region, …, up to one of known depth
        Set<Long> seen = new HashSet<>();
        Long at = region;
        while (at != null && at >= 0 && !depth.containsKey(at) && seen.add(at)) {
            chain.add(at);
            at = enclosing(at);
        }
        Long outer = at != null && depth.containsKey(at) ? at : null;
        int base = outer == null ? -1 : depth.get(outer);
        for (int i = chain.size() - 1; i >= 0; i--) { // outermost first: each one's enclosing box is known
            long r = chain.get(i);
            int d = base + chain.size() - i;
            depth.put(r, d);
            if (d < MAX_NESTED) {
                box.put(r, r);
            } else {
                long b = box.get(i + 1 < chain.size() ? chain.get(i + 1) : outer);
                box.put(r, b);
                deeper.merge(b, d - (MAX_NESTED - 1), Math::max);
            }
        }
        return box.get(region);
    }

    /** How many levels of regions deeper than {@code box} are drawn in it; 0 when none. */
    int deeperInside(long box) {
        return deeper.getOrDefault(box, 0);
    }
}
