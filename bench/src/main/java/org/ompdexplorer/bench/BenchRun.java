package org.ompdexplorer.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What every benchmark's command line and report share: {@code [runs] [sizes…]}, the machine line printed first,
 * and medians.
 *
 * @param runs  measured runs per size
 * @param sizes explicit task counts to measure
 */
record BenchRun(int runs, int[] sizes) {
    /** Reads {@code [runs] [sizes…]}, 7 runs and {@code defaultSizes} when left out, and prints the machine line. */
    static BenchRun of(String[] args, int... defaultSizes) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : defaultSizes;
        System.out.printf(Locale.ROOT, "java %s, %d cores, max heap %d MiB, %d runs each%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, runs);
        return new BenchRun(runs, sizes);
    }

    static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
