package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.json.SnapshotJsonExporter;
import org.ompdexplorer.importers.testfixtures.LoadOutcome;
import org.ompdexplorer.importers.testfixtures.PhaseRecorder;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.CodeModule;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

/**
 * The loader with a reopen cache: the second load of an unchanged big file comes from the cache as the same model
 * and diagnostics; a changed file, a damaged or foreign entry, a strict load of a file with errors are read from
 * the file; the directory stays within its bound, least recently used first; inputs are never written.
 */
class ReopenCacheTest {
    private static final String FROM_CACHE = "reading the reopen cache";
    @TempDir
    Path dir;

    private Path cacheDir() {
        return dir.resolve("cache");
    }

    private Path exported(String name, int tasks, long seed) throws Exception {
        Path file = dir.resolve(name);
        Snapshot s = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, tasks, seed));
        new SnapshotJsonExporter().write(s, file);
        assertThat(Files.size(file)).isGreaterThanOrEqualTo(ReopenCache.SMALLEST_FILE);
        return file;
    }

    private static LoadResult load(ReopenCache cache, Path file, PhaseRecorder phases) throws Exception {
        LoadResult r = new SnapshotLoader(cache).load(file, LoadOptions.LENIENT, phases);
        assertThat(cache.awaitWrites(Duration.ofMinutes(2))).isTrue();
        return r;
    }

    private List<Path> entries() throws IOException {
        if (!Files.isDirectory(cacheDir())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cacheDir())) {
            return files.sorted().toList();
        }
    }

    @Test
    void theSecondLoadOfAnUnchangedFileComesFromTheCacheAsTheSameLoad() throws Exception {
        Path file = exported("big.json", 12_000, 1);
        byte[] before = Files.readAllBytes(file);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        PhaseRecorder first = PhaseRecorder.recording();
        LoadResult parsed = load(cache, file, first);
        assertThat(first.phases()).doesNotContain(FROM_CACHE);
        assertThat(entries()).hasSize(1).allSatisfy(e -> assertThat(e.getFileName().toString())
                .endsWith(".ompdx-cache"));

        PhaseRecorder second = PhaseRecorder.recording();
        LoadResult kept = load(ReopenCache.at(cacheDir(), 1L << 30), file, second);
        assertThat(second.phases()).contains(FROM_CACHE).doesNotContain("reading tasks", "indexing");
        assertThat(LoadOutcome.of(kept)).isEqualTo(LoadOutcome.of(parsed));
        assertThat(Files.readAllBytes(file)).as("the input is never written").isEqualTo(before);
        assertThat(entries()).hasSize(1);
    }

    @Test
    void aChangedFileIsReadAgainAndItsEntryReplaced() throws Exception {
        Path file = exported("big.json", 12_000, 1);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, file, PhaseRecorder.recording());
        FileTime time = Files.getLastModifiedTime(file);
        // a trailing space, and the old time put back: the size and the tail's hash differ
        Files.writeString(file, " ", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Files.setLastModifiedTime(file, time);
        PhaseRecorder again = PhaseRecorder.recording();
        load(cache, file, again);
        assertThat(again.phases()).doesNotContain(FROM_CACHE);
        PhaseRecorder third = PhaseRecorder.recording();
        load(cache, file, third);
        assertThat(third.phases()).contains(FROM_CACHE);
        assertThat(entries()).hasSize(1);
    }

    @Test
    void aDamagedEntryIsIgnoredAndRebuiltWithoutAWord() throws Exception {
        Path file = exported("big.json", 12_000, 2);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        LoadResult parsed = load(cache, file, PhaseRecorder.recording());
        Path entry = entries().getFirst();
        byte[] bytes = Files.readAllBytes(entry);
        bytes[bytes.length / 2] ^= 1;
        Files.write(entry, bytes);
        PhaseRecorder damaged = PhaseRecorder.recording();
        LoadResult again = load(cache, file, damaged);
        assertThat(damaged.phases()).contains(FROM_CACHE, "reading tasks");
        assertThat(LoadOutcome.of(again)).isEqualTo(LoadOutcome.of(parsed));
        Files.write(entry, new byte[] {1, 2, 3});
        assertThat(LoadOutcome.of(load(cache, file, PhaseRecorder.recording()))).isEqualTo(LoadOutcome.of(parsed));
        PhaseRecorder rebuilt = PhaseRecorder.recording();
        load(cache, file, rebuilt);
        assertThat(rebuilt.phases()).contains(FROM_CACHE).doesNotContain("reading tasks");
        try (Stream<Path> all = Files.list(cacheDir())) {
            assertThat(all.filter(p -> !p.toString().endsWith(".ompdx-cache")).toList())
                    .as("no temporary file is left").isEmpty();
        }
    }

    @Test
    void aStrictLoadOfAFileWithErrorsFailsAsItAlwaysHas() throws Exception {
        Path file = exported("bad.json", 12_000, 3);
        String text = Files.readString(file);
        // a dangling generating task: an error the lenient load reports and the strict one refuses
        String broken = text.replaceFirst("\"generatingTask\":(\\d+)", "\"generatingTask\":987654321");
        assertThat(broken).isNotEqualTo(text);
        Files.writeString(file, broken);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        LoadResult lenient = load(cache, file, PhaseRecorder.recording());
        assertThat(lenient.errorCount()).isPositive();
        assertThatThrownBy(() -> new SnapshotLoader(cache).load(file, LoadOptions.STRICT, ProgressListener.NONE))
                .isInstanceOf(InvalidSnapshotException.class);
        PhaseRecorder kept = PhaseRecorder.recording();
        assertThat(LoadOutcome.of(load(cache, file, kept))).isEqualTo(LoadOutcome.of(lenient));
        assertThat(kept.phases()).contains(FROM_CACHE);

        Path otherSpelling = dir.resolve(".").resolve("bad.json"); // the same file: its diagnostics say so
        PhaseRecorder renamed = PhaseRecorder.recording();
        LoadResult again = load(cache, otherSpelling, renamed);
        assertThat(renamed.phases()).contains(FROM_CACHE);
        assertThat(again.diagnostics()).hasSameSizeAs(lenient.diagnostics())
                .allSatisfy(d -> assertThat(d.location().input()).isEqualTo(otherSpelling.toString()));
        assertThat(lenient.diagnostics()).allSatisfy(d -> assertThat(d.location().input()).isEqualTo(file.toString()));
    }

    @Test
    void theDirectoryKeepsWithinItsBoundLeastRecentlyUsedFirst() throws Exception {
        Path a = exported("a.json", 12_000, 4);
        Path b = exported("b.json", 12_000, 5);
        Path c = exported("c.json", 12_000, 6);
        ReopenCache roomy = ReopenCache.at(cacheDir(), 1L << 30);
        load(roomy, a, PhaseRecorder.recording());
        long one = Files.size(entries().getFirst());
        load(roomy, b, PhaseRecorder.recording());
        assertThat(entries()).hasSize(2);
        for (Path e : entries()) { // a's entry used long ago, b's a little later
            Files.setLastModifiedTime(e, FileTime.fromMillis(e.equals(entryOf(roomy, a)) ? 1000 : 2000));
        }
        ReopenCache bounded = ReopenCache.at(cacheDir(), 2 * one + one / 2);
        load(bounded, c, PhaseRecorder.recording());
        assertThat(entries()).containsExactlyInAnyOrder(entryOf(bounded, b), entryOf(bounded, c));
    }

    @Test
    void offSmallFilesAndStreamsAreNeverCached() throws Exception {
        Path big = exported("big.json", 12_000, 7);
        load(ReopenCache.off(), big, PhaseRecorder.recording());
        Path small = dir.resolve("small.json");
        new SnapshotJsonExporter().write(SyntheticSnapshotGenerator.generate(new GeneratorSpec(2, 1, 10, 1)), small);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, small, PhaseRecorder.recording());
        assertThat(entries()).isEmpty();
        assertThat(ReopenCache.fromEnvironment(Map.of("OMPD_EXPLORER_REOPEN_CACHE", "off")).isOn()).isFalse();
        assertThat(ReopenCache.fromEnvironment(Map.of("OMPD_EXPLORER_REOPEN_CACHE_MB", "0")).isOn()).isFalse();
        assertThat(ReopenCache.fromEnvironment(Map.of("XDG_CACHE_HOME", "/x/y")).directory())
                .isEqualTo(Path.of("/x/y/ompd-explorer/reopen"));
        assertThat(ReopenCache.fromEnvironment(Map.of("OMPD_EXPLORER_REOPEN_CACHE", dir.toString())).directory())
                .isEqualTo(dir);
    }

    @Test
    void aLoadSymbolizedFromModuleFilesIsKeptOnlyWhileTheyAreUnchanged() throws Exception {
        // a generated snapshot whose creation sites are raw addresses in a module at dir/prog, as the agent writes
        Snapshot g = SyntheticSnapshotGenerator.generate(new GeneratorSpec(4, 2, 12_000, 8));
        List<Task> tasks = g.tasks().stream().map(t -> t.withCode(t.function(), t.creationSite().isKnown()
                ? Fact.of(CodeLocation.at(t.creationSite().get().address())) : t.creationSite())).toList();
        long low = tasks.stream().filter(t -> t.creationSite().isKnown())
                .mapToLong(t -> t.creationSite().get().address()).min().orElseThrow();
        Path module = dir.resolve("prog");
        Snapshot s = new Snapshot(g.capture(), g.runtime(), g.addressSpaces(), g.states(), g.icvCatalogue(),
                g.displayControlVars(), g.threads(), g.parallelRegions(), tasks, g.targetRegions(),
                List.of(new CodeModule(module.toString(), null, low - 0x1000, low - 0x1000, low + 0x100000, null)));
        Path file = dir.resolve("agent.json");
        new SnapshotJsonExporter().write(s, file);
        assertThat(Files.size(file)).isGreaterThanOrEqualTo(ReopenCache.SMALLEST_FILE);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);

        LoadResult missing = load(cache, file, PhaseRecorder.recording());
        assertThat(missing.diagnostics()).extracting(Diagnostic::code).containsExactly("module-not-found");
        PhaseRecorder kept = PhaseRecorder.recording();
        assertThat(LoadOutcome.of(load(cache, file, kept))).isEqualTo(LoadOutcome.of(missing));
        assertThat(kept.phases()).contains(FROM_CACHE);

        // the module appears (here a file that is no ELF file): the entry no longer stands for the load
        Files.writeString(module, "not an ELF file");
        PhaseRecorder appeared = PhaseRecorder.recording();
        LoadResult unreadable = load(cache, file, appeared);
        assertThat(appeared.phases()).doesNotContain(FROM_CACHE);
        assertThat(unreadable.diagnostics()).extracting(Diagnostic::code).containsExactly("module-unreadable");
        PhaseRecorder third = PhaseRecorder.recording();
        assertThat(LoadOutcome.of(load(cache, file, third))).isEqualTo(LoadOutcome.of(unreadable));
        assertThat(third.phases()).contains(FROM_CACHE);

        // changed again (a rebuild), with its old time put back: its size differs
        FileTime time = Files.getLastModifiedTime(module);
        Files.writeString(module, "another build, still not ELF");
        Files.setLastModifiedTime(module, time);
        PhaseRecorder rebuilt = PhaseRecorder.recording();
        load(cache, file, rebuilt);
        assertThat(rebuilt.phases()).doesNotContain(FROM_CACHE);
        assertThat(entries()).hasSize(1);
    }

    private static Path entryOf(ReopenCache cache, Path file) throws IOException {
        return cache.entry(org.ompdexplorer.importers.cache.FileKey.of(file));
    }
}
