package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one rule for a task's lifecycle as shown: queued but waiting on a dependence is blocked, not ready; a detached
 * task is detached; a thread's current task while the thread waits at a taskwait, taskgroup or barrier is waiting
 * there, not running, in agent captures and cores alike.
 */
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

    @Test
    void aDetachedTaskIsItsOwnStatusAndNotCompleted() {
        Snapshot s = DetachWaitSnapshots.a();
        TaskStatus detached = TaskStatus.of(task(s, 4), s.index()).orElseThrow();
        assertThat(detached.isDetached()).isTrue();
        assertThat(detached.isOpen()).isTrue();
        assertThat(detached.key()).isEqualTo("detached");
        assertThat(detached.name()).isEqualTo("detached: body done, event not fulfilled")
                .isEqualTo(TaskStatus.DETACHED);
        assertThat(TaskStatus.keyOfName(detached.name())).isEqualTo("detached");
    }

    @Test
    void theCurrentTaskOfAThreadInASyncRegionWaitStateIsWaitingThereNotRunning() {
        Snapshot s = DetachWaitSnapshots.a();
        TaskStatus parent = TaskStatus.of(task(s, 2), s.index()).orElseThrow();
        assertThat(parent.lifecycle()).as("the agent's lifecycle is kept").isEqualTo(TaskLifecycle.RUNNING);
        assertThat(parent.isWaiting()).isTrue();
        assertThat(parent.waitingAt()).contains(SyncWait.TASKWAIT);
        assertThat(parent.key()).isEqualTo("waiting");
        assertThat(parent.name()).isEqualTo("waiting at a taskwait");
        assertThat(TaskStatus.keyOfName(parent.name())).isEqualTo("waiting");
        assertThat(SyncWait.TASKWAIT.awaited(task(s, 2), s.index())).extracting(Task::id)
                .containsExactly(new TaskId(4));

        TaskStatus barrier = TaskStatus.of(task(s, 3), s.index()).orElseThrow();
        assertThat(barrier.name()).isEqualTo("waiting at a barrier");
        assertThat(SyncWait.BARRIER.awaited(task(s, 3), s.index())).as("T1 is not at the barrier; #4 not completed")
                .extracting(Task::id).containsExactly(new TaskId(2), new TaskId(4));

        Snapshot group = DetachWaitSnapshots.of(DetachWaitSnapshots.TIME_A, TaskLifecycle.DETACHED, 0, 0x21);
        assertThat(TaskStatus.of(task(group, 2), group.index()).orElseThrow().name()).isEqualTo("waiting at a taskgroup");

        assertThat(TaskStatus.of(task(s, 1), s.index()).orElseThrow().name()).as("below on the stack: suspended")
                .isEqualTo("suspended");
        Snapshot done = DetachWaitSnapshots.fulfilled();
        assertThat(SyncWait.TASKWAIT.awaited(task(done, 102), done.index())).as("completed: nothing left").isEmpty();
    }

    @Test
    void aCoreHasNoLifecyclesButItsWaitingTasksAreWaiting() {
        Snapshot core = DetachWaitSnapshots.core();
        assertThat(TaskStatus.of(task(core, 2), core.index()).map(TaskStatus::name)).contains("waiting at a taskwait");
        assertThat(TaskStatus.of(task(core, 3), core.index()).map(TaskStatus::name)).contains("waiting at a barrier");
        assertThat(TaskStatus.of(task(core, 4), core.index())).as("a core cannot tell detached").isEmpty();
        assertThat(TaskStatus.of(task(core, 1), core.index())).isEmpty();
        assertThat(SyncWait.TASKWAIT.awaited(task(core, 2), core.index())).as("not known to have completed")
                .extracting(Task::id).containsExactly(new TaskId(4));
    }

    @Test
    void syncRegionWaitStatesAreTaskwaitTaskgroupAndEveryBarrier() {
        assertThat(SyncWait.of(ThreadState.ofValue(0x20))).contains(SyncWait.TASKWAIT);
        assertThat(SyncWait.of(ThreadState.ofValue(0x21))).contains(SyncWait.TASKGROUP);
        for (long v = 0x10; v <= 0x16; v++) {
            assertThat(SyncWait.of(ThreadState.ofValue(v))).as(ThreadState.ofValue(v).name()).contains(SyncWait.BARRIER);
        }
        assertThat(SyncWait.of(new ThreadState(17, "ompt_state_wait_barrier_implicit_parallel")))
                .contains(SyncWait.BARRIER);
        for (long v : new long[] {0x0, 0x1, 0x41, 0x42, 0x80, 0x100}) {
            assertThat(SyncWait.of(ThreadState.ofValue(v))).as(ThreadState.ofValue(v).name()).isEmpty();
        }
    }

    @Test
    void aQueuedOrCompletedTaskNamedCurrentByAWaitingThreadKeepsItsLifecycle() {
        Snapshot s = DetachWaitSnapshots.fulfilled();
        assertThat(TaskStatus.of(task(s, 104), s.index()).orElseThrow().name()).isEqualTo("completed");
        assertThat(TaskStatus.KEYS).containsExactly("queued", "blocked", "running", "waiting", "suspended",
                "detached", "completed");
    }

    private static Task task(Snapshot s, long id) {
        return s.index().task(new TaskId(id)).orElseThrow();
    }
}
