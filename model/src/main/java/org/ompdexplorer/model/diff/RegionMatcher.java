package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;

/**
 * Regions by nesting path; then, outermost first, what is left under matched enclosing regions by level in
 * order (a team whose size changed between the snapshots).
 */
final class RegionMatcher {
    private RegionMatcher() {
    }

    static Pairs match(Snapshot a, Snapshot b) {
        List<ParallelRegion> ra = a.parallelRegions();
        List<ParallelRegion> rb = b.parallelRegions();
        Pairs pairs = new Pairs(ra.size(), rb.size());
        IdentityKeys ka = new IdentityKeys(a);
        IdentityKeys kb = new IdentityKeys(b);
        KeyedPairing.pair(pairs, i -> ka.of(ra.get(i)), i -> kb.of(rb.get(i)), MatchMethod.NESTING_PATH);
        // Each round can match one more level of nesting; a round that matches nothing ends it.
        for (int before = -1; pairs.count() != before && pairs.count() < Math.min(ra.size(), rb.size()); ) {
            before = pairs.count();
            KeyedPairing.pair(pairs, i -> underKey(a, ra.get(i), pairs, true),
                    i -> underKey(b, rb.get(i), pairs, false), MatchMethod.STRUCTURE);
        }
        return pairs;
    }

    /** {@code under:<B position of the enclosing region>/<level>}, or null while the enclosing one is unmatched. */
    private static Object underKey(Snapshot s, ParallelRegion region, Pairs pairs, boolean sideA) {
        int enclosing = region.enclosingRegion() instanceof Fact.Known<RegionId>(RegionId id)
                ? s.index().regionPosition(id.value()) : -1;
        int enclosingInB = enclosing < 0 ? -1 : sideA ? pairs.toB(enclosing) : enclosing;
        if (enclosing >= 0 && enclosingInB < 0) {
            return null;
        }
        return "under:" + enclosingInB + "/" + region.level().asOptional().map(String::valueOf).orElse("?");
    }
}
