package org.ompdexplorer.app.graph;

import org.ompdexplorer.model.graph.GraphNode;

/** The two lines a node shows, and the sizes they make it: what layout and painter agree on. */
public final class NodeText {
    public static final double TITLE_SIZE = 12;
    public static final double DETAIL_SIZE = 10.5;
    public static final double PAD_X = 10;
    public static final double HEIGHT = 40;
    public static final double MIN_WIDTH = 72;
    public static final double MAX_WIDTH = 240;

    private NodeText() {
    }

    public static String title(GraphNode n) {
        return n.label();
    }

    /** {@code queued · on T2 · untied}: lifecycle, thread and flags. */
    public static String detail(GraphNode n) {
        StringBuilder b = new StringBuilder();
        if (n.lifecycle() != null) {
            b.append(n.lifecycle());
        }
        if (n.thread() >= 0) {
            b.append(b.isEmpty() ? "" : " · ").append("on T").append(n.thread());
        }
        for (String f : n.flags()) {
            b.append(b.isEmpty() ? "" : " · ").append(f);
        }
        if (b.isEmpty()) {
            b.append(switch (n.kind()) {
                case INITIAL -> "initial task";
                case IMPLICIT -> "implicit task";
                case TARGET -> "target task";
                case AGGREGATE, SUBTREE, MORE -> n.size() + " tasks";
                case EXPLICIT -> "explicit task";
            });
        }
        return b.toString();
    }

    public static double width(GraphNode n) {
        double text = Math.max(TextMetrics.width(title(n), TITLE_SIZE, true),
                TextMetrics.width(detail(n), DETAIL_SIZE, false));
        return Math.ceil(Math.clamp(text + 2 * PAD_X + (n.isCollapsed() ? 6 : 0), MIN_WIDTH, MAX_WIDTH));
    }
}
