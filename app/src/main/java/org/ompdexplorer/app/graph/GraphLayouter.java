package org.ompdexplorer.app.graph;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.elk.alg.layered.options.GreedySwitchType;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.alg.layered.options.NodePlacementStrategy;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.math.ElkPadding;
import org.eclipse.elk.core.math.KVector;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.HierarchyHandling;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * Places a {@link TaskGraph} with Eclipse ELK's layered algorithm: top to bottom along the generating links,
 * regions as nested boxes, orthogonal edges, and the nodes of a layer in the order of the generating tree, siblings in
 * creation order ({@link GeneratingTreeOrder}), so that the next snapshot of a series keeps its shape. Pure
 * computation: call it off the FX thread.
 */
public final class GraphLayouter {
    static final double GROUP_LABEL_SIZE = 11;
    /** Room above a box's header. */
    private static final double GROUP_TOP = 6;
    static final double HEADER_HEIGHT = 16;
    static final double HEADER_PAD = 2;
    private static final double GROUP_SIDE = 12;
    private static final double MARGIN = 16;
    private static final int THOROUGHNESS = 1;

    static {
        LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
    }

    private GraphLayouter() {
    }

    /** Lays out a small graph with regions and every kind of edge once: ELK's classes loaded and compiled. */
    public static GraphLayout warmUp() {
        List<GraphNode> nodes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            nodes.add(new GraphNode(i, i == 0 ? org.ompdexplorer.model.graph.NodeKind.INITIAL
                    : org.ompdexplorer.model.graph.NodeKind.EXPLICIT, List.of((long) i), 1, "task", "queued",
                    i == 0 ? 0 : 1, -1, List.of()));
        }
        List<GraphEdge> edges = new ArrayList<>();
        for (int i = 1; i < 12; i++) {
            edges.add(new GraphEdge((i - 1) / 2, i, org.ompdexplorer.model.graph.EdgeKind.values()[i % 4],
                    i % 4 == 2 ? "inout→in 0x1" : ""));
        }
        return layout(new TaskGraph(nodes, edges, List.of(new GraphGroup(0, 1, "warm-up", -1, -1),
                new GraphGroup(1, 2, "warm-up", 0, -1)), 12, false));
    }

    public static GraphLayout layout(TaskGraph graph) {
        return layoutWith(graph, THOROUGHNESS, false);
    }

    /**
     * As {@link #layout}, with ELK's crossing minimization tuned otherwise: for benchmarks that compare the
     * window's setting ({@value #THOROUGHNESS}, no greedy switch) with ELK's defaults (7, greedy switch). The greedy
     * switch does not heed the order of a layer's nodes: siblings may then stand out of creation order.
     */
    public static GraphLayout layoutWith(TaskGraph graph, int thoroughness, boolean greedySwitch) {
        ElkNode root = ElkGraphUtil.createGraph();
        configure(root, thoroughness, greedySwitch);
        root.setProperty(CoreOptions.HIERARCHY_HANDLING, HierarchyHandling.INCLUDE_CHILDREN);
        root.setProperty(CoreOptions.PADDING, new ElkPadding(MARGIN));
        Boxes boxes = new Boxes(graph, root, thoroughness, greedySwitch);
        List<ElkNode> nodes = new ArrayList<>(graph.nodes().size());
        for (GraphNode n : graph.nodes()) { // in model order; a box is made before its first node, so in order too
            ElkNode node = ElkGraphUtil.createNode(n.group() < 0 ? root : boxes.box(n.group()));
            node.setDimensions(NodeText.width(n), NodeText.height(n));
            nodes.add(node);
        }
        List<ElkEdge> edges = new ArrayList<>(graph.edges().size());
        for (GraphEdge e : graph.edges()) {
            ElkEdge edge = ElkGraphUtil.createSimpleEdge(nodes.get(e.from()), nodes.get(e.to()));
            ElkGraphUtil.updateContainment(edge);
            if (!e.label().isEmpty()) {
                ElkLabel label = ElkGraphUtil.createLabel(e.label(), edge);
                label.setDimensions(TextMetrics.width(e.label(), EdgeStyle.LABEL_SIZE, false) + 6,
                        EdgeStyle.LABEL_SIZE + 4);
                label.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            edges.add(edge);
        }
        for (int g = 0; g < graph.groups().size(); g++) {
            boxes.box(g); // a box no node is bound to directly (it only encloses boxes): made all the same
        }
        boxes.holdBelowHeaders(nodes);
        boxes.keepInTreeOrder(nodes);
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        return read(graph, root, nodes, edges, boxes);
    }

    /**
     * The region boxes, made in model order (a box before its first node), each with its header: a node of the box
     * the size of its label that every task of the box hangs below by a link that is not drawn. ELK routes edges
     * around nodes, so no edge runs through a header, and the box is at least as wide as its label. (A minimum size
     * on the box would not do: ELK 0.12 applies it transposed when the direction is DOWN, and edges would still
     * cross the label in the box's padding.)
     */
    private static final class Boxes {
        private final TaskGraph graph;
        private final ElkNode root;
        private final int thoroughness;
        private final boolean greedySwitch;
        private final ElkNode[] boxes;
        private final ElkNode[] headers;

        Boxes(TaskGraph graph, ElkNode root, int thoroughness, boolean greedySwitch) {
            this.graph = graph;
            this.root = root;
            this.thoroughness = thoroughness;
            this.greedySwitch = greedySwitch;
            this.boxes = new ElkNode[graph.groups().size()];
            this.headers = new ElkNode[boxes.length];
        }

        ElkNode box(int g) {
            if (boxes[g] == null) {
                GraphGroup group = graph.groups().get(g);
                ElkNode box = ElkGraphUtil.createNode(group.parent() < 0 ? root : box(group.parent()));
                configure(box, thoroughness, greedySwitch);
                box.setProperty(CoreOptions.PADDING, new ElkPadding(GROUP_TOP, GROUP_SIDE, GROUP_SIDE, GROUP_SIDE));
                ElkNode header = ElkGraphUtil.createNode(box);
                header.setDimensions(Math.ceil(headerWidth(group)), HEADER_HEIGHT);
                boxes[g] = box;
                headers[g] = header;
                if (group.parent() >= 0) {
                    link(headers[group.parent()], header);
                }
            }
            return boxes[g];
        }

        /**
         * Links each box's header to the tasks of the box that no task of the box (or of a box inside it) generated:
         * they, and so every task below them, are drawn below the header.
         */
        void holdBelowHeaders(List<ElkNode> nodes) {
            boolean[] below = new boolean[nodes.size()];
            for (GraphEdge e : graph.edges()) {
                int to = graph.nodes().get(e.to()).group();
                if (e.kind() == EdgeKind.GENERATING && to >= 0 && within(graph.nodes().get(e.from()).group(), to)) {
                    below[e.to()] = true;
                }
            }
            for (GraphNode n : graph.nodes()) {
                if (n.group() >= 0 && !below[n.index()]) {
                    link(headers[n.group()], nodes.get(n.index()));
                }
            }
        }

        /**
         * Gives every node and box its place in {@link GeneratingTreeOrder} as its position: with
         * semi-interactive crossing minimization ({@link #configure}) ELK keeps the nodes of a layer in the order of
         * their positions and minimizes crossings around them (long edges' bends). Left to itself, ELK breaks the tie
         * between siblings, which hang below the same node, at random (a perturbation in its barycenter heuristic),
         * so they stood in any order and swapped sides from one snapshot of a series to the next (issue 24 item 9).
         * A header stands first in its box.
         */
        void keepInTreeOrder(List<ElkNode> nodes) {
            GeneratingTreeOrder order = GeneratingTreeOrder.of(graph);
            for (int i = 0; i < nodes.size(); i++) {
                place(nodes.get(i), order.nodes()[i]);
            }
            for (int g = 0; g < boxes.length; g++) {
                place(boxes[g], order.boxes()[g]);
                place(headers[g], -1);
            }
        }

        /** ELK reads the order from the position across its layers, which it transposes for direction DOWN. */
        private static void place(ElkNode node, double rank) {
            node.setProperty(CoreOptions.POSITION, new KVector(rank, rank));
        }

        /** Whether group {@code g} is {@code outer} or nested in it. */
        private boolean within(int g, int outer) {
            for (int at = g; at >= 0; at = graph.groups().get(at).parent()) {
                if (at == outer) {
                    return true;
                }
            }
            return false;
        }

        private static void link(ElkNode header, ElkNode node) {
            ElkEdge edge = ElkGraphUtil.createSimpleEdge(header, node);
            ElkGraphUtil.updateContainment(edge);
        }

        Rect header(int g) {
            return absolute(headers[g]);
        }
    }

    /** The width of a box's header: its label and a little room on each side. */
    static double headerWidth(GraphGroup g) {
        return TextMetrics.width(g.label(), GROUP_LABEL_SIZE, true) + 2 * HEADER_PAD;
    }

    private static void configure(ElkNode n, int thoroughness, boolean greedySwitch) {
        n.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        n.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        n.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
        n.setProperty(LayeredOptions.NODE_PLACEMENT_STRATEGY, NodePlacementStrategy.BRANDES_KOEPF);
        n.setProperty(LayeredOptions.SPACING_NODE_NODE, 16.0);
        n.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 34.0);
        n.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 12.0);
        n.setProperty(LayeredOptions.SPACING_EDGE_EDGE, 8.0);
        // One sweep and no greedy switch: a 10k-node layout in about a second (docs/benchmarks.md §6); more
        // thoroughness buys few crossings at several times the cost.
        n.setProperty(LayeredOptions.THOROUGHNESS, thoroughness);
        // The order of a layer's nodes as their positions say (Boxes.keepInTreeOrder). Set on the root and on every
        // box: ELK configures each nested graph of a hierarchical layout from its own node.
        n.setProperty(LayeredOptions.CROSSING_MINIMIZATION_SEMI_INTERACTIVE, true);

        n.setProperty(LayeredOptions.CROSSING_MINIMIZATION_GREEDY_SWITCH_TYPE, greedySwitch
                ? GreedySwitchType.TWO_SIDED : GreedySwitchType.OFF);
    }

    private static GraphLayout read(TaskGraph graph, ElkNode root, List<ElkNode> nodes, List<ElkEdge> edges,
                                    Boxes boxes) {
        List<Rect> nodeBoxes = new ArrayList<>(nodes.size());
        for (ElkNode n : nodes) {
            nodeBoxes.add(absolute(n));
        }
        List<Rect> groupBoxes = new ArrayList<>(boxes.boxes.length);
        List<Rect> headers = new ArrayList<>(boxes.boxes.length);
        for (int g = 0; g < boxes.boxes.length; g++) {
            groupBoxes.add(absolute(boxes.boxes[g]));
            headers.add(boxes.header(g));
        }
        List<EdgeRoute> routes = new ArrayList<>(edges.size());
        for (ElkEdge e : edges) {
            routes.add(route(e));
        }
        return new GraphLayout(graph, nodeBoxes, routes, groupBoxes, headers, root.getWidth(), root.getHeight());
    }

    private static Rect absolute(ElkNode n) {
        double[] o = offset(n.getParent());
        return new Rect(o[0] + n.getX(), o[1] + n.getY(), n.getWidth(), n.getHeight());
    }

    /** Where a node's own coordinate system starts on the plane: the sum of its ancestors' positions. */
    private static double[] offset(ElkNode n) {
        double x = 0;
        double y = 0;
        for (ElkNode at = n; at != null && at.getParent() != null; at = at.getParent()) {
            x += at.getX();
            y += at.getY();
        }
        return new double[] {x, y};
    }

    /** An edge's points are relative to the node that contains the edge. */
    private static EdgeRoute route(ElkEdge e) {
        double[] o = offset(e.getContainingNode());
        List<Double> points = new ArrayList<>();
        for (ElkEdgeSection s : e.getSections()) {
            points.add(o[0] + s.getStartX());
            points.add(o[1] + s.getStartY());
            for (ElkBendPoint b : s.getBendPoints()) {
                points.add(o[0] + b.getX());
                points.add(o[1] + b.getY());
            }
            points.add(o[0] + s.getEndX());
            points.add(o[1] + s.getEndY());
        }
        double[] xy = new double[points.size()];
        for (int i = 0; i < xy.length; i++) {
            xy[i] = points.get(i);
        }
        Rect label = null;
        if (!e.getLabels().isEmpty()) {
            ElkLabel l = e.getLabels().getFirst();
            label = new Rect(o[0] + l.getX(), o[1] + l.getY(), l.getWidth(), l.getHeight());
        }
        return new EdgeRoute(xy, label);
    }
}
