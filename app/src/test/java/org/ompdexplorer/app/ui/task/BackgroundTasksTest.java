package org.ompdexplorer.app.ui.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackgroundTasksTest {
    @Test
    void sameThreadRunsTheJobAndItsCallbacksBeforeReturning() {
        List<String> events = new ArrayList<>();
        new SameThreadBackgroundTasks().execute(BackgroundTask.of("job", context -> {
                    context.progress("half", 1, 2);
                    return 42;
                })
                .onProgress(p -> events.add("progress " + p.phase() + " " + p.fraction()))
                .onSuccess(r -> events.add("result " + r)));
        assertThat(events).containsExactly("progress half 0.5", "result 42");
    }

    @Test
    void sameThreadReportsAFailure() {
        List<Throwable> errors = new ArrayList<>();
        new SameThreadBackgroundTasks().execute(BackgroundTask.of("job", context -> {
            throw new IllegalStateException("boom");
        }).onFailure(errors::add));
        assertThat(errors).hasSize(1);
        assertThat(errors.getFirst()).hasMessage("boom");
    }

    @Test
    void latestWinsDropsAnOutcomeThatArrivesAfterANewerJob() throws Exception {
        ManualBackgroundTasks tasks = new ManualBackgroundTasks();
        LatestWinsScheduler scheduler = new LatestWinsScheduler(tasks);
        List<String> shown = new ArrayList<>();
        scheduler.schedule(BackgroundTask.of("first", c -> "first").onSuccess(shown::add));
        scheduler.schedule(BackgroundTask.of("second", c -> "second").onSuccess(shown::add));

        assertThat(tasks.pending().get(0).isCancelled()).isTrue();
        tasks.pending().get(1).complete();
        tasks.pending().get(0).complete(); // finishes late, e.g. it ignored cancellation
        assertThat(shown).containsExactly("second");
    }

    @Test
    void cancellingTheSchedulerDropsTheRunningOutcome() throws Exception {
        ManualBackgroundTasks tasks = new ManualBackgroundTasks();
        LatestWinsScheduler scheduler = new LatestWinsScheduler(tasks);
        List<String> shown = new ArrayList<>();
        scheduler.schedule(BackgroundTask.of("only", c -> "only").onSuccess(shown::add));
        scheduler.cancel();
        tasks.pending().getFirst().complete();
        assertThat(shown).isEmpty();
    }
}
