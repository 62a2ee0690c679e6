package org.ompdexplorer.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.LinkOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ompdexplorer.importers.cache.CraftedEntry;
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

        // rebuilt to the very same size, its old time put back (cp -p): its change time differs
        load(cache, file, PhaseRecorder.recording());
        time = Files.getLastModifiedTime(module);
        Files.writeString(module, "another build, still not elf");
        Files.setLastModifiedTime(module, time);
        PhaseRecorder sameSize = PhaseRecorder.recording();
        load(cache, file, sameSize);
        assertThat(sameSize.phases()).doesNotContain(FROM_CACHE);
    }

    @Test
    void anEditInTheMiddleWithItsTimePutBackIsReadAgain() throws Exception {
        // cp -p, rsync -t and tar x put a file's time back: the same size, head and tail, another middle
        Path file = exported("big.json", 12_000, 9);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, file, PhaseRecorder.recording());
        FileTime time = Files.getLastModifiedTime(file);
        byte[] bytes = Files.readAllBytes(file);
        int at = bytes.length / 2;
        while (bytes[at] < '0' || bytes[at] > '8') {
            at++;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {(byte) (bytes[at] + 1)}), at);
        }
        Files.setLastModifiedTime(file, time);
        PhaseRecorder again = PhaseRecorder.recording();
        LoadResult edited = load(cache, file, again);
        assertThat(again.phases()).doesNotContain(FROM_CACHE);
        assertThat(LoadOutcome.of(edited)).isEqualTo(LoadOutcome.of(load(ReopenCache.off(), file,
                PhaseRecorder.recording())));
    }

    static Stream<Arguments> attacks() throws Exception {
        return CraftedEntry.attacks().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("attacks")
    void aCraftedEntryIsDeletedAndTheFileReadInstead(String attack, byte[] body) throws Exception {
        Path file = exported("big.json", 12_000, 2);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        LoadResult parsed = load(cache, file, PhaseRecorder.recording());
        Path entry = entries().getFirst();
        Files.write(entry, CraftedEntry.rebody(Files.readAllBytes(entry), body));
        PhaseRecorder crafted = PhaseRecorder.recording();
        LoadResult again = load(cache, file, crafted);
        assertThat(crafted.phases()).as(attack).contains("reading tasks");
        assertThat(LoadOutcome.of(again)).isEqualTo(LoadOutcome.of(parsed));
        PhaseRecorder rebuilt = PhaseRecorder.recording();
        assertThat(LoadOutcome.of(load(cache, file, rebuilt))).isEqualTo(LoadOutcome.of(parsed));
        assertThat(rebuilt.phases()).as("the entry is kept again").contains(FROM_CACHE)
                .doesNotContain("reading tasks");
    }

    @Test
    void aLinkPlantedAtAnEntryNameIsNeverFollowed() throws Exception {
        Path file = exported("big.json", 12_000, 10);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, file, PhaseRecorder.recording());
        Path entry = entries().getFirst();
        // read: a matching entry kept elsewhere, linked in under the entry's name
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere")).resolve("planted");
        Files.move(entry, elsewhere);
        Files.createSymbolicLink(entry, elsewhere);
        PhaseRecorder linked = PhaseRecorder.recording();
        load(cache, file, linked);
        assertThat(linked.phases()).doesNotContain(FROM_CACHE);
        assertThat(Files.isSymbolicLink(entry)).as("the link is replaced by an entry of its own").isFalse();
        assertThat(Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)).isTrue();

        // write: a link to a file of the user's, where the next entry is written
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "precious");
        Files.delete(entry);
        Files.createSymbolicLink(entry, victim);
        load(cache, file, PhaseRecorder.recording());
        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)).isTrue();

        // a FIFO at the entry's name: neither read (which would block) nor written through
        Files.delete(entry);
        assertThat(new ProcessBuilder("mkfifo", entry.toString()).start().waitFor()).isZero();
        PhaseRecorder fifo = PhaseRecorder.recording();
        load(cache, file, fifo);
        assertThat(fifo.phases()).doesNotContain(FROM_CACHE);
        assertThat(Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void aCacheDirectoryThatIsALinkIsNotUsed() throws Exception {
        Path file = exported("big.json", 12_000, 11);
        Path real = dir.resolve("real-cache");
        load(ReopenCache.at(real, 1L << 30), file, PhaseRecorder.recording());
        List<Path> kept;
        try (Stream<Path> files = Files.list(real)) {
            kept = files.toList();
        }
        assertThat(kept).hasSize(1);
        Files.createSymbolicLink(cacheDir(), real);
        ReopenCache linked = ReopenCache.at(cacheDir(), 1L << 30);
        PhaseRecorder read = PhaseRecorder.recording();
        load(linked, file, read);
        assertThat(read.phases()).doesNotContain(FROM_CACHE);
        Files.delete(kept.getFirst());
        load(linked, file, PhaseRecorder.recording());
        try (Stream<Path> files = Files.list(real)) {
            assertThat(files.toList()).as("nothing is written through the link").isEmpty();
        }
    }

    @Test
    void aCacheDirectoryOthersMayWriteIsNotUsed() throws Exception {
        Path file = exported("big.json", 12_000, 12);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, file, PhaseRecorder.recording());
        Files.setPosixFilePermissions(cacheDir(), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNotUsed(cache, file);

        // its parent writable by others: they could put another directory in its place
        Path nested = dir.resolve("loose").resolve("reopen");
        ReopenCache inLoose = ReopenCache.at(nested, 1L << 30);
        load(inLoose, file, PhaseRecorder.recording());
        assertThat(Files.list(nested).count()).isEqualTo(1);
        Files.setPosixFilePermissions(nested.getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNotUsed(inLoose, file);
    }

    @Test
    void aCacheDirectoryOwnedBySomeoneElseIsNotUsed() throws Exception {
        Assumptions.assumeTrue(System.getProperty("user.name").equals("root"), "only root can give a directory away");
        Path file = exported("big.json", 12_000, 13);
        ReopenCache cache = ReopenCache.at(cacheDir(), 1L << 30);
        load(cache, file, PhaseRecorder.recording());
        Files.setAttribute(cacheDir(), "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS); // nobody; still mode 0700
        assertNotUsed(cache, file);

        // writable by a group that is not the owner's own
        Path grouped = dir.resolve("grouped");
        ReopenCache inGrouped = ReopenCache.at(grouped, 1L << 30);
        load(inGrouped, file, PhaseRecorder.recording());
        Files.setAttribute(grouped, "unix:gid", 65534, LinkOption.NOFOLLOW_LINKS);
        Files.setPosixFilePermissions(grouped, PosixFilePermissions.fromString("rwxrwx---"));
        assertNotUsed(inGrouped, file);
    }

    /** A kept entry is not read, and nothing is written in its place. */
    private void assertNotUsed(ReopenCache cache, Path file) throws Exception {
        PhaseRecorder read = PhaseRecorder.recording();
        load(cache, file, read);
        assertThat(read.phases()).doesNotContain(FROM_CACHE);
        Path d = cache.directory();
        List<Path> kept;
        try (Stream<Path> files = Files.list(d)) {
            kept = files.toList();
        }
        for (Path p : kept) {
            Files.delete(p);
        }
        load(cache, file, PhaseRecorder.recording());
        try (Stream<Path> files = Files.list(d)) {
            assertThat(files.toList()).as("nothing is written in %s", d).isEmpty();
        }
    }

    @Test
    void theUsersCacheFollowsHomeAndXdgCacheHomeAsTheLauncherDoes() {
        assertThat(ReopenCache.fromEnvironment(Map.of("HOME", "/home/someone")).directory())
                .isEqualTo(Path.of("/home/someone/.cache/ompd-explorer/reopen"));
        assertThat(ReopenCache.fromEnvironment(Map.of("HOME", "/home/someone", "XDG_CACHE_HOME", "relative"))
                .directory()).as("a relative XDG_CACHE_HOME is ignored, as the spec says")
                .isEqualTo(Path.of("/home/someone/.cache/ompd-explorer/reopen"));
        assertThat(ReopenCache.fromEnvironment(Map.of("HOME", "/home/someone", "XDG_CACHE_HOME", "/x"))
                .directory()).isEqualTo(Path.of("/x/ompd-explorer/reopen"));
    }

    private static Path entryOf(ReopenCache cache, Path file) throws IOException {
        return cache.entry(org.ompdexplorer.importers.cache.FileKey.of(file));
    }
}
