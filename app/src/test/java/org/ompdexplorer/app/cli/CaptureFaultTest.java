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

    private static Path exe;

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
        Process cc = new ProcessBuilder("clang-19", "-fopenmp", "-g", source.toString(), "-o", exe.toString())
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
                Snapshot s = new SnapshotLoader().load(snapshot, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
                assertThat(s.capture().pid()).isEqualTo(program.pid());
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
