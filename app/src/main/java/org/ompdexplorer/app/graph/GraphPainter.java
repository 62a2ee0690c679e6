package org.ompdexplorer.app.graph;

import java.util.Map;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphGroup;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.NodeKind;

/**
 * Draws a laid-out task graph with a {@link Pen}: region boxes, then edges, then nodes, only what meets the view,
 * with less detail as the scale drops (no detail line below {@value #DETAIL_SCALE}, no text below
 * {@value #TEXT_SCALE}) so that thousands of nodes stay smooth.
 */
public final class GraphPainter {
    static final double DETAIL_SCALE = 0.55;
    public static final double TEXT_SCALE = 0.32;
    /** Below this, an overview: nodes as plain boxes in their lifecycle's colour, edges as plain hairlines. */
    static final double OVERVIEW_SCALE = 0.2;
    private static final double ARROW = 7;

    /** A node's change in compare mode, drawn as a glyph in a corner and in the outline's colour. */
    public enum Mark {
        ADDED("+"), REMOVED("−"), CHANGED("~");

        final String glyph;

        Mark(String glyph) {
            this.glyph = glyph;
        }
    }

    /**
     * What the view adds to the picture.
     *
     * @param selected the selected node, or −1
     * @param hovered  the node under the pointer, or −1
     * @param marks    compare-mode marks by node
     */
    public record Decorations(int selected, int hovered, Map<Integer, Mark> marks) {
        public static final Decorations NONE = new Decorations(-1, -1, Map.of());

        public Decorations {
            marks = Map.copyOf(marks);
        }
    }

    private final GraphLayout layout;
    private final Pen pen;
    private final GraphPalette p;

    private GraphPainter(GraphLayout layout, Pen pen, GraphPalette palette) {
        this.layout = layout;
        this.pen = pen;
        this.p = palette;
    }

    /**
     * Paints what of the layout meets {@code view} (graph coordinates; {@code null} for all) at {@code scale}
     * screen pixels per graph unit.
     *
     * @return how many nodes were drawn
     */
    public static int paint(GraphLayout layout, Pen pen, GraphPalette palette, Rect view, double scale,
                            Decorations decorations) {
        return new GraphPainter(layout, pen, palette).paint(view, scale, decorations);
    }

    private int paint(Rect view, double scale, Decorations d) {
        boolean text = scale >= TEXT_SCALE;
        for (int g = 0; g < layout.groups().size(); g++) {
            Rect r = layout.groups().get(g);
            if (view == null || r.intersects(view)) {
                group(layout.graph().groups().get(g), r, layout.headers().get(g), text);
            }
        }
        if (scale < OVERVIEW_SCALE) {
            return overview(view, scale, d);
        }
        for (int e = 0; e < layout.edges().size(); e++) {
            EdgeRoute route = layout.edges().get(e);
            if (view == null || meets(route, view)) {
                edge(layout.graph().edges().get(e), route, text && scale >= DETAIL_SCALE);
            }
        }
        int drawn = 0;
        for (int n = 0; n < layout.nodes().size(); n++) {
            Rect r = layout.nodes().get(n);
            if (view == null || r.intersects(view)) {
                node(layout.graph().nodes().get(n), r, text, scale >= DETAIL_SCALE, d);
                drawn++;
            }
        }
        return drawn;
    }

    /**
     * Far out, the shape of the whole: each node a box filled with its lifecycle's colour (a compare mark's colour
     * when marked), each edge one hairline in its kind's colour, the selection outlined.
     */
    private int overview(Rect view, double scale, Decorations d) {
        double hairline = 1 / scale;
        for (int e = 0; e < layout.edges().size(); e++) {
            EdgeRoute route = layout.edges().get(e);
            if (view == null || meets(route, view)) {
                double[] xy = route.points(); // from end to end: at this scale the bends are under a pixel apart
                pen.polyline(new double[] {xy[0], xy[1], xy[xy.length - 2], xy[xy.length - 1]},
                        EdgeStyle.of(layout.graph().edges().get(e).kind(), p).color(), hairline, null);
            }
        }
        int drawn = 0;
        for (int n = 0; n < layout.nodes().size(); n++) {
            Rect r = layout.nodes().get(n);
            if (view == null || r.intersects(view)) {
                GraphNode node = layout.graph().nodes().get(n);
                Mark mark = d.marks().get(n);
                pen.roundRect(r.x(), r.y(), r.w(), r.h(), 0, mark == null ? p.stroke(node.lifecycle())
                        : markColor(mark), null, 0, null);
                drawn++;
            }
        }
        for (int n : new int[] {d.selected(), d.hovered()}) {
            if (n >= 0 && n < layout.nodes().size()) {
                Rect r = layout.nodes().get(n);
                double grow = 4 * hairline;
                pen.roundRect(r.x() - grow, r.y() - grow, r.w() + 2 * grow, r.h() + 2 * grow, 0, null, p.accent(),
                        3 * hairline, null);
            }
        }
        return drawn;
    }

    private static boolean meets(EdgeRoute route, Rect view) {
        double[] xy = route.points();
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (int i = 0; i + 1 < xy.length; i += 2) {
            minX = Math.min(minX, xy[i]);
            maxX = Math.max(maxX, xy[i]);
            minY = Math.min(minY, xy[i + 1]);
            maxY = Math.max(maxY, xy[i + 1]);
        }
        return new Rect(minX, minY, maxX - minX + 1, maxY - minY + 1).intersects(view);
    }

    private void group(GraphGroup g, Rect r, Rect header, boolean text) {
        pen.begin(g.isLane() ? "lane" : "region", g.key(), g.label());
        pen.roundRect(r.x(), r.y(), r.w(), r.h(), 8, p.groupFill(), p.border(), 1, new double[] {4, 3});
        if (text) { // in its header, a place of its own that no edge crosses (GraphLayouter)
            pen.text(TextMetrics.fit(g.label(), GraphLayouter.GROUP_LABEL_SIZE, true,
                    header.w() - 2 * GraphLayouter.HEADER_PAD),
                    header.x() + GraphLayouter.HEADER_PAD, header.y() + header.h() - 4,
                    GraphLayouter.GROUP_LABEL_SIZE, true, p.muted(), Pen.Align.LEFT);
        }
        pen.end();
    }

    private void edge(GraphEdge e, EdgeRoute route, boolean label) {
        EdgeStyle style = EdgeStyle.of(e.kind(), p);
        double[] xy = route.points();
        if (xy.length < 4) {
            return;
        }
        pen.begin("edge " + style.name().replace(' ', '-'), "e" + e.from() + "-" + e.to(), title(e, style));
        pen.polyline(xy, style.color(), style.width(), style.dash());
        arrow(xy, style.color());
        if (label && route.label() != null && !e.label().isEmpty()) {
            Rect l = route.label();
            pen.roundRect(l.x(), l.y(), l.w(), l.h(), 3, p.background(), null, 0, null);
            pen.text(e.label(), l.x() + 3, l.y() + l.h() - 4, EdgeStyle.LABEL_SIZE, false, style.color(),
                    Pen.Align.LEFT);
        }
        pen.end();
    }

    /** {@code scheduling}, or for several links {@code scheduling · 12 links}. */
    static String title(GraphEdge e, EdgeStyle style) {
        return e.count() == 1 ? style.name() : style.name() + " · " + e.count() + " links";
    }

    private void arrow(double[] xy, String color) {
        int n = xy.length;
        double x1 = xy[n - 4];
        double y1 = xy[n - 3];
        double x2 = xy[n - 2];
        double y2 = xy[n - 1];
        double len = Math.hypot(x2 - x1, y2 - y1);
        if (len == 0) {
            return;
        }
        double ux = (x2 - x1) / len;
        double uy = (y2 - y1) / len;
        double bx = x2 - ux * ARROW;
        double by = y2 - uy * ARROW;
        pen.polygon(new double[] {x2, y2, bx - uy * ARROW / 2, by + ux * ARROW / 2, bx + uy * ARROW / 2,
            by - ux * ARROW / 2}, color, null, 0);
    }

    private void node(GraphNode n, Rect r, boolean text, boolean detail, Decorations d) {
        Mark mark = d.marks().get(n.index());
        String fill = p.fill(n.lifecycle());
        String stroke = mark == null ? p.stroke(n.lifecycle()) : markColor(mark);
        double[] dash = mark == Mark.REMOVED ? new double[] {4, 3} : null;
        pen.begin("node " + n.kind().name().toLowerCase(java.util.Locale.ROOT), "task-" + n.task(),
                NodeText.title(n) + " — " + NodeText.detail(n));
        if (n.index() == d.selected() || n.index() == d.hovered()) {
            double grow = n.index() == d.selected() ? 4 : 2.5;
            pen.roundRect(r.x() - grow, r.y() - grow, r.w() + 2 * grow, r.h() + 2 * grow, radius(n, r) + grow,
                    null, p.accent(), n.index() == d.selected() ? 2.5 : 1.2, null);
        }
        shape(n, r, fill, stroke, mark != null ? 2.2 : 1.5, dash);
        if (text) {
            double room = r.w() - 2 * NodeText.PAD_X;
            String fg = mark == Mark.REMOVED ? p.muted() : p.fg();
            pen.text(TextMetrics.fit(NodeText.title(n), NodeText.TITLE_SIZE, true, room), r.x() + NodeText.PAD_X,
                    r.y() + (detail ? 17 : r.h() / 2 + 4), NodeText.TITLE_SIZE, true, fg, Pen.Align.LEFT);
            if (detail) {
                double y = r.y() + 32;
                for (String line : NodeText.detailLines(n)) {
                    pen.text(line, r.x() + NodeText.PAD_X, y, NodeText.DETAIL_SIZE, false, p.stroke(n.lifecycle()),
                            Pen.Align.LEFT);
                    y += NodeText.DETAIL_LINE;
                }
            }
        }
        if (mark != null) {
            double cx = r.maxX() - 2;
            double cy = r.y() + 2;
            pen.roundRect(cx - 8, cy - 8, 16, 16, 8, markColor(mark), null, 0, null);
            if (text) {
                pen.text(mark.glyph, cx, cy + 4.5, 13, true, p.background(), Pen.Align.CENTER);
            }
        }
        pen.end();
    }

    private String markColor(Mark mark) {
        return switch (mark) {
            case ADDED -> p.added();
            case REMOVED -> p.removed();
            case CHANGED -> p.changed();
        };
    }

    private static double radius(GraphNode n, Rect r) {
        return switch (n.kind()) {
            case INITIAL -> r.h() / 2;
            case IMPLICIT -> 10;
            default -> 3;
        };
    }

    /** Shape by kind: initial a pill, implicit rounded, explicit square-cornered, target cut, collapsed stacked. */
    private void shape(GraphNode n, Rect r, String fill, String stroke, double width, double[] dash) {
        if (n.kind() == NodeKind.TARGET) {
            double c = 9;
            pen.polygon(new double[] {r.x() + c, r.y(), r.maxX() - c, r.y(), r.maxX(), r.y() + c, r.maxX(),
                r.maxY() - c, r.maxX() - c, r.maxY(), r.x() + c, r.maxY(), r.x(), r.maxY() - c, r.x(), r.y() + c},
                    fill, stroke, width);
            return;
        }
        if (n.isCollapsed()) {
            for (int k = 2; k >= 1; k--) {
                // stacked down and right: an arrow into the node's top keeps its head in view
                pen.roundRect(r.x() + 3 * k, r.y() + 3 * k, r.w(), r.h(), 3, fill, stroke, 1, dash);
            }
        }
        pen.roundRect(r.x(), r.y(), r.w(), r.h(), radius(n, r), fill, stroke, width, dash);
    }
}
