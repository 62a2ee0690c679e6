package org.ompdexplorer.model.diff;

import java.util.List;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.OpenEnum;
import org.ompdexplorer.model.OsThreadIdKind;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;

/**
 * Threads by OS id (LWP, then pthread) when both snapshots come from one process; then by kind and thread number
 * in the same team (by nesting path), then by kind and thread number alone.
 */
final class ThreadMatcher {
    private ThreadMatcher() {
    }

    /** @param pathA the {@link NestingPaths} of A's regions by position, {@code pathB} B's */
    static Pairs match(Snapshot a, Snapshot b, boolean sameProcess, int[] pathA, int[] pathB) {
        List<OmpThread> ta = a.threads();
        List<OmpThread> tb = b.threads();
        Pairs pairs = new Pairs(ta.size(), tb.size());
        if (sameProcess) {
            for (OsThreadIdKind kind : List.of(OsThreadIdKind.LWP, OsThreadIdKind.PTHREAD)) {
                KeyedPairing.pair(pairs, i -> ta.get(i).osId(kind).orElse(null),
                        i -> tb.get(i).osId(kind).orElse(null), MatchMethod.OS_ID);
            }
        }
        String[] teamA = teamKeys(a, pathA);
        String[] teamB = teamKeys(b, pathB);
        KeyedPairing.pair(pairs, i -> teamA[i], i -> teamB[i], MatchMethod.THREAD_NUMBER);
        String[] numA = teamKeys(a, null);
        String[] numB = teamKeys(b, null);
        KeyedPairing.pair(pairs, i -> numA[i], i -> numB[i], MatchMethod.THREAD_NUMBER);
        return pairs;
    }

    /**
     * By thread position: {@code kind#num} (with the team's nesting path number when given) from the thread's current
     * region, else the first region it is a member of; null for a thread in no team.
     */
    private static String[] teamKeys(Snapshot s, int[] paths) {
        List<OmpThread> threads = s.threads();
        String[] keys = new String[threads.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int p = 0; p < s.parallelRegions().size(); p++) {
                ParallelRegion region = s.parallelRegions().get(p);
                for (TeamMember member : region.members()) {
                    if (!(member.thread() instanceof Fact.Known<ThreadId>(ThreadId id))) {
                        continue;
                    }
                    int at = s.index().threadPosition(id.value());
                    if (at < 0 || keys[at] != null) {
                        continue;
                    }
                    OmpThread thread = threads.get(at);
                    boolean current = thread.currentRegion() instanceof Fact.Known<RegionId>(RegionId r)
                            && r.equals(region.id());
                    if (pass == 1 || current) {
                        String kind = thread.kind().asOptional().map(OpenEnum::name).orElse("?");
                        keys[at] = kind + "#" + member.threadNum()
                                + (paths != null ? " in path " + paths[p] : "");
                    }
                }
            }
        }
        return keys;
    }
}
