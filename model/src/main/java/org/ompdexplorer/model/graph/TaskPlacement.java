package org.ompdexplorer.model.graph;

import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.ThreadId;

/**
 * The thread whose lane a task is drawn in when the graph's boxes are lanes by thread ({@link
 * GraphOptions#threadLanes}): in a snapshot, the thread running or suspended in the task; in a whole recorded run,
 * where a completed task is on no thread, the thread that ran it. A task placed on none goes in the lane of the task
 * that generated it (a queued task, in the queue of the thread that created it).
 */
@FunctionalInterface
public interface TaskPlacement {
    /** A snapshot's: the thread executing, or suspended in, the task. */
    TaskPlacement CURRENT = Task::thread;

    /** The thread whose lane {@code task} is drawn in; absent for none of its own. */
    Fact<ThreadId> threadOf(Task task);
}
