package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.AddressSpace;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;

/** {@code import-core} and {@code capture} end to end on the native fixtures (OMPD-capable runtime, real cores). */
class CoreCommandsTest extends InProcessCli {


    private static Snapshot load(Path file) throws Exception {
        return new SnapshotLoader().load(file, LoadOptions.STRICT, ProgressListener.NONE).snapshot();
    }

    @Test
    void importCoreWritesAValidSnapshotOfTheTaskTree() throws Exception {
        Path snapshot = dir.resolve("tt.json");
        int code = run("import-core", NativeFixtures.core("task_tree.gcore.core").toString(),
                "--exe", NativeFixtures.program("task_tree").toString(), "--progress", "-o", snapshot.toString());
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("progress ");
        Snapshot s = load(snapshot);
        assertThat(s.capture().source()).isEqualTo(CaptureSource.CORE_FILE);
        assertThat(s.threads()).hasSize(2);
        assertThat(s.tasks().stream().filter(t -> t.kind().equals(TaskKind.EXPLICIT)).count()).isEqualTo(7);
        assertThat(s.tasks()).anyMatch(t -> t.schedulingTask().isKnown()
                && !t.schedulingTask().equals(t.generatingTask()) && t.kind().equals(TaskKind.EXPLICIT));
    }

    @Test
    void importCoreOfSomethingElseIsOneMessageAndExitTwo() {
        assertThat(run("import-core", "/usr/bin/true", "-o", dir.resolve("x.json").toString()))
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).startsWith("ompd-explorer: ").contains("ET_CORE").doesNotContain("\tat ");
        assertThat(dir.resolve("x.json")).doesNotExist();
    }

    @Test
    void captureSnapshotsARunningProgramAndLeavesNoCoreBehind() throws Exception {
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/gcore")), "gdb's gcore", "apt-get install gdb");
        try (NativeFixtures.HeldProgram program = NativeFixtures.startHeld("nested_parallel")) {
            Path snapshot = dir.resolve("live.json");
            long tempBefore = countCaptureDirs();
            int code = run("capture", Long.toString(program.pid()), "-o", snapshot.toString());
            assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
            Snapshot s = load(snapshot);
            assertThat(s.capture().source()).isEqualTo(CaptureSource.LIVE_PROCESS);
            assertThat(s.capture().pid()).isEqualTo(program.pid());
            assertThat(s.threads()).hasSize(4);
            assertThat(s.parallelRegions()).extracting(r -> r.level().get()).contains(1, 2);
            assertThat(program.process().isAlive()).as("capture leaves the process running").isTrue();
            assertThat(countCaptureDirs()).isEqualTo(tempBefore);
        }
    }

    /**
     * Two core imports of one hung program at two moments (live captures 0.3 s apart): every entity matched by what
     * it is (OS thread id; nesting path; generating chain, function and order — a core has no creation order), no
     * difference, and the tasks suspended in taskwait reported as still blocked at the same place: the hang signal,
     * exit 1, not "the same".
     */
    @Test
    void twoCoresOfAHungProgramDifferInNothingAndAreTheHangSignal() throws Exception {
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/gcore")), "gdb's gcore", "apt-get install gdb");
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        try (NativeFixtures.HeldProgram program = NativeFixtures.startHeld("task_tree")) {
            assertThat(run("capture", Long.toString(program.pid()), "-o", a.toString())).as(err.toString())
                    .isEqualTo(ExitCodes.OK);
            Thread.sleep(300);
            assertThat(run("capture", Long.toString(program.pid()), "-o", b.toString())).as(err.toString())
                    .isEqualTo(ExitCodes.OK);
        }
        org.ompdexplorer.model.diff.SnapshotDiff diff = org.ompdexplorer.model.diff.SnapshotDiff.of(load(a), load(b));
        assertThat(diff.counts(org.ompdexplorer.model.EntityKind.THREAD).matchedBy())
                .containsOnlyKeys(org.ompdexplorer.model.diff.MatchMethod.OS_ID);
        assertThat(diff.counts(org.ompdexplorer.model.EntityKind.TASK).matchedBy())
                .containsOnlyKeys(org.ompdexplorer.model.diff.MatchMethod.IDENTITY_KEY);
        assertThat(diff.stillBlocked()).isNotEmpty()
                .anyMatch(s -> s.how() == org.ompdexplorer.model.diff.StillBlocked.How.SUSPENDED);

        assertThat(diff.hasDifferences()).isFalse();
        assertThat(diff.hangs()).as("two moments, something still blocked: the hang signal").isTrue();

        out.getBuffer().setLength(0);
        assertThat(run("diff", a.toString(), b.toString())).as(err.toString()).isEqualTo(ExitCodes.DIFFERENT);
        String report = out.toString();
        assertThat(report).contains("Still blocked — the same wait at the same place in A and B ("
                + diff.stillBlocked().size() + ")").contains("suspended: at its scheduling point")
                .doesNotContain("A and B are the same");
        assertThat(report.indexOf("Still blocked")).isLessThan(report.indexOf("Nothing moved between A and B ("));
        assertThat(report).contains(" still blocked: the hang signal\n");
    }

    /**
     * A running offload program with the capture agent: {@code capture} imports its gcore like {@code import-core}
     * and writes the devices the agent's table names, each with libompd 19's answer, through the JSON the window's
     * child import reads.
     */
    @Test
    void captureOfAnOffloadProgramWithTheAgentWritesItsDevicesAndWhyOmpdHasNoDetail() throws Exception {
        NativeFixtures.require(Files.isExecutable(Path.of("/usr/bin/gcore")), "gdb's gcore", "apt-get install gdb");
        try (NativeFixtures.HeldProgram program = NativeFixtures.startOffloadHeld(true)) {
            Path snapshot = dir.resolve("offload.json");
            assertThat(run("capture", Long.toString(program.pid()), "-o", snapshot.toString())).as(err.toString())
                    .isEqualTo(ExitCodes.OK);
            Snapshot s = load(snapshot);
            assertThat(s.addressSpaces()).hasSize(5);
            assertThat(s.addressSpaces().getFirst().offload().deviceCount()).isEqualTo(Fact.of(4));
            assertThat(s.addressSpaces().getFirst().offload().imageTriples()).containsExactly("x86_64-pc-linux-gnu");
            assertThat(s.addressSpaces().subList(1, 5)).allSatisfy(d -> {
                assertThat(d.device().type()).isEqualTo("generic-64bit");
                assertThat(d.device().ompdHandle()).isEqualTo(Fact.unavailable(ReturnCode.UNAVAILABLE,
                        "ompd_device_initialize"));
            });
            assertThat(s.addressSpaces()).extracting(AddressSpace::deviceNum)
                    .containsExactly(Optional.empty(), Optional.of(0), Optional.of(1), Optional.of(2), Optional.of(3));
        }
    }

    @Test
    void captureOfNoProcessIsOneMessage() {
        assertThat(run("capture", "999999999")).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("no process 999999999");
    }

    private static long countCaptureDirs() throws Exception {
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("ompd-explorer-capture-")).count();
        }
    }
}
