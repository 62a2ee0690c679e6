package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule for a task's lifecycle as shown: queued but waiting on a dependence is blocked, not ready. */
class TaskStatusTest {
    private final List<Task> tasks = new ArrayList<>();

    private Task task(long id, TaskLifecycle lifecycle, long... dependsOn) {
        AgentFacts agent = lifecycle == null && dependsOn.length == 0 ? null : new AgentFacts(lifecycle, List.of(),
                null, List.of(), java.util.Arrays.stream(dependsOn).mapToObj(TaskId::new).toList(), id);
        Task t = new Task(new TaskId(id), TaskKind.EXPLICIT, Fact.absent(), Fact.absent(), Fact.absent(),
                Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), Fact.absent(), List.of(),
                agent);
        tasks.add(t);
        return t;
    }

    private SnapshotIndex index() {
        return new Snapshot(CaptureInfo.of(CaptureSource.OMPT_AGENT), RuntimeInfo.UNKNOWN,
                List.of(AddressSpace.process(new AddressSpaceId(0), List.of())), List.of(), List.of(), List.of(),
                List.of(), List.of(), tasks).index();
    }

    @Test
    void aQueuedTaskWaitingForAnUnfinishedTaskIsBlockedOnDependences() {
        task(1, TaskLifecycle.RUNNING);
        task(2, TaskLifecycle.COMPLETED);
        Task blocked = task(3, TaskLifecycle.QUEUED, 1, 2);
        Task ready = task(4, TaskLifecycle.QUEUED, 2);
        Task running = task(5, TaskLifecycle.RUNNING, 2);
        Task gone = task(6, TaskLifecycle.QUEUED, 99); // its predecessor is not in the snapshot: finished and freed
        SnapshotIndex index = index();

        TaskStatus b = TaskStatus.of(blocked, index).orElseThrow();
        assertThat(b.isBlockedOnDependences()).isTrue();
        assertThat(b.name()).isEqualTo("blocked on dependences").isEqualTo(TaskStatus.BLOCKED);
        assertThat(b.key()).isEqualTo("blocked");
        assertThat(b.waitingFor()).containsExactly(new TaskId(1));

        TaskStatus r = TaskStatus.of(ready, index).orElseThrow();
        assertThat(r.isBlockedOnDependences()).isFalse();
        assertThat(r.name()).isEqualTo("queued");
        assertThat(r.waitingFor()).isEmpty();

        assertThat(TaskStatus.of(running, index).orElseThrow().name()).isEqualTo("running");
        assertThat(TaskStatus.of(gone, index).orElseThrow().name()).isEqualTo("queued");
    }

    @Test
    void aTaskNoAgentFollowedHasNoStatus() {
        Task core = task(1, null);
        assertThat(TaskStatus.of(core, index())).isEmpty();
    }
}
