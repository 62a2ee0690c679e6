package org.ompdexplorer.model;

import static org.ompdexplorer.model.TaskColumns.COMPLETED;
import static org.ompdexplorer.model.TaskColumns.QUEUED;
import static org.ompdexplorer.model.TaskColumns.RUNNING;
import static org.ompdexplorer.model.TaskColumns.SUSPENDED;
import static org.ompdexplorer.model.TaskColumns.UNKNOWN;
import static org.ompdexplorer.model.TaskColumns.name;

import java.util.Arrays;
import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * OpenMP's invariants of threads and their task stacks, for {@link SnapshotValidator}. A thread's stack is the
 * chain from its current task down its scheduling links; a thread runs one task at a time, the top of its stack.
 * So a thread in a working state has a current task ({@code no-current-task}), and that task is on that thread
 * ({@code current-task-elsewhere}) and running, or suspended while the thread waits
 * ({@code current-task-not-running}); below the top every task is suspended ({@code stack-lifecycle}) and on the
 * same thread ({@code stack-thread-mismatch}), and no task is on two stacks ({@code shared-stack}). A running
 * task names a thread ({@code running-without-thread}) whose current task it is ({@code running-not-current}),
 * one to a thread ({@code several-running-tasks}); a suspended task is on the stack of the thread it names
 * ({@code suspended-off-stack}); a queued or completed task is on no thread ({@code queued-on-thread},
 * {@code completed-on-thread}). Lifecycles come from a capture agent; a fact not known is never a finding.
 *
 * <p>O(n): each task is marked on at most one stack, by positions in int arrays (docs/benchmarks.md).
 */
final class StackChecks {
    private static final int NO_TASK = -1; // the thread has no current task
    private static final int NOT_KNOWN = -2; // its current task is unavailable, or not one the checks can follow

    private final Snapshot snapshot;
    private final SnapshotIndex index;
    private final List<Diagnostic> found;
    private final int[] schedulingOf;
    private final List<Task> tasks;
    private final byte[] lifecycle; // task position → lifecycle code (TaskColumns)
    private final int[] threadOf; // task position → thread position, or −1 when not known or not held
    private final int[] current; // thread position → current task position, NO_TASK or NOT_KNOWN
    private final int[] stackOf; // task position → the thread position whose stack holds it, or −1

    StackChecks(Snapshot snapshot, List<Diagnostic> found, TaskColumns columns) {
        this.snapshot = snapshot;
        this.index = snapshot.index();
        this.found = found;
        this.schedulingOf = columns.scheduling;
        this.lifecycle = columns.lifecycle;
        this.threadOf = columns.thread;
        this.tasks = snapshot.tasks();
        stackOf = new int[tasks.size()];
        current = new int[snapshot.threads().size()];
    }

    void check() {
        Arrays.fill(stackOf, -1);
        List<OmpThread> threads = snapshot.threads();
        for (int t = 0; t < threads.size(); t++) {
            current[t] = NOT_KNOWN;
            if (index.threadPosition(threads.get(t).id().value()) == t) { // a duplicate id is reported, not followed
                checkCurrentTask(t, threads.get(t));
            }
        }
        int[] stopped = new int[threads.size()]; // thread position → where its walk met another thread's task
        for (int t = 0; t < threads.size(); t++) {
            stopped[t] = current[t] >= 0 ? walkStack(t, current[t], -1, true) : -1;
        }
        for (int t = 0; t < threads.size(); t++) {
            if (stopped[t] >= 0) {
                int above = current[t];
                while (schedulingOf[above] != stopped[t]) {
                    above = schedulingOf[above];
                }
                resumeStack(t, stopped[t], above);
            }
        }
        checkTasks();
    }

    private void checkCurrentTask(int t, OmpThread thread) {
        EntityRef ref = EntityRef.of(thread.id());
        Fact<TaskId> link = thread.currentTask();
        if (link instanceof Fact.Absent<TaskId>) {
            current[t] = NO_TASK;
            if (thread.state() instanceof Fact.Known<ThreadState>(ThreadState state) && inATask(state)) {
                error(ref, "currentTask", "no-current-task", ref + " is in state " + state.shortName()
                        + " but has no current task: a thread in that state executes a task",
                        "name the task it executes in \"currentTask\"");
            }
            return;
        }
        int c = link instanceof Fact.Known<TaskId>(TaskId id) ? index.taskPosition(id.value()) : -1;
        if (c < 0) {
            return; // unavailable, or a dangling link, reported already
        }
        Task task = tasks.get(c);
        if (threadOf[c] >= 0 && threadOf[c] != t) {
            error(ref, "currentTask", "current-task-elsewhere", ref + "'s current task is task " + Names.task(task.id())
                            + ", which names " + threadName(task) + " as its thread",
                    "a thread's current task runs on it: correct \"currentTask\" or the task's \"thread\"");
            return;
        }
        current[t] = c;
        byte l = lifecycle[c];
        if (l == QUEUED || l == COMPLETED || (l == SUSPENDED && notWaiting(thread, task))) {
            String state = thread.state() instanceof Fact.Known<ThreadState>(ThreadState s) ? s.shortName() : "";
            error(ref, "currentTask", "current-task-not-running", ref + "'s current task is task " + Names.task(task.id())
                            + ", which is " + name(l) + (l == SUSPENDED ? " while the thread is not waiting (state "
                            + state + ")" : "") + ": a thread's current task is running on it",
                    "correct \"currentTask\" or the task's \"lifecycle\"");
        }
    }

    /**
     * Whether a suspended current task is known to be wrong: the thread is in a state that is not a wait state,
     * and the task does not wait on a target region it encountered (OMPT does not say when the thread waits).
     */
    private boolean notWaiting(OmpThread thread, Task task) {
        return thread.state() instanceof Fact.Known<ThreadState>(ThreadState state) && !state.isWait()
                && index.awaitedTarget(task.id()).isEmpty();
    }

    /** States in which a thread executes a task: working, or waiting at a taskwait or taskgroup of its task. */
    private static boolean inATask(ThreadState state) {
        long v = state.value();
        return v == 0x0 || v == 0x1 || v == 0x2 || v == 0x20 || v == 0x21;
    }

    /**
     * Marks thread {@code t}'s stack from {@code from} (below {@code above}, or the top when −1), reporting what
     * cannot be on it. The first time the chain reaches a task that names another thread, the walk stops there
     * and returns that task's position, for {@link #resumeStack} to decide once every stack is marked.
     */
    private int walkStack(int t, int from, int above, boolean firstPass) {
        int at = from;
        while (at >= 0 && stackOf[at] < 0) {
            if (above >= 0) {
                if (threadOf[at] >= 0 && threadOf[at] != t) {
                    if (firstPass) {
                        return at;
                    }
                    Task task = tasks.get(at);
                    EntityRef ref = EntityRef.of(task.id());
                    error(ref, "thread", "stack-thread-mismatch", ref + " is " + where(t, above) + " but names "
                                    + threadName(task) + " as its thread",
                            "the tasks of a stack are all on its thread: correct the task's \"thread\", or the "
                                    + "\"schedulingTask\" of task " + Names.task(tasks.get(above).id()));
                }
                byte l = lifecycle[at];
                if (l != UNKNOWN && l != SUSPENDED) {
                    EntityRef ref = EntityRef.of(tasks.get(at).id());
                    error(ref, "lifecycle", "stack-lifecycle", ref + " is " + name(l) + " but is " + where(t, above)
                                    + ": below the top of a stack every task is suspended",
                            "correct its \"lifecycle\", or the \"schedulingTask\" of task " + Names.task(tasks.get(above).id()));
                }
            }
            stackOf[at] = t;
            above = at;
            at = schedulingOf[at];
        }
        if (at >= 0 && stackOf[at] != t) {
            reportShared(t, at, above);
        }
        return -1;
    }

    /**
     * Thread {@code t}'s stack reached {@code at}, which names another thread, below {@code above}: if that thread's
     * stack holds it, the scheduling link crosses stacks; else the task's thread is wrong, and the stack goes on.
     */
    private void resumeStack(int t, int at, int above) {
        if (stackOf[at] >= 0) {
            reportShared(t, at, above);
        } else {
            walkStack(t, at, above, false);
        }
    }

    private void reportShared(int t, int at, int above) {
        String other = Names.thread(snapshot.threads().get(stackOf[at]).id()) + "'s stack: a task is on one stack";
        if (above < 0) {
            EntityRef ref = EntityRef.of(snapshot.threads().get(t).id());
            error(ref, "currentTask", "shared-stack", ref + "'s current task is task " + Names.task(tasks.get(at).id())
                            + ", which is on thread " + other, "correct \"currentTask\", or the \"schedulingTask\" "
                            + "links that lead the other thread's stack to task " + Names.task(tasks.get(at).id()));
        } else {
            EntityRef ref = EntityRef.of(tasks.get(above).id());
            error(ref, "schedulingTask", "shared-stack", ref + " is on thread " + Names.thread(snapshot.threads().get(t).id())
                            + "'s stack and scheduled on task " + Names.task(tasks.get(at).id()) + ", which is on thread " + other,
                    "correct its \"schedulingTask\": the task suspended on its own thread when it started");
        }
    }

    private String where(int t, int above) {
        return "on thread " + Names.thread(snapshot.threads().get(t).id()) + "'s stack (below task " + Names.task(tasks.get(above).id()) + ")";
    }

    private static String threadName(Task task) {
        return "thread " + Names.thread(task.thread().get());
    }

    private void checkTasks() {
        int[] holder = new int[current.length]; // thread position → the running task it runs, + 1; 0 = none yet
        for (int t = 0; t < current.length; t++) {
            int c = current[t];
            holder[t] = c >= 0 && lifecycle[c] == RUNNING ? c + 1 : 0;
        }
        for (int i = 0; i < tasks.size(); i++) { // by the columns: a task's object only when there is a finding
            byte l = lifecycle[i];
            if (l == UNKNOWN) {
                continue;
            }
            int t = threadOf[i];
            switch (l) {
                case RUNNING -> checkRunning(i, holder);
                case SUSPENDED -> {
                    if (t >= 0 && stackOf[i] < 0 && current[t] != NOT_KNOWN) {
                        Task task = tasks.get(i);
                        String thread = threadName(task);
                        error(EntityRef.of(task.id()), "thread", "suspended-off-stack", "task " + Names.task(task.id())
                                        + " is suspended on " + thread + " but is not on " + thread + "'s stack ("
                                        + stackTop(t) + ")",
                                "link it into the stack through the \"schedulingTask\" of the task above it, or "
                                        + "correct its \"thread\"");
                    }
                }
                default -> { // queued or completed
                    if (t >= 0) {
                        Task task = tasks.get(i);
                        boolean queued = l == QUEUED;
                        error(EntityRef.of(task.id()), "thread", queued ? "queued-on-thread" : "completed-on-thread",
                                "task " + Names.task(task.id()) + " is " + name(l) + " but names " + threadName(task)
                                        + " as its thread: a " + name(l) + " task "
                                        + (queued ? "has not started on any thread" : "runs on no thread any more"),
                                "leave \"thread\" out of a " + name(l) + " task, or correct its \"lifecycle\"");
                    }
                }
            }
        }
    }

    private void checkRunning(int i, int[] holder) {
        int t = threadOf[i];
        if (t < 0) {
            Task task = tasks.get(i);
            if (task.thread() instanceof Fact.Absent<ThreadId>) {
                EntityRef ref = EntityRef.of(task.id());
                error(ref, "thread", "running-without-thread", ref + " is running but names no thread",
                        "name the thread that executes it in \"thread\"");
            }
            return; // else not known where
        }
        if (current[t] == i || stackOf[i] >= 0) {
            return; // the thread's current task; or on a stack, below the top: reported there
        }
        Task task = tasks.get(i);
        EntityRef ref = EntityRef.of(task.id());
        String thread = threadName(task);
        if (holder[t] == 0) {
            holder[t] = i + 1;
            if (current[t] != NOT_KNOWN) {
                error(ref, "lifecycle", "running-not-current", ref + " is running on " + thread + ", "
                                + (current[t] == NO_TASK ? "which has no current task"
                                : "whose current task is task " + Names.task(tasks.get(current[t]).id()))
                                + ": a running task is its thread's current task",
                        "correct its \"lifecycle\" or \"thread\", or the thread's \"currentTask\"");
            }
        } else {
            error(ref, "lifecycle", "several-running-tasks", ref + " is running on " + thread + ", as task "
                            + Names.task(tasks.get(holder[t] - 1).id()) + " is: a thread runs one task at a time",
                    "of the tasks running on " + thread + ", only its current task runs; correct the others' "
                            + "\"lifecycle\" (suspended, completed) or \"thread\"");
        }
    }

    private String stackTop(int t) {
        int c = current[t];
        return c == NO_TASK ? "it has no current task" : "its current task is task " + Names.task(tasks.get(c).id());
    }

    private void error(EntityRef ref, String field, String code, String message, String fix) {
        found.add(SnapshotValidator.finding(ref, field, code, message, fix));
    }
}
