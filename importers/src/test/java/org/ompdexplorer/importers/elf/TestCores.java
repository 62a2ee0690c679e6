package org.ompdexplorer.importers.elf;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * Real cores for the tests, made once per test JVM from a {@code /usr/bin/sleep} process: a gcore core
 * (needs gdb) and a kernel core (needs a core_pattern that writes a file in the working directory).
 * Tests that need one skip with a single line saying what is missing; in CI a missing gcore fails them
 * ({@link NativeFixtures#require}), a core_pattern that writes no file still skips.
 */
final class TestCores {
    static final String SLEEP = "/usr/bin/sleep";

    /**
     * The JVM widens its coredump_filter to dump file-backed private mappings (DumpPrivateMappingsInCore),
     * and children inherit it; both the kernel and gcore honour it. Reset to the kernel default (0x33),
     * so the cores leave out text like cores of programs started from a shell.
     */
    private static final String DEFAULT_FILTER = "echo 0x33 > /proc/self/coredump_filter && ";

    /** A core and the process it was taken from. */
    record Core(Path path, long pid) {
    }

    private static Path directory;
    private static Optional<Core> gcore;
    private static Optional<Core> kernel;
    private static String gcoreMissing = "";
    private static String kernelMissing = "";

    private TestCores() {
    }

    /** A gcore core of {@code sleep 60}, or the test is skipped. */
    static synchronized Core gcore() throws Exception {
        if (gcore == null) {
            gcore = makeGcore();
        }
        NativeFixtures.require(gcore.isPresent(), gcoreMissing, "apt-get install gdb; gcore needs ptrace");
        return gcore.get();
    }

    /** A kernel core (SIGABRT) of {@code sleep 60}, or the test is skipped. */
    static synchronized Core kernel() throws Exception {
        if (kernel == null) {
            kernel = makeKernelCore();
        }
        assumeTrue(kernel.isPresent(), kernelMissing);
        return kernel.get();
    }

    /** Every core this class can make here (for tests that hold for both kinds). */
    static Stream<String> kinds() {
        return Stream.of("gcore", "kernel");
    }

    static Core of(String kind) throws Exception {
        return kind.equals("gcore") ? gcore() : kernel();
    }

    private static synchronized Path directory() throws IOException {
        if (directory == null) {
            directory = Files.createTempDirectory("elf-test-cores");
            Path dir = directory;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
        }
        return directory;
    }

    private static Optional<Core> makeGcore() throws Exception {
        Optional<Path> gcoreTool = onPath("gcore");
        if (gcoreTool.isEmpty() || !Files.isExecutable(Path.of(SLEEP))) {
            gcoreMissing = "no gdb's gcore or no " + SLEEP;
            return Optional.empty();
        }
        Path dir = directory().resolve("gcore");
        Files.createDirectories(dir);
        Process sleep = new ProcessBuilder("/bin/sh", "-c", DEFAULT_FILTER + "exec " + SLEEP + " 60").start();
        try {
            waitUntilSleeping(sleep.pid());
            Process gcore = new ProcessBuilder(gcoreTool.get().toString(), "-o", dir.resolve("sleep").toString(),
                    Long.toString(sleep.pid())).redirectErrorStream(true).start();
            String log = new String(gcore.getInputStream().readAllBytes());
            Path core = dir.resolve("sleep." + sleep.pid());
            if (!gcore.waitFor(60, TimeUnit.SECONDS) || gcore.exitValue() != 0 || !Files.exists(core)) {
                gcoreMissing = "gcore could not dump a sleep process (ptrace not allowed?): " + log.strip();
                return Optional.empty();
            }
            return Optional.of(new Core(core, sleep.pid()));
        } finally {
            sleep.destroyForcibly().waitFor();
        }
    }

    private static Optional<Core> makeKernelCore() throws Exception {
        String pattern = Files.readString(Path.of("/proc/sys/kernel/core_pattern")).strip();
        if (pattern.startsWith("|") || pattern.contains("/") || !Files.isExecutable(Path.of("/bin/sh"))) {
            kernelMissing = "skipped: kernel core_pattern '" + pattern + "' does not write a file in the working directory";
            return Optional.empty();
        }
        Path dir = directory().resolve("kernel");
        Files.createDirectories(dir);
        Process sleep = new ProcessBuilder("/bin/sh", "-c", DEFAULT_FILTER + "ulimit -c unlimited && exec " + SLEEP + " 60")
                .directory(dir.toFile()).start();
        try {
            waitUntilSleeping(sleep.pid());
            // The shell's built-in kill: no dependence on PATH.
            new ProcessBuilder("/bin/sh", "-c", "kill -ABRT " + sleep.pid()).start().waitFor();
            sleep.waitFor(60, TimeUnit.SECONDS);
        } finally {
            sleep.destroyForcibly().waitFor();
        }
        try (Stream<Path> files = Files.list(dir)) {
            Optional<Path> core = files.filter(Files::isRegularFile).findFirst();
            if (core.isEmpty()) {
                kernelMissing = "skipped: SIGABRT left no core in the working directory (core size limit?)";
                return Optional.empty();
            }
            return Optional.of(new Core(core.get(), sleep.pid()));
        }
    }

    /** Waits until the process has exec'd sleep and sleeps in it, so its memory is settled. */
    private static void waitUntilSleeping(long pid) throws Exception {
        Path exe = Path.of("/proc/" + pid + "/exe");
        Path stat = Path.of("/proc/" + pid + "/stat");
        for (int i = 0; i < 200; i++) {
            try {
                if (exe.toRealPath().equals(Path.of(SLEEP).toRealPath())) {
                    String s = Files.readString(stat);
                    if (s.substring(s.lastIndexOf(')') + 2).startsWith("S")) {
                        return;
                    }
                }
            } catch (IOException notYet) {
                // the process may still be exec'ing
            }
            Thread.sleep(10);
        }
        throw new IllegalStateException("process " + pid + " did not start sleeping");
    }

    static Optional<Path> onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.of(path.split(":")).map(d -> Path.of(d, tool)).filter(Files::isExecutable).findFirst();
    }

    /** Copies the first {@code length} bytes of {@code source} to {@code target}. */
    static Path truncatedCopy(Path source, Path target, long length) throws IOException {
        try (var in = Files.newInputStream(source); var out = Files.newOutputStream(target)) {
            byte[] buffer = new byte[8192];
            long left = length;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    break;
                }
                out.write(buffer, 0, n);
                left -= n;
            }
        }
        return target;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort at JVM exit
        }
    }
}
