package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.TargetRegion;

/**
 * Target regions of one run by the agent's number (it numbers constructs in begin order, so a number names one
 * construct in every snapshot of the run); of two runs by kind, device number and creation site, in order.
 */
final class TargetMatcher {
    private TargetMatcher() {
    }

    static Pairs match(List<TargetRegion> a, List<TargetRegion> b, boolean sameRun) {
        Pairs pairs = new Pairs(a.size(), b.size());
        if (sameRun) {
            KeyedPairing.pair(pairs, i -> a.get(i).id().value(), i -> b.get(i).id().value(), MatchMethod.TARGET_ORDER);
        } else {
            KeyedPairing.pair(pairs, i -> key(a.get(i)), i -> key(b.get(i)), MatchMethod.TARGET_KEY);
        }
        return pairs;
    }

    private static Object key(TargetRegion t) {
        String site = t.creationSite() instanceof Fact.Known<CodeLocation>(CodeLocation c)
                ? (c.symbol() != null ? c.symbol() + ":" + c.file() + ":" + c.line() : Long.toHexString(c.address()))
                : "?";
        return t.kind().name() + "/" + t.deviceNum() + "/" + site;
    }
}
