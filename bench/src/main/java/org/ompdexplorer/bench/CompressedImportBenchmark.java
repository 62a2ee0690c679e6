package org.ompdexplorer.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * Import of the same synthetic snapshot plain ({@code .json}) and gzip-compressed ({@code .json.gz}), through the
 * one façade every command and the window use ({@link SnapshotLoader}, which tells them apart by their bytes).
 * Runs alternate between the two in one JVM so that both see the same machine load; figures are medians. Each
 * fixture's export time (one run, through the output helper) is shown too.
 *
 * <p>Usage: {@code bench/run-compressed-import-bench.sh [runs] [sizes…]}
 */
public final class CompressedImportBenchmark {
    private CompressedImportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchRun run = BenchRun.of(args, 200_000, 1_000_000);
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "bench", "compressed");
        Files.createDirectories(dir);
        System.out.println("| explicit tasks | .json MB | .json.gz MB | ratio | import .json ms | import .json.gz ms "
                + "| gz / plain | export .json ms | export .json.gz ms |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int size : run.sizes()) {
            measure(dir, size, run.runs());
        }
    }

    private static void measure(Path dir, int tasks, int runs) throws Exception {
        String base = "synthetic-t8-d2-m" + tasks + "-s1-compact";
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, tasks, 1));
        Path plain = dir.resolve(base + ".json");
        Path gz = dir.resolve(base + ".json.gz");
        long t0 = System.nanoTime();
        new SnapshotJsonExporter(true).write(s, plain);
        long t1 = System.nanoTime();
        new SnapshotJsonExporter(true).write(s, gz);
        long t2 = System.nanoTime();
        s = null;
        SnapshotLoader loader = new SnapshotLoader();
        int modelTasks = load(loader, plain).snapshot().tasks().size(); // warm-up, both ways
        if (load(loader, gz).snapshot().tasks().size() != modelTasks) {
            throw new IllegalStateException("the compressed file loads another model");
        }
        List<Long> plainTimes = new ArrayList<>();
        List<Long> gzTimes = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long a = System.nanoTime();
            load(loader, plain);
            long b = System.nanoTime();
            load(loader, gz);
            long c = System.nanoTime();
            plainTimes.add(b - a);
            gzTimes.add(c - b);
        }
        long p = BenchRun.median(plainTimes);
        long g = BenchRun.median(gzTimes);
        long plainBytes = Files.size(plain);
        long gzBytes = Files.size(gz);
        System.out.printf(Locale.ROOT, "| %,d | %.1f | %.1f | %.1f × | %.0f | %.0f | %.2f | %.0f | %.0f |%n",
                tasks, plainBytes / 1e6, gzBytes / 1e6, (double) plainBytes / gzBytes, p / 1e6, g / 1e6,
                (double) g / p, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
    }

    private static LoadResult load(SnapshotLoader loader, Path file) throws Exception {
        LoadResult r = loader.load(file, LoadOptions.LENIENT, ProgressListener.NONE);
        if (!r.diagnostics().isEmpty()) {
            throw new IllegalStateException("benchmark input has diagnostics: " + r.diagnostics().getFirst());
        }
        return r;
    }
}
