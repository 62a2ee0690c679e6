package org.ompdexplorer.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.ompdexplorer.importers.recording.RecordingLoadResult;
import org.ompdexplorer.importers.recording.RecordingReader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.recording.Recording;
import org.ompdexplorer.model.recording.StateAt;

/**
 * Replay of a whole run (issue 28): a generated recording of {@code size} events — a team of 8 threads each running
 * fib-like task trees with taskwaits, written as the agent writes, lines merged by time — is opened (read, then
 * every checkpoint built) and stepped: one event forward from a random moment, and a jump to a random moment.
 * Figures are medians.
 *
 * <p>Usage: {@code bench/run-recording-bench.sh [runs] [events…]}
 */
public final class RecordingBenchmark {
    private static final int THREADS = 8;

    private RecordingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchRun run = BenchRun.of(args, 1_000_000);
        System.out.println("| shape | events | file MiB | open (read + checkpoints) ms | of which read ms | step ms | jump ms "
                + "| live tasks at the step | heap MiB held |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<String> derived = new ArrayList<>();
        for (int size : run.sizes()) {
            Path dir = Files.createTempDirectory("ompd-recording-bench");
            Path file = dir.resolve("ompd-explorer-1-recording.ndjson");
            generate(file, size);
            measure("fib trees", file, run.runs());
            derived.add(derived("fib trees", file, run.runs()));
            generateWide(file, size);
            measure("a wide taskloop", file, run.runs());
            derived.add(derived("a wide taskloop", file, run.runs()));
            Files.delete(file);
            Files.delete(dir);
        }
        System.out.println();
        System.out.println("| shape | timeline lanes ms | whole run ms | its graph ms (nodes) | Perfetto trace ms | "
                + "trace MiB |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        derived.forEach(System.out::println);
    }

    /**
     * What the window and the CLI build from an opened recording: the timeline's lanes, the whole run as one snapshot
     * and its task graph (default options: aggregated and collapsed), and the Perfetto trace; medians of {@code runs}.
     */
    private static String derived(String shape, Path file, int runs) throws Exception {
        Recording rec = new RecordingReader().read(file).recording();
        List<Long> lanes = new ArrayList<>();
        List<Long> whole = new ArrayList<>();
        List<Long> graph = new ArrayList<>();
        List<Long> trace = new ArrayList<>();
        Path out = file.resolveSibling("trace.pftrace");
        int nodes = 0;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            org.ompdexplorer.model.recording.RunLanes.of(rec);
            long t1 = System.nanoTime();
            Snapshot all = org.ompdexplorer.model.recording.WholeRun.of(rec).snapshot();
            long t2 = System.nanoTime();
            nodes = org.ompdexplorer.model.graph.TaskGraphBuilder.of(all,
                    org.ompdexplorer.model.graph.GraphScope.whole(),
                    org.ompdexplorer.model.graph.GraphOptions.DEFAULT).nodes().size();
            long t3 = System.nanoTime();
            new org.ompdexplorer.importers.recording.perfetto.PerfettoTraceWriter().write(rec, out, List.of(file));
            long t4 = System.nanoTime();
            lanes.add(t1 - t0);
            whole.add(t2 - t1);
            graph.add(t3 - t2);
            trace.add(t4 - t3);
        }
        double mib = Files.size(out) / 1048576.0;
        Files.delete(out);
        return String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f (%d) | %.0f | %.1f |", shape,
                BenchRun.median(lanes) / 1e6, BenchRun.median(whole) / 1e6, BenchRun.median(graph) / 1e6, nodes,
                BenchRun.median(trace) / 1e6, mib);
    }

    private static void measure(String shape, Path file, int runs) throws Exception {
        List<Long> opens = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        List<Long> steps = new ArrayList<>();
        List<Long> jumps = new ArrayList<>();
        Random random = new Random(28);
        int live = 0;
        StateAt held = null;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            RecordingLoadResult r = new RecordingReader().read(file);
            long t1 = System.nanoTime();
            StateAt states = new StateAt(r.recording());
            long t2 = System.nanoTime();
            Recording rec = r.recording();
            int p = random.nextInt(rec.size());
            states.after(p);
            long t3 = System.nanoTime();
            Snapshot s = states.after(states.nextEvent(p));
            long t4 = System.nanoTime();
            states.after(random.nextInt(rec.size()));
            long t5 = System.nanoTime();
            live = s.tasks().size();
            reads.add(t1 - t0);
            opens.add(t2 - t0);
            steps.add(t4 - t3);
            jumps.add(t5 - t4);
            held = states;
        }
        System.gc();
        long used = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        System.out.printf(Locale.ROOT, "| %s | %,d | %.1f | %.0f | %.0f | %.2f | %.2f | %,d | %d |%n",
                shape, held.recording().size(), Files.size(file) / 1048576.0, BenchRun.median(opens) / 1e6,
                BenchRun.median(reads) / 1e6, BenchRun.median(steps) / 1e6, BenchRun.median(jumps) / 1e6, live,
                used >> 20);
    }

    /** Each thread runs fib(16) trees one after another until the recording holds about {@code size} events. */
    private static void generate(Path file, int size) throws Exception {
        // through OutputFile, as every write: the recording appears whole or not at all
        org.ompdexplorer.importers.output.OutputFile.write(file, o -> {
            BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8), 1 << 16);
            w.write("{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"capture\":{\"source\":"
                    + "\"ompt-agent\",\"program\":\"bench-fib\",\"pid\":1},\"clock\":\"monotonic-ns\",\"start\":0}\n");
            Writer out = new Writer(w);
            out.event(0, "thread-begin", "\"kind\":\"initial\"");
            out.event(0, "implicit-begin", "\"task\":1,\"num\":0,\"size\":1,\"initial\":true");
            out.event(0, "parallel-begin", "\"region\":1,\"task\":1,\"requested\":" + THREADS + ",\"site\":\"0x401000\"");
            for (int th = 0; th < THREADS; th++) {
                if (th > 0) {
                    out.event(th, "thread-begin", "\"kind\":\"worker\"");
                }
                out.event(th, "implicit-begin", "\"task\":" + out.nextTask++ + ",\"region\":1,\"num\":" + th
                        + ",\"size\":" + THREADS);
            }
            int th = 0;
            while (out.events < size - 3L * THREADS) {
                long implicit = 2 + th;
                out.fib(th, implicit, 16);
                th = (th + 1) % THREADS;
            }
            for (int t = THREADS - 1; t >= 0; t--) {
                out.event(t, "implicit-end", "\"task\":" + (2 + t));
            }
            out.event(0, "parallel-end", "\"region\":1");
            w.write("{\"e\":\"end\",\"t\":" + out.t + ",\"events\":" + out.events + ",\"dropped\":[]}\n");
            w.flush();
        });
    }

    /**
     * Thread 0 creates a third of the events' worth of tasks in a row (a taskloop of n iterations: n tasks queued at
     * once), then the team runs them one by one.
     */
    private static void generateWide(Path file, int size) throws Exception {
        // through OutputFile, as every write: the recording appears whole or not at all
        org.ompdexplorer.importers.output.OutputFile.write(file, o -> {
            BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8), 1 << 16);
            w.write("{\"format\":\"ompd-explorer-recording\",\"version\":\"1.0\",\"capture\":{\"source\":"
                    + "\"ompt-agent\",\"program\":\"bench-taskloop\",\"pid\":1},\"clock\":\"monotonic-ns\",\"start\":0}\n");
            Writer out = new Writer(w);
            out.event(0, "thread-begin", "\"kind\":\"initial\"");
            out.event(0, "implicit-begin", "\"task\":1,\"num\":0,\"size\":1,\"initial\":true");
            out.event(0, "parallel-begin", "\"region\":1,\"task\":1,\"requested\":" + THREADS + ",\"site\":\"0x401000\"");
            for (int th = 0; th < THREADS; th++) {
                out.event(th, "implicit-begin", "\"task\":" + (2 + th) + ",\"region\":1,\"num\":" + th + ",\"size\":"
                        + THREADS);
            }
            int n = (size - 4 * THREADS) / 3;
            long first = 2 + THREADS;
            for (int i = 0; i < n; i++) {
                out.event(0, "task-create", "\"task\":" + (first + i) + ",\"gen\":2,\"site\":\"0x401100\","
                        + "\"flags\":[\"explicit\"]");
            }
            for (int i = 0; i < n; i++) {
                int th = i % THREADS;
                out.event(th, "schedule", "\"prior\":" + (2 + th) + ",\"status\":\"switch\",\"next\":" + (first + i));
                out.event(th, "schedule", "\"prior\":" + (first + i) + ",\"status\":\"complete\",\"next\":" + (2 + th));
            }
            for (int t = THREADS - 1; t >= 0; t--) {
                out.event(t, "implicit-end", "\"task\":" + (2 + t));
            }
            out.event(0, "parallel-end", "\"region\":1");
            w.write("{\"e\":\"end\",\"t\":" + out.t + ",\"events\":" + out.events + ",\"dropped\":[]}\n");
            w.flush();
        });
    }

    /** Writes events with increasing times. */
    private static final class Writer {
        final BufferedWriter w;
        long nextTask = 2;
        long t;
        long events;

        Writer(BufferedWriter w) {
            this.w = w;
        }

        void event(int th, String kind, String fields) throws IOException {
            t += 50;
            events++;
            w.write("{\"t\":" + t + ",\"th\":" + th + ",\"e\":\"" + kind + "\"," + fields + "}\n");
        }

        void fib(int th, long self, int n) throws IOException {
            if (n < 2) {
                return;
            }
            long a = nextTask++;
            long b = nextTask++;
            event(th, "task-create", "\"task\":" + a + ",\"gen\":" + self + ",\"site\":\"0x401100\",\"flags\":[\"explicit\"]");
            event(th, "task-create", "\"task\":" + b + ",\"gen\":" + self + ",\"site\":\"0x401100\",\"flags\":[\"explicit\"]");
            event(th, "sync-begin", "\"kind\":\"taskwait\",\"task\":" + self + ",\"site\":\"0x401200\"");
            event(th, "wait-begin", "\"kind\":\"taskwait\",\"task\":" + self);
            event(th, "schedule", "\"prior\":" + self + ",\"status\":\"switch\",\"next\":" + a);
            fib(th, a, n - 1);
            event(th, "schedule", "\"prior\":" + a + ",\"status\":\"complete\",\"next\":" + self);
            event(th, "schedule", "\"prior\":" + self + ",\"status\":\"switch\",\"next\":" + b);
            fib(th, b, n - 2);
            event(th, "schedule", "\"prior\":" + b + ",\"status\":\"complete\",\"next\":" + self);
            event(th, "wait-end", "\"kind\":\"taskwait\",\"task\":" + self);
            event(th, "sync-end", "\"kind\":\"taskwait\",\"task\":" + self + ",\"site\":\"0x401200\"");
        }
    }
}
