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
        System.out.println();
        System.out.println("One entity per line (the exporter's layout), read by the parallel path ("
                + Runtime.getRuntime().availableProcessors() + " threads) and by the streaming path alone:");
        System.out.println();
        System.out.println("| explicit tasks | file MB | scan 1 thread ms | scan 2 threads ms | streaming import ms "
                + "| parallel import ms | parallel / scan 1 thread | parallel / scan 2 threads "
                + "| streaming / parallel time | retained bytes per task |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int size : sizes) {
            measureLines(lineFixture(dir, size), runs);
        }
    }

    /** The same snapshot as {@link #fixture}, in the exporter's default one-entity-per-line layout. */
    private static Path lineFixture(Path dir, int tasks) throws IOException {
        Path file = dir.resolve("synthetic-t8-d2-m" + tasks + "-s1-lines.json");
        if (!Files.exists(file)) {
            Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, tasks, 1));
            new SnapshotJsonExporter().write(s, file);
        }
        return file;
    }

    /** Alternates the four in every round so that all see the same machine load; medians. */
    private static void measureLines(Path file, int runs) throws Exception {
        long bytes = Files.size(file);
        SnapshotJsonImporter parallel = new SnapshotJsonImporter();
        SnapshotJsonImporter streaming = new SnapshotJsonImporter(1);
        List<Long> scans = new ArrayList<>();
        List<Long> scans2 = new ArrayList<>();
        List<Long> streamed = new ArrayList<>();
        List<Long> parallels = new ArrayList<>();
        scan(file);
        scanTwoThreads(file);
        int modelTasks = load(parallel, file).snapshot().tasks().size(); // warm-up
        load(streaming, file);
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            scan(file);
            long t1 = System.nanoTime();
            scanTwoThreads(file);
            long t2 = System.nanoTime();
            LoadResult s = load(streaming, file);
            long t3 = System.nanoTime();
            LoadResult p = load(parallel, file);
            long t4 = System.nanoTime();
            if (!p.diagnostics().isEmpty() || p.snapshot().tasks().size() != s.snapshot().tasks().size()) {
                throw new IllegalStateException("the two paths differ on a clean benchmark input");
            }
            scans.add(t1 - t0);
            scans2.add(t2 - t1);
            streamed.add(t3 - t2);
            parallels.add(t4 - t3);
        }
        long scan = median(scans);
        long scan2 = median(scans2);
        long stream = median(streamed);
        long par = median(parallels);
        long retained = retainedBytes(parallel, file);
        System.out.printf(Locale.ROOT, "| %,d | %.1f | %.0f | %.0f | %.0f | %.0f | %.0f %% | %.0f %% | %.2f× | %.0f |%n",
                modelTasks - IMPLICIT_AND_INITIAL, bytes / 1e6, scan / 1e6, scan2 / 1e6, stream / 1e6, par / 1e6,
                100.0 * scan / par, 100.0 * scan2 / par, (double) stream / par, (double) retained / modelTasks);
    }

    /**
     * Every token of the file by two parsers at once, one per half, cut at a line break: the most two streaming
     * readers could do. The second half is read as if it opened an array; each stops at the first thing its half
     * cannot parse (the cut), which is about where the other begins.
     */
    private static long scanTwoThreads(Path file) throws Exception {
        long size = Files.size(file);
        long cut;
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            var buffer = java.nio.ByteBuffer.allocate(1 << 16);
            channel.read(buffer, size / 2);
            buffer.flip();
            int at = 0;
            while (at < buffer.limit() && buffer.get(at) != '\n') {
                at++;
            }
            cut = size / 2 + at + 1;
        }
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(2)) {
            var first = pool.submit(() -> scanPart(new java.io.BufferedInputStream(
                    new LimitedStream(Files.newInputStream(file), cut), 1 << 16)));
            var second = pool.submit(() -> {
                InputStream rest = Files.newInputStream(file);
                rest.skipNBytes(cut);
                return scanPart(new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(new byte[]{'['}),
                        rest));
            });
            return first.get() + second.get();
        }
    }

    private static long scanPart(InputStream in) throws IOException {
        long tokens = 0;
        try (in; JsonParser p = new JsonFactory().createParser(ObjectReadContext.empty(), in)) {
            while (p.nextToken() != null) {
                tokens++;
            }
        } catch (tools.jackson.core.JacksonException e) {
            return tokens; // the cut
        }
        return tokens;
    }

    /** The first {@code limit} bytes of a stream. */
    private static final class LimitedStream extends java.io.FilterInputStream {
        private long left;

        LimitedStream(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            left--;
            return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
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
