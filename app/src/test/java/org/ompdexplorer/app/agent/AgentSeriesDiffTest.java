package org.ompdexplorer.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.MatchMethod;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.SnapshotSeries;
import org.ompdexplorer.model.diff.StillBlocked;

/**
 * A series the agent takes of a running program that looks hung ({@code OMPD_EXPLORER_INTERVAL}), diffed: thread
 * 0's implicit task stays suspended at its taskwait under a spinning child, while thread 1's tasks are created
 * and finish between snapshots. Every step must list that implicit task as still blocked, and only it among the
 * tasks; the tasks that came and went must be added and removed; matching is by OS id and creation order.
 */
class AgentSeriesDiffTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void tools() {
        AgentRun.requireTools();
    }

    @Test
    void aSeriesOfAHangingProgramShowsTheStillBlockedTaskAtEveryStep() throws Exception {
        Path exe = AgentRun.compile(AgentRun.REPO.resolve("agent/test/hang_target.c"), dir);
        Path out = Files.createDirectories(dir.resolve("series"));
        ProcessBuilder pb = AgentRun.withAgent(exe, out, Map.of("OMPD_EXPLORER_SIGNAL", "none",
                "OMPD_EXPLORER_INTERVAL", "300"));
        pb.command().add("1.6");
        AgentRun.runToEnd(pb);
        List<Snapshot> snapshots = AgentRun.snapshots(out);
        assertThat(snapshots).as("interval snapshots in 1.6 s at 300 ms").hasSizeGreaterThanOrEqualTo(3);

        SnapshotSeries series = SnapshotSeries.of(snapshots);
        int created = 0;
        int finished = 0;
        for (SnapshotDiff step : series.steps()) {
            assertThat(step.warnings()).isEmpty();
            assertThat(step.counts(EntityKind.THREAD).matchedBy()).containsOnlyKeys(MatchMethod.OS_ID);
            assertThat(step.counts(EntityKind.TASK).matchedBy()).containsOnlyKeys(MatchMethod.CREATION_ORDER);
            List<StillBlocked> tasks = step.stillBlocked().stream().filter(s -> s.kind() == EntityKind.TASK).toList();
            assertThat(tasks).as("still blocked in %s", step.b().capture().time()).hasSize(1);
            Task blocked = step.b().index().task(new org.ompdexplorer.model.TaskId(tasks.getFirst().b().id())).orElseThrow();
            assertThat(blocked.kind()).isEqualTo(TaskKind.IMPLICIT);
            assertThat(blocked.threadNum().get()).isZero();
            assertThat(tasks.getFirst().how()).isEqualTo(StillBlocked.How.SUSPENDED);
            KindCounts counts = step.counts(EntityKind.TASK);
            created += counts.added();
            finished += counts.removed();
        }
        assertThat(created).as("thread 1's tasks created between snapshots").isPositive();
        assertThat(finished).as("and finished between them").isPositive();
    }
}
