package org.ompdexplorer.model.recording;

/**
 * What one interval of a thread's lane in a recording shows: a task running on the thread (by the task's kind), the
 * thread waiting in a sync region's wait while the task that entered it is the one it holds, a task suspended on the
 * thread, a sync region the thread is inside, or a target construct it encountered.
 */
public enum LaneKind {
    /** The initial task ran on the thread. */
    INITIAL_TASK("initial task"),
    /** An implicit task (of a parallel region's team) ran on the thread. */
    IMPLICIT_TASK("implicit task"),
    /** An explicit task ran on the thread. */
    EXPLICIT_TASK("explicit task"),
    /** A target task (created with the {@code target} flag) ran on the thread. */
    TARGET_TASK("target task"),
    /** The thread waited (barrier, taskwait, taskgroup) with nothing else to run: OMPT's sync_region_wait. */
    WAITING("waiting"),
    /** The task was suspended on this thread: switched away from until it resumed (here or, untied, elsewhere). */
    SUSPENDED("suspended"),
    /** The thread was inside a sync region (barrier, taskwait, taskgroup, reduction) its task began. */
    SYNC_REGION("sync region"),
    /** The thread's task encountered a target construct (target, target data, target update). */
    TARGET_CONSTRUCT("target construct");

    private final String label;

    LaneKind(String label) {
        this.label = label;
    }

    /** How a sentence names it: {@code explicit task}. */
    public String label() {
        return label;
    }

    /** Whether it is a task running on the thread (a lane's first row). */
    public boolean isRunning() {
        return this == INITIAL_TASK || this == IMPLICIT_TASK || this == EXPLICIT_TASK || this == TARGET_TASK;
    }
}
