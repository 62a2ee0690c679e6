package org.ompdexplorer.app.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.Snapshot;

/**
 * Fault injection: 100 snapshot signals in quick succession while the program keeps creating and ending nested
 * teams and tasks ({@code agent/test/storm_target.c}), and more while it exits. The program must end normally,
 * in bounded time, with its right result; every file the agent wrote must be a complete snapshot the importer
 * loads without an error, OpenMP's invariants included, and no temporary file may
 * remain.
 */
class SignalStormTest {
    private static final Pattern RESULT = Pattern.compile("result (\\d+) (\\d+)");

    @TempDir
    Path dir;

    @BeforeAll
    static void tools() {
        AgentRun.requireTools();
    }

    @Test
    void hundredSignalsWhileTeamsComeAndGo() throws Exception {
        Path exe = AgentRun.compile(AgentRun.REPO.resolve("agent/test/storm_target.c"), dir);
        Path out = Files.createDirectories(dir.resolve("out"));
        Process p = AgentRun.withAgent(exe, out, Map.of()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader stdout = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(stdout.readLine()).isEqualTo("ready");
            signal(p.pid(), 100);
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write('\n');
            }
            signal(p.pid(), 20); // while it ends its teams and exits; kill fails harmlessly once it is gone
            String result = stdout.readLine();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                fail("the program did not end within 60 s after 120 snapshot signals (deadlock?)");
            }
            assertThat(p.exitValue()).as("exit status").isZero();
            assertThat(result).isNotNull();
            Matcher m = RESULT.matcher(result);
            assertThat(m.matches()).as(result).isTrue();
            long rounds = Long.parseLong(m.group(1));
            long expected = 0;
            for (long r = 0; r < rounds; r++) {
                expected += 36 * (1 + r % 4);
            }
            assertThat(Long.parseLong(m.group(2))).as("the program's result").isEqualTo(expected);
        } finally {
            p.destroyForcibly();
        }
        List<String> names;
        try (Stream<Path> files = Files.list(out)) {
            names = files.map(f -> f.getFileName().toString()).toList();
        }
        assertThat(names).as("only complete snapshots, no temporary file").isNotEmpty()
                .allMatch(n -> n.startsWith("ompd-explorer-") && n.endsWith("-signal.json"));
        // any validation error fails
        List<Snapshot> snapshots = AgentRun.snapshots(out, true);
        assertThat(snapshots).hasSize(names.size()).allSatisfy(s -> assertThat(s.threads()).isNotEmpty());
    }

    /** Sends {@code count} SIGUSR2 from one shell, as fast as it can. */
    private static void signal(long pid, int count) throws Exception {
        Process kill = new ProcessBuilder("/bin/sh", "-c",
                "i=0; while [ $i -lt " + count + " ]; do kill -USR2 " + pid + " 2>/dev/null; i=$((i+1)); done")
                .redirectErrorStream(true).start();
        kill.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (!kill.waitFor(30, TimeUnit.SECONDS)) {
            kill.destroyForcibly();
            fail("sending signals took more than 30 s");
        }
    }
}
