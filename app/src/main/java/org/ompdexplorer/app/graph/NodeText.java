package org.ompdexplorer.app.graph;

import java.util.ArrayList;
import java.util.List;
import org.ompdexplorer.model.graph.GraphNode;

/**
 * The lines a node shows — its title, then its details, wrapped at their " · " onto as many lines as they take — and
 * the size they make it: what layout and painter agree on, so that no word is cut.
 */
public final class NodeText {
    public static final double TITLE_SIZE = 12;
    public static final double DETAIL_SIZE = 10.5;
    public static final double PAD_X = 10;
    /** A node with one line of details. */
    public static final double HEIGHT = 40;
    /** Each further line of details. */
    public static final double DETAIL_LINE = 13;
    public static final double MIN_WIDTH = 72;
    /** Details wider than this wrap onto another line (the title may make the node wider). */
    public static final double MAX_WIDTH = 240;
    /**
     * The widest a title makes a node; a longer name (a C++ template's, a few hundred characters) is cut with an
     * ellipsis there, and said whole on hover and on the task's page.
     */
    public static final double MAX_TITLE_WIDTH = 480;
    private static final String SEPARATOR = " · ";

    private NodeText() {
    }

    public static String title(GraphNode n) {
        return n.label();
    }

    /** {@code queued · on T2 · untied}: lifecycle, thread and flags. */
    public static String detail(GraphNode n) {
        return String.join(SEPARATOR, detailParts(n));
    }

    private static List<String> detailParts(GraphNode n) {
        List<String> parts = new ArrayList<>();
        if (n.lifecycle() != null) {
            parts.add(n.lifecycle());
        }
        if (n.thread() >= 0) {
            parts.add("on T" + n.thread());
        }
        parts.addAll(n.flags());
        if (parts.isEmpty()) {
            parts.add(switch (n.kind()) {
                case INITIAL -> "initial task";
                case IMPLICIT -> "implicit task";
                case TARGET -> "target task";
                case AGGREGATE, SUBTREE, MORE -> n.size() + " tasks";
                case EXPLICIT -> "explicit task";
            });
        }
        return parts;
    }

    /** The details as drawn in a node of this width: whole parts per line, a line break at a " · ". */
    public static List<String> detailLines(GraphNode n) {
        double room = width(n) - 2 * PAD_X - collapsedExtra(n);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String part : detailParts(n)) {
            String longer = line.isEmpty() ? part : line + SEPARATOR + part;
            if (!line.isEmpty() && TextMetrics.width(longer, DETAIL_SIZE, false) > room) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(part);
            } else {
                line.setLength(0);
                line.append(longer);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    public static double width(GraphNode n) {
        double title = Math.min(TextMetrics.width(title(n), TITLE_SIZE, true), MAX_TITLE_WIDTH);
        double detail = 0;
        for (String part : detailParts(n)) { // the widest part never wraps
            detail = Math.max(detail, TextMetrics.width(part, DETAIL_SIZE, false));
        }
        detail = Math.max(detail, Math.min(TextMetrics.width(detail(n), DETAIL_SIZE, false), MAX_WIDTH - 2 * PAD_X));
        return Math.ceil(Math.max(MIN_WIDTH, Math.max(title, detail) + 2 * PAD_X + collapsedExtra(n)));
    }

    public static double height(GraphNode n) {
        return HEIGHT + (detailLines(n).size() - 1) * DETAIL_LINE;
    }

    /** Room a collapsed node's stack takes at its right. */
    private static double collapsedExtra(GraphNode n) {
        return n.isCollapsed() ? 6 : 0;
    }
}
