package org.ompdexplorer.app.ui.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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

/** The Snapshot Running Process dialog on a made-up /proc: listing, marking OpenMP, filtering, checking, running. */
class CaptureViewModelTest {
    private static final long SELF = 999;
    @TempDir
    Path dir;
    private Path proc;
    private final ExplorerPreferences preferences = ExplorerPreferences.inMemory();
    private Optional<Path> gcore = Optional.of(Path.of("/usr/bin/gcore"));
    private MainViewModel window;

    @BeforeEach
    void fakeProc() throws Exception {
        proc = Files.createDirectory(dir.resolve("proc"));
        process(100, "./task_tree\0--depth\0" + "4\0", "7f00-7f10 r-xp 0 08:01 12 /opt/llvm/lib/libomp.so.5\n");
        process(200, "/bin/bash\0", "5600-5610 r-xp 0 08:01 13 /usr/bin/bash\n");
        process(300, "", "");                       // a kernel thread: no command line
        process(400, "gfortran-prog\0", "7f00-7f10 r-xp 0 08:01 14 /usr/lib/x86_64-linux-gnu/libgomp.so.1.0.0\n");
        process(500, "tool\0", "7f00-7f10 r-xp 0 08:01 15 /opt/llvm/lib/libompd.so\n");
        process(SELF, "java\0", "7f00-7f10 r-xp 0 08:01 16 /opt/llvm/lib/libomp.so.5\n");
        Files.createDirectory(proc.resolve("self"));
        window = new MainViewModel(new SameThreadBackgroundTasks(), preferences);
        window.openBundledLesson();
    }

    private void process(long pid, String cmdline, String maps) throws Exception {
        Path p = Files.createDirectory(proc.resolve(Long.toString(pid)));
        Files.write(p.resolve("cmdline"), cmdline.getBytes(StandardCharsets.UTF_8));
        Files.writeString(p.resolve("maps"), maps);
    }

    private CaptureViewModel capture(ChildLauncher launcher) {
        return new CaptureViewModel(new SameThreadBackgroundTasks(), preferences,
                new ChildImport(launcher, Duration.ofSeconds(30)), window::load, new LiveProcesses(proc, SELF),
                () -> gcore);
    }

    @Test
    void listsOpenMpProgramsFirstAndOnlyThemUntilAskedForAll() {
        CaptureViewModel vm = capture(ChildLauncher.of("/bin/false"));
        vm.refresh();

        assertThat(vm.shownProcesses()).extracting(LiveProcess::pid).containsExactly(400L, 100L);
        assertThat(vm.shownProcesses().get(1)).isEqualTo(new LiveProcess(100, vm.shownProcesses().get(1).user(),
                "./task_tree --depth 4", "libomp.so.5"));
        assertThat(vm.shownProcesses().get(0).openmpRuntime()).isEqualTo("libgomp.so.1.0.0");

        vm.openMpOnlyProperty().set(false);
        assertThat(vm.shownProcesses()).extracting(LiveProcess::pid)
                .as("kernel threads and this process are left out; libompd is not a runtime")
                .containsExactly(400L, 100L, 500L, 200L);

        vm.filterProperty().set("BASH");
        assertThat(vm.shownProcesses()).extracting(LiveProcess::pid).containsExactly(200L);
        vm.filterProperty().set("10");
        assertThat(vm.shownProcesses()).extracting(LiveProcess::pid).containsExactly(100L);
    }

    @Test
    void pickingAProcessGivesTheExactCaptureCommandLine() {
        CaptureViewModel vm = capture(ChildLauncher.of("/opt/child"));
        vm.refresh();
        assertThat(vm.canRunProperty().get()).isFalse();
        assertThat(vm.problemProperty().get()).isEqualTo("choose a process in the list or type its pid");

        vm.select(vm.shownProcesses().get(1));

        assertThat(vm.pidProperty().get()).isEqualTo("100");
        assertThat(vm.arguments()).contains(List.of("capture", "100", "--progress"));
        Path ompd = dir.resolve("libompd.so");
        vm.ompdLibraryProperty().set(ompd.toString());
        assertThat(vm.problemProperty().get()).isEqualTo("libompd: " + ompd + " does not exist");
        TestSnapshots.write(TestSnapshots.lesson().snapshot(), ompd);
        assertThat(vm.arguments()).contains(List.of("capture", "100", "--progress", "--ompd-lib", ompd.toString()));
    }

    @Test
    void aTypedPidIsChecked() {
        CaptureViewModel vm = capture(ChildLauncher.of("/opt/child"));
        vm.pidProperty().set("12a");
        assertThat(vm.problemProperty().get()).isEqualTo("pid: '12a' is not a process id");
        vm.pidProperty().set("4242");
        assertThat(vm.problemProperty().get())
                .isEqualTo("pid: no process 4242 (it has exited, or the number is wrong) — Refresh the list");
        assertThat(vm.run()).isFalse();
        vm.pidProperty().set(" 200 ");
        assertThat(vm.canRunProperty().get()).isTrue();
    }

    @Test
    void withoutGcoreTheDialogSaysToInstallGdb() {
        gcore = Optional.empty();
        CaptureViewModel vm = capture(ChildLauncher.of("/opt/child"));
        vm.pidProperty().set("100");

        assertThat(vm.problemProperty().get()).isEqualTo(CaptureViewModel.GCORE_MISSING)
                .contains("install gdb (Debian: apt-get install gdb)");
        assertThat(vm.canRunProperty().get()).isFalse();
    }

    @Test
    void theChildsGcoreMessageReachesTheWindowWithTheOpenSnapshotKept() {
        CaptureViewModel vm = capture(FakeChild.failing(dir, "gcore is not installed, so a running process cannot be"
                + " snapshotted — install gdb (Debian: apt-get install gdb), or take a core yourself and use import-core"));
        LoadedSnapshot before = window.snapshotProperty().get();
        vm.pidProperty().set("100");

        assertThat(vm.run()).isTrue();

        Problem problem = window.problemProperty().get();
        assertThat(problem.title()).isEqualTo("Could not snapshot process 100");
        assertThat(problem.message()).contains("install gdb (Debian: apt-get install gdb)")
                .endsWith("In this window, import-core is File → Open Core File….");
        assertThat(window.snapshotProperty().get()).isSameAs(before);
    }

    @Test
    void aCaptureOpensLikeAFileAndRemembersTheToggleAndLibompd() throws Exception {
        Path snapshot = TestSnapshots.write(TestSnapshots.lesson().snapshot(), dir.resolve("live.json"));
        Path ompd = Files.writeString(dir.resolve("libompd.so"), "elf");
        CaptureViewModel vm = capture(FakeChild.succeeding(dir, snapshot));
        vm.openMpOnlyProperty().set(false);
        vm.ompdLibraryProperty().set(ompd.toString());
        vm.pidProperty().set("100");

        vm.run();

        assertThat(window.snapshotProperty().get().sourceName()).startsWith("process 100 (");
        assertThat(window.problemProperty().get()).isNull();
        CaptureViewModel next = capture(ChildLauncher.of("/opt/child"));
        assertThat(next.openMpOnlyProperty().get()).isFalse();
        assertThat(next.ompdLibraryProperty().get()).isEqualTo(ompd.toString());
        assertThat(next.pidProperty().get()).as("a pid is not worth remembering").isEmpty();
    }
}
