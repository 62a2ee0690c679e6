package org.ompdexplorer.model;

import java.util.Collection;

/** The kind of a native thread, from OMPT's {@code ompt_thread_t}. */
public final class ThreadKind extends OpenEnum {
    private static final Registry<ThreadKind> REGISTRY = new Registry<>(ThreadKind::new);
    public static final ThreadKind INITIAL = REGISTRY.define("initial");
    public static final ThreadKind WORKER = REGISTRY.define("worker");
    public static final ThreadKind OTHER = REGISTRY.define("other");
    public static final ThreadKind UNKNOWN = REGISTRY.define("unknown");

    private ThreadKind(String name, boolean known) {
        super(name, known);
    }

    public static ThreadKind of(String name) {
        return REGISTRY.of(name);
    }

    public static Collection<ThreadKind> known() {
        return REGISTRY.values();
    }
}
