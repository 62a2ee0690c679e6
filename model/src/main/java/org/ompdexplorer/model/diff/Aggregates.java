package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/**
 * Tasks counted per region × task × lifecycle (as every view shows it, {@link org.ompdexplorer.model.TaskStatus}) on
 * each side; a matched region is named by B's nesting path (a deep one by its ends and its depth).
 */
final class Aggregates {
    /** {@code region}: a nesting path number of {@link Matching#paths()}, −1 for no region. */
    private record Key(int region, String task, String lifecycle) {
    }

    private Aggregates() {
    }

    static List<AggregateDelta> of(Matching m) {
        Map<Key, int[]> counts = new HashMap<>();
        int[] regionsB = m.paths(false);
        int[] regionsA = new int[m.paths(true).length];
        for (int i = 0; i < regionsA.length; i++) {
            int inB = m.inB(EntityKind.PARALLEL_REGION, i);
            regionsA[i] = inB >= 0 ? regionsB[inB] : m.paths(true)[i];
        }
        count(m.a(), regionsA, counts, 0);
        count(m.b(), regionsB, counts, 1);
        // a path is printed once per row: deep ones are cut to their ends and depth, so a row stays short
        Map<Integer, String> text = new HashMap<>();
        List<Object[]> rows = new ArrayList<>(counts.size());
        counts.forEach((k, c) -> rows.add(new Object[]{k, text.computeIfAbsent(k.region(),
                r -> r < 0 ? "(no region)" : m.paths().text(r)), c}));
        rows.sort(Comparator.<Object[], String>comparing(r -> (String) r[1])
                .thenComparing(r -> ((Key) r[0]).task()).thenComparing(r -> ((Key) r[0]).lifecycle())
                .thenComparingInt(r -> ((Key) r[0]).region()));
        List<AggregateDelta> result = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            Key k = (Key) r[0];
            int[] c = (int[]) r[2];
            result.add(new AggregateDelta((String) r[1], k.task(), k.lifecycle(), c[0], c[1]));
        }
        return List.copyOf(result);
    }

    private static void count(Snapshot s, int[] regions, Map<Key, int[]> counts, int side) {
        Map<Object, String> taskNames = new HashMap<>();
        for (Task t : s.tasks()) {
            int r = t.parallelRegion().isKnown() ? s.index().regionPosition(((RegionId) t.parallelRegion().get()).value()) : -1;
            int region = r < 0 ? -1 : regions[r];
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
