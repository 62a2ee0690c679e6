package org.ompdexplorer.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.ompd.CoreImportOptions;
import org.ompdexplorer.importers.ompd.OmpdCoreImporter;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;

/**
 * Whole-process import of one core through libompd, in process and warm: {@code warmup} imports, then {@code runs}
 * timed ones. The JVM start, class loading, JIT warm-up and JSON output are not in the figure (the script times
 * {@code ompd-explorer import-core} as a process for that). Prints one line, for bench/ompd-vs-gdb.sh:
 * {@code threads=N regions=N tasks=N explicit=N median_ms=X min_ms=X runs_ms=X,X,...}; with {@code --phases}, then
 * the time spent in each of the importer's progress phases, per import (the first one cold when there is no
 * warm-up).
 *
 * <p>Usage: {@code CoreImportBenchmark [--warmup N] [--runs N] [--no-source-lines] [--phases] CORE EXE}
 * (needs {@code --enable-native-access=org.ompdexplorer.importers}).
 */
public final class CoreImportBenchmark {
    private CoreImportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int warmup = 2;
        int runs = 3;
        boolean sourceLines = true;
        boolean phases = false;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--no-source-lines" -> sourceLines = false;
                case "--phases" -> phases = true;
                default -> files.add(args[i]);
            }
        }
        if (files.size() != 2 || runs < 1) {
            System.err.println("usage: CoreImportBenchmark [--warmup N] [--runs N>0] [--no-source-lines] [--phases] CORE EXE");
            System.exit(64);
        }
        CoreImportOptions options = CoreImportOptions.of(Path.of(files.get(0)), Path.of(files.get(1)))
                .withSourceLines(sourceLines);
        OmpdCoreImporter importer = new OmpdCoreImporter();
        Snapshot last = null;
        for (int i = 0; i < warmup; i++) {
            last = importer.importCore(options, ProgressListener.NONE).snapshot();
        }
        long[] nanos = new long[runs];
        List<String> phaseLines = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            last = null; // let the previous snapshot go before timing the next import
            PhaseTimer timer = phases ? new PhaseTimer() : null;
            long t0 = System.nanoTime();
            LoadResult r = importer.importCore(options, phases ? timer : ProgressListener.NONE);
            nanos[i] = System.nanoTime() - t0;
            last = r.snapshot();
            if (phases) {
                phaseLines.add("phases_ms run " + (warmup + i + 1) + ": " + timer.report(t0 + nanos[i]));
            }
        }
        long explicit = last.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).count();
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double median = runs % 2 == 1 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2.0;
        StringBuilder list = new StringBuilder();
        for (long n : nanos) {
            list.append(list.isEmpty() ? "" : ",").append(String.format(Locale.ROOT, "%.1f", n / 1e6));
        }
        System.out.printf(Locale.ROOT, "threads=%d regions=%d tasks=%d explicit=%d median_ms=%.1f min_ms=%.1f runs_ms=%s%n",
                last.threads().size(), last.parallelRegions().size(), last.tasks().size(), explicit, median / 1e6,
                sorted[0] / 1e6, list);
        phaseLines.forEach(System.out::println);
    }

    /** Time from one progress phase to the next (a phase's first report starts it). */
    private static final class PhaseTimer implements ProgressListener {
        private final long start = System.nanoTime();
        private final List<String> names = new ArrayList<>();
        private final List<Long> starts = new ArrayList<>();

        @Override
        public void progress(String phase, long done, long total) {
            if (names.isEmpty() || !names.getLast().equals(phase)) {
                names.add(phase);
                starts.add(System.nanoTime());
            }
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        String report(long end) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "(start) %.1f", (starts.getFirst() - start) / 1e6));
            for (int i = 0; i < names.size(); i++) {
                long next = i + 1 < names.size() ? starts.get(i + 1) : end;
                b.append(String.format(Locale.ROOT, " | %s %.1f", names.get(i), (next - starts.get(i)) / 1e6));
            }
            return b.toString();
        }
    }
}
