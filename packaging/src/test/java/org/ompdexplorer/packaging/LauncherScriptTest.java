package org.ompdexplorer.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;

/**
 * The checkout's launcher {@code ./ompd-explorer} (the script, not jpackage's launcher), run for real: its AOT cache
 * handling — the first core run records its configuration with the JVM as the script's child — must never lose the
 * command's output, leave a process or a file behind, or trust a cache directory or cache file it did not make.
 * Issue 23, items 2 and 10. Each test has a cache directory of its own (XDG_CACHE_HOME), so each first run records.
 */
class LauncherScriptTest {
    static final Path REPO = InstalledCommandTest.REPO;
    static final Path LAUNCHER = REPO.resolve("ompd-explorer");
    static final Path LESSON = InstalledCommandTest.LESSON;
    /** A hang guard only: a core import takes about a second, a cache is built in a few. */
    static final long GUARD_SECONDS = 120;

    static Path core;
    static Path exe;
    /** What the import prints on standard output, without any AOT cache. */
    static String expected;

    @TempDir
    Path dir;

    @BeforeAll
    static void reference() throws IOException {
        core = NativeFixtures.core("task_tree.gcore.core");
        exe = NativeFixtures.program("task_tree");
        expected = Processes.run(List.of(LAUNCHER.toString(), "import-core", core.toString(), "--exe", exe.toString()),
                env -> env.put("OMPD_EXPLORER_NO_AOT", "1"), null).exits(0).out();
        assertThat(expected).startsWith("{\n  \"format\": \"ompd-explorer-snapshot\"");
    }

    private static Consumer<Map<String, String>> cacheIn(Path xdg) {
        return env -> {
            env.remove("OMPD_EXPLORER_NO_AOT");
            env.put("XDG_CACHE_HOME", xdg.toString());
        };
    }

    private static Processes importCore(Consumer<Map<String, String>> env, String output) {
        return Processes.run(List.of(LAUNCHER.toString(), "import-core", core.toString(), "--exe", exe.toString(), "-o",
                output), env, null);
    }

    private static List<Path> files(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(directory)) {
            return s.sorted().toList();
        }
    }

    /** Waits (a hang guard) until the background cache build is over: a cache, and no configuration or temp left. */
    private static Path awaitCache(Path aot) throws Exception {
        for (long i = 0; i < GUARD_SECONDS * 10; i++) {
            List<Path> now = files(aot);
            Optional<Path> cache = now.stream().filter(p -> p.toString().endsWith("-core.aot")).findFirst();
            if (cache.isPresent() && now.stream().noneMatch(p -> p.toString().endsWith(".conf") || p.toString().endsWith(".tmp"))) {
                return cache.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no core cache built in " + aot + ": " + files(aot));
    }

    @Test
    void theFirstCoreRunWritesStandardOutputByAnyOfItsNames() throws Exception {
        for (String name : List.of("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")) {
            Path xdg = dir.resolve("xdg-" + name.replace('/', '_'));
            Processes run = importCore(cacheIn(xdg), name).exits(0);
            assertThat(run.out()).as("standard output of the recording run, -o %s", name).isEqualTo(expected);
            assertThat(run.err()).as(name).isEmpty();
            Path cache = awaitCache(xdg.resolve("ompd-explorer/aot"));
            // the next run uses the cache, and writes the same
            assertThat(importCore(cacheIn(xdg), name).exits(0).out()).as("with the cache %s", cache).isEqualTo(expected);
        }
    }

    @Test
    void aDamagedCacheIsIgnoredSilently() throws Exception {
        Path xdg = dir.resolve("xdg");
        importCore(cacheIn(xdg), dir.resolve("first.json").toString()).exits(0);
        Path cache = awaitCache(xdg.resolve("ompd-explorer/aot"));
        try (RandomAccessFile f = new RandomAccessFile(cache.toFile(), "rw")) {
            byte[] junk = new byte[64 * 1024];
            Arrays.fill(junk, (byte) 0xde);
            f.seek(f.length() / 5);
            f.write(junk);
        }
        Processes run = importCore(cacheIn(xdg), "-").exits(0);
        assertThat(run.out()).isEqualTo(expected);
        assertThat(run.err()).as("nothing said about the cache").isEmpty();

        Files.write(cache, new byte[] {1, 2, 3}); // and one cut short
        run = importCore(cacheIn(xdg), "-").exits(0);
        assertThat(run.out()).isEqualTo(expected);
        assertThat(run.err()).isEmpty();
    }

    @Test
    void worksWithoutHomeAndXdgCacheHome() throws Exception {
        Consumer<Map<String, String>> noHome = env -> {
            env.remove("HOME");
            env.remove("XDG_CACHE_HOME");
            env.remove("OMPD_EXPLORER_NO_AOT");
        };
        Processes same = Processes.run(List.of(LAUNCHER.toString(), "diff", LESSON.toString(), LESSON.toString()),
                noHome, null);
        assertThat(same.exit()).as("diff of a file with itself: 0, the same; stderr: %s", same.err()).isZero();
        assertThat(same.err()).doesNotContain("unbound");
        Path out = dir.resolve("out.json");
        importCore(noHome, out.toString()).exits(0);
        assertThat(Files.readString(out)).isEqualTo(expected);

        // XDG_CACHE_HOME alone is enough for a cache, and the only place it goes
        Path xdg = dir.resolve("xdg");
        importCore(env -> {
            noHome.accept(env);
            env.put("XDG_CACHE_HOME", xdg.toString());
        }, dir.resolve("again.json").toString()).exits(0);
        awaitCache(xdg.resolve("ompd-explorer/aot"));
    }

    @Test
    void runsThroughASymbolicLinkAndAChainOfThem() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path link = Files.createSymbolicLink(bin.resolve("x"), LAUNCHER);
        Path relative = Files.createSymbolicLink(dir.resolve("y"), Path.of("bin/x"));
        for (Path p : List.of(link, relative)) {
            Processes version = Processes.run(List.of(p.toString(), "--version"), env -> { }, null);
            assertThat(version.exit()).as("%s: %s", p, version.err()).isZero();
            assertThat(version.out()).startsWith("ompd-explorer ");
        }
    }

    @Test
    void aCacheDirectoryOthersCanWriteOrALinkedOneIsNotUsed() throws Exception {
        // writable by others: a cache planted there would be run; the launcher runs without AOT instead
        Path open = dir.resolve("open");
        Path openAot = Files.createDirectories(open.resolve("ompd-explorer/aot"));
        Files.setPosixFilePermissions(openAot, PosixFilePermissions.fromString("rwxrwxrwx"));
        // its parent writable by group: the aot directory could be swapped for another
        Path group = dir.resolve("group");
        Path groupAot = Files.createDirectories(group.resolve("ompd-explorer/aot"));
        Files.setPosixFilePermissions(group.resolve("ompd-explorer"), PosixFilePermissions.fromString("rwxrwx---"));
        // a link where the directory should be
        Path linked = dir.resolve("linked");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createDirectories(linked.resolve("ompd-explorer"));
        Files.createSymbolicLink(linked.resolve("ompd-explorer/aot"), elsewhere);
        List<Path[]> cases = new ArrayList<>(List.of(new Path[] {open, openAot}, new Path[] {group, groupAot},
                new Path[] {linked, elsewhere}));
        if ("root".equals(System.getProperty("user.name"))) {
            // owned by someone else
            Path other = dir.resolve("other");
            Path otherAot = Files.createDirectories(other.resolve("ompd-explorer/aot"));
            Files.setOwner(otherAot, otherAot.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
            cases.add(new Path[] {other, otherAot});
        }
        for (Path[] c : cases) {
            Path out = dir.resolve("out.json");
            importCore(cacheIn(c[0]), out.toString()).exits(0);
            assertThat(Files.readString(out)).isEqualTo(expected);
            // a recording run leaves its configuration there by the time it ends: nothing means no AOT at all
            assertThat(files(c[1])).as("cache directory %s", c[1]).isEmpty();
        }
    }

    /**
     * SIGTERM to the launcher while the first core run records (bash is java's parent then): java ends too, the
     * half-recorded configuration is removed, and the exit is 143. A {@code gcore} that never finishes (a fake one
     * on the PATH) holds {@code capture} at a known point.
     */
    @Test
    void terminatingTheRecordingRunEndsJavaAndLeavesNoConfiguration() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("fakebin"));
        Path gcore = Files.writeString(bin.resolve("gcore"), "#!/bin/sh\nexec sleep 3600\n");
        Files.setPosixFilePermissions(gcore, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process target = new ProcessBuilder("sleep", "600").start();
        Path xdg = dir.resolve("xdg");
        Path out = dir.resolve("live.json");
        ProcessBuilder pb = new ProcessBuilder(LAUNCHER.toString(), "capture", Long.toString(target.pid()), "-o",
                out.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("OMPD_EXPLORER_NO_AOT");
        pb.environment().put("XDG_CACHE_HOME", xdg.toString());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process launcher = pb.start();
        List<ProcessHandle> started = List.of();
        try {
            ProcessHandle fake = null;
            for (long i = 0; i < GUARD_SECONDS * 10 && fake == null; i++) {
                started = launcher.descendants().toList();
                fake = started.stream().filter(h -> h.info().arguments().map(a -> Arrays.asList(a).contains("3600"))
                        .orElse(false)).findFirst().orElse(null);
                Thread.sleep(100);
            }
            assertThat(fake).as("capture reached gcore").isNotNull();
            List<ProcessHandle> javas = started.stream()
                    .filter(h -> h.info().command().map(c -> c.endsWith("/java")).orElse(false)).toList();
            assertThat(javas).as("java runs under the launcher").isNotEmpty();

            launcher.destroy(); // SIGTERM
            assertThat(launcher.waitFor(GUARD_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(launcher.exitValue()).isEqualTo(143);
            for (ProcessHandle java : javas) {
                java.onExit().get(GUARD_SECONDS, TimeUnit.SECONDS); // a hang guard: fails by timing out
                assertThat(java.isAlive()).isFalse();
            }
            assertThat(files(xdg.resolve("ompd-explorer/aot"))).as("no configuration or cache left")
                    .noneMatch(p -> p.toString().endsWith(".conf") || p.toString().endsWith(".tmp"));
            assertThat(out).doesNotExist();
        } finally {
            launcher.destroyForcibly();
            started.forEach(ProcessHandle::destroyForcibly);
            target.destroyForcibly();
        }
    }
}
