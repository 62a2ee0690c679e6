package org.ompdexplorer.app.graph;

import java.util.List;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * A task graph placed on a plane: a box per node, a route per edge, a box per group, by the indexes of
 * {@link TaskGraph}, and the header of each box, where its label is written; the plane is {@code width × height}, origin at the top left.
 */
public record GraphLayout(TaskGraph graph, List<Rect> nodes, List<EdgeRoute> edges, List<Rect> groups,
                          List<Rect> headers, double width, double height) {
    public GraphLayout {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        groups = List.copyOf(groups);
        headers = List.copyOf(headers);
    }

    /** A layout whose boxes have their headers at their top left, for a picture made by hand (the legend). */
    public GraphLayout(TaskGraph graph, List<Rect> nodes, List<EdgeRoute> edges, List<Rect> groups, double width,
                       double height) {
        this(graph, nodes, edges, groups, groups.stream().map(g -> new Rect(g.x() + 8, g.y() + 4, g.w() - 16,
                GraphLayouter.HEADER_HEIGHT)).toList(), width, height);
    }

    /** The topmost node at a point, or −1. */
    public int nodeAt(double x, double y) {
        for (int i = nodes.size() - 1; i >= 0; i--) {
            if (nodes.get(i).contains(x, y)) {
                return i;
            }
        }
        return -1;
    }
}
