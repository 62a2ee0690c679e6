package org.ompdexplorer.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.graph.NodeText;
import org.ompdexplorer.app.graph.Pen;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.app.graph.TextMetrics;
import org.ompdexplorer.app.ui.WindowScan.Finding;
import org.ompdexplorer.app.ui.WindowScan.Kind;

/**
 * What the task graph's canvas draws, read as a {@link Pen} sees it (the canvas has no nodes to look up): a node's
 * or a box's text cut with "…" or running past its box in the font the canvas draws it in, texts drawn over each
 * other, an edge drawn through a text, and names as {@link WindowScan} checks them. Must run on the FX thread (it
 * measures with JavaFX's fonts).
 */
final class GraphTextScan {
    private GraphTextScan() {
    }

    /** A text as drawn: the part it belongs to ({@code node 3}, {@code region 0}, {@code edge 2}) and its box. */
    private record Drawn(String part, String text, Rect box) {
    }

    static List<Finding> scan(GraphLayout layout, String where, Set<String> ids) {
        Recorder pen = new Recorder();
        GraphPainter.paint(layout, pen, GraphPalette.LIGHT, null, 1, GraphPainter.Decorations.NONE);
        Set<Finding> found = new LinkedHashSet<>();
        for (Drawn d : pen.texts) {
            String full = full(layout, d.part);
            if (d.text.endsWith("…") && full != null && !full.contains(d.text)) {
                found.add(new Finding(Kind.CUT, where, "graph " + d.part + " shows \"" + d.text + "\" of \"" + full
                        + "\""));
            }
            Rect room = room(layout, d.part);
            if (room != null && d.box.maxX() > room.maxX() + 0.5) {
                found.add(new Finding(Kind.CUT, where, "graph " + d.part + " text \"" + d.text + "\" runs "
                        + Math.round(d.box.maxX() - room.maxX()) + " px past its box"));
            }
            WindowScan.names(d.text, ids, where + " graph", found);
        }
        for (int i = 0; i < pen.texts.size(); i++) {
            Drawn a = pen.texts.get(i);
            for (int j = i + 1; j < pen.texts.size(); j++) {
                Drawn b = pen.texts.get(j);
                if (!a.part.equals(b.part) && overlap(a.box, b.box)) {
                    found.add(new Finding(Kind.OVERLAP, where, "graph " + a.part + " \"" + a.text + "\" and "
                            + b.part + " \"" + b.text + "\""));
                }
            }
            for (Line line : a.part.startsWith("node") ? List.<Line>of() : pen.lines) { // a node covers what is below
                if (!line.part.equals(a.part) && line.crosses(a.box)) {
                    found.add(new Finding(Kind.OVERLAP, where, "graph " + line.part + " drawn through " + a.part
                            + " \"" + a.text + "\""));
                }
            }
        }
        return List.copyOf(found);
    }

    private static String full(GraphLayout layout, String part) {
        String[] p = part.split(" ");
        int i = Integer.parseInt(p[1]);
        return switch (p[0]) {
            case "node" -> NodeText.title(layout.graph().nodes().get(i)) + " " + NodeText.detail(layout.graph().nodes()
                    .get(i));
            case "box" -> layout.graph().groups().get(i).label();
            default -> layout.graph().edges().get(i).label();
        };
    }

    /** Where a part's text must stay: a node's box, a region's header, an edge's label box. */
    private static Rect room(GraphLayout layout, String part) {
        String[] p = part.split(" ");
        int i = Integer.parseInt(p[1]);
        return switch (p[0]) {
            case "node" -> layout.nodes().get(i);
            case "box" -> layout.headers().get(i);
            default -> layout.edges().get(i).label();
        };
    }

    private static boolean overlap(Rect a, Rect b) {
        double w = Math.min(a.maxX(), b.maxX()) - Math.max(a.x(), b.x());
        double h = Math.min(a.maxY(), b.maxY()) - Math.max(a.y(), b.y());
        return w > 1.5 && h > 1.5;
    }

    /** One segment of an edge as drawn. */
    private record Line(String part, double x1, double y1, double x2, double y2) {
        /** Whether the segment passes through the middle of {@code r} (its ends may touch its border). */
        boolean crosses(Rect r) {
            Rect inner = new Rect(r.x() + 1, r.y() + 1, r.w() - 2, r.h() - 2);
            int steps = (int) Math.max(2, Math.hypot(x2 - x1, y2 - y1));
            for (int k = 0; k <= steps; k++) {
                double t = (double) k / steps;
                if (inner.contains(x1 + t * (x2 - x1), y1 + t * (y2 - y1))) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Records what the painter draws, by part, in the painter's order (boxes, then edges, then nodes). */
    private static final class Recorder implements Pen {
        final List<Drawn> texts = new ArrayList<>();
        final List<Line> lines = new ArrayList<>();
        private int boxes;
        private int edges;
        private int nodes;
        private String part = "";

        @Override
        public void begin(String kind, String id, String title) {
            part = kind.startsWith("node") ? "node " + nodes++ : kind.startsWith("edge") ? "edge " + edges++
                    : "box " + boxes++;
        }

        @Override
        public void end() {
            part = "";
        }

        @Override
        public void roundRect(double x, double y, double w, double h, double radius, String fill, String stroke,
                              double width, double[] dash) {
        }

        @Override
        public void polygon(double[] xy, String fill, String stroke, double width) {
        }

        @Override
        public void polyline(double[] xy, String stroke, double width, double[] dash) {
            for (int i = 0; i + 3 < xy.length; i += 2) {
                lines.add(new Line(part, xy[i], xy[i + 1], xy[i + 2], xy[i + 3]));
            }
        }

        @Override
        public void text(String text, double x, double y, double size, boolean bold, String color, Align align) {
            if (align == Align.CENTER) {
                return; // a compare mark's glyph in its disc
            }
            Text probe = new Text(text);
            probe.setFont(Font.font(TextMetrics.FONT_FAMILY, bold ? FontWeight.BOLD : FontWeight.NORMAL, size));
            double w = probe.getLayoutBounds().getWidth();
            texts.add(new Drawn(part, text, new Rect(x, y - size * 0.75, w, size * 0.95)));
        }
    }
}
