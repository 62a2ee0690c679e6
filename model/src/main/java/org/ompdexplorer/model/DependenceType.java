package org.ompdexplorer.model;

import java.util.Collection;

/** The type of a task dependence, from OMPT's {@code ompt_dependence_type_t}. Open: other names are kept. */
public final class DependenceType extends OpenEnum {
    private static final Registry<DependenceType> REGISTRY = new Registry<>(DependenceType::new);
    public static final DependenceType IN = REGISTRY.define("in");
    public static final DependenceType OUT = REGISTRY.define("out");
    public static final DependenceType INOUT = REGISTRY.define("inout");
    public static final DependenceType MUTEXINOUTSET = REGISTRY.define("mutexinoutset");
    public static final DependenceType SOURCE = REGISTRY.define("source");
    public static final DependenceType SINK = REGISTRY.define("sink");
    public static final DependenceType INOUTSET = REGISTRY.define("inoutset");

    private DependenceType(String name, boolean known) {
        super(name, known);
    }

    public static DependenceType of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<DependenceType> known() {
        return REGISTRY.values();
    }
}
