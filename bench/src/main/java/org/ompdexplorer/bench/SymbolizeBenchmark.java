package org.ompdexplorer.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.json.SnapshotJsonImporter;

/**
 * What symbolizing a snapshot's code locations when it is read costs (format 1.2's module map): the same
 * agent-like file with and without its module map, imported alternately in one warm JVM; medians of the whole
 * import and of the symbolization step alone (from its "symbolizing" progress to the "indexing" that follows).
 *
 * <p>Usage: {@code BENCH_MAIN=SymbolizeBenchmark bench/run-import-bench.sh RUNS WITH_MODULES.json WITHOUT.json}
 */
public final class SymbolizeBenchmark {
    private SymbolizeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        Path with = Path.of(args[1]);
        Path without = Path.of(args[2]);
        SnapshotJsonImporter importer = new SnapshotJsonImporter();
        List<Long> withMs = new ArrayList<>();
        List<Long> withoutMs = new ArrayList<>();
        List<Long> stepMs = new ArrayList<>();
        for (int i = 0; i < runs + 2; i++) {
            long[] marks = new long[2];
            ProgressListener phases = new ProgressListener() {
                @Override
                public void progress(String phase, long done, long total) {
                    if (phase.equals("symbolizing")) {
                        marks[0] = System.nanoTime();
                    } else if (phase.equals("indexing") && marks[0] != 0 && marks[1] == 0) {
                        marks[1] = System.nanoTime();
                    }
                }

                @Override
                public boolean isCancelled() {
                    return false;
                }
            };
            System.gc();
            long t0 = System.nanoTime();
            LoadResult a = importer.read(with, LoadOptions.LENIENT, phases);
            long t1 = System.nanoTime();
            System.gc();
            long t2 = System.nanoTime();
            LoadResult b = importer.read(without, LoadOptions.LENIENT, ProgressListener.NONE);
            long t3 = System.nanoTime();
            if (i >= 2) { // two warm-up rounds
                withMs.add((t1 - t0) / 1_000_000);
                withoutMs.add((t3 - t2) / 1_000_000);
                stepMs.add((marks[1] - marks[0]) / 1_000_000);
            }
            System.out.printf(Locale.ROOT, "round %d: with map %d ms (symbolizing %d ms), without %d ms; %d tasks,"
                    + " %d diagnostics%n", i, (t1 - t0) / 1_000_000, (marks[1] - marks[0]) / 1_000_000,
                    (t3 - t2) / 1_000_000, a.snapshot().tasks().size(), a.diagnostics().size() + b.diagnostics().size());
        }
        System.out.printf(Locale.ROOT, "median of %d: with map %d ms, without %d ms, symbolization step %d ms%n", runs,
                median(withMs), median(withoutMs), median(stepMs));
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
