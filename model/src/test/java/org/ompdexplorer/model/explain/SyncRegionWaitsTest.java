package org.ompdexplorer.model.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.DetachWaitSnapshots;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.Snapshot;

/** Explain says a detached task is not complete and who waits for it, and a waiting task what it waits for. */
class SyncRegionWaitsTest {
    private static List<Sentence> explain(Snapshot s, long task) {
        return new Explainer(s).explain(new EntityRef(EntityKind.TASK, task)).sentences();
    }

    @Test
    void aDetachedTaskSaysItsEventIsNotFulfilledAndWhichTaskwaitWaitsForIt() {
        Sentence s = explain(DetachWaitSnapshots.a(), 4).get(1);
        assertThat(s.text()).startsWith("Task #4 finished its body but its completion event has not been fulfilled"
                + " (omp_fulfill_event); the taskwait in task #2 and the barrier in task #3 wait for it.");
        assertThat(s.mentions()).containsExactly(new EntityRef(EntityKind.TASK, 4), new EntityRef(EntityKind.TASK, 2),
                new EntityRef(EntityKind.TASK, 3));
        assertThat(s.sections()).extracting(SpecSection::label).containsExactly("OpenMP 5.2 §12.5",
                "OpenMP 5.1 §3.11.1");
    }

    @Test
    void theTaskAtTheTaskwaitIsWaitingNotRunningAndNamesItsDetachedChild() {
        List<Sentence> sentences = explain(DetachWaitSnapshots.a(), 2);
        assertThat(sentences).extracting(Sentence::text).noneMatch(t -> t.contains(" is running"));
        assertThat(sentences.get(1).text()).isEqualTo("Task #2 is waiting at a taskwait on thread T1 (wait_taskwait):"
                + " it cannot go on until the child tasks it generated before the taskwait complete: task #4"
                + " (detached: body done, event not fulfilled).");
        assertThat(sentences.get(1).sections()).extracting(SpecSection::label).contains("OpenMP 5.1 §2.19.5");
        assertThat(sentences.get(2).text()).isEqualTo("Task #4 finished its body but its completion event has not"
                + " been fulfilled (omp_fulfill_event), so it has not completed and the taskwait goes on waiting for"
                + " it.");
    }

    @Test
    void aTaskAtABarrierNamesTheTeamMembersNotThereAndTheTasksNotCompleted() {
        Sentence s = explain(DetachWaitSnapshots.a(), 3).get(1);
        assertThat(s.text()).contains("Task #3 is waiting at a barrier on thread T2 (wait_barrier_implicit_parallel)")
                .contains("Not at a barrier yet: task #2 (thread number 0, on thread T1, wait_taskwait).")
                .contains("Not completed: task #4 (detached: body done, event not fulfilled).");
    }

    @Test
    void aCoreSaysTheWaitFromTheThreadStateAndThatItCannotTellWhatCompleted() {
        List<Sentence> sentences = explain(DetachWaitSnapshots.core(), 2);
        assertThat(sentences.get(1).text()).startsWith("Task #2 is waiting at a taskwait on thread T1 (wait_taskwait)")
                .endsWith(": task #4.");
        assertThat(sentences.get(2).text()).startsWith("The snapshot has no lifecycles (a core)");
    }
}
