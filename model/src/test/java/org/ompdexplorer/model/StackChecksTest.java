package org.ompdexplorer.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.diagnostics.Diagnostic;
import org.ompdexplorer.model.diagnostics.Severity;

/** Threads and their stacks: one running task per thread, on top of a stack of suspended ones on that thread. */
class StackChecksTest {

    @Test
    void theAgentsFibIsValid() {
        assertThat(AgentSnapshot.fib().findings()).isEmpty();
    }

    @Test
    void aThreadRunsOneTaskAtATime() {
        AgentSnapshot s = AgentSnapshot.fib().task(7, t -> {
            t.lifecycle = TaskLifecycle.RUNNING;
            t.thread(1L);
        });
        for (long id = 10; id < 13; id++) { // untied tasks the agent left running after they were switched out
            s.task(id, TaskKind.EXPLICIT, 9L, null, 1L, 1L, TaskLifecycle.RUNNING).flags = List.of(TaskFlag.UNTIED);
        }
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("several-running-tasks task #7.lifecycle",
                "several-running-tasks task #10.lifecycle", "several-running-tasks task #11.lifecycle",
                "several-running-tasks task #12.lifecycle");
        assertThat(found).allMatch(d -> d.severity() == Severity.ERROR);
        assertThat(found.getFirst().message()).isEqualTo("task #7 is running on thread T1, as task #9 is: a thread runs "
                + "one task at a time");
    }

    @Test
    void aRunningTaskIsItsThreadsCurrentTask() {
        // the thread has no current task: its running task and the tasks suspended under it are on no stack
        AgentSnapshot none = AgentSnapshot.fib().thread(1, h -> h.current(null));
        assertThat(none.findings()).containsExactly("no-current-task thread T1.currentTask",
                "suspended-off-stack task #2.thread", "suspended-off-stack task #4.thread",
                "suspended-off-stack task #5.thread", "running-not-current task #9.lifecycle");
        List<Diagnostic> found = SnapshotValidator.validate(none.build());
        assertThat(found.getLast().message()).contains("task #9 is running on thread T1, which has no current task");
        assertThat(found.get(1).message()).contains("task #2 is suspended on thread T1 but is not on thread T1's stack "
                + "(it has no current task)");
        // an idle thread has no current task of its own to name
        none.thread(1, h -> h.state = Fact.of(ThreadState.ofValue(0x100)));
        assertThat(none.findings()).doesNotContain("no-current-task thread T1.currentTask").hasSize(4);

        // the thread's current task is one below: the running one is not current
        assertThat(AgentSnapshot.fib().thread(1, h -> h.current(5L)).findings()).containsExactly(
                "current-task-not-running thread T1.currentTask", "running-not-current task #9.lifecycle");
    }

    @Test
    void aRunningTaskNamesAThread() {
        AgentSnapshot s = AgentSnapshot.fib().task(7, t -> t.lifecycle = TaskLifecycle.RUNNING);
        assertThat(s.findings()).containsExactly("running-without-thread task #7.thread");
        // a thread the source could not read is not a finding
        s.task(7, t -> t.thread = Fact.unavailable(ReturnCode.UNAVAILABLE, "test"));
        assertThat(s.findings()).isEmpty();
    }

    @Test
    void aThreadsCurrentTaskIsOnThatThread() {
        AgentSnapshot s = AgentSnapshot.fib().thread(0, h -> h.current(9L));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("current-task-elsewhere thread T0.currentTask");
        assertThat(found.getFirst().message()).isEqualTo("thread T0's current task is task #9, which names thread T1 "
                + "as its thread");
    }

    @Test
    void aThreadsCurrentTaskIsRunning_orSuspendedWhileTheThreadWaits() {
        assertThat(AgentSnapshot.fib().task(9, t -> t.lifecycle = TaskLifecycle.COMPLETED).findings())
                .containsExactly("current-task-not-running thread T1.currentTask", "completed-on-thread task #9.thread");
        AgentSnapshot suspended = AgentSnapshot.fib().task(9, t -> t.lifecycle = TaskLifecycle.SUSPENDED);
        List<Diagnostic> found = SnapshotValidator.validate(suspended.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("current-task-not-running thread T1.currentTask");
        assertThat(found.getFirst().message()).contains("task #9, which is suspended while the thread is not waiting "
                + "(state work_parallel)");
        // at a taskwait with nothing to run, the thread waits in its suspended task
        suspended.thread(1, h -> h.state = Fact.of(ThreadState.ofValue(0x20)));
        assertThat(suspended.findings()).isEmpty();
        // a thread whose state is not known: nothing to say
        suspended.thread(1, h -> h.state = Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state"));
        assertThat(suspended.findings()).isEmpty();
        // a task waiting on a target region it encountered is suspended on it while its thread works (OMPT has
        // no event for the wait)
        suspended.thread(1, h -> h.state = Fact.of(ThreadState.ofValue(0x1)));
        suspended.targets.add(new TargetRegion(new TargetRegionId(1), TargetKind.TARGET, null, 0, true,
                Fact.of(new TaskId(9)), Fact.absent(), Fact.absent(), List.of(), 0, null));
        assertThat(suspended.findings()).isEmpty();
    }

    @Test
    void belowTheTopOfAStackEveryTaskIsSuspended() {
        AgentSnapshot s = AgentSnapshot.fib().task(4, t -> t.lifecycle = TaskLifecycle.RUNNING);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("stack-lifecycle task #4.lifecycle");
        assertThat(found.getFirst().message()).isEqualTo("task #4 is running but is on thread T1's stack (below task #"
                + "5): below the top of a stack every task is suspended");
        assertThat(AgentSnapshot.fib().task(3, t -> t.lifecycle = TaskLifecycle.QUEUED).findings())
                .containsExactly("stack-lifecycle task #3.lifecycle", "queued-on-thread task #3.thread",
                        "generated-by-queued-task task #5.generatingTask", // #3 generated them: it has run
                        "generated-by-queued-task task #6.generatingTask");
        assertThat(AgentSnapshot.fib().task(5, t -> t.lifecycle = TaskLifecycle.COMPLETED).findings())
                .containsExactly("stack-lifecycle task #5.lifecycle", "completed-on-thread task #5.thread");
    }

    @Test
    void theTasksOfAStackAreOnItsThread() {
        AgentSnapshot s = AgentSnapshot.fib().task(4, t -> t.thread(0L));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("stack-thread-mismatch task #4.thread");
        assertThat(found.getFirst().message()).isEqualTo("task #4 is on thread T1's stack (below task #5) but names "
                + "thread T0 as its thread");
    }

    @Test
    void aTaskIsOnOneStack() {
        // #3 scheduled on #4, which is on thread 1's stack: thread 0's stack crosses into thread 1's
        AgentSnapshot s = AgentSnapshot.fib().task(3, t -> t.scheduling = 4L);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("shared-stack task #3.schedulingTask",
                "suspended-off-stack task #0.thread", "suspended-off-stack task #1.thread");
        assertThat(found.getFirst().message()).isEqualTo("task #3 is on thread T0's stack and scheduled on task #4, "
                + "which is on thread T1's stack: a task is on one stack");
        // without threads on the tasks (a hand-written file), two threads with one current task are found too
        AgentSnapshot two = AgentSnapshot.fib().withoutAgent().thread(0, h -> h.current(5L))
                .thread(1, h -> h.current(5L));
        two.tasks.values().forEach(t -> t.thread(null));
        assertThat(two.findings()).containsExactly("shared-stack thread T1.currentTask");
    }

    @Test
    void aSuspendedTaskIsOnItsThreadsStack() {
        AgentSnapshot s = AgentSnapshot.fib();
        s.task(10, TaskKind.EXPLICIT, 6L, null, 1L, 0L, TaskLifecycle.SUSPENDED);
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("suspended-off-stack task #10.thread");
        assertThat(found.getFirst().message()).isEqualTo("task #10 is suspended on thread T0 but is not on thread T0's "
                + "stack (its current task is task #6)");
        s.task(10, t -> t.scheduling = 6L).task(6, t -> t.lifecycle = TaskLifecycle.SUSPENDED)
                .thread(0, h -> h.current(10L)).thread(0, h -> h.state = Fact.of(ThreadState.ofValue(0x20)));
        assertThat(s.findings()).isEmpty(); // at its taskwait with nothing to run, on top of #6
    }

    @Test
    void queuedAndCompletedTasksAreOnNoThread() {
        AgentSnapshot s = AgentSnapshot.fib().task(7, t -> t.thread(1L));
        List<Diagnostic> found = SnapshotValidator.validate(s.build());
        assertThat(AgentSnapshot.where(found)).containsExactly("queued-on-thread task #7.thread");
        assertThat(found.getFirst().message()).isEqualTo("task #7 is queued but names thread T1 as its thread: a queued "
                + "task has not started on any thread");
        s.task(7, t -> t.lifecycle = TaskLifecycle.COMPLETED);
        assertThat(s.findings()).containsExactly("completed-on-thread task #7.thread");
        s.task(7, t -> t.thread(null));
        assertThat(s.findings()).isEmpty();
    }

    @Test
    void unknownFactsNeverMakeAFinding() {
        // a core import: no lifecycles; a thread whose current task and state OMPD could not read
        AgentSnapshot s = AgentSnapshot.fib().withoutAgent()
                .thread(0, h -> h.current = Fact.unavailable(ReturnCode.UNAVAILABLE, "ompd_get_curr_task_handle"))
                .thread(1, h -> h.state = Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state"));
        s.task(7, t -> t.thread(1L));
        assertThat(s.findings()).isEmpty();
        // an open lifecycle this build does not know is not judged either
        AgentSnapshot unknown = AgentSnapshot.fib().task(9, t -> t.lifecycle = TaskLifecycle.of("paused"));
        assertThat(unknown.findings()).isEmpty();
    }

    @Test
    void aLongStackIsWalkedOnceWithoutRecursion() {
        AgentSnapshot s = AgentSnapshot.fib();
        long top = 6;
        List<Long> ids = new ArrayList<>();
        for (long id = 100; id < 200_100; id++) {
            s.task(id, TaskKind.EXPLICIT, top, top, 1L, 0L, TaskLifecycle.SUSPENDED);
            ids.add(id);
            top = id;
        }
        s.task(6, t -> t.lifecycle = TaskLifecycle.SUSPENDED).task(top, t -> t.lifecycle = TaskLifecycle.RUNNING);
        long current = top;
        s.thread(0, h -> h.current(current));
        assertThat(s.findings()).isEmpty();
        assertThat(ids).hasSize(200_000);
    }
}
