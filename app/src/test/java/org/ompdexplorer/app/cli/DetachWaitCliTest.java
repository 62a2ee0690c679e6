package org.ompdexplorer.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.testfixtures.JsonSchemaPaths;

/**
 * The hang detach users debug, in the terminal: a detached task whose event is not fulfilled, its parent at a
 * taskwait, the other thread at the barrier (hand-written snapshots in the agent's shape, test resources
 * {@code org/ompdexplorer/app/detach/}). Two moments of it are still blocked, not "the same"; the event fulfilled
 * between them is progress.
 */
class DetachWaitCliTest extends InProcessCli {
    Path copy(String name) {
        Path file = dir.resolve(name);
        try (InputStream in = DetachWaitCliTest.class.getResourceAsStream("/org/ompdexplorer/app/detach/" + name)) {
            Files.copy(in, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Test
    void twoMomentsOfADetachWaitAreTheHangSignalNotTheSame() {
        Path a = copy("detach-wait-a.json");
        Path b = copy("detach-wait-b.json");
        assertThat(run("diff", a.toString(), b.toString())).as(err.toString()).isEqualTo(ExitCodes.DIFFERENT);
        String report = out.toString();
        assertThat(report).contains("Still blocked — the same wait at the same place in A and B (3):\n"
                        + "  task #2 (parallel region in main)  (B: task #102 (parallel region in main))\n"
                        + "      waiting: at a taskwait on thread T101 (lwp 7001), wait_taskwait, wait id 0x0; waiting for"
                        + " task #104 (task in main) (detached: body done, event not fulfilled)\n")
                .contains("  task #3 (parallel region in main)  (B: task #103 (parallel region in main))\n"
                        + "      waiting: at a barrier on thread T102 (lwp 7002), wait_barrier_implicit_parallel")
                .contains("  task #4 (task in main)  (B: task #104 (task in main))\n"
                        + "      detached: body done, event still not fulfilled (omp_fulfill_event); the taskwait in"
                        + " task #102 (parallel region in main) and the barrier in task #103 (parallel region in main) wait for it\n")
                .contains("Changes: none")
                .contains("waiting at a taskwait")
                .doesNotContain("A and B are the same")
                .endsWith("\nNothing moved between A and B (2 threads, 2 parallel regions, 4 tasks matched), and 3 still"
                        + " blocked: the hang signal\n");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonReportSaysHangAndHowEachWaitIsStillBlocked() {
        Path a = copy("detach-wait-a.json");
        Path b = copy("detach-wait-b.json");
        assertThat(run("diff", "--json", a.toString(), b.toString())).isEqualTo(ExitCodes.DIFFERENT);
        Map<String, Object> report = (Map<String, Object>) JsonSchemaPaths.parse(out.toString()
                .getBytes(StandardCharsets.UTF_8));
        assertThat(report).containsEntry("version", "1.2").containsEntry("differ", "false")
                .containsEntry("hang", "true");
        assertThat((List<Map<String, Object>>) report.get("stillBlocked")).extracting(m -> m.get("how"))
                .containsExactly("sync_wait", "sync_wait", "detached");
    }

    @Test
    void theEventFulfilledBetweenTheMomentsIsProgress() {
        Path a = copy("detach-wait-a.json");
        Path fulfilled = copy("detach-wait-fulfilled.json");
        assertThat(run("diff", a.toString(), fulfilled.toString())).isEqualTo(ExitCodes.DIFFERENT);
        assertThat(out.toString()).contains("\nStill blocked: nothing — no thread or task waits at the same place in A"
                        + " and B.\n")
                .contains("    lifecycle: detached: body done, event not fulfilled → completed\n")
                .contains("A and B differ: 0 added, 0 removed, 1 changed");
    }

    @Test
    void theSameMomentTwiceIsTheSame() {
        Path a = copy("detach-wait-a.json");
        assertThat(run("diff", a.toString(), a.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("\nA and B are the same (2 threads, 2 parallel regions, 4 tasks matched);"
                + " 3 still blocked\n");
    }

    @Test
    void theSummarySaysEachTasksStatus() {
        Path a = copy("detach-wait-a.json");
        assertThat(run("summary", a.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).containsPattern("#2 .*implicit\\[0] of P2 .*\\[waiting at a taskwait] on T1")
                .containsPattern("#3 .*implicit\\[1] of P2 .*\\[waiting at a barrier] on T2")
                .containsPattern("#4 .*explicit of P2 .*\\[detached: body done, event not fulfilled]")
                .containsPattern("#1 .*initial\\[0] of P1 .*\\[suspended] on T1");
    }
}
