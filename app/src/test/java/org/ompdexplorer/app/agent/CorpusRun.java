package org.ompdexplorer.app.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a corpus program: once without the agent, once with it, taking snapshots at several moments — a series
 * ({@code OMPD_EXPLORER_INTERVAL}), trigger signals sent at moments drawn from a generator seeded by the
 * program's name, the program's own {@code omp_control_tool} flush, and at exit.
 */
final class CorpusRun {
    static final int THREADS = 4;
    static final int INTERVAL_MS = 50;
    static final int MAX_INTERVAL_SNAPSHOTS = 8;
    static final int SIGNALS = 4;
    private static final long TIMEOUT_S = 90;

    /**
     * What one run did.
     *
     * @param signalsSent trigger signals the runner sent while the program ran
     */
    record Outcome(int exitCode, String stdout, String stderr, long millis, int signalsSent) {
        boolean timedOut() {
            return exitCode == Integer.MIN_VALUE;
        }
    }

    private CorpusRun() {
    }

    static Outcome plain(Path exe, CorpusProgram program, Path dir) throws IOException, InterruptedException {
        return run(builder(exe, program, dir, "plain"), null, dir, "plain", List.of());
    }

    /**
     * Runs with the agent writing into {@code out}; the signals go at the given offsets (milliseconds) after the
     * first snapshot file appeared, which says the agent is in and its trigger installed.
     */
    static Outcome withAgent(Path exe, CorpusProgram program, Path dir, Path out, List<Long> signalOffsets)
            throws IOException, InterruptedException {
        ProcessBuilder pb = builder(exe, program, dir, "agent");
        Map<String, String> env = pb.environment();
        env.put("OMP_TOOL_LIBRARIES", AgentRun.AGENT.toString());
        env.put("OMPD_EXPLORER_DIR", out.toString());
        env.put("OMPD_EXPLORER_INTERVAL", Integer.toString(INTERVAL_MS));
        env.put("OMPD_EXPLORER_MAX_SNAPSHOTS", Integer.toString(MAX_INTERVAL_SNAPSHOTS));
        env.put("OMPD_EXPLORER_AT_EXIT", "1");
        return run(pb, out, dir, "agent", signalOffsets);
    }

    /** {@code SIGNALS} moments within the first 90 % of the program's untooled run time, the same on every run. */
    static List<Long> signalOffsets(CorpusProgram program, long plainMillis) {
        Random random = new Random(program.name().hashCode());
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < SIGNALS; i++) {
            offsets.add((long) (plainMillis * (0.05 + 0.85 * random.nextDouble())));
        }
        offsets.sort(null);
        return offsets;
    }

    private static ProcessBuilder builder(Path exe, CorpusProgram program, Path dir, String run) {
        List<String> command = new ArrayList<>(List.of(exe.toString()));
        command.addAll(program.args());
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve(run + ".stdout").toFile()).redirectError(dir.resolve(run + ".stderr").toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("GOMP_")
                || k.startsWith("LIBOMP") || k.startsWith("OMPD_EXPLORER_"));
        env.put("OMP_NUM_THREADS", Integer.toString(THREADS));
        env.putAll(program.env());
        if (program.offload()) {
            String path = env.get("LD_LIBRARY_PATH");
            env.put("LD_LIBRARY_PATH", CorpusBuild.LLVM_LIB + (path == null || path.isEmpty() ? "" : ":" + path));
        }
        return pb;
    }

    private static Outcome run(ProcessBuilder pb, Path out, Path dir, String run, List<Long> signalOffsets)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = pb.start();
        int sent = 0;
        try {
            if (out != null && !signalOffsets.isEmpty() && firstSnapshot(p, out)) {
                long from = System.nanoTime();
                for (long offset : signalOffsets) {
                    long wait = offset - (System.nanoTime() - from) / 1_000_000;
                    if (wait > 0 && p.waitFor(wait, TimeUnit.MILLISECONDS)) {
                        break;
                    }
                    if (!p.isAlive()) {
                        break;
                    }
                    signal(p.pid());
                    sent++;
                }
            }
            boolean ended = p.waitFor(TIMEOUT_S, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - start) / 1_000_000;
            int exit = ended ? p.exitValue() : Integer.MIN_VALUE;
            return new Outcome(exit, Files.readString(dir.resolve(run + ".stdout"), StandardCharsets.UTF_8),
                    Files.readString(dir.resolve(run + ".stderr"), StandardCharsets.UTF_8), millis, sent);
        } finally {
            p.destroyForcibly();
        }
    }

    /** Waits for the agent's first file (or temporary file) in {@code out}; false if the program ended first. */
    private static boolean firstSnapshot(Process p, Path out) throws IOException, InterruptedException {
        while (p.isAlive()) {
            try (Stream<Path> files = Files.list(out)) {
                if (files.anyMatch(f -> f.getFileName().toString().contains("ompd-explorer-"))) {
                    return true;
                }
            }
            Thread.sleep(5);
        }
        return false;
    }

    private static void signal(long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-USR2", Long.toString(pid)).redirectErrorStream(true).start();
        kill.getInputStream().transferTo(OutputStream.nullOutputStream());
        kill.waitFor(10, TimeUnit.SECONDS);
    }
}
