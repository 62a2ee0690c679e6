package org.ompdexplorer.bench;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Import + index of synthetic snapshots of 10k, 100k and 1M tasks, next to a raw Jackson token scan of the same
 * file (the ceiling). Runs alternate between the two so that both see the same machine load; figures are
 * medians. Retained heap per task is measured after full GCs with the snapshot held and dropped.
 *
 * <p>Usage: {@code bench/run-import-bench.sh [runs] [sizes…]}
 */
public final class ImportBenchmark {
    /** Synthetic t8 d2: the initial task plus 7 + 2 implicit tasks (a team of 7, a nested team of 2). */
    private static final int IMPLICIT_AND_INITIAL = 10;
    private ImportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[]{10_000, 100_000, 1_000_000};
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "bench");
        Files.createDirectories(dir);
        System.out.printf(Locale.ROOT, "java %s, %d cores, max heap %d MiB, %d runs each%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, runs);
        System.out.println("| explicit tasks | tasks in model | file MB | token scan ms | import+index ms | import MB/s "
                + "| import / scan throughput | ns per task | retained bytes per task |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int size : sizes) {
            Path file = fixture(dir, size);
            measure(file, runs);
        }
    }

    /** Generated once per size and cached: the generator is not what is measured. */
    private static Path fixture(Path dir, int tasks) throws IOException {
        Path file = dir.resolve("synthetic-t8-d2-m" + tasks + "-s1-compact.json");
        if (!Files.exists(file)) {
            Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, tasks, 1));
            new SnapshotJsonExporter(true).write(s, file);
        }
        return file;
    }

    private static void measure(Path file, int runs) throws Exception {
        long bytes = Files.size(file);
        SnapshotJsonImporter importer = new SnapshotJsonImporter();
        List<Long> scans = new ArrayList<>();
        List<Long> imports = new ArrayList<>();
        int modelTasks = 0;
        scan(file);
        modelTasks = load(importer, file).snapshot().tasks().size(); // warm-up
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            scan(file);
            long t1 = System.nanoTime();
            LoadResult r = load(importer, file);
            long t2 = System.nanoTime();
            if (!r.diagnostics().isEmpty()) {
                throw new IllegalStateException("benchmark input has diagnostics: " + r.diagnostics().getFirst());
            }
            scans.add(t1 - t0);
            imports.add(t2 - t1);
        }
        long scan = median(scans);
        long imp = median(imports);
        long retained = retainedBytes(importer, file);
        System.out.printf(Locale.ROOT, "| %,d | %,d | %.1f | %.0f | %.0f | %.0f | %.0f %% | %.0f | %.0f |%n",
                modelTasks - IMPLICIT_AND_INITIAL, modelTasks, bytes / 1e6, scan / 1e6, imp / 1e6,
                bytes / 1e6 / (imp / 1e9), 100.0 * scan / imp, (double) imp / modelTasks,
                (double) retained / modelTasks);
    }


    private static LoadResult load(SnapshotJsonImporter importer, Path file) throws Exception {
        return importer.read(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }

    /** Every token, nothing kept: the most any streaming reader of this file can do. */
    private static long scan(Path file) throws IOException {
        long tokens = 0;
        try (InputStream in = Files.newInputStream(file);
             JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(), in)) {
            while (p.nextToken() != null) {
                tokens++;
            }
        }
        return tokens;
    }

    private static long retainedBytes(SnapshotJsonImporter importer, Path file) throws Exception {
        long before = usedAfterGc();
        Snapshot held = load(importer, file).snapshot();
        long with = usedAfterGc();
        if (held.tasks().isEmpty()) {
            throw new IllegalStateException("empty");
        }
        java.lang.ref.Reference.reachabilityFence(held);
        return with - before;
    }

    private static long usedAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
