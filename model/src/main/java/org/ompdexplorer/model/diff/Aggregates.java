package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.IdentityKeys;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/**
 * Tasks counted per region × task × lifecycle (as every view shows it, {@link org.ompdexplorer.model.TaskStatus}) on
 * each side; a matched region is named by B's nesting path.
 */
final class Aggregates {
    private record Key(String region, String task, String lifecycle) {
    }

    private Aggregates() {
    }

    static List<AggregateDelta> of(Matching m) {
        Map<Key, int[]> counts = new HashMap<>();
        String[] regionsB = regionNames(m.b(), null, m);
        String[] regionsA = regionNames(m.a(), regionsB, m);
        count(m.a(), regionsA, counts, 0);
        count(m.b(), regionsB, counts, 1);
        List<AggregateDelta> rows = new ArrayList<>(counts.size());
        counts.forEach((k, c) -> rows.add(new AggregateDelta(k.region(), k.task(), k.lifecycle(), c[0], c[1])));
        rows.sort(Comparator.comparing(AggregateDelta::region).thenComparing(AggregateDelta::task)
                .thenComparing(AggregateDelta::lifecycle));
        return List.copyOf(rows);
    }

    /** By region position: B's nesting path for B and for A's matched regions, A's own for the rest. */
    private static String[] regionNames(Snapshot s, String[] namesInB, Matching m) {
        IdentityKeys keys = new IdentityKeys(s);
        String[] names = new String[s.parallelRegions().size()];
        for (int i = 0; i < names.length; i++) {
            int inB = namesInB == null ? -1 : m.inB(EntityKind.PARALLEL_REGION, i);
            names[i] = inB >= 0 ? namesInB[inB] : keys.of(s.parallelRegions().get(i)).substring("region:".length());
        }
        return names;
    }

    private static void count(Snapshot s, String[] regions, Map<Key, int[]> counts, int side) {
        Map<Object, String> taskNames = new HashMap<>();
        for (Task t : s.tasks()) {
            int r = t.parallelRegion().isKnown() ? s.index().regionPosition(((RegionId) t.parallelRegion().get()).value()) : -1;
            String region = r < 0 ? "(no region)" : regions[r];
            String what = DiffNames.codeName(t.function());
            if (what == null) {
                what = DiffNames.codeName(t.creationSite());
            }
            String task = taskNames.computeIfAbsent(t.kind().name() + (what == null ? "" : " " + what), k -> (String) k);
            String lifecycle = TaskFields.status(t, s).orElse("-");
            counts.computeIfAbsent(new Key(region, task, lifecycle), k -> new int[2])[side]++;
        }
    }
}
