package org.ompdexplorer.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A task region: initial, implicit, explicit or target ({@code ompd_task_handle_t}). Immutable.
 *
 * <p>A final class rather than a record so that frames and tool data are held bare and wrapped in a
 * {@link Fact} only when asked for: a snapshot may hold millions of tasks, and two wrappers each are 32 bytes
 * and two objects the collector copies (docs/benchmarks.md).
 */
public final class Task {
    private final TaskId id;
    private final TaskKind kind;
    private final Fact<TaskId> generatingTask;
    private final Fact<TaskId> schedulingTask;
    private final Fact<RegionId> parallelRegion;
    private final Fact<ThreadId> thread;
    private final Fact<Integer> threadNum;
    private final Fact<CodeLocation> function;
    private final Fact<CodeLocation> creationSite;
    private final Object frames; // TaskFrames, or the Fact when not known
    private final Object toolData; // ToolData, or the Fact when not known
    private final List<IcvValue> icvs;
    private final AgentFacts agent;

    /**
     * @param generatingTask {@code ompd_get_generating_task_handle}: the task that encountered the construct
     *                       that created this one
     * @param schedulingTask {@code ompd_get_scheduling_task_handle}: the task that was suspended on the same
     *                       thread when this one was scheduled, still on that thread's stack
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
    public Task(TaskId id, TaskKind kind, Fact<TaskId> generatingTask, Fact<TaskId> schedulingTask,
                Fact<RegionId> parallelRegion, Fact<ThreadId> thread, Fact<Integer> threadNum,
                Fact<CodeLocation> function, Fact<CodeLocation> creationSite, Fact<TaskFrames> frames,
                Fact<ToolData> toolData, List<IcvValue> icvs, AgentFacts agent) {
        this.id = Objects.requireNonNull(id, "id");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.generatingTask = Objects.requireNonNull(generatingTask, "generatingTask");
        this.schedulingTask = Objects.requireNonNull(schedulingTask, "schedulingTask");
        this.parallelRegion = Objects.requireNonNull(parallelRegion, "parallelRegion");
        this.thread = Objects.requireNonNull(thread, "thread");
        this.threadNum = Objects.requireNonNull(threadNum, "threadNum");
        this.function = Objects.requireNonNull(function, "function");
        this.creationSite = Objects.requireNonNull(creationSite, "creationSite");
        this.frames = frames instanceof Fact.Known<TaskFrames> k ? k.value() : Objects.requireNonNull(frames);
        this.toolData = toolData instanceof Fact.Known<ToolData> k ? k.value() : Objects.requireNonNull(toolData);
        this.icvs = List.copyOf(icvs);
        this.agent = agent;
    }

    /** A copy of {@code t} with other code locations; frames, tool data and ICVs are shared, not copied. */
    private Task(Task t, Fact<CodeLocation> function, Fact<CodeLocation> creationSite) {
        this.id = t.id;
        this.kind = t.kind;
        this.generatingTask = t.generatingTask;
        this.schedulingTask = t.schedulingTask;
        this.parallelRegion = t.parallelRegion;
        this.thread = t.thread;
        this.threadNum = t.threadNum;
        this.function = Objects.requireNonNull(function, "function");
        this.creationSite = Objects.requireNonNull(creationSite, "creationSite");
        this.frames = t.frames;
        this.toolData = t.toolData;
        this.icvs = t.icvs;
        this.agent = t.agent;
    }

    /** This task with its function and creation site replaced (symbolized); itself when both are the same. */
    public Task withCode(Fact<CodeLocation> function, Fact<CodeLocation> creationSite) {
        return function == this.function && creationSite == this.creationSite ? this
                : new Task(this, function, creationSite);
    }

    public TaskId id() {
        return id;
    }

    public TaskKind kind() {
        return kind;
    }

    public Fact<TaskId> generatingTask() {
        return generatingTask;
    }

    public Fact<TaskId> schedulingTask() {
        return schedulingTask;
    }

    public Fact<RegionId> parallelRegion() {
        return parallelRegion;
    }

    public Fact<ThreadId> thread() {
        return thread;
    }

    public Fact<Integer> threadNum() {
        return threadNum;
    }

    public Fact<CodeLocation> function() {
        return function;
    }

    public Fact<CodeLocation> creationSite() {
        return creationSite;
    }

    @SuppressWarnings("unchecked")
    public Fact<TaskFrames> frames() {
        return frames instanceof TaskFrames f ? Fact.of(f) : (Fact<TaskFrames>) frames;
    }

    @SuppressWarnings("unchecked")
    public Fact<ToolData> toolData() {
        return toolData instanceof ToolData d ? Fact.of(d) : (Fact<ToolData>) toolData;
    }

    public List<IcvValue> icvs() {
        return icvs;
    }

    /** Facts only a capture agent knows, or {@code null}; see {@link #agentFacts()}. */
    public AgentFacts agent() {
        return agent;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof Task t && id.equals(t.id) && kind.equals(t.kind)
                && generatingTask.equals(t.generatingTask) && schedulingTask.equals(t.schedulingTask)
                && parallelRegion.equals(t.parallelRegion) && thread.equals(t.thread)
                && threadNum.equals(t.threadNum) && function.equals(t.function)
                && creationSite.equals(t.creationSite) && frames.equals(t.frames) && toolData.equals(t.toolData)
                && icvs.equals(t.icvs) && Objects.equals(agent, t.agent);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, generatingTask, schedulingTask, parallelRegion, thread, function);
    }

    @Override
    public String toString() {
        return "Task[id=" + id + ", kind=" + kind + ", generatingTask=" + generatingTask + ", schedulingTask="
                + schedulingTask + ", parallelRegion=" + parallelRegion + ", thread=" + thread + ", function="
                + function + "]";
    }
}
