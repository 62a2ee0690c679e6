package org.ompdexplorer.model;

import java.util.Collection;

/**
 * Where a task is in its life, as a capture agent follows it through OMPT task-schedule events. OMPD cannot
 * see this; a task read from a core has no lifecycle.
 */
public final class TaskLifecycle extends OpenEnum {
    private static final Registry<TaskLifecycle> REGISTRY = new Registry<>(TaskLifecycle::new);
    /** Created, not started: waiting in a queue (or on its dependences). */
    public static final TaskLifecycle QUEUED = REGISTRY.define("queued");
    /** Executing on a thread now. */
    public static final TaskLifecycle RUNNING = REGISTRY.define("running");
    /** Started, then suspended at a task scheduling point (taskwait, taskyield, taskgroup, barrier). */
    public static final TaskLifecycle SUSPENDED = REGISTRY.define("suspended");
    /**
     * A detachable task whose structured block has finished but whose event is not fulfilled yet: it is not
     * complete, and a taskwait or taskgroup that waits for it goes on waiting (OpenMP 5.1 §2.12.1, detach). No
     * thread holds it.
     */
    public static final TaskLifecycle DETACHED = REGISTRY.define("detached");
    /** Finished, kept while another task still refers to it. */
    public static final TaskLifecycle COMPLETED = REGISTRY.define("completed");

    private TaskLifecycle(String name, boolean known) {
        super(name, known);
    }

    public static TaskLifecycle of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<TaskLifecycle> known() {
        return REGISTRY.values();
    }
}
