package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.DebuginfodServer;
import org.ompdexplorer.importers.testfixtures.StrippedRuntimeCore;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * Issue 26, done when: a core of a program built with Debian's clang-19 on a stripped runtime imports from the
 * command line with nothing but {@code DEBUGINFOD_URLS} pointing at a real debuginfod server that has the runtime's
 * debug file — the CLI as a user runs it, in a JVM of its own with that environment. A second import is served from
 * the cache without asking the server again.
 */
class DebuginfodImportTest {
    @TempDir
    static Path dir;
    private static StrippedRuntimeCore fixture;
    private static DebuginfodServer server;

    @BeforeAll
    static void serve() throws Exception {
        DebuginfodServer.require();
        fixture = StrippedRuntimeCore.make(dir);
        server = DebuginfodServer.start(fixture.debugDirectory(), fixture.buildId(), dir);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private record Run(int exit, String stderr) {
    }

    private static Run importCore(Path out, String urls, Path cache) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work-" + out.getFileName()));
        List<String> command = new ArrayList<>(ChildLauncher.currentJvm().command(work));
        command.addAll(List.of("import-core", fixture.core().toString(), "-o", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("stderr.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("DEBUGINFOD_") || k.equals("XDG_CACHE_HOME"));
        pb.environment().put("XDG_CACHE_HOME", cache.resolve(".cache").toString()); // the user's cache directory
        if (urls != null) {
            pb.environment().put("DEBUGINFOD_URLS", urls);
        }
        Process p = pb.start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("import-core ended").isTrue();
        return new Run(p.exitValue(), Files.readString(work.resolve("stderr.txt")));
    }

    @Test
    void aStrippedRuntimesCoreImportsWithOnlyDebuginfodUrlsSetThenFromTheCache() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Run without = importCore(dir.resolve("none.json"), null, home);
        assertThat(without.exit()).as(without.stderr()).isEqualTo(2);
        assertThat(without.stderr()).contains("is stripped", fixture.buildId(), "DEBUGINFOD_URLS",
                "no debuginfod server asked").doesNotContain("Exception");
        assertThat(dir.resolve("none.json")).doesNotExist();

        Path first = dir.resolve("first.json");
        Run fetched = importCore(first, server.url().toString(), home);
        assertThat(fetched.exit()).as(fetched.stderr()).isZero();
        assertThat(fetched.stderr()).contains("downloading the debug file of libomp.so.5");
        Snapshot snapshot = load(first);
        assertThat(snapshot.threads()).hasSize(2);
        assertThat(snapshot.tasks()).hasSize(10);
        assertThat(snapshot.tasks()).filteredOn(t -> t.function().isKnown()).isNotEmpty()
                .allSatisfy(t -> assertThat(t.function().get().symbol()).matches("\\.omp_task_entry\\..*|main\\.omp_outlined.*|.*omp_outlined.*"));
        assertThat(snapshot.callStacks()).as("stacks through the runtime, its frames named from the debug file")
                .anySatisfy(s -> assertThat(s.frames()).extracting(CallFrame::function)
                        .anyMatch(f -> f != null && f.startsWith("__kmp")));
        Path cached;
        try (Stream<Path> files = Files.walk(home.resolve(".cache/ompd-explorer/debuginfod"))) {
            cached = files.filter(f -> f.getFileName().toString().equals("debuginfo")).findFirst().orElseThrow();
        }
        assertThat(cached.getParent().getFileName().toString()).isEqualTo(fixture.buildId());
        long asked = server.requests("/buildid/" + fixture.buildId() + "/debuginfo");
        assertThat(asked).as("one download, shared by libompd's symbols and the stacks: %s", server.requestLog())
                .isEqualTo(1);

        Run again = importCore(dir.resolve("second.json"), server.url().toString(), home);
        assertThat(again.exit()).as(again.stderr()).isZero();
        assertThat(again.stderr()).doesNotContain("downloading");
        assertThat(server.requests("/buildid/" + fixture.buildId() + "/debuginfo")).as("served from the cache")
                .isEqualTo(asked);
        assertThat(load(dir.resolve("second.json")).tasks()).hasSize(10);
    }

    private static Snapshot load(Path file) throws Exception {
        return new SnapshotLoader().load(file, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
    }
}
