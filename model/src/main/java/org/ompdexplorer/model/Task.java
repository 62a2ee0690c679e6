package org.ompdexplorer.model;

import java.util.List;
import java.util.Optional;

/**
 * A task region: initial, implicit, explicit or target ({@code ompd_task_handle_t}).
 *
 * @param generatingTask {@code ompd_get_generating_task_handle}: the task that encountered the construct that
 *                       created this one
 * @param schedulingTask {@code ompd_get_scheduling_task_handle}: the task that was suspended on the same thread
 *                       when this one was scheduled, still on that thread's stack
 * @param parallelRegion {@code ompd_get_task_parallel_handle}: the region the task binds to
 * @param thread         the thread executing (or suspended in) the task; absent for a queued task
 * @param threadNum      for an implicit task, its thread number in the team
 * @param function       {@code ompd_get_task_function}: the entry point of the task's body
 * @param creationSite   where the task was created (OMPT {@code codeptr_ra})
 * @param frames         {@code ompd_get_task_frame}
 * @param toolData       {@code ompd_get_tool_data} at task scope
 * @param icvs           ICV values at task (and implicit-task) scope
 * @param agent          facts only a capture agent knows, or {@code null}
 */
public record Task(TaskId id, TaskKind kind, Fact<TaskId> generatingTask, Fact<TaskId> schedulingTask,
                   Fact<RegionId> parallelRegion, Fact<ThreadId> thread, Fact<Integer> threadNum,
                   Fact<CodeLocation> function, Fact<CodeLocation> creationSite, Fact<TaskFrames> frames,
                   Fact<ToolData> toolData, List<IcvValue> icvs, AgentFacts agent) {
    public Task {
        icvs = List.copyOf(icvs);
    }

    public Optional<AgentFacts> agentFacts() {
        return Optional.ofNullable(agent);
    }

    /** The lifecycle an agent recorded, if any. */
    public Optional<TaskLifecycle> lifecycle() {
        return agent == null ? Optional.empty() : Optional.ofNullable(agent.lifecycle());
    }

    public boolean isImplicit() {
        return kind.equals(TaskKind.IMPLICIT) || kind.equals(TaskKind.INITIAL);
    }
}
