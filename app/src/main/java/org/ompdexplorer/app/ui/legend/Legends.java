package org.ompdexplorer.app.ui.legend;

import java.util.List;

/**
 * What the legend explains: every colour, shape and badge the window draws. Another area adds its own marks (the
 * task graph's node shapes and edge kinds) as one more {@link LegendSection} in {@link #all()}.
 */
public final class Legends {
    private Legends() {
    }

    public static List<LegendSection> all() {
        return List.of(lifecycles(), navigatorBadges(), compareMarks(), explain());
    }

    static LegendSection lifecycles() {
        return new LegendSection("Task lifecycle (colour of a task in the navigator and the graph)", List.of(
                new LegendEntry(Swatches.lifecycle("queued", "queued"), "queued",
                        "Created and deferred, not started: ready, waiting for a thread to pick it up at a task"
                                + " scheduling point."),
                new LegendEntry(Swatches.lifecycle("blocked", "blocked on dependences"), "blocked on dependences",
                        "Queued, but a task it depends on has not completed: it cannot start yet."),
                new LegendEntry(Swatches.lifecycle("running", "running"), "running",
                        "Executing on a thread now."),
                new LegendEntry(Swatches.lifecycle("suspended", "suspended"), "suspended",
                        "Started, then suspended at a task scheduling point (taskwait, taskgroup, barrier, or a"
                                + " task started on top of it)."),
                new LegendEntry(Swatches.lifecycle("completed", "completed"), "completed",
                        "Finished; kept while another task still refers to it.")));
    }

    static LegendSection navigatorBadges() {
        return new LegendSection("Navigator badges", List.of(
                new LegendEntry(Swatches.label("explicit", "badge", "badge-kind"), "kind",
                        "The kind of task (initial, implicit, explicit, target) or thread (initial, worker)."),
                new LegendEntry(Swatches.label("work_parallel", "badge", "badge-state"), "state",
                        "A thread's state as the runtime reports it."),
                new LegendEntry(Swatches.label("wait_barrier", "badge", "badge-wait"), "wait state",
                        "A thread waiting: in a barrier, a taskwait, a taskgroup or for a lock."),
                new LegendEntry(Swatches.label("untied", "badge", "badge-count"), "flags",
                        "A task's flags: untied, final, mergeable, included, undeferred (see Explain for each)."),
                new LegendEntry(Swatches.label("2 deps", "badge", "badge-count"), "dependence count",
                        "How many dependences (in, out, inout) the task declared."),
                new LegendEntry(Swatches.label("12 tasks", "badge", "badge-count"), "count",
                        "How many entities a row holds."),
                new LegendEntry(Swatches.label("≠ gen", "badge", "badge-wait"), "≠ gen",
                        "The task's scheduling task differs from its generating task: it was started on top of"
                                + " another task, often by another thread (stolen)."),
                new LegendEntry(Swatches.label("unavailable", "badge", "badge-unavailable"), "unavailable",
                        "The runtime could not give this value; the tooltip says why and how to get it.")));
    }

    static LegendSection compareMarks() {
        return new LegendSection("Compare mode (snapshot A → B)", List.of(
                new LegendEntry(Swatches.marked("+", "added", "compare-legend-item"), "+ added",
                        "In B only: created since A."),
                new LegendEntry(Swatches.marked("−", "removed", "compare-legend-item"), "− removed",
                        "In A only: gone by B (a task that completed and was freed)."),
                new LegendEntry(Swatches.marked("~", "changed", "compare-legend-item"), "~ changed",
                        "In both, with a field that differs."),
                new LegendEntry(Swatches.marked("≠", "changed", "compare-legend-item"), "≠ changed field",
                        "The field that differs, in the side-by-side details."),
                new LegendEntry(Swatches.label("still blocked", "badge", "badge-unavailable"), "still blocked",
                        "Waiting at the same place in A and B (same wait, same enter frame, same predecessors):"
                                + " the hang signal.")));
    }

    static LegendSection explain() {
        return new LegendSection("Explain pane", List.of(
                new LegendEntry(Swatches.label("OpenMP 5.2 §12.5", "spec-chip"), "specification section",
                        "The OpenMP section a sentence refers to; its tooltip gives the title and the 5.1 number."),
                new LegendEntry(Swatches.label("task #5", "legend-link"), "entity link",
                        "An entity the sentence mentions; click to go to it.")));
    }
}
