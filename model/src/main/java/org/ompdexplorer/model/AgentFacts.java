package org.ompdexplorer.model;

import java.util.List;

/**
 * What only a capture agent following OMPT events knows of a task; OMPD cannot see any of it.
 *
 * @param lifecycle     queued, running, suspended or completed; {@code null} when not followed
 * @param flags         {@code ompt_task_flag_t} flags of the task
 * @param priority      the priority clause value, or {@code null} when unknown
 * @param dependences   the dependences the task declared ({@code ompt_callback_dependences})
 * @param dependsOn     tasks this one waits for ({@code ompt_callback_task_dependence} edges into it)
 * @param creationOrder the agent's creation-order number, stable across snapshots of one run; −1 when unknown
 */
public record AgentFacts(TaskLifecycle lifecycle, List<TaskFlag> flags, Integer priority,
                         List<Dependence> dependences, List<TaskId> dependsOn, long creationOrder) {
    public AgentFacts {
        flags = List.copyOf(flags);
        dependences = List.copyOf(dependences);
        dependsOn = List.copyOf(dependsOn);
    }

    public boolean has(TaskFlag flag) {
        return flags.contains(flag);
    }
}
