package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadOptions;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.SnapshotLoader;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskStatus;

/** {@code replay FILE --at T} and {@code summary} of a recording, end to end. */
class ReplayCliTest extends InProcessCli {

    private Path recording() throws Exception {
        return DepsRecording.write(dir);
    }

    @Test
    void replayWritesTheStateAtAMomentAsASnapshot() throws Exception {
        Path written = dir.resolve("at.json");
        assertThat(run("replay", recording().toString(), "--at", "3us", "-o", written.toString()))
                .isEqualTo(ExitCodes.OK);
        Snapshot s = new SnapshotLoader().load(written, LoadOptions.LENIENT, ProgressListener.NONE).snapshot();
        assertThat(s.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 3L, 4L);
        assertThat(TaskStatus.nameOf(s.index().task(new TaskId(3)).orElseThrow(), s.index())).isEqualTo("running");
        assertThat(TaskStatus.nameOf(s.index().task(new TaskId(4)).orElseThrow(), s.index()))
                .isEqualTo(TaskStatus.BLOCKED);
        assertThat(err.toString()).contains("5 events dropped on thread 2 from t=2.500 µs");
        assertThat(run("validate", written.toString())).as("%s", this.out).isEqualTo(ExitCodes.OK);
    }

    @Test
    void replayAtAShareOfTheRunPrintsItsSummary() throws Exception {
        assertThat(run("replay", recording().toString(), "--at", "100%")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("replay at t=4.000 µs");
    }

    @Test
    void aMomentThatIsNoTimeIsAUsageError() throws Exception {
        assertThat(run("replay", recording().toString(), "--at", "later")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("\"later\" is no moment of a recording");
    }

    @Test
    void summaryOfARecordingCountsTasksByKindEventsAndDrops() throws Exception {
        assertThat(run("summary", recording().toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString())
                .contains("recording of ./deps (pid 77), format 1.0")
                .contains("events: 7 over 4.000 µs")
                .contains("tasks created: explicit 2, initial 1")
                .contains("dropped: 5 events dropped on thread 2 from t=2.500 µs");
    }

    @Test
    void anUnreadableRecordingIsOneLineAndExitTwo() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.ndjson"), "{\"format\":\"ompd-explorer-recording\","
                + "\"version\":\"3.0\"}\n");
        assertThat(run("replay", bad.toString(), "--at", "0s")).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(err.toString()).contains("version 3.0 is not supported");
    }
}
