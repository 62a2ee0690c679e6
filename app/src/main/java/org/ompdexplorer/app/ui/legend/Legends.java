package org.ompdexplorer.app.ui.legend;

import org.ompdexplorer.app.graph.EdgeStyle;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.ui.graph.GraphSwatches;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.NodeKind;

import java.util.List;

/**
 * What the legend explains: every colour, shape and badge the window draws. Another area adds its own marks (the
 * task graph's node shapes and edge kinds) as one more {@link LegendSection} in {@link #all()}.
 */
public final class Legends {
    private Legends() {
    }

    public static List<LegendSection> all() {
        return List.of(lifecycles(), navigatorBadges(), graphShapes(), graphEdges(), compareMarks(), explain());
    }

    static LegendSection lifecycles() {
        return new LegendSection("Task status (colour of a task in the navigator and the graph)", List.of(
                new LegendEntry(Swatches.lifecycle("queued", "queued"), "queued",
                        "Created and deferred, not started: ready, waiting for a thread to pick it up at a task"
                                + " scheduling point."),
                new LegendEntry(Swatches.lifecycle("blocked", "blocked on dependences"), "blocked on dependences",
                        "Queued, but a task it depends on has not completed: it cannot start yet."),
                new LegendEntry(Swatches.lifecycle("running", "running"), "running",
                        "Executing on a thread now."),
                new LegendEntry(Swatches.lifecycle("waiting", "waiting at a taskwait"),
                        "waiting at a taskwait / taskgroup / barrier",
                        "Its thread's current task while the thread waits at a taskwait, the end of a taskgroup or a"
                                + " barrier (the thread's state says so, in a capture and in a core): it cannot go"
                                + " on until its children, its taskgroup's tasks or its team are done. Explain names"
                                + " what it waits for."),
                new LegendEntry(Swatches.lifecycle("suspended", "suspended"), "suspended",
                        "Started, then suspended at a task scheduling point (taskwait, taskgroup, barrier, or a"
                                + " task started on top of it)."),
                new LegendEntry(Swatches.lifecycle("detached", "detached: body done, event not fulfilled"),
                        "detached: body done, event not fulfilled",
                        "A task with a detach clause whose body has ended but whose event the program has not"
                                + " fulfilled yet (omp_fulfill_event): not completed, held by no thread; a taskwait,"
                                + " taskgroup or barrier waiting for it goes on waiting."),
                new LegendEntry(Swatches.lifecycle("completed", "completed"), "completed",
                        "Finished; kept while another task still refers to it.")));
    }

    static LegendSection graphShapes() {
        return new LegendSection("Task graph: node shapes (fill and outline in the lifecycle's colour)", List.of(
                new LegendEntry(GraphSwatches.node(NodeKind.INITIAL, "initial task", "suspended"), "initial task",
                        "A pill: the task that runs the program outside any parallel region."),
                new LegendEntry(GraphSwatches.node(NodeKind.IMPLICIT, "parallel region in main", "running"),
                        "implicit task", "Rounded corners: one per thread of a parallel region's team."),
                new LegendEntry(GraphSwatches.node(NodeKind.EXPLICIT, "task in fib", "queued"), "explicit task",
                        "Square corners: a task construct's task."),
                new LegendEntry(GraphSwatches.node(NodeKind.TARGET, "target task", "running"), "target task",
                        "Cut corners: the task of a target construct."),
                new LegendEntry(GraphSwatches.node(NodeKind.AGGREGATE, "12 × task in fib", "queued"), "aggregate",
                        "Stacked: sibling tasks alike in kind, function and lifecycle, drawn once; click to open."),
                new LegendEntry(GraphSwatches.node(NodeKind.SUBTREE, "task in fib", "suspended"), "collapsed subtree",
                        "Stacked, \"+ N below\": a task and what it generated, collapsed to keep a big graph small;"
                                + " click to open.")));
    }

    static LegendSection graphEdges() {
        List<LegendEntry> entries = new java.util.ArrayList<>();
        for (EdgeKind kind : EdgeKind.values()) {
            EdgeStyle style = EdgeStyle.of(kind, GraphPalette.LIGHT);
            entries.add(new LegendEntry(GraphSwatches.edge(kind), style.name(), style.meaning() + "."));
        }
        entries.add(new LegendEntry(Swatches.label("parallel region P2 · level 1", "legend-region"), "region box",
                "A dashed box around the tasks bound to a parallel region; nested regions are boxes inside it."));
        return new LegendSection("Task graph: edges and boxes", entries);
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
                        "The same wait at the same place in A and B with nothing it waits for having moved (a"
                                + " taskwait whose children did not move, a task still detached, a lock with the same"
                                + " wait id, the same predecessors): the hang signal.")));
    }

    static LegendSection explain() {
        return new LegendSection("Explain pane", List.of(
                new LegendEntry(Swatches.label("OpenMP 5.2 §12.5", "spec-chip"), "specification section",
                        "The OpenMP section a sentence refers to; its tooltip gives the title and the 5.1 number."),
                new LegendEntry(Swatches.label("task #5", "legend-link"), "entity link",
                        "An entity the sentence mentions; click to go to it.")));
    }
}
