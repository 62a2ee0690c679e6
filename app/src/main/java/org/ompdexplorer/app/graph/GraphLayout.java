package org.ompdexplorer.app.graph;

import java.util.List;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * A task graph placed on a plane: a box per node, a route per edge, a box per group, by the indexes of
 * {@link TaskGraph}; the plane is {@code width × height}, origin at the top left.
 */
public record GraphLayout(TaskGraph graph, List<Rect> nodes, List<EdgeRoute> edges, List<Rect> groups,
                          double width, double height) {
    public GraphLayout {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        groups = List.copyOf(groups);
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
