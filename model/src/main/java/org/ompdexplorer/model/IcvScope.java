package org.ompdexplorer.model;

import java.util.Collection;

/**
 * The scope an ICV is stored in, from OMPD's {@code ompd_scope_t} (plus {@code device}, which the OMPD ICV
 * table uses for {@code ompd-num-procs-var}). {@link #PARALLEL} is the team scope.
 */
public final class IcvScope extends OpenEnum {
    private static final Registry<IcvScope> REGISTRY = new Registry<>(IcvScope::new);
    public static final IcvScope GLOBAL = REGISTRY.define("global");
    public static final IcvScope ADDRESS_SPACE = REGISTRY.define("address_space");
    public static final IcvScope DEVICE = REGISTRY.define("device");
    public static final IcvScope THREAD = REGISTRY.define("thread");
    public static final IcvScope PARALLEL = REGISTRY.define("parallel");
    public static final IcvScope IMPLICIT_TASK = REGISTRY.define("implicit_task");
    public static final IcvScope TASK = REGISTRY.define("task");

    private IcvScope(String name, boolean known) {
        super(name, known);
    }

    public static IcvScope of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<IcvScope> known() {
        return REGISTRY.values();
    }
}
