package org.ompdexplorer.model.diff;

/** What happened to an entity between A and B. */
public enum ChangeKind {
    /** Only in B. */
    ADDED("added", "+"),
    /** Only in A. */
    REMOVED("removed", "-"),
    /** In both, with at least one field changed. */
    CHANGED("changed", "~"),
    /** In both, every field the same. */
    UNCHANGED("unchanged", "=");

    private final String label;
    private final String mark;

    ChangeKind(String label, String mark) {
        this.label = label;
        this.mark = mark;
    }

    public String label() {
        return label;
    }

    /** One character for text reports: + - ~ =. */
    public String mark() {
        return mark;
    }
}
