package org.ompdexplorer.app.ui.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.ExplorerPreferences;
import org.ompdexplorer.app.ui.MainViewModel;
import org.ompdexplorer.app.ui.Problem;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.child.ChildImport;
import org.ompdexplorer.app.ui.child.ChildLauncher;
import org.ompdexplorer.app.ui.child.FakeChild;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;

/** The Open Core File dialog without a window: checking, remembering, the child's command line, running it. */
class OpenCoreViewModelTest {
    @TempDir
    Path dir;
    private Path core;
    private Path exe;
    private Path libs;
    private Path moreLibs;
    private Path debug;
    private Path ompd;
    private final ExplorerPreferences preferences = ExplorerPreferences.inMemory();

    @BeforeEach
    void files() throws Exception {
        core = Files.writeString(dir.resolve("task_tree.core"), "core");
        exe = Files.writeString(dir.resolve("task_tree"), "exe");
        libs = Files.createDirectory(dir.resolve("libs"));
        moreLibs = Files.createDirectory(dir.resolve("more libs"));
        debug = Files.createDirectory(dir.resolve("debug"));
        ompd = Files.writeString(dir.resolve("libompd.so"), "elf");
    }

    private MainViewModel window(ChildLauncher launcher) {
        MainViewModel vm = new MainViewModel(new SameThreadBackgroundTasks(), preferences,
                new ChildImport(launcher, Duration.ofSeconds(30)));
        vm.openBundledLesson();
        return vm;
    }

    private static void fill(OpenCoreViewModel vm, CoreField field, Object value) {
        vm.text(field).set(value.toString());
    }

    @Test
    void startsWithNothingToRunButNoErrorUntilTheUserTriesAndThenSaysWhatIsMissing() {
        OpenCoreViewModel vm = window(ChildLauncher.of("/bin/false")).openCore();

        assertThat(vm.canRunProperty().get()).isFalse();
        assertThat(vm.problemsProperty().get()).containsOnlyKeys(CoreField.CORE);
        assertThat(vm.shownProblemsProperty().get()).as("nothing typed yet: no red error").isEmpty();
        assertThat(vm.firstProblemProperty().get()).isEmpty();
        assertThat(vm.run()).isFalse();
        assertThat(vm.shownProblemsProperty().get()).containsOnlyKeys(CoreField.CORE);
        assertThat(vm.firstProblemProperty().get()).isEqualTo("Core file: choose the core file");
    }

    @Test
    void aRequiredFieldClearedByTheUserIsMarkedAtOnce() {
        OpenCoreViewModel vm = window(ChildLauncher.of("/bin/false")).openCore();
        fill(vm, CoreField.CORE, "x");
        fill(vm, CoreField.CORE, "");
        assertThat(vm.firstProblemProperty().get()).isEqualTo("Core file: choose the core file");
    }

    @Test
    void eachFieldIsCheckedAsItIsTyped() {
        OpenCoreViewModel vm = window(ChildLauncher.of("/bin/false")).openCore();
        fill(vm, CoreField.CORE, dir.resolve("missing.core"));
        assertThat(vm.firstProblemProperty().get()).isEqualTo("Core file: " + dir.resolve("missing.core")
                + " does not exist");
        fill(vm, CoreField.CORE, libs);
        assertThat(vm.firstProblemProperty().get()).isEqualTo("Core file: " + libs + " is a directory, not a file");
        fill(vm, CoreField.CORE, core);
        assertThat(vm.canRunProperty().get()).isTrue();

        fill(vm, CoreField.SYSROOT, exe);
        fill(vm, CoreField.SOLIB_SEARCH_PATH, libs + ":" + dir.resolve("nowhere"));
        fill(vm, CoreField.OMPD_LIBRARY, dir.resolve("libompd.so.9"));

        assertThat(vm.problemsProperty().get()).containsOnlyKeys(CoreField.SYSROOT, CoreField.SOLIB_SEARCH_PATH,
                CoreField.OMPD_LIBRARY);
        assertThat(vm.problemsProperty().get().get(CoreField.SOLIB_SEARCH_PATH))
                .isEqualTo(dir.resolve("nowhere") + " does not exist");
        assertThat(vm.firstProblemProperty().get()).isEqualTo("Sysroot: " + exe + " is not a directory");
        assertThat(vm.canRunProperty().get()).isFalse();
        assertThat(vm.run()).isFalse();
    }

    @Test
    void buildsTheExactChildCommandLineAndTheTerminalCommand() {
        OpenCoreViewModel vm = window(ChildLauncher.of("/opt/child")).openCore();
        fill(vm, CoreField.CORE, core);
        fill(vm, CoreField.EXECUTABLE, exe);
        fill(vm, CoreField.SYSROOT, dir);
        fill(vm, CoreField.SOLIB_SEARCH_PATH, libs + ":" + moreLibs + ":");
        fill(vm, CoreField.DEBUG_DIRECTORIES, debug);
        fill(vm, CoreField.OMPD_LIBRARY, ompd);
        vm.sourceLinesProperty().set(false);
        vm.acceptTruncatedProperty().set(true);
        Path work = dir.resolve("work");

        assertThat(vm.childCommandLine(work)).contains(List.of("/opt/child", "import-core", core.toString(),
                "--exe", exe.toString(), "--sysroot", dir.toString(), "--solib-search-path", libs.toString(),
                "--solib-search-path", moreLibs.toString(), "--debug-dir", debug.toString(), "--ompd-lib",
                ompd.toString(), "--no-source-lines", "--accept-truncated", "--progress", "-o",
                work.resolve("snapshot.json").toString()));
        assertThat(vm.commandLineProperty().get()).isEqualTo("ompd-explorer import-core " + core + " --exe " + exe
                + " --sysroot " + dir + " --solib-search-path " + libs + " --solib-search-path '" + moreLibs + "'"
                + " --debug-dir " + debug + " --ompd-lib " + ompd + " --no-source-lines --accept-truncated");
    }

    @Test
    void theChildIsTheSameCliInANewJvm() {
        OpenCoreViewModel vm = window(ChildLauncher.currentJvm()).openCore();
        fill(vm, CoreField.CORE, core);

        List<String> command = vm.childCommandLine(dir).orElseThrow();

        assertThat(command.getFirst()).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(command).containsSubsequence("--enable-native-access=ALL-UNNAMED", "-cp",
                "org.ompdexplorer.app.Main", "import-core", core.toString(), "--progress", "-o");
    }

    @Test
    void aHomeRelativePathIsExpanded() {
        OpenCoreViewModel vm = window(ChildLauncher.of("/opt/child")).openCore();
        fill(vm, CoreField.CORE, "~/no-such-core-here");

        assertThat(vm.firstProblemProperty().get()).isEqualTo("Core file: "
                + Path.of(System.getProperty("user.home"), "no-such-core-here") + " does not exist");
    }

    @Test
    void runOpensTheSnapshotLikeAFileAndTheDialogRemembersItsValues() {
        Path snapshot = TestSnapshots.write(TestSnapshots.lesson().snapshot(), dir.resolve("imported.json"));
        MainViewModel window = window(FakeChild.succeeding(dir, snapshot));
        OpenCoreViewModel vm = window.openCore();
        fill(vm, CoreField.CORE, core);
        fill(vm, CoreField.EXECUTABLE, exe);
        fill(vm, CoreField.SOLIB_SEARCH_PATH, libs);
        vm.acceptTruncatedProperty().set(true);

        assertThat(vm.run()).isTrue();

        LoadedSnapshot open = window.snapshotProperty().get();
        assertThat(open.sourceName()).isEqualTo("core file " + core + " of task_tree");
        assertThat(open.path()).as("the temporary snapshot is gone; a core is not a recent file").isEmpty();
        assertThat(open.diagnostics()).first().extracting(d -> d.code()).isEqualTo("import-core");
        assertThat(window.recentFiles()).isEmpty();
        assertThat(window.problemProperty().get()).isNull();
        assertThat(window.titleProperty().get()).isEqualTo("OMPD Explorer — core file " + core + " of task_tree");

        OpenCoreViewModel next = window(ChildLauncher.of("/opt/child")).openCore();
        assertThat(next.text(CoreField.CORE).get()).isEqualTo(core.toString());
        assertThat(next.text(CoreField.EXECUTABLE).get()).isEqualTo(exe.toString());
        assertThat(next.text(CoreField.SOLIB_SEARCH_PATH).get()).isEqualTo(libs.toString());
        assertThat(next.text(CoreField.SYSROOT).get()).isEmpty();
        assertThat(next.acceptTruncatedProperty().get()).isTrue();
        assertThat(next.sourceLinesProperty().get()).isTrue();
        assertThat(next.canRunProperty().get()).isTrue();
    }

    @Test
    void aFailedImportIsOneProblemInTheWindowsWordsAndTheOpenSnapshotStays() {
        MainViewModel window = window(FakeChild.failing(dir, "the executable " + exe + " is not the program the"
                + " core was written from. Pass the program the core was written from with --exe FILE"));
        LoadedSnapshot before = window.snapshotProperty().get();
        OpenCoreViewModel vm = window.openCore();
        fill(vm, CoreField.CORE, core);
        fill(vm, CoreField.EXECUTABLE, exe);

        vm.run();

        Problem problem = window.problemProperty().get();
        assertThat(problem.title()).isEqualTo("Could not import core file task_tree.core");
        assertThat(problem.message()).isEqualTo("the executable " + exe + " is not the program the core was written"
                + " from. Pass the program the core was written from with --exe FILE. In this window, --exe is the"
                + " Executable field.");
        assertThat(window.snapshotProperty().get()).isSameAs(before);
        assertThat(window.loadingProperty().get()).isFalse();
        assertThat(window.messageProperty().get()).isEqualTo("bundled lesson fib-taskwait, step 1 stays open");
    }

    @Test
    void aCrashedImportIsOneProblemAndTheOpenSnapshotStays() {
        MainViewModel window = window(FakeChild.crashing(dir));
        LoadedSnapshot before = window.snapshotProperty().get();
        OpenCoreViewModel vm = window.openCore();
        fill(vm, CoreField.CORE, core);

        vm.run();

        assertThat(window.problemProperty().get().message())
                .startsWith("the OMPD import of core file task_tree.core crashed (signal 11, SIGSEGV) — the window is"
                        + " unaffected.");
        assertThat(window.snapshotProperty().get()).isSameAs(before);
    }
}
