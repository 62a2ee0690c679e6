package org.ompdexplorer.importers.job;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.ompdexplorer.importers.InputUnreadableException;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoadException;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.SnapshotSeriesFiles;
import org.ompdexplorer.importers.UnsupportedFormatException;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.job.JobProblem;
import org.ompdexplorer.model.job.JobSummary;
import org.ompdexplorer.model.job.RankSummary;

/**
 * Reads the snapshots of a job's ranks — files, or directories of them — into a {@link JobSummary}, in parallel on a
 * bounded pool: each worker loads one snapshot with the {@link SnapshotLoader}, folds it into its
 * {@link RankSummary} and drops it, so at most one snapshot per worker is in memory whatever the number of ranks.
 * Partial summaries ({@code job --summarize}) are read and merged as they are. An input that cannot be merged (not a
 * snapshot, unreadable, truncated, a snapshot with no rank) is a {@link JobProblem}, and the rest is merged.
 * Snapshots are not validated: the job view needs their threads and tasks, not their invariants.
 */
public final class JobReader {
    /** The phase named in progress reports. */
    public static final String PHASE = "reading rank snapshots";
    private final int parallelism;
    private final SnapshotLoader loader;
    private final JobSummaryReader summaries = new JobSummaryReader();

    /** A reader using up to four workers, fewer on a smaller machine. */
    public JobReader() {
        this(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
    }

    public JobReader(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be 1 or more, was " + parallelism);
        }
        this.parallelism = parallelism;
        this.loader = new SnapshotLoader();
    }

    /**
     * The files to read: each input file as given, and each directory's regular files that are not hidden (an
     * interrupted write's temporary file starts with a dot), in name order with numbers by value.
     *
     * @param problems receives a problem for an input that does not exist or a directory that cannot be listed
     */
    public static List<Path> files(List<Path> inputs, List<JobProblem> problems) {
        List<Path> files = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                List<Path> found = new ArrayList<>();
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(input)) {
                    for (Path p : entries) {
                        if (!p.getFileName().toString().startsWith(".") && Files.isRegularFile(p)) {
                            found.add(p);
                        }
                    }
                } catch (IOException e) {
                    problems.add(new JobProblem(input.toString(), "unreadable", input + ": the directory cannot be "
                            + "listed (" + e.getMessage() + ") — check its permissions"));
                }
                found.sort(SnapshotSeriesFiles.BY_NAME);
                files.addAll(found);
            } else if (Files.exists(input)) {
                files.add(input);
            } else {
                problems.add(new JobProblem(input.toString(), "unreadable", input + ": no such file or directory"
                        + " — check the path"));
            }
        }
        return files;
    }

    /**
     * Reads every input and merges what it can.
     *
     * @throws LoadCancelledException when {@code progress} asked to stop
     */
    public JobSummary read(List<Path> inputs, ProgressListener progress) throws LoadCancelledException {
        List<JobProblem> problems = new ArrayList<>();
        List<Path> files = files(inputs, problems);
        JobSummary.Builder all = JobSummary.builder();
        problems.forEach(all::add);
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicBoolean cancelled = new AtomicBoolean();
        ProgressListener cancelOnly = new ProgressListener() {
            @Override
            public void progress(String phase, long d, long total) {
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get() || progress.isCancelled();
            }
        };
        int every = Math.max(1, files.size() / 100);
        int workers = Math.min(parallelism, Math.max(1, files.size()));
        List<Future<JobSummary.Builder>> results = new ArrayList<>(workers);
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            for (int w = 0; w < workers; w++) {
                results.add(pool.submit(() -> {
                    JobSummary.Builder mine = JobSummary.builder();
                    for (int i; (i = next.getAndIncrement()) < files.size(); ) {
                        if (cancelOnly.isCancelled()) {
                            cancelled.set(true);
                            break;
                        }
                        fold(files.get(i), mine, cancelOnly, cancelled);
                        int d = done.incrementAndGet();
                        if (d % every == 0 || d == files.size()) {
                            synchronized (progress) {
                                progress.progress(PHASE, d, files.size());
                            }
                        }
                    }
                    return mine;
                }));
            }
            for (Future<JobSummary.Builder> f : results) {
                all.addAll(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadCancelledException(inputs.toString());
        } catch (ExecutionException e) {
            throw new IllegalStateException("a job reader's worker failed: " + e.getCause(), e.getCause());
        }
        if (cancelled.get()) {
            throw new LoadCancelledException(inputs.size() == 1 ? inputs.getFirst().toString() : inputs.size()
                    + " inputs");
        }
        return all.build();
    }

    /** Reads one file into {@code into}: a summary merged, a snapshot folded, anything else a problem. */
    private void fold(Path file, JobSummary.Builder into, ProgressListener cancelOnly, AtomicBoolean cancelled) {
        String name = file.toString();
        try {
            String format = InputKind.formatOf(file);
            if (JobSummaryWriter.FORMAT.equals(format)) {
                into.addAll(summaries.read(file));
                return;
            }
            if (format == null) {
                into.add(new JobProblem(name, "not-a-snapshot", name + ": not a snapshot nor a job summary (no JSON "
                        + "\"format\" at its start) — skipped"));
                return;
            }
            Snapshot s = loader.load(file, LoadOptions.LENIENT.validatingLater(), cancelOnly).snapshot();
            if (s.capture().jobIfKnown().isEmpty()) {
                into.add(new JobProblem(name, "no-rank", name + ": has no rank (capture.job): captured outside a "
                        + "parallel job or by an agent before format 1.4 — skipped; capture the job's ranks again"));
                return;
            }
            into.add(RankSummary.of(s, name));
        } catch (LoadCancelledException e) {
            cancelled.set(true);
        } catch (UnsupportedFormatException e) {
            into.add(new JobProblem(name, "not-a-snapshot", firstLine(e.getMessage()) + " — skipped"));
        } catch (InputUnreadableException e) {
            into.add(new JobProblem(name, "unreadable", firstLine(e.getMessage()) + " — skipped"));
        } catch (SnapshotLoadException e) {
            into.add(new JobProblem(name, "unreadable", firstLine(e.getMessage()) + " — skipped"));
        } catch (JobSummaryFormatException e) {
            into.add(new JobProblem(name, "unreadable", firstLine(e.getMessage())));
        } catch (IOException e) {
            into.add(new JobProblem(name, "unreadable", name + ": cannot be read (" + e.getMessage()
                    + ") — check that it is readable; skipped"));
        }
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
