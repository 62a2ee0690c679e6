package org.ompdexplorer.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.ReopenCache;
import org.ompdexplorer.importers.SnapshotLoader;

/**
 * A warm reopen against a parse of the same file, through the one façade every command and the window use: the
 * exporter-layout fixtures of {@code run-import-bench.sh} loaded by a {@link SnapshotLoader} without a cache (the
 * parallel parse) and by one whose reopen cache holds the file (the decode), alternating in every round of one JVM.
 * Also: how long the first load's entry takes to write (encode, write, fsync; on the cache's background thread),
 * and the entry's size.
 *
 * <p>Usage: {@code bench/run-reopen-bench.sh [runs] [sizes…]}
 */
public final class ReopenBenchmark {
    private ReopenBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchRun run = BenchRun.of(args, 200_000, 1_000_000);
        Path fixtures = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "bench");
        Path cacheDir = Files.createTempDirectory("ompd-reopen-bench");
        System.out.println("| explicit tasks | JSON MB | entry MB | parse ms | reopen ms | parse / reopen "
                + "| entry written in ms (median) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
        for (int size : run.sizes()) {
            Path file = fixtures.resolve("synthetic-t8-d2-m" + size + "-s1.json");
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException(file + " is missing: run bench/cold-launch.sh 1 " + size
                        + " (or ompd-explorer generate --threads 8 --depth 2 --tasks " + size + " --seed 1 -o "
                        + file + ")");
            }
            measure(file, size, run.runs(), cacheDir);
        }
        try (var all = Files.walk(cacheDir)) { // entries of 50 MB a run: never left behind
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void measure(Path file, int tasks, int runs, Path cacheDir) throws Exception {
        SnapshotLoader parse = new SnapshotLoader(ReopenCache.off());
        List<Long> parses = new ArrayList<>();
        List<Long> reopens = new ArrayList<>();
        List<Long> writes = new ArrayList<>();
        int expected = load(parse, file).snapshot().tasks().size(); // warm-up
        for (int i = 0; i < runs; i++) {
            ReopenCache cache = ReopenCache.at(cacheDir.resolve("r" + tasks + "-" + i), 4L << 30);
            SnapshotLoader reopen = new SnapshotLoader(cache);
            long a = System.nanoTime();
            load(reopen, file); // a miss: parses, then keeps in the background
            long b = System.nanoTime();
            cache.awaitWrites(Duration.ofMinutes(10));
            long c = System.nanoTime();
            writes.add(c - b);
            long d = System.nanoTime();
            if (load(parse, file).snapshot().tasks().size() != expected) {
                throw new IllegalStateException("the parse changed");
            }
            long e = System.nanoTime();
            if (load(reopen, file).snapshot().tasks().size() != expected) {
                throw new IllegalStateException("the reopened load differs from the parse");
            }
            long f = System.nanoTime();
            parses.add(e - d);
            reopens.add(f - e);
        }
        long entry;
        try (var entries = Files.list(cacheDir.resolve("r" + tasks + "-0"))) {
            entry = Files.size(entries.findFirst().orElseThrow());
        }
        long p = BenchRun.median(parses);
        long r = BenchRun.median(reopens);
        System.out.printf(Locale.ROOT, "| %,d | %.1f | %.1f | %.0f | %.0f | %.1f × | %.0f |%n", tasks,
                Files.size(file) / 1e6, entry / 1e6, p / 1e6, r / 1e6, (double) p / r,
                BenchRun.median(writes) / 1e6);
    }

    private static LoadResult load(SnapshotLoader loader, Path file) throws Exception {
        return loader.load(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }
}
