package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.debuginfo.DebuginfodSettings;
import org.ompdexplorer.importers.ompd.CoreImportException.Reason;
import org.ompdexplorer.importers.testfixtures.DebuginfodServer;
import org.ompdexplorer.importers.testfixtures.StrippedRuntimeCore;
import org.ompdexplorer.model.callstack.CallFrame;

/**
 * Issue 26 items 1, 2 and 4 at the importer: one locator for every ELF an import needs, a real debuginfod server
 * (Debian's, over loopback) behind it. The stripped runtime's debug file gives libompd its symbols and the stacks
 * their runtime frames; a program missing here comes from the server by the build-id the core holds
 * ({@code /executable}); a server that is down or lacks the file leaves the one stripped-runtime message, now naming
 * what the server said. The client's own failures (timeouts, size, wrong build, a full cache) are tested against
 * a fake server in {@code importers.debuginfo}.
 */
class DebuginfodCoreImportTest {
    @TempDir
    static Path dir;
    private static StrippedRuntimeCore fixture;
    private static DebuginfodServer server;

    @BeforeAll
    static void serve() throws Exception {
        DebuginfodServer.require();
        fixture = StrippedRuntimeCore.make(dir);
        // the program too, for /executable
        Files.copy(fixture.program(), fixture.debugDirectory().resolve("task_tree"));
        server = DebuginfodServer.start(fixture.debugDirectory(), fixture.buildId(), dir);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static DebuginfodSettings settings(String cache, URI... servers) {
        return new DebuginfodSettings(List.of(servers), Duration.ofSeconds(10), 0, Duration.ZERO, dir.resolve(cache));
    }

    private static LoadResult importCore(CoreImportOptions options) throws Exception {
        return new OmpdCoreImporter().importCore(options, ProgressListener.NONE);
    }

    @Test
    void theRuntimesDebugFileComesFromTheServerForLibompdAndTheStacks() throws Exception {
        LoadResult result = importCore(CoreImportOptions.of(fixture.core(), fixture.program())
                .withDebuginfod(settings("cache-a", server.url())));
        assertThat(result.snapshot().threads()).hasSize(2);
        assertThat(result.snapshot().tasks()).hasSize(10);
        assertThat(result.snapshot().callStacks()).anySatisfy(s -> assertThat(s.frames())
                .extracting(CallFrame::function).anyMatch(f -> f != null && f.startsWith("__kmp")));
        assertThat(dir.resolve("cache-a").resolve(fixture.buildId()).resolve("debuginfo")).isRegularFile();
    }

    /** The compatibility table's row (docs/compatibility.md): the same on the older runtimes' OMPD builds. */
    @ParameterizedTest
    @ValueSource(ints = {14, 15, 16})
    void anOlderStrippedRuntimesDebugFileComesFromTheServerToo(int llvm) throws Exception {
        Path here = Files.createDirectories(dir.resolve("llvm" + llvm));
        StrippedRuntimeCore older = StrippedRuntimeCore.make(here, llvm);
        try (DebuginfodServer its = DebuginfodServer.start(older.debugDirectory(), older.buildId(), here)) {
            LoadResult result = importCore(CoreImportOptions.of(older.core(), older.program())
                    .withDebuginfod(settings("cache-" + llvm, its.url())));
            assertThat(result.snapshot().threads()).hasSize(2);
            assertThat(result.snapshot().tasks()).hasSize(10);
            assertThat(result.snapshot().callStacks()).anySatisfy(s -> assertThat(s.frames())
                    .extracting(CallFrame::function).anyMatch(f -> f != null && f.startsWith("__kmp")));
        }
    }

    @Test
    void aProgramMissingHereIsFetchedByTheBuildIdTheCoreHolds() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("moved"));
        Path core = Files.copy(fixture.core(), elsewhere.resolve("task_tree.core"));
        // the core names the program where it ran; it is gone from there (a cluster's core on a desktop)
        Path program = fixture.program();
        Path hidden = Files.move(program, elsewhere.resolve("task_tree.hidden"));
        try {
            LoadResult result = importCore(CoreImportOptions.of(core, null)
                    .withDebuginfod(settings("cache-b", server.url())));
            assertThat(result.snapshot().tasks()).filteredOn(t -> t.function().isKnown()).isNotEmpty()
                    .allSatisfy(t -> assertThat(t.function().get().symbol()).contains("omp_"));
            assertThat(result.diagnostics()).noneMatch(d -> d.code().equals("executable-not-found"));
            try (Stream<Path> cached = Files.list(dir.resolve("cache-b"))) {
                assertThat(cached.map(d -> d.resolve("executable")).filter(Files::isRegularFile)).hasSize(1);
            }
        } finally {
            Files.move(hidden, program);
        }
    }

    @Test
    void aRuntimeMissingHereComesFromTheServerWithItsDebugFile() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served-runtime"));
        Files.copy(fixture.runtimeDirectory().resolve("libomp.so.5"), served.resolve("libomp.so.5"));
        Files.copy(fixture.debugDirectory().resolve("libomp.so.5.debug"), served.resolve("libomp.so.5.debug"));
        Path libompd = Files.copy(fixture.runtimeDirectory().resolve("libompd.so"), dir.resolve("libompd.so"));
        Path hidden = dir.resolve("runtime-elsewhere");
        Files.move(fixture.runtimeDirectory(), hidden); // the runtime the core names is not on this machine
        try (DebuginfodServer both = DebuginfodServer.start(served, fixture.buildId(), dir)) {
            LoadResult result = importCore(CoreImportOptions.of(fixture.core(), fixture.program())
                    .withOmpdLibrary(libompd).withDebuginfod(settings("cache-e", both.url())));
            assertThat(result.snapshot().threads()).hasSize(2);
            assertThat(result.snapshot().tasks()).hasSize(10);
            assertThat(dir.resolve("cache-e").resolve(fixture.buildId()).resolve("executable")).isRegularFile();
            assertThat(dir.resolve("cache-e").resolve(fixture.buildId()).resolve("debuginfo")).isRegularFile();
            assertThat(both.requests("/buildid/" + fixture.buildId() + "/executable")).as(both.requestLog())
                    .isEqualTo(1);
        } finally {
            Files.move(hidden, fixture.runtimeDirectory());
        }
    }

    @Test
    void aServerThatIsDownOrLacksTheFileLeavesTheStrippedRuntimeMessageWithWhatItSaid() throws Exception {
        URI down;
        try (ServerSocket s = new ServerSocket(0)) {
            down = URI.create("http://127.0.0.1:" + s.getLocalPort());
        }
        assertThatThrownBy(() -> importCore(CoreImportOptions.of(fixture.core(), fixture.program())
                .withDebuginfod(settings("cache-c", down)))).isInstanceOfSatisfying(CoreImportException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.STRIPPED_RUNTIME);
                    assertThat(e.getMessage()).contains("is stripped", fixture.buildId(), "connection refused",
                            down.toString());
                });
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.copy(fixture.program(), empty.resolve("task_tree")); // a server up, with another build's files only
        try (DebuginfodServer other = DebuginfodServer.startUnchecked(empty, dir)) {
            assertThatThrownBy(() -> importCore(CoreImportOptions.of(fixture.core(), fixture.program())
                    .withDebuginfod(settings("cache-d", other.url()))))
                    .isInstanceOfSatisfying(CoreImportException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.STRIPPED_RUNTIME);
                        assertThat(e.getMessage()).contains("has no debug file", fixture.buildId());
                    });
        }
        try (Stream<Path> left = Files.walk(dir.resolve("cache-d"))) {
            assertThat(left.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
                    .as("only the marker of a file no server has: nothing half-written").allMatch(n -> n.endsWith(".missing"));
        }
    }
}
