package org.ompdexplorer.app.graph;

import org.ompdexplorer.model.graph.EdgeKind;

/** How each kind of edge looks: colour, width and dash, the same in every renderer and in the legend. */
public record EdgeStyle(String color, double width, double[] dash, String name, String meaning) {
    public static final double LABEL_SIZE = 10;

    public static EdgeStyle of(EdgeKind kind, GraphPalette p) {
        return switch (kind) {
            case GENERATING -> new EdgeStyle(p.muted(), 1.3, null, "generating",
                    "the task at the arrow's tail created (generated) the one at its head");
            case SCHEDULING -> new EdgeStyle(p.scheduling(), 1.6, new double[] {7, 4}, "scheduling",
                    "the task at the head runs on top of the one at the tail (its scheduling task), which is not "
                            + "the task that generated it");
            case DEPENDENCE -> new EdgeStyle(p.dependence(), 1.6, null, "dependence",
                    "the task at the head may not start before the one at the tail completes (depend clauses: "
                            + "types and the shared address on the edge)");
            case WAITS_FOR -> new EdgeStyle(p.waitsFor(), 1.4, new double[] {2, 3}, "awaits",
                    "the task at the tail is at a taskwait or a taskgroup's end until the child at the head completes "
                            + "(a navigator badge's \"waits for\" is the unfinished tasks a task depends on)");
        };
    }
}
