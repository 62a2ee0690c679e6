package org.ompdexplorer.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SnapshotEdits;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The diff engine on generated snapshots: A, and B = A a moment later with 1 % of the explicit tasks changed,
 * 1 % gone and 1 % new ({@link SnapshotEdits#evolved}). Both are in memory ("after both are loaded"); runs
 * alternate the diff with a peer in the same JVM — building A's index again (one O(n) pass over the same tasks) —
 * and figures are medians. Extra heap is what a held diff retains after full GCs, per task of A.
 *
 * <p>Usage: {@code bench/run-diff-bench.sh [runs] [sizes…]}
 */
public final class DiffBenchmark {
    private DiffBenchmark() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[]{100_000, 1_000_000};
        System.out.printf(Locale.ROOT, "java %s, %d cores, max heap %d MiB, %d runs each%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, runs);
        System.out.println("| explicit tasks | added / removed / changed | diff ms | entries (tree order) ms "
                + "| peer: index build ms | diff / peer | extra bytes per task | 3-snapshot series ms |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
        for (int size : sizes) {
            measure(size, runs);
        }
    }

    private static void measure(int size, int runs) {
        Snapshot a = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, size, 1));
        Snapshot b = SnapshotEdits.evolved(a, 0.01, 7);
        Snapshot c = SnapshotEdits.evolved(b, 0.01, 8);
        SnapshotDiff warm = SnapshotDiff.of(a, b);
        warm.entries();
        KindCounts tasks = warm.counts(EntityKind.TASK);
        List<Long> diffs = new ArrayList<>();
        List<Long> entries = new ArrayList<>();
        List<Long> peers = new ArrayList<>();
        List<Long> series = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            SnapshotDiff d = SnapshotDiff.of(a, b);
            long t1 = System.nanoTime();
            d.entries();
            long t2 = System.nanoTime();
            Snapshot again = new Snapshot(a.capture(), a.runtime(), a.addressSpaces(), a.states(), a.icvCatalogue(),
                    a.displayControlVars(), a.threads(), a.parallelRegions(), a.tasks());
            long t3 = System.nanoTime();
            SnapshotSeries.of(List.of(a, b, c));
            long t4 = System.nanoTime();
            if (again.tasks().size() != a.tasks().size()) {
                throw new IllegalStateException();
            }
            diffs.add(t1 - t0);
            entries.add(t2 - t1);
            peers.add(t3 - t2);
            series.add(t4 - t3);
        }
        long before = usedAfterGc();
        SnapshotDiff held = SnapshotDiff.of(a, b);
        long after = usedAfterGc();
        double perTask = (double) (after - before) / a.tasks().size();
        if (held.counts().isEmpty()) {
            throw new IllegalStateException();
        }
        System.out.printf(Locale.ROOT, "| %,d | %d / %d / %d | %d | %d | %d | %.2f | %.0f | %d |%n", size, tasks.added(),
                tasks.removed(), tasks.changed(), ms(median(diffs)), ms(median(entries)), ms(median(peers)),
                (double) median(diffs) / median(peers), perTask, ms(median(series)));
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }
}
