package org.ompdexplorer.importers.testfixtures;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the native test fixtures are: the OMPD-capable runtime of {@code scripts/build-ompd-runtime.sh} and the
 * cores of {@code scripts/make-core-fixtures.sh}, both cached under {@code ${XDG_CACHE_HOME:-~/.cache}/ompd-explorer}.
 *
 * <p>When something a test needs is missing, the test is skipped with one line saying what to install or run;
 * in CI ({@code CI=true}) it fails with that line instead, because CI builds the fixtures first and a skip there
 * would hide a broken fixture build.
 */
public final class NativeFixtures {
    private static final String MAKE_CORES = "scripts/make-core-fixtures.sh";
    private static final String BUILD_RUNTIME = "scripts/build-ompd-runtime.sh";
    private static final String MAKE_OFFLOAD = "scripts/make-offload-fixtures.sh";
    /** The LLVM version of the main fixtures (the scripts' default); other versions have cores of their own. */
    public static final int DEFAULT_LLVM = 19;
    /** The offload fixture program, next to its cores. */
    public static final String OFFLOAD_PROGRAM = "target_in_flight";

    private NativeFixtures() {
    }

    /**
     * Skips the test (fails it in CI) unless {@code present}.
     *
     * @param whatToDo what makes it present, e.g. "apt-get install gdb"
     */
    public static void require(boolean present, String missing, String whatToDo) {
        if (present) {
            return;
        }
        String line = missing + " (" + whatToDo + ")";
        if ("true".equals(System.getenv("CI"))) {
            fail("CI=true, but " + line);
        }
        assumeTrue(false, "skipped: " + line);
    }

    /** The newest complete set of fixture cores ($OMPD_CORE_FIXTURES, else the cache), or the test is skipped. */
    public static Path coreDirectory() {
        Optional<Path> dir = findCoreDirectory();
        require(dir.isPresent(), "no OMPD core fixtures", "run " + MAKE_CORES);
        return dir.get();
    }

    /**
     * The newest complete set of fixture cores made with LLVM {@code llvm}'s runtime
     * ({@code OMPD_LLVM_VERSION=llvm scripts/make-core-fixtures.sh}), or the test is skipped (failed in CI).
     */
    public static Path coreDirectory(int llvm) {
        if (llvm == DEFAULT_LLVM) {
            return coreDirectory();
        }
        Optional<Path> dir = newest(cache().resolve("cores-llvm" + llvm), d -> d.resolve("MANIFEST.tsv"));
        require(dir.isPresent(), "no OMPD core fixtures of LLVM " + llvm, "run OMPD_LLVM_VERSION=" + llvm + " "
                + MAKE_CORES);
        return dir.get();
    }

    /**
     * The fixture core {@code name}, e.g. {@code task_tree.gcore.core}. Kernel cores ({@code *.abort.core}) are only
     * made where {@code core_pattern} writes a file, so their absence is a plain skip, also in CI.
     */
    public static Path core(String name) {
        return core(DEFAULT_LLVM, name);
    }

    /** The fixture core {@code name} made with LLVM {@code llvm}'s runtime; see {@link #core(String)}. */
    public static Path core(int llvm, String name) {
        Path core = coreDirectory(llvm).resolve(name);
        if (name.contains(".abort.")) {
            assumeTrue(Files.exists(core), "skipped: kernel core " + name + " was not made here (needs core_pattern"
                    + " 'core'; see " + MAKE_CORES + ")");
        } else {
            require(Files.exists(core), "fixture core " + name + " is missing", "run " + MAKE_CORES);
        }
        return core;
    }

    /** The executable of fixture program {@code program}, next to its cores. */
    public static Path program(String program) {
        Path exe = coreDirectory().resolve(program);
        require(Files.isExecutable(exe), "fixture program " + program + " is missing", "run " + MAKE_CORES);
        return exe;
    }

    /**
     * The newest complete set of offload fixture cores of {@code scripts/make-offload-fixtures.sh}
     * ($OMPD_OFFLOAD_FIXTURES, else the cache), or the test is skipped (failed in CI).
     */
    public static Path offloadDirectory() {
        String explicit = System.getenv("OMPD_OFFLOAD_FIXTURES");
        Optional<Path> dir = explicit != null && !explicit.isEmpty()
                ? Optional.of(Path.of(explicit)).filter(d -> Files.exists(d.resolve("MANIFEST.tsv")))
                : newest(cache().resolve("offload"), d -> d.resolve("MANIFEST.tsv"));
        require(dir.isPresent(), "no offload fixture cores", "run " + MAKE_OFFLOAD
                + " (needs clang-tools-19: scripts/install-native-deps.sh)");
        return dir.get();
    }

    /** The offload fixture core {@code name}, e.g. {@code target_in_flight.agent.gcore.core}. */
    public static Path offloadCore(String name) {
        Path core = offloadDirectory().resolve(name);
        require(Files.exists(core), "offload fixture core " + name + " is missing", "run " + MAKE_OFFLOAD);
        return core;
    }

    /** The offload fixture's executable (its {@code .llvm.offloading} section holds a real device image). */
    public static Path offloadProgram() {
        Path exe = offloadDirectory().resolve(OFFLOAD_PROGRAM);
        require(Files.isExecutable(exe), "offload fixture program is missing", "run " + MAKE_OFFLOAD);
        return exe;
    }

    /** The install prefix of the OMPD-capable runtime ({@code lib/libomp.so.5}, {@code lib/libompd.so}). */
    /** The source of a fixture program, {@code native-fixtures/NAME.c} of this repository (beside its fixture.h). */
    public static Path source(String program) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path c = dir.resolve("native-fixtures").resolve(program + ".c");
            if (Files.isRegularFile(c)) {
                return c;
            }
        }
        throw new IllegalStateException("native-fixtures/" + program + ".c not found above " + Path.of("").toAbsolutePath());
    }

    public static Path runtimePrefix() {
        return runtimePrefix(DEFAULT_LLVM);
    }

    /** The install prefix of LLVM {@code llvm}'s OMPD-capable runtime, or the test is skipped (failed in CI). */
    public static Path runtimePrefix(int llvm) {
        Optional<Path> prefix = findRuntimePrefix(llvm);
        require(prefix.isPresent(), "no OMPD-capable LLVM " + llvm + " OpenMP runtime built", "run "
                + (llvm == DEFAULT_LLVM ? "" : "OMPD_LLVM_VERSION=" + llvm + " ") + BUILD_RUNTIME);
        return prefix.get();
    }

    /** $OMPD_CORE_FIXTURES, else the newest directory of the cache with a MANIFEST.tsv (written last). */
    public static Optional<Path> findCoreDirectory() {
        String explicit = System.getenv("OMPD_CORE_FIXTURES");
        if (explicit != null && !explicit.isEmpty()) {
            return Optional.of(Path.of(explicit)).filter(d -> Files.exists(d.resolve("MANIFEST.tsv")));
        }
        return newest(cache().resolve("cores"), d -> d.resolve("MANIFEST.tsv"));
    }

    /** The newest LLVM 19 runtime in the cache of build-ompd-runtime.sh that has both libraries. */
    public static Optional<Path> findRuntimePrefix() {
        return findRuntimePrefix(DEFAULT_LLVM);
    }

    /**
     * The newest runtime of LLVM {@code llvm} in the cache of build-ompd-runtime.sh that has both libraries: the
     * cache holds one directory per source package version, its SOURCE_VERSION naming {@code llvm-toolchain-N}.
     */
    public static Optional<Path> findRuntimePrefix(int llvm) {
        String source = "llvm-toolchain-" + llvm + " ";
        return newest(cache().resolve("runtime"), d -> d.resolve("lib/libompd.so"),
                d -> Files.exists(d.resolve("lib/libomp.so.5")) && firstLine(d.resolve("SOURCE_VERSION")).startsWith(source));
    }

    private static String firstLine(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).stream().findFirst().orElse("") : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path cache() {
        String cache = System.getenv("XDG_CACHE_HOME");
        return (cache != null && !cache.isEmpty() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("ompd-explorer");
    }

    private static Optional<Path> newest(Path root, java.util.function.Function<Path, Path> marker) {
        return newest(root, marker, d -> true);
    }

    private static Optional<Path> newest(Path root, java.util.function.Function<Path, Path> marker,
            java.util.function.Predicate<Path> accept) {
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            List<Path> complete = dirs.filter(d -> Files.exists(marker.apply(d)) && accept.test(d)).toList();
            return complete.stream().max(Comparator.comparing(d -> modified(marker.apply(d))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Starts a fixture program on the OMPD-capable runtime with {@code OMP_DEBUG=enabled} and returns once it
     * printed {@code READY} (all its threads held at their known point). Close it to end the process.
     */
    public static HeldProgram startHeld(String program) throws java.io.IOException {
        ProcessBuilder pb = new ProcessBuilder(program(program).toString());
        pb.environment().put("LD_LIBRARY_PATH", runtimePrefix().resolve("lib").toString());
        pb.environment().put("OMP_DEBUG", "enabled");
        return hold(pb, program);
    }

    /**
     * Starts the offload fixture as {@code scripts/make-offload-fixtures.sh} runs it (the OMPD-capable runtime,
     * libomptarget, {@code OMP_DEBUG=enabled}), with the capture agent loaded when {@code withAgent}, and returns
     * once its target region is in flight and held.
     */
    public static HeldProgram startOffloadHeld(boolean withAgent) throws java.io.IOException {
        Path dir = offloadDirectory();
        ProcessBuilder pb = new ProcessBuilder(offloadProgram().toString());
        java.util.Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("KMP_") || k.startsWith("OMPD_EXPLORER_"));
        env.put("LD_LIBRARY_PATH", dir.resolve("lib") + ":" + runtimePrefix().resolve("lib") + ":/usr/lib/llvm-19/lib");
        env.put("OMP_DEBUG", "enabled");
        if (withAgent) {
            env.put("OMP_TOOL_LIBRARIES", dir.resolve("agent/libompd-explorer-agent.so").toString());
            env.put("OMPD_EXPLORER_DIR", dir.resolve("agent-out").toString());
        }
        return hold(pb, OFFLOAD_PROGRAM);
    }

    private static HeldProgram hold(ProcessBuilder pb, String program) throws java.io.IOException {
        pb.redirectErrorStream(true);
        Process process = pb.start();
        java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(
                process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null && !line.startsWith("READY")) {
            if (!process.isAlive()) {
                break;
            }
        }
        if (line == null) {
            process.destroyForcibly();
            fail(program + " ended before it printed READY");
        }
        return new HeldProgram(process);
    }

    /** A fixture program held at its known point; {@link #close()} ends it. */
    public record HeldProgram(Process process) implements AutoCloseable {
        public long pid() {
            return process.pid();
        }

        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
