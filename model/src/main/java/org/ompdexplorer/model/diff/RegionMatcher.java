package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;

/**
 * Regions by nesting path; then, outermost first, what is left under matched enclosing regions by level in
 * order (a team whose size changed between the snapshots). Linear in the regions, whatever their depth.
 */
final class RegionMatcher {
    private RegionMatcher() {
    }

    /** @param pathA {@link NestingPaths} of A's regions, by position; {@code pathB} of B's, from the same paths */
    static Pairs match(Snapshot a, Snapshot b, NestingPaths paths, int[] pathA, int[] pathB) {
        List<ParallelRegion> ra = a.parallelRegions();
        List<ParallelRegion> rb = b.parallelRegions();
        Pairs pairs = new Pairs(ra.size(), rb.size());
        KeyedPairing.pair(pairs, i -> pathA[i], i -> pathB[i], MatchMethod.NESTING_PATH);
        // Depth by depth, outermost first: a region's key needs its enclosing region's match, made one depth up.
        // Matched regions have equal depths (equal paths, or children of a matched pair), so each depth is paired
        // once, and the siblings under one enclosing region keep their order.
        int[][] byDepthA = byDepth(paths, pathA);
        int[][] byDepthB = byDepth(paths, pathB);
        for (int d = 0; d < Math.min(byDepthA.length, byDepthB.length); d++) {
            if (pairs.count() >= Math.min(ra.size(), rb.size())) {
                break;
            }
            KeyedPairing.pair(pairs, byDepthA[d], byDepthB[d], i -> underKey(a, ra.get(i), pairs, true),
                    i -> underKey(b, rb.get(i), pairs, false), MatchMethod.STRUCTURE);
        }
        return pairs;
    }

    /** Positions by depth (0 = outermost), each depth in list order. */
    private static int[][] byDepth(NestingPaths paths, int[] path) {
        int max = 0;
        for (int p : path) {
            max = Math.max(max, paths.depth(p));
        }
        int[] count = new int[max];
        for (int p : path) {
            count[paths.depth(p) - 1]++;
        }
        int[][] result = new int[max][];
        for (int d = 0; d < max; d++) {
            result[d] = new int[count[d]];
            count[d] = 0;
        }
        for (int i = 0; i < path.length; i++) {
            int d = paths.depth(path[i]) - 1;
            result[d][count[d]++] = i;
        }
        return result;
    }

    /** {@code <B position of the enclosing region>/<level>}, or null while the enclosing one is unmatched. */
    private static Object underKey(Snapshot s, ParallelRegion region, Pairs pairs, boolean sideA) {
        int enclosing = region.enclosingRegion() instanceof Fact.Known<RegionId>(RegionId id)
                ? s.index().regionPosition(id.value()) : -1;
        int enclosingInB = enclosing < 0 ? -1 : sideA ? pairs.toB(enclosing) : enclosing;
        if (enclosing >= 0 && enclosingInB < 0) {
            return null;
        }
        return new Under(enclosingInB, region.level().asOptional().orElse(null));
    }

    private record Under(int enclosingInB, Integer level) {
    }
}
