package org.ompdexplorer.app.agent;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Compiles a C program with clang-19 and runs it with the capture agent, the way a user would
 * ({@code OMP_TOOL_LIBRARIES}); snapshots are loaded with the importer, with no error. Outside CI a missing
 * compiler or agent skips with one line; in CI it fails.
 */
final class AgentRun {
    static final Path AGENT = Path.of("../agent/target/native/libompd-explorer-agent.so").toAbsolutePath().normalize();
    static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    private AgentRun() {
    }

    static void requireTools() {
        require(Files.isExecutable(Path.of("/usr/bin/clang-19")), "clang-19",
                "apt-get install clang-19 libomp-19-dev (scripts/install-deps.sh)");
        require(Files.exists(AGENT), "the capture agent " + AGENT, "build it: mvn -B -q install -DskipTests");
    }

    static void require(boolean present, String what, String fix) {
        if (present) {
            return;
        }
        String message = "missing " + what + " — " + fix;
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        assumeTrue(false, "skipped: " + message);
    }

    static Path compile(Path source, Path dir) throws IOException, InterruptedException {
        Path exe = dir.resolve(source.getFileName().toString().replace(".c", ""));
        Process cc = new ProcessBuilder("clang-19", "-fopenmp", "-O0", "-g", source.toString(), "-o", exe.toString())
                .redirectErrorStream(true).start();
        String said = new String(cc.getInputStream().readAllBytes());
        if (cc.waitFor() != 0) {
            fail("clang-19 failed on " + source + ": " + said);
        }
        return exe;
    }

    /** A process builder with the agent loaded, snapshots going to {@code out}, and no OMP_ variables inherited. */
    static ProcessBuilder withAgent(Path exe, Path out, Map<String, String> extra) {
        ProcessBuilder pb = new ProcessBuilder(exe.toString());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("OMPD_EXPLORER_"));
        env.put("OMP_TOOL_LIBRARIES", AGENT.toString());
        env.put("OMPD_EXPLORER_DIR", out.toString());
        env.put("OMPD_EXPLORER_NUMBER_BLOCK", "1");
        env.putAll(extra);
        return pb;
    }

    static void runToEnd(ProcessBuilder pb) throws IOException, InterruptedException {
        Process p = pb.redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + pb.command());
        }
        if (p.exitValue() != 0) {
            fail(pb.command() + " exited with " + p.exitValue());
        }
    }

    /**
     * Every snapshot in {@code out}, oldest first: any validation error fails.
     */
    static List<Snapshot> snapshots(Path out) throws Exception {
        return snapshots(out, false);
    }

    /** The snapshots in {@code out}, in name order; any validation error fails, at any moment they were taken. */
    static List<Snapshot> snapshots(Path out, boolean anyMoment) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        java.util.ArrayList<Snapshot> loaded = new java.util.ArrayList<>();
        for (Path f : files) {
            LoadResult r = new SnapshotLoader().load(f, LoadOptions.LENIENT, ProgressListener.NONE);
            List<String> errors = r.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
            if (!errors.isEmpty()) {
                throw new AssertionError(f + ": expected no validation error but found:\n  " + String.join("\n  ", errors));
            }
            loaded.add(r.snapshot());
        }
        return loaded;
    }
}
