package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotIndex;

/**
 * Regions' nesting paths ({@code /2/1.1}: per level, outermost first, the team size, and below the outermost the
 * thread number that encountered the region) as interned numbers: a path is its enclosing region's path plus one
 * step, so equal numbers are equal paths, in either snapshot of a diff, and a region of depth 100,000 costs one
 * step, not 100,000. Paths only match regions; reports name a region by its id, as every view does
 * ({@link org.ompdexplorer.model.Names}).
 */
final class NestingPaths {
    private record Step(int parent, String step) {
    }

    private final Map<Step, Integer> ids = new HashMap<>();
    private final List<Step> steps = new ArrayList<>();
    private int[] depth = new int[16];

    /** Every region of {@code s} by position: the number of its nesting path. Linear in the regions. */
    int[] of(Snapshot s) {
        List<ParallelRegion> regions = s.parallelRegions();
        SnapshotIndex index = s.index();
        int[] path = new int[regions.size()];
        java.util.Arrays.fill(path, -1);
        byte[] state = new byte[regions.size()]; // 0 not seen, 1 on the walk, 2 done
        int[] walk = new int[16];
        for (int start = 0; start < regions.size(); start++) {
            int n = 0;
            int at = start;
            // up the enclosing links to a region done (or the outermost, or a cycle), then down again
            while (at >= 0 && state[at] == 0) {
                state[at] = 1;
                if (n == walk.length) {
                    walk = java.util.Arrays.copyOf(walk, n * 2);
                }
                walk[n++] = at;
                at = enclosing(index, regions.get(at));
            }
            int parent = at >= 0 && state[at] == 2 ? path[at] : -1;
            for (int k = n - 1; k >= 0; k--) {
                ParallelRegion r = regions.get(walk[k]);
                parent = intern(parent, (parent < 0 ? "" : encounteringThreadNum(index, r) + ".")
                        + r.teamSize().asOptional().map(String::valueOf).orElse("?"));
                path[walk[k]] = parent;
                state[walk[k]] = 2;
            }
        }
        return path;
    }

    private static int enclosing(SnapshotIndex index, ParallelRegion region) {
        return region.enclosingRegion() instanceof Fact.Known<RegionId>(RegionId id)
                ? index.regionPosition(id.value()) : -1;
    }

    private static String encounteringThreadNum(SnapshotIndex index, ParallelRegion region) {
        return index.task(region.encounteringTask()).flatMap(t -> t.threadNum().asOptional())
                .map(String::valueOf).orElse("?");
    }

    private int intern(int parent, String step) {
        Step key = new Step(parent, step);
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        int made = steps.size();
        steps.add(key);
        ids.put(key, made);
        if (made == depth.length) {
            depth = java.util.Arrays.copyOf(depth, made * 2);
        }
        depth[made] = parent < 0 ? 1 : depth[parent] + 1;
        return made;
    }

    /** How many levels a path has: 1 for an outermost region. */
    int depth(int path) {
        return depth[path];
    }
}
