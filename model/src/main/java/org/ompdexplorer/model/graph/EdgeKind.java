package org.ompdexplorer.model.graph;

/** The links between tasks a graph draws, each visibly different and named in the legend. */
public enum EdgeKind {
    /** {@code ompd_get_generating_task_handle}: the task that created this one. */
    GENERATING("generating"),
    /** {@code ompd_get_scheduling_task_handle}: the task suspended below this one on its thread. */
    SCHEDULING("scheduling"),
    /** A dependence ({@code ompt_callback_task_dependence}): the source must complete before the target runs. */
    DEPENDENCE("dependence"),
    /**
     * A task at a taskwait or a taskgroup's end awaits a child that has not completed. Named "awaits", not "waits
     * for": the navigator's "waits for" is a task's unfinished dependences.
     */
    WAITS_FOR("awaits");

    private final String label;

    EdgeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
