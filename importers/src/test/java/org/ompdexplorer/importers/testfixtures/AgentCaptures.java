package org.ompdexplorer.importers.testfixtures;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Real agent snapshots for importer tests: builds the capture agent from {@code ../agent} (its Makefile, into
 * {@code target/test-agent}: the agent module is built after this one), compiles a C program with clang-19 and runs
 * it with the agent. Without clang-19, {@code make} or {@code omp-tools.h} the test is skipped with one line (failed
 * under {@code CI=true}), like every native test.
 */
public final class AgentCaptures {
    private static final Path AGENT_SOURCE = Path.of("../agent").toAbsolutePath().normalize();
    private static final Path AGENT_OUT = Path.of("target/test-agent").toAbsolutePath();
    private static final Path CLANG = Path.of("/usr/bin/clang-19");
    private static Path agent;

    private AgentCaptures() {
    }

    /** The agent library, built once per test run (make rebuilds only what changed). */
    public static synchronized Path agent() throws IOException, InterruptedException {
        if (agent != null) {
            return agent;
        }
        NativeFixtures.require(Files.isExecutable(CLANG), "no clang-19",
                "apt-get install clang-19 libomp-19-dev (scripts/install-deps.sh)");
        NativeFixtures.require(Files.exists(Path.of("/usr/lib/llvm-19/lib/clang/19/include/omp-tools.h")),
                "no omp-tools.h", "apt-get install libomp-19-dev");
        NativeFixtures.require(Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "make"))), "no make", "apt-get install make");
        run(new ProcessBuilder("make", "-s", "-C", AGENT_SOURCE.toString(), "OUT=" + AGENT_OUT), "building the agent");
        agent = AGENT_OUT.resolve("libompd-explorer-agent.so");
        return agent;
    }

    /** Compiles {@code source} with {@code clang-19 -fopenmp} and {@code flags} into {@code exe}. */
    public static Path compile(Path source, Path exe, String... flags) throws IOException, InterruptedException {
        agent();
        List<String> command = new ArrayList<>(List.of(CLANG.toString(), "-fopenmp"));
        command.addAll(List.of(flags));
        command.addAll(List.of(source.toString(), "-o", exe.toString()));
        run(new ProcessBuilder(command), "compiling " + source);
        return exe;
    }

    /** Runs {@code exe} with the agent, snapshots going to {@code out}; the snapshots it wrote, oldest first. */
    public static List<Path> capture(Path exe, Path out) throws IOException, InterruptedException {
        return capture(exe, out, Map.of());
    }

    /** As {@link #capture(Path, Path)}, with {@code extra} in the program's environment. */
    public static List<Path> capture(Path exe, Path out, Map<String, String> extra)
            throws IOException, InterruptedException {
        Files.createDirectories(out);
        ProcessBuilder pb = new ProcessBuilder(exe.toString());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("OMPD_EXPLORER_"));
        env.put("OMP_TOOL_LIBRARIES", agent().toString());
        env.put("OMPD_EXPLORER_DIR", out.toString());
        env.put("OMPD_EXPLORER_NUMBER_BLOCK", "1");
        env.putAll(extra);
        run(pb, "running " + exe + " with the agent");
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }

    private static void run(ProcessBuilder pb, String what) throws IOException, InterruptedException {
        Process p = pb.redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(what + " timed out");
        }
        if (p.exitValue() != 0) {
            fail(what + " failed (exit " + p.exitValue() + "): " + said);
        }
    }
}
