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

    /** Each side's regions as nesting-path numbers (A's matched regions take B's), and each path's name. */
    private record Regions(int[] a, int[] b, Map<Integer, String> text, Map<Integer, Integer> order) {
        static Regions of(Matching m) {
            int[] regionsB = m.paths(false);
            int[] regionsA = new int[m.paths(true).length];
            for (int i = 0; i < regionsA.length; i++) {
                int inB = m.inB(EntityKind.PARALLEL_REGION, i);
                regionsA[i] = inB >= 0 ? regionsB[inB] : m.paths(true)[i];
            }
            // a region is named as every view names it: by B's id, or by A's when only A has it
            Map<Integer, String> text = new HashMap<>();
            Map<Integer, Integer> order = new HashMap<>();
            for (int i = 0; i < regionsB.length; i++) {
                Aggregates.name(text, order, regionsB[i], Names.region(m.b().parallelRegions().get(i).id()));
            }
            for (int i = 0; i < regionsA.length; i++) {
                Aggregates.name(text, order, regionsA[i], Names.region(m.a().parallelRegions().get(i).id()) + " (A)");
            }
            return new Regions(regionsA, regionsB, text, order);
        }

        String name(int path) {
            return path < 0 ? "(no region)" : text.get(path);
        }
    }

    static List<AggregateDelta> of(Matching m) {
        Map<Key, int[]> counts = new HashMap<>();
        Regions regions = Regions.of(m);
        count(m.a(), regions.a(), counts, 0);
        count(m.b(), regions.b(), counts, 1);
        Map<Integer, Integer> order = regions.order();
        List<Key> rows = new ArrayList<>(counts.keySet());
        rows.sort(Comparator.<Key>comparingInt(k -> k.region() < 0 ? Integer.MAX_VALUE : order.get(k.region()))
                .thenComparing(Key::task).thenComparing(Key::lifecycle));
        List<AggregateDelta> result = new ArrayList<>(rows.size());
        for (Key k : rows) {
            int[] c = counts.get(k);
            result.add(new AggregateDelta(regions.name(k.region()), k.task(), k.lifecycle(), c[0], c[1]));
        }
        return List.copyOf(result);
    }

    /** The positions, in A ({@code sideA}) or B, of the tasks counted in {@code row}, in snapshot order. */
    static List<Integer> members(Matching m, AggregateDelta row, boolean sideA) {
        Regions regions = Regions.of(m);
        Snapshot s = sideA ? m.a() : m.b();
        int[] paths = sideA ? regions.a() : regions.b();
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < s.tasks().size(); i++) {
            Key k = key(s, paths, s.tasks().get(i));
            if (k.task().equals(row.task()) && k.lifecycle().equals(row.lifecycle())
                    && regions.name(k.region()).equals(row.region())) {
                found.add(i);
            }
        }
        return found;
    }

    private static Key key(Snapshot s, int[] regions, Task t) {
        int r = t.parallelRegion().isKnown() ? s.index().regionPosition(((RegionId) t.parallelRegion().get()).value()) : -1;
        return new Key(r < 0 ? -1 : regions[r], Names.description(t, s.index()), TaskFields.status(t, s).orElse("-"));
    }

    private static void name(Map<Integer, String> text, Map<Integer, Integer> order, int path, String name) {
        if (text.putIfAbsent(path, name) == null) {
            order.put(path, order.size());
        }
    }

    private static void count(Snapshot s, int[] regions, Map<Key, int[]> counts, int side) {
        Map<String, String> taskNames = new HashMap<>();
        for (Task t : s.tasks()) {
            Key k = key(s, regions, t);
            // one string per distinct description: a key per task would keep 200k copies
            Key shared = new Key(k.region(), taskNames.computeIfAbsent(k.task(), x -> x), k.lifecycle());
            counts.computeIfAbsent(shared, x -> new int[2])[side]++;
        }
    }
}
