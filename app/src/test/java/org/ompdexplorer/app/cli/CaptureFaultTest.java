package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.Snapshot;

/**
 * Fault injection: the traced program exits while {@code capture} runs (before gcore attaches, while it dumps,
 * or during the import). The outcome is either a valid snapshot (exit 0) or exit 2 with one line saying the
 * process ended — never an internal error (70), never a hang, never a temporary core or directory left behind.
 */
class CaptureFaultTest {
    /** Stays in a parallel region of two threads for argv[1] microseconds after READY, then exits. */
    private static final String PROGRAM = """
            #include <omp.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <unistd.h>
            int main(int argc, char **argv) {
                long delay = argc > 1 ? atol(argv[1]) : 0;
            #pragma omp parallel num_threads(2)
                {
            #pragma omp barrier
            #pragma omp single
                    {
                        printf("READY\\n");
                        fflush(stdout);
                        usleep(delay);
                    }
                }
                return 0;
            }
            """;

    /**
     * Holds {@code argv[1]} MiB of written memory (so that gcore takes a while to copy it) in a parallel region of
     * four threads whose tasks spin, until it is killed.
     */
    private static final String BIG_PROGRAM = """
            #include <omp.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            int main(int argc, char **argv) {
                size_t size = (size_t) atol(argv[1]) << 20;
                char *memory = malloc(size);
                memset(memory, 1, size);
            #pragma omp parallel num_threads(4)
                {
            #pragma omp single
                    {
                        for (int i = 0; i < 3; i++) {
            #pragma omp task
                            { while (1) usleep(1000); }
                        }
                        printf("READY\\n");
                        fflush(stdout);
                        while (1) sleep(1);
                    }
                }
                return memory[1];
            }
            """;

    private static Path exe;
    private static Path bigExe;

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    @BeforeAll
    static void compile() throws Exception {
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/gcore")), "gdb's gcore", "apt-get install gdb");
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/clang-19")), "clang-19",
                "apt-get install clang-19 libomp-19-dev");
        NativeFixtures.runtimePrefix();
        Path source = shared.resolve("exits_soon.c");
        Files.writeString(source, PROGRAM);
        exe = shared.resolve("exits_soon");
        compile(source, exe);
        Path bigSource = shared.resolve("holds_memory.c");
        Files.writeString(bigSource, BIG_PROGRAM);
        bigExe = shared.resolve("holds_memory");
        compile(bigSource, bigExe);
    }

    private static void compile(Path source, Path to) throws Exception {
        Process cc = new ProcessBuilder("clang-19", "-fopenmp", "-g", source.toString(), "-o", to.toString())
                .redirectErrorStream(true).start();
        String said = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (cc.waitFor() != 0) {
            fail("clang-19 failed: " + said);
        }
    }

    /** Delays in milliseconds around how long gcore takes, and one at random (printed when it fails). */
    static Stream<Integer> delays() {
        return Stream.of(0, 5, 30, 100, 250, 500, 1000, new Random().nextInt(1500));
    }

    @ParameterizedTest(name = "exits after {0} ms")
    @MethodSource("delays")
    void captureOfAProcessThatExits(int delayMs) throws Exception {
        Set<Path> dirsBefore = captureDirs();
        ProcessBuilder pb = new ProcessBuilder(exe.toString(), Long.toString(delayMs * 1000L));
        pb.environment().put("LD_LIBRARY_PATH", NativeFixtures.runtimePrefix().resolve("lib").toString());
        pb.environment().put("OMP_DEBUG", "enabled");
        pb.redirectErrorStream(true);
        Process program = pb.start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("READY")) {
                // OMP_OMPD active, and other runtime chatter
            }
            assertThat(line).as("the program started").isNotNull();
            Path snapshot = dir.resolve("live.json");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Cli.run(
                    new String[] {"capture", Long.toString(program.pid()), "--gcore-timeout", "60", "-o", snapshot.toString()},
                    new PrintWriter(out), new PrintWriter(err)));
            List<String> said = err.toString().lines().filter(l -> !l.isBlank()).toList();
            if (code == ExitCodes.OK) {
                assertHoldsSomething(snapshot, program.pid(), said);
            } else {
                assertThat(code).as("exit code; said: %s", said).isEqualTo(ExitCodes.UNREADABLE);
                assertThat(said).as("one line").hasSize(1);
                assertThat(said.getFirst()).startsWith("ompd-explorer: ").contains("process " + program.pid())
                        .containsAnyOf("ended while it was being captured", "it has exited").doesNotContain("\tat ");
                assertThat(snapshot).doesNotExist();
            }
            assertThat(program.waitFor(30, TimeUnit.SECONDS)).as("the program ends by itself").isTrue();
        } finally {
            program.destroyForcibly();
        }
        assertThat(newCaptureDirs(dirsBefore)).as("no temporary capture directory left").isEmpty();
    }

    /** Where gcore's core has grown to when the program is killed: just created, or this many MiB written. */
    static Stream<Integer> killPoints() {
        return Stream.of(0, 16, 64);
    }

    /**
     * SIGKILL in the middle of gcore's copy: gdb cannot read the rest of the memory, says so, and still exits 0 with
     * a core of the full size whose unread pages are zeros. That core imports to a snapshot that validates yet holds
     * no region and no task, so success here would be a snapshot of nothing: it must be exit 2 "ended".
     */
    @ParameterizedTest(name = "killed once the core holds {0} MiB")
    @MethodSource("killPoints")
    void captureOfAProcessKilledWhileItsCoreIsCopied(int mebibytes) throws Exception {
        Set<Path> dirsBefore = captureDirs();
        ProcessBuilder pb = new ProcessBuilder(bigExe.toString(), "160");
        pb.environment().put("LD_LIBRARY_PATH", NativeFixtures.runtimePrefix().resolve("lib").toString());
        pb.environment().put("OMP_DEBUG", "enabled");
        pb.redirectErrorStream(true);
        Process program = pb.start();
        Thread killer = null;
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("READY")) {
                // runtime chatter
            }
            assertThat(line).as("the program started").isNotNull();
            long pid = program.pid();
            killer = Thread.ofPlatform().daemon().start(() -> killOnceTheCoreHolds(pid, mebibytes * (1L << 20), dirsBefore, program));
            Path snapshot = dir.resolve("live.json");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Cli.run(
                    new String[] {"capture", Long.toString(pid), "--gcore-timeout", "60", "-o", snapshot.toString()},
                    new PrintWriter(out), new PrintWriter(err)));
            List<String> said = err.toString().lines().filter(l -> !l.isBlank()).toList();
            if (code == ExitCodes.OK) {
                // gcore won the race: the whole core was copied before the kill
                assertHoldsSomething(snapshot, pid, said);
            } else {
                assertThat(code).as("exit code; said: %s", said).isEqualTo(ExitCodes.UNREADABLE);
                assertThat(said).as("one line").hasSize(1);
                assertThat(said.getFirst()).startsWith("ompd-explorer: ")
                        .contains("process " + pid + " ended while it was being captured").doesNotContain("\tat ");
                assertThat(snapshot).doesNotExist();
            }
        } finally {
            if (killer != null) {
                killer.interrupt();
            }
            program.destroyForcibly();
            program.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(newCaptureDirs(dirsBefore)).as("no temporary capture directory left").isEmpty();
    }

    /** SIGKILLs the program once a new capture directory holds its core of at least {@code bytes}. */
    private static void killOnceTheCoreHolds(long pid, long bytes, Set<Path> dirsBefore, Process program) {
        try {
            while (program.isAlive()) {
                for (Path d : captureDirs()) {
                    if (!dirsBefore.contains(d)) {
                        Path core = d.resolve("core." + pid);
                        try {
                            if (Files.size(core) >= bytes) {
                                program.destroyForcibly(); // SIGKILL: the one signal gdb cannot hold back
                                return;
                            }
                        } catch (java.io.IOException notYet) {
                            // no core yet, or the directory went away
                        }
                    }
                }
                Thread.sleep(1);
            }
        } catch (Exception e) {
            // interrupted: the capture is over
        }
    }

    /** A capture that succeeded holds the runtime's state: never a snapshot of nothing. */
    private static void assertHoldsSomething(Path snapshot, long pid, List<String> said) throws Exception {
        Snapshot s = new SnapshotLoader().load(snapshot, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
        assertThat(s.capture().pid()).isEqualTo(pid);
        assertThat(s.parallelRegions().size() + s.tasks().size())
                .as("regions and tasks of a successful capture; said: %s", said).isPositive();
    }

    /**
     * Capture directories that appeared since {@code before} and remain. Other builds on this machine may be
     * capturing at the same time in the same temporary directory, so a new one gets a few seconds to go away:
     * ours was deleted before Cli.run returned.
     */
    private static Set<Path> newCaptureDirs(Set<Path> before) throws Exception {
        Set<Path> left = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            left = captureDirs();
            left.removeAll(before);
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(200);
        }
        return left;
    }

    private static Set<Path> captureDirs() throws Exception {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("ompd-explorer-capture-"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }
}
