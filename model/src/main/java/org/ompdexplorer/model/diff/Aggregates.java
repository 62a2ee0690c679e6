package org.ompdexplorer.model.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Names;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;

/**
 * Tasks counted per region × task × lifecycle (as every view shows it, {@link org.ompdexplorer.model.TaskStatus}) on
 * each side; regions are matched by nesting path and named as every view names them (B's {@code P2}, an A-only
 * region's {@code P3 (A)}), tasks by what they run ({@link Names#description}).
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
        // a region is named as every view names it: by B's id, or by A's when only A has it
        Map<Integer, String> text = new HashMap<>();
        Map<Integer, Integer> order = new HashMap<>();
        for (int i = 0; i < regionsB.length; i++) {
            name(text, order, regionsB[i], Names.region(m.b().parallelRegions().get(i).id()));
        }
        for (int i = 0; i < regionsA.length; i++) {
            name(text, order, regionsA[i], Names.region(m.a().parallelRegions().get(i).id()) + " (A)");
        }
        List<Key> rows = new ArrayList<>(counts.keySet());
        rows.sort(Comparator.<Key>comparingInt(k -> k.region() < 0 ? Integer.MAX_VALUE : order.get(k.region()))
                .thenComparing(Key::task).thenComparing(Key::lifecycle));
        List<AggregateDelta> result = new ArrayList<>(rows.size());
        for (Key k : rows) {
            int[] c = counts.get(k);
            result.add(new AggregateDelta(k.region() < 0 ? "(no region)" : text.get(k.region()), k.task(),
                    k.lifecycle(), c[0], c[1]));
        }
        return List.copyOf(result);
    }

    private static void name(Map<Integer, String> text, Map<Integer, Integer> order, int path, String name) {
        if (text.putIfAbsent(path, name) == null) {
            order.put(path, order.size());
        }
    }

    private static void count(Snapshot s, int[] regions, Map<Key, int[]> counts, int side) {
        Map<Object, String> taskNames = new HashMap<>();
        for (Task t : s.tasks()) {
            int r = t.parallelRegion().isKnown() ? s.index().regionPosition(((RegionId) t.parallelRegion().get()).value()) : -1;
            int region = r < 0 ? -1 : regions[r];
            String task = taskNames.computeIfAbsent(Names.description(t, s.index()), k -> (String) k);
            String lifecycle = TaskFields.status(t, s).orElse("-");
            counts.computeIfAbsent(new Key(region, task, lifecycle), k -> new int[2])[side]++;
        }
    }
}
