package org.ompdexplorer.model;

import java.util.Collection;

/** The kind of a task region (OpenMP: initial, implicit, explicit, target). Open: other names are kept. */
public final class TaskKind extends OpenEnum {
    private static final Registry<TaskKind> REGISTRY = new Registry<>(TaskKind::new);
    public static final TaskKind INITIAL = REGISTRY.define("initial");
    public static final TaskKind IMPLICIT = REGISTRY.define("implicit");
    public static final TaskKind EXPLICIT = REGISTRY.define("explicit");
    public static final TaskKind TARGET = REGISTRY.define("target");

    private TaskKind(String name, boolean known) {
        super(name, known);
    }

    public static TaskKind of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<TaskKind> known() {
        return REGISTRY.values();
    }
}
