package org.ompdexplorer.model;

import java.util.Collection;

/** A flag of an explicit task, from OMPT's {@code ompt_task_flag_t}. Open: other names are kept. */
public final class TaskFlag extends OpenEnum {
    private static final Registry<TaskFlag> REGISTRY = new Registry<>(TaskFlag::new);
    public static final TaskFlag UNDEFERRED = REGISTRY.define("undeferred");
    public static final TaskFlag UNTIED = REGISTRY.define("untied");
    public static final TaskFlag FINAL = REGISTRY.define("final");
    public static final TaskFlag MERGEABLE = REGISTRY.define("mergeable");
    public static final TaskFlag MERGED = REGISTRY.define("merged");
    public static final TaskFlag INCLUDED = REGISTRY.define("included");

    private TaskFlag(String name, boolean known) {
        super(name, known);
    }

    public static TaskFlag of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<TaskFlag> known() {
        return REGISTRY.values();
    }
}
