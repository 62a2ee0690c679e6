package org.ompdexplorer.app.ui.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/** The child import with fake children: progress, the snapshot, and every way a child can end badly. */
class ChildImportTest {
    private static final List<String> ARGS = List.of("import-core", "/cores/task_tree.core", "--progress");
    @TempDir
    Path dir;
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final JobContext context = new JobContext() {
        @Override
        public void progress(String phase, long done, long total) {
            progress.add(phase + " " + done + "/" + total);
        }

        @Override
        public boolean isCancelled() {
            return cancelled.get();
        }
    };

    private LoadResult run(ChildLauncher launcher) throws Exception {
        return new ChildImport(launcher, Duration.ofSeconds(30)).run("core file task_tree.core", ARGS, context);
    }

    private ChildImportException failure(ChildLauncher launcher) {
        try {
            run(launcher);
        } catch (ChildImportException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected a ChildImportException", e);
        }
        throw new AssertionError("the child import succeeded");
    }

    private Path lessonFile() {
        return TestSnapshots.write(TestSnapshots.lesson().snapshot(), dir.resolve("lesson.json"));
    }

    @Test
    void progressLinesBecomeProgressAndTheWrittenSnapshotIsLoadedWithTheChildsDiagnostics() throws Exception {
        LoadResult result = run(FakeChild.succeeding(dir, lessonFile()));

        assertThat(result.snapshot().threads()).hasSameSizeAs(TestSnapshots.lesson().snapshot().threads());
        assertThat(progress).containsSubsequence("opening core 0/-1", "reading threads 1/2", "reading threads 2/2");
        Diagnostic warning = result.diagnostics().getFirst();
        assertThat(warning.severity()).isEqualTo(Severity.WARNING);
        assertThat(warning.message()).isEqualTo("libomp.so.5 differs from the core's (build-id 1234 vs 5678)");
        assertThat(warning.fix()).isEqualTo("use the runtime the program ran with");
        assertThat(warning.location().toString()).isEqualTo("task_tree.core");
    }

    @Test
    void theChildGetsTheArgumentsThenWhereToWriteInItsOwnDirectoryWhichIsDeletedAfter() throws Exception {
        Path seen = dir.resolve("args.txt");
        Path snapshot = lessonFile();
        run(FakeChild.script(dir, "echo", "echo \"$PWD|$*\" > '" + seen + "'\ncp '" + snapshot + "' \"$out\""));

        String[] line = Files.readString(seen).strip().split("\\|");
        Path work = Path.of(line[0]);
        assertThat(line[1]).isEqualTo(String.join(" ", ARGS) + " -o " + work.resolve("snapshot.json"));
        assertThat(work.getFileName().toString()).startsWith("ompd-explorer-import-");
        assertThat(work).doesNotExist();
    }

    @Test
    void aNonZeroExitShowsTheChildsOwnMessage() {
        ChildImportException e = failure(FakeChild.failing(dir,
                "/cores/x.core is not a core file (ELF type ET_EXEC, expected ET_CORE)"));

        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.FAILED);
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).isEqualTo("/cores/x.core is not a core file (ELF type ET_EXEC, expected ET_CORE)");
    }

    @Test
    void aChildThatFailsWithoutTheCliMessageShowsItsLastLines() {
        ChildImportException e = failure(FakeChild.script(dir, "nojvm",
                "echo 'Error: Could not find or load main class org.ompdexplorer.app.Main' >&2\nexit 1"));

        assertThat(e.getMessage()).isEqualTo("the import of core file task_tree.core failed (exit code 1); it said:"
                + " Error: Could not find or load main class org.ompdexplorer.app.Main");
    }

    @Test
    void aChildKilledByASignalIsOneClearMessage() {
        ChildImportException e = failure(FakeChild.crashing(dir));

        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.CRASHED);
        assertThat(e.exitCode()).isEqualTo(139);
        assertThat(e.getMessage()).startsWith("the OMPD import of core file task_tree.core crashed (signal 11, SIGSEGV)"
                + " — the window is unaffected. The core may be damaged, or the libompd used does not fit");
    }

    @Test
    void aJvmCrashInNativeCodeNamesTheSignalAndTheFrameFromItsCrashLog() {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String classPath = System.getProperty("java.class.path");
        ChildLauncher crashing = work -> ChildLauncher.jvm(java, work, List.of("--enable-native-access=ALL-UNNAMED",
                "-cp", classPath, CrashingChild.class.getName()));

        ChildImportException e = failure(crashing);

        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.CRASHED);
        assertThat(e.getMessage()).as("the JVM exits with code 1 after writing its crash log, which names the signal")
                .startsWith("the OMPD import of core file task_tree.core crashed (signal 11, SIGSEGV, in libc.so.6+0x")
                .contains(") — the window is unaffected. The core may be damaged");
        assertThat(progress).contains("initializing OMPD 0/-1");
        assertThat(dir.resolve("core")).doesNotExist();
    }

    @Test
    void cancelStopsTheChildAndWhatItStartedAndDeletesItsDirectory() throws Exception {
        Path pids = dir.resolve("pids.txt");
        ChildImport child = new ChildImport(FakeChild.hanging(dir, pids), Duration.ofMinutes(5));
        CompletableFuture<LoadResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return child.run("core file task_tree.core", ARGS, context);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        waitUntil(() -> progress.contains("reading threads 1/64") && Files.exists(pids));
        String[] started = Files.readString(pids).strip().split(" ");
        ProcessHandle script = ProcessHandle.of(Long.parseLong(started[0])).orElseThrow();
        ProcessHandle grandchild = ProcessHandle.of(Long.parseLong(started[1])).orElseThrow();
        long before = System.nanoTime();

        cancelled.set(true);

        assertThatThrownBy(() -> running.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(LoadCancelledException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(Duration.ofSeconds(1));
        waitUntil(() -> gone(script.pid()) && gone(grandchild.pid()));
        assertThat(Path.of(started[2]).getParent()).doesNotExist();
    }

    @Test
    void theWatchdogStopsAHungChildWithOneMessage() throws Exception {
        Path pids = dir.resolve("pids.txt");
        ChildImport child = new ChildImport(FakeChild.hanging(dir, pids), Duration.ofMillis(800));

        ChildImportException e = null;
        try {
            child.run("core file task_tree.core", ARGS, context);
        } catch (ChildImportException thrown) {
            e = thrown;
        }

        assertThat(e).isNotNull();
        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.TIMED_OUT);
        assertThat(e.getMessage()).isEqualTo("the OMPD import of core file task_tree.core did not finish within 800 ms"
                + " (last: reading threads 1/64) and was stopped — the window is unaffected. libompd may be looping on"
                + " a damaged core; run import-core in a terminal to watch its progress");
        String[] started = Files.readString(pids).strip().split(" ");
        waitUntil(() -> gone(Long.parseLong(started[0])) && gone(Long.parseLong(started[1])));
    }

    @Test
    void aChildThatWritesMegabytesToStandardErrorNeverBlocks() throws Exception {
        Path snapshot = lessonFile();
        long start = System.nanoTime();
        LoadResult result = run(FakeChild.script(dir, "noisy", "yes 'the child talks a lot on stderr' | head -n 300000"
                + " >&2\necho 'progress done 1 1' >&2\ncp '" + snapshot + "' \"$out\""));

        assertThat(result.snapshot()).isNotNull();
        assertThat(progress).contains("done 1/1");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void exitZeroWithoutASnapshotIsAMessageToo() {
        ChildImportException e = failure(FakeChild.script(dir, "silent", "exit 0"));

        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.NO_SNAPSHOT);
        assertThat(e.getMessage()).startsWith("the import of core file task_tree.core ended without writing a snapshot");
    }

    @Test
    void aChildThatCannotStartSaysSo() {
        ChildImportException e = failure(ChildLauncher.of(dir.resolve("no-such-java").toString()));

        assertThat(e.kind()).isEqualTo(ChildImportException.Kind.NOT_STARTED);
        assertThat(e.getMessage()).startsWith("could not start the import (" + dir.resolve("no-such-java"));
    }

    @Test
    void theChildUsesTheLaunchersCoreAotCacheOnceItExists() throws Exception {
        Path work = dir.resolve("work");
        Path cache = dir.resolve("x-core.aot");
        assertThat(ChildLauncher.onModulePath("/jdk/bin/java", "/app/app.jar", cache.toString()).command(work))
                .as("no cache yet: started as before").noneMatch(a -> a.startsWith("-XX:AOTCache"));
        java.nio.file.Files.writeString(cache, "stands for a cache");
        assertThat(ChildLauncher.onModulePath("/jdk/bin/java", "/app/app.jar", cache.toString()).command(work))
                .containsSubsequence("-XX:+UseParallelGC", "-XX:AOTCache=" + cache, "-XX:+VerifySharedSpaces",
                        "-Xlog:aot=off", "-Xlog:cds=off",
                        "--enable-native-access=org.ompdexplorer.importers", "-p", "/app/app.jar", "-m");
        assertThat(ChildLauncher.onModulePath("/jdk/bin/java", "/app/app.jar", null).command(work))
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
        // a link planted at the cache's name is not followed
        Path link = java.nio.file.Files.createSymbolicLink(dir.resolve("y-core.aot"), cache);
        assertThat(ChildLauncher.onModulePath("/jdk/bin/java", "/app/app.jar", link.toString()).command(work))
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
    }

    @Test
    void theSameCliRunsFromTheModulePathOrTheClassPathWithNativeAccessForTheImporterOnly() {
        Path work = dir.resolve("work");
        assertThat(ChildLauncher.onModulePath("/jdk/bin/java", "/app/app.jar:lib", null).command(work)).containsExactly(
                "/jdk/bin/java", "-XX:-CreateCoredumpOnCrash", "-XX:ErrorFile=" + work + "/hs_err_pid%p.log",
                "-Djava.io.tmpdir=" + work, "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC",
                "--enable-native-access=org.ompdexplorer.importers",
                "-p", "/app/app.jar" + File.pathSeparator + Path.of("lib").toAbsolutePath(),
                "-m", "org.ompdexplorer.app/org.ompdexplorer.app.Main");
        assertThat(ChildLauncher.onClassPath("/jdk/bin/java", "/a.jar:/b").command(work)).endsWith(
                "--enable-native-access=ALL-UNNAMED", "-cp", "/a.jar:/b", "org.ompdexplorer.app.Main");
        List<String> here = ChildLauncher.currentJvm().command(work);
        assertThat(here.getFirst()).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(here).as("the tests run on the class path").contains("-cp", "org.ompdexplorer.app.Main");
    }

    @Test
    void inTheInstalledPackageTheChildIsTheRuntimesJavaWithTheModulesLinkedIn() {
        Path work = dir.resolve("work");
        // jpackage's launcher runs the JVM in its own process; the application is linked into lib/runtime
        List<String> installed = ChildLauncher.forJvm("/opt/ompd-explorer/bin/ompd-explorer",
                "/opt/ompd-explorer/lib/runtime", true, null, "").command(work);
        assertThat(installed.getFirst()).isEqualTo("/opt/ompd-explorer/lib/runtime/bin/java");
        assertThat(installed).endsWith("--enable-native-access=org.ompdexplorer.importers",
                "-m", "org.ompdexplorer.app/org.ompdexplorer.app.Main").doesNotContain("-p", "-cp");
        // the launcher script: java itself, modules on the module path
        assertThat(ChildLauncher.forJvm("/jdk/bin/java", "/jdk", true, "/app/app.jar", null).command(work))
                .startsWith("/jdk/bin/java").contains("-p", "/app/app.jar");
    }

    /** Ended: no such process, or a zombie (an orphan waits for init to reap it, which can take a while). */
    static boolean gone(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (java.io.IOException e) {
            return true;
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited 10 s").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
