package org.ompdexplorer.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.debuginfo.DebugFileKind;
import org.ompdexplorer.importers.debuginfo.DebuginfodClient;
import org.ompdexplorer.importers.debuginfo.DebuginfodLookup;
import org.ompdexplorer.importers.debuginfo.DebuginfodSettings;
import org.ompdexplorer.importers.elf.ElfFile;

/**
 * A debuginfod cache hit (issue 26: at most 10 ms): an ELF file placed in a fresh cache as {@code BUILDID/debuginfo},
 * found by a new {@link DebuginfodClient} whose one server is a closed port (a request would show as a problem). The
 * first find of the JVM (class loading included, as in the import-core child), then the median, 99th percentile and
 * largest of {@code runs} finds, each by a new client.
 *
 * <p>Usage: {@code bench/run-debuginfod-bench.sh [runs] [ELF file]} (default 2000 runs of libdw.so.1);
 * {@code -Dbench.warmJdk=true} in {@code BENCH_JAVA_OPTS} first runs a lambda and a string concatenation, whose
 * one-time JDK bootstrap an import has paid before it asks for a debug file.
 */
public final class DebuginfodCacheBenchmark {
    private DebuginfodCacheBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Path elf = Path.of(args.length > 1 ? args[1] : "/usr/lib/x86_64-linux-gnu/libdw.so.1");
        String buildId;
        try (ElfFile f = ElfFile.open(elf)) {
            buildId = f.buildId().orElseThrow(() -> new IllegalArgumentException(elf + " has no build-id"));
        }
        Path cache = Files.createTempDirectory("ompd-debuginfod-bench");
        Path dir = Files.createDirectories(cache.resolve(buildId));
        Files.copy(elf, dir.resolve("debuginfo"));
        DebuginfodSettings settings = new DebuginfodSettings(List.of(URI.create("http://127.0.0.1:1")),
                Duration.ofSeconds(1), 0, Duration.ZERO, cache);
        try {
            if (Boolean.getBoolean("bench.warmJdk")) { // what an import has done before it asks: a lambda, a concat
                Runnable r = () -> System.setProperty("bench.warm", "x" + System.nanoTime());
                r.run();
            }
            long a = System.nanoTime();
            check(new DebuginfodClient(settings).find(buildId, DebugFileKind.DEBUGINFO, "bench", ProgressListener.NONE));
            long first = System.nanoTime() - a;
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                long t = System.nanoTime();
                check(new DebuginfodClient(settings).find(buildId, DebugFileKind.DEBUGINFO, "bench",
                        ProgressListener.NONE));
                times.add(System.nanoTime() - t);
            }
            times.sort(null);
            System.out.printf(Locale.ROOT, "java %s, %d cores; %s (%d bytes), %d runs%n",
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), elf,
                    Files.size(elf), runs);
            System.out.printf(Locale.ROOT, "cache hit: first %.2f ms, median %.3f ms, p99 %.3f ms, max %.2f ms%n",
                    first / 1e6, times.get(runs / 2) / 1e6, times.get(runs * 99 / 100) / 1e6, times.get(runs - 1) / 1e6);
        } finally {
            try (var all = Files.walk(cache)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static void check(DebuginfodLookup lookup) {
        if (lookup.file().isEmpty() || !lookup.problems().isEmpty()) {
            throw new IllegalStateException("not a cache hit: " + lookup);
        }
    }
}
