package org.ompdexplorer.app.ui.navigator;

/** How the navigator arranges a snapshot. */
public enum Grouping {
    /** Address spaces; parallel regions nested by enclosing region; implicit tasks; the task-creation tree. */
    STRUCTURE("By structure"),
    /** Threads with their state; on each, the scheduling chain of its current task (its stack of tasks). */
    THREADS("By thread");

    private final String label;

    Grouping(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
