package org.ompdexplorer.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.DetachWaitSnapshots;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskStatus;

class StepFiguresTest {
    @Test
    void eachStepCountsItsBsStatusesAndSaysWhenAndWhyItWasTaken() {
        Snapshot a = DetachWaitSnapshots.a();
        Snapshot b = DetachWaitSnapshots.b();
        List<StepFigures> figures = StepFigures.of(SnapshotSeries.of(List.of(a, b, DetachWaitSnapshots.fulfilled())));
        assertThat(figures).hasSize(2);
        StepFigures hang = figures.getFirst();
        long waiting = b.tasks().stream().filter(t -> TaskStatus.of(t, b.index()).filter(TaskStatus::isWaiting)
                .isPresent()).count();
        assertThat(hang.waiting()).isEqualTo(waiting).isPositive();
        assertThat(hang.stillBlocked()).isEqualTo(SnapshotDiff.of(a, b).stillBlocked().size()).isPositive();
        assertThat(hang.trigger()).isEqualTo(b.capture().label() == null ? "" : b.capture().label());
        assertThat(hang.sinceFirst()).isEqualTo(Duration.between(a.capture().time(), b.capture().time()));
        assertThat(figures.get(1).stillBlocked()).as("the event fulfilled: nothing still blocked").isZero();
    }

    @Test
    void timesAreSaidInSecondsMinutesOrHours() {
        assertThat(new StepFigures(Duration.ofMillis(1500), "", 0, 0, 0, 0, 0).sinceFirstText()).isEqualTo("+1.5 s");
        assertThat(new StepFigures(Duration.ofSeconds(2), "", 0, 0, 0, 0, 0).sinceFirstText()).isEqualTo("+2 s");
        assertThat(new StepFigures(Duration.ofSeconds(123), "", 0, 0, 0, 0, 0).sinceFirstText()).isEqualTo("+2 min 3 s");
        assertThat(new StepFigures(Duration.ofMinutes(125), "", 0, 0, 0, 0, 0).sinceFirstText()).isEqualTo("+2 h 5 min");
        assertThat(new StepFigures(Duration.ofMillis(12), "", 0, 0, 0, 0, 0).sinceFirstText()).isEqualTo("+12 ms");
        assertThat(new StepFigures(null, "", 0, 0, 0, 0, 0).sinceFirstText()).isEmpty();
    }
}
