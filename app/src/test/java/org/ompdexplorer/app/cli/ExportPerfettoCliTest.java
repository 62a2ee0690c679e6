package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.PerfettoTraceCheck;

/** {@code export RECORDING --perfetto OUT}, end to end, and the mistakes a user can make with it. */
class ExportPerfettoCliTest extends InProcessCli {

    private Path recording() throws Exception {
        return DepsRecording.write(dir);
    }

    @Test
    void aRecordingIsWrittenAsAPerfettoTraceThatReadsBackWithItsTasksAndFlows() throws Exception {
        Path trace = dir.resolve("deps.perfetto-trace");
        assertThat(run("export", recording().toString(), "--perfetto", trace.toString())).as("%s", err)
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("wrote " + trace + ": 1 thread tracks").contains("ui.perfetto.dev");
        assertThat(err.toString()).as("the recording's drops are said").contains("5 events dropped on thread 2");
        PerfettoTraceCheck c = PerfettoTraceCheck.read(Files.readAllBytes(trace));
        assertThat(c.thread(1).name()).isEqualTo("thread 1 (initial)");
        assertThat(c.slicesOf(1)).extracting(PerfettoTraceCheck.Slice::name)
                .containsExactly("initial task", "task 3 0x4100");
        assertThat(c.terminatedFlows()).containsExactly(3L);
        assertThat(c.unterminatedFlows()).as("task 4 never ran: its creation flow and the flow of its dependence on"
                + " task 3 (from 3's completion) have no end").hasSize(2).contains(4L);
        assertThat(c.instants()).anySatisfy(i -> assertThat(i.name()).isEqualTo("dependences released"));
        assertThat(c.slices()).anySatisfy(s -> assertThat(s.name()).startsWith("5 events dropped on thread 2"));
    }

    @Test
    void aSnapshotGivenToPerfettoIsRefusedSayingItNeedsARecording() {
        Path lesson = lessonCopy("fib-taskwait.json");
        assertThat(run("export", lesson.toString(), "--perfetto", dir.resolve("t.pftrace").toString()))
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains(lesson + " is not a recording").contains("ompd-explorer record")
                .doesNotContain("Exception");
        assertThat(dir.resolve("t.pftrace")).doesNotExist();
    }

    @Test
    void theRecordingItselfAsOutIsAUsageErrorAndLeavesItAsItWas() throws Exception {
        Path rec = recording();
        assertThat(run("export", rec.toString(), "--perfetto", rec.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(Files.readString(rec)).isEqualTo(DepsRecording.TEXT);
        assertThat(err.toString().lines()).hasSize(1);
    }

    @Test
    void anUnwritableOutIsOneLineAndExitTwo() throws Exception {
        Path rec = recording();
        Path missing = dir.resolve("no-such-dir").resolve("t.pftrace");
        assertThat(run("export", rec.toString(), "--perfetto", missing.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString().lines()).singleElement().asString().contains(missing.toString())
                .doesNotContain("Exception");
        err.getBuffer().setLength(0);
        assertThat(run("export", rec.toString(), "--perfetto", dir.toString())).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString().lines()).singleElement().asString().contains("directory");
    }

    @Test
    void standardOutputBothOutputsOrNoneAreUsageErrors() throws Exception {
        Path rec = recording();
        assertThat(run("export", rec.toString(), "--perfetto", "-")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("binary");
        assertThat(run("export", rec.toString(), "--perfetto", dir.resolve("a").toString(), "-o",
                dir.resolve("b").toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("give one of them");
        assertThat(run("export", rec.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Missing required option");
    }

    @Test
    void aRecordingGivenToDashOIsToldAboutPerfettoAndReplay() throws Exception {
        Path rec = recording();
        assertThat(run("export", rec.toString(), "-o", dir.resolve("x.json").toString()))
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("is a recording, not a snapshot").contains("--perfetto OUT");
    }
}
