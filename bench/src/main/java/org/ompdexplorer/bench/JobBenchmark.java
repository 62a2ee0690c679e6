package org.ompdexplorer.bench;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.job.JobReader;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.job.JobFindings;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticJob;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The job view (issue 27, item 7: 1,024 rank snapshots of 1,000 tasks each merged in ≤ 5 s on 2 cores with ≤ 1 GB of
 * heap; cost linear in ranks up to 10,000): {@code JobReader} over a directory of rank snapshots, then
 * {@code JobFindings} (classes, outliers, merged stacks), against a peer in the same JVM: the same files loaded by the
 * plain {@code SnapshotLoader} on the same number of workers and dropped, which every read of the job must do at
 * least. The files (4 threads, 2 levels, 1,000 tasks a rank, every 97th rank held elsewhere) are generated once and
 * kept under {@code ~/.cache/ompd-explorer/bench/job-<ranks>}. Usage: {@code bench/run-job-bench.sh [runs] [ranks…]}.
 */
public final class JobBenchmark {
    private static final int TASKS = 1000;

    private JobBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchRun run = BenchRun.of(args, 1024, 2048, 4096, 10000);
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        System.out.println("ranks | MB on disk | job view s (median) | ms a rank | peer: load only s | ratio | classes"
                + " | heap used after GC MiB");
        for (int ranks : run.sizes()) {
            Path dir = files(ranks);
            long bytes;
            try (var s = Files.list(dir)) {
                bytes = s.mapToLong(p -> p.toFile().length()).sum();
            }
            List<Long> job = new ArrayList<>();
            List<Long> peer = new ArrayList<>();
            int classes = 0;
            // one warm-up of each, then the runs
            for (int r = -1; r < run.runs(); r++) {
                long t0 = System.nanoTime();
                JobFindings f = JobFindings.of(new JobReader(workers).read(List.of(dir), ProgressListener.NONE));
                classes = f.classes().size();
                long t1 = System.nanoTime();
                peer(dir, workers);
                long t2 = System.nanoTime();
                if (r >= 0) {
                    job.add(t1 - t0);
                    peer.add(t2 - t1);
                }
            }
            System.gc();
            long used = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
            long mj = BenchRun.median(job);
            long mp = BenchRun.median(peer);
            System.out.printf(Locale.ROOT, "%d | %d | %.2f | %.2f | %.2f | %.2f | %d | %d%n", ranks, bytes >> 20,
                    mj / 1e9, mj / 1e6 / ranks, mp / 1e9, (double) mj / mp, classes, used);
        }
    }

    /** The directory of {@code ranks} rank snapshots, generated the first time. */
    private static Path files(int ranks) throws Exception {
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "ompd-explorer", "bench",
                "job-" + ranks + "-" + TASKS);
        Path done = dir.resolve(".complete");
        if (Files.exists(done)) {
            return dir;
        }
        Files.createDirectories(dir);
        Snapshot base = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, TASKS, 27));
        SnapshotJsonExporter exporter = new SnapshotJsonExporter(true);
        for (int rank = 0; rank < ranks; rank++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            exporter.write(SyntheticJob.rank(base, rank, ranks, "27", Instant.EPOCH, rank % 97 == 13), out);
            // a benchmark's cache, not a user's output: written plainly, without OutputFile's fsync per file
            Files.write(dir.resolve(String.format(Locale.ROOT, "ompd-explorer-27-r%05d-000001.json", rank)),
                    out.toByteArray());
        }
        Files.writeString(done, "");
        return dir;
    }

    /** Every file loaded by the plain loader on {@code workers} threads, and dropped. */
    private static void peer(Path dir, int workers) throws Exception {
        List<Path> files = JobReader.files(List.of(dir), new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        SnapshotLoader loader = new SnapshotLoader();
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                results.add(pool.submit(() -> {
                    int tasks = 0;
                    for (int i; (i = next.getAndIncrement()) < files.size(); ) {
                        tasks += loader.load(files.get(i), LoadOptions.LENIENT.validatingLater(), ProgressListener.NONE)
                                .snapshot().tasks().size();
                    }
                    return tasks;
                }));
            }
            for (Future<Integer> f : results) {
                f.get();
            }
        }
    }
}
