package org.ompdexplorer.importers.testfixtures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Cores taken in a test with gdb's {@code gcore}, of a program started for it: for situations the fixture set does
 * not hold (a program on the stock runtime, a stripped runtime, a program without OpenMP).
 */
public final class LiveCores {
    /** The JVM widens coredump_filter and children inherit it; reset to the kernel default like a shell would have. */
    private static final String DEFAULT_FILTER = "echo 0x33 > /proc/self/coredump_filter && exec \"$@\"";

    private LiveCores() {
    }

    /**
     * Starts {@code command} with {@code env} added, waits until it prints {@code READY} (the fixtures' known point)
     * or, if {@code ready} is false, until it sleeps, then writes its core to {@code dir/name} and kills it.
     */
    public static Path gcore(Path dir, String name, List<String> command, Map<String, String> env, boolean ready)
            throws Exception {
        Path gcore = onPath("gcore");
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c", DEFAULT_FILTER, "sh"));
        argv.addAll(command);
        Path log = dir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.equals("LD_LIBRARY_PATH"));
        pb.environment().putAll(env);
        Process process = pb.start();
        try {
            waitUntilHeld(process, log, ready);
            Process dump = new ProcessBuilder(gcore.toString(), "-o", dir.resolve(name).toString(),
                    Long.toString(process.pid())).redirectErrorStream(true).start();
            String output = new String(dump.getInputStream().readAllBytes());
            Path written = dir.resolve(name + "." + process.pid());
            NativeFixtures.require(dump.waitFor(120, TimeUnit.SECONDS) && dump.exitValue() == 0 && Files.exists(written),
                    "gcore could not dump " + command.getFirst() + ": " + output.strip(), "gcore needs ptrace");
            return Files.move(written, dir.resolve(name));
        } finally {
            process.destroyForcibly().waitFor();
        }
    }

    private static void waitUntilHeld(Process process, Path log, boolean ready) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the program exited before its known point: " + Files.readString(log));
            }
            if (ready ? Files.readString(log).contains("READY ") : sleeping(process.pid())) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the program did not reach its known point in 30 s: " + Files.readString(log));
    }

    private static boolean sleeping(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String exe = Path.of("/proc/" + pid + "/exe").toRealPath().toString();
            return !exe.endsWith("/sh") && !exe.endsWith("/dash") && !exe.endsWith("/bash")
                    && stat.substring(stat.lastIndexOf(')') + 2).startsWith("S");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public static Path onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        var found = Stream.of(path.split(":")).filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool))
                .filter(Files::isExecutable).findFirst();
        NativeFixtures.require(found.isPresent(), "no " + tool + " on PATH", "apt-get install "
                + (tool.equals("gcore") ? "gdb" : "binutils"));
        return found.get();
    }

    /** Runs a tool to completion, failing the test if it fails. */
    public static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(command + " failed: " + out);
        }
    }
}
