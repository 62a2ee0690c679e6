package org.ompdexplorer.model;

/** The kinds of entity a snapshot holds; with an id, an {@link EntityRef} names one. */
public enum EntityKind {
    SNAPSHOT("snapshot"),
    ADDRESS_SPACE("address space"),
    THREAD("thread"),
    PARALLEL_REGION("parallel region"),
    TASK("task"),
    TARGET_REGION("target region");

    private final String label;

    EntityKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
