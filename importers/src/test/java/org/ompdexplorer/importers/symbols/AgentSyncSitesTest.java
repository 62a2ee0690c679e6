package org.ompdexplorer.importers.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.importers.testfixtures.AgentCaptures;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.ThreadKind;
import org.ompdexplorer.model.callstack.ThreadPlace;

/**
 * A real agent snapshot (format 1.4) of a thread waiting at an explicit barrier in solve_boundary
 * (agent/test/barrier_target.c, built with {@code -g}): its stack stops in the runtime, which has no frame pointers,
 * yet its sync region's site is symbolized when read to solve_boundary at the barrier's line, and the thread is said
 * to wait there. Whether the map lists the site or not (a site met before the map), the same.
 */
class AgentSyncSitesTest {
    private static final Path SOURCE = Path.of("../agent/test/barrier_target.c").toAbsolutePath().normalize();
    @TempDir
    static Path dir;
    private static Path exe;
    private static Path snapshot;
    private static int line;

    @BeforeAll
    static void capture() throws Exception {
        exe = AgentCaptures.compile(SOURCE, dir.resolve("barrier_target"), "-g", "-O0");
        List<Path> taken = AgentCaptures.capture(exe, dir.resolve("out"), Map.of());
        assertThat(taken).hasSize(1);
        snapshot = taken.getFirst();
        List<String> text = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        line = java.util.stream.IntStream.range(0, text.size()).filter(i -> text.get(i).contains("SITE:barrier"))
                .findFirst().orElseThrow() + 1;
    }

    private static LoadResult load(Path file) throws Exception {
        return new SnapshotLoader().load(file, LoadOptions.LENIENT, ProgressListener.NONE);
    }

    private static OmpThread worker(Snapshot s) {
        return s.threads().stream().filter(t -> t.kind().orElse(null) == ThreadKind.WORKER).findFirst().orElseThrow();
    }

    private static void assertWaitsAtTheBarrier(Snapshot s) {
        OmpThread waiter = worker(s);
        SyncRegion region = waiter.syncRegion().get();
        assertThat(region.kind()).isEqualTo(SyncRegionKind.BARRIER_EXPLICIT);
        CodeLocation site = region.site().get();
        assertThat(site.symbol()).isEqualTo("solve_boundary");
        assertThat(site.file()).isEqualTo(SOURCE.toString());
        assertThat(site.line()).isEqualTo(line);
        assertThat(site.possiblyInexact()).isFalse();
        assertThat(s.index().callStack(waiter.id()).flatMap(st -> st.innermostUserFrame(s.modules())))
                .as("the stack stops in the runtime").isEmpty();
        assertThat(ThreadPlace.of(waiter, s))
                .contains("waits at a barrier in solve_boundary (" + SOURCE + ":" + line + ")");
        OmpThread initial = s.threads().stream().filter(t -> t.kind().orElse(null) == ThreadKind.INITIAL)
                .findFirst().orElseThrow();
        assertThat(initial.syncRegion().isKnown()).as("the snapshot-taking thread is in no sync region").isFalse();
    }

    @Test
    void theSiteOfAThreadsBarrierIsTheLineOfItsConstruct() throws Exception {
        LoadResult r = load(snapshot);
        assertThat(r.diagnostics()).as("a snapshot read where it was taken is clean").isEmpty();
        assertWaitsAtTheBarrier(r.snapshot());
    }

    @Test
    void aSiteTheMapDoesNotListIsSymbolizedAfterTheRead(@TempDir Path out) throws Exception {
        // the agent lists each module's code addresses; without them, the site is symbolized after the read
        String text = Files.readString(snapshot, StandardCharsets.UTF_8)
                .replaceAll("\"codeAddresses\": \\[[^\\]]*\\]", "\"codeAddresses\": []");
        Path unlisted = out.resolve("unlisted.json");
        Files.writeString(unlisted, text, StandardCharsets.UTF_8);
        LoadResult r = load(unlisted);
        assertThat(r.diagnostics()).isEmpty();
        assertWaitsAtTheBarrier(r.snapshot());
    }
}
