package org.ompdexplorer.model;

/**
 * One member of a team: its thread number ({@code thread-num-var}), the thread ({@code ompd_get_thread_in_parallel})
 * and its implicit task ({@code ompd_get_task_in_parallel}).
 */
public record TeamMember(int threadNum, Fact<ThreadId> thread, Fact<TaskId> implicitTask) {
}
