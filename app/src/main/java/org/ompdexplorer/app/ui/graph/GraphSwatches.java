package org.ompdexplorer.app.ui.graph;

import java.util.List;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.canvas.Canvas;
import org.ompdexplorer.app.graph.EdgeStyle;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.graph.NodeText;
import org.ompdexplorer.app.graph.Pen;
import org.ompdexplorer.app.graph.Rect;
import org.ompdexplorer.app.ui.Theme;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphNode;
import org.ompdexplorer.model.graph.NodeKind;
import org.ompdexplorer.model.graph.TaskGraph;

/**
 * The graph's node shapes and edge kinds as small pictures for the Legend, drawn by the graph's own painter in the
 * colours of the theme the swatch is shown in.
 */
public final class GraphSwatches {
    private static final double SCALE = 0.75;

    private GraphSwatches() {
    }

    /** A node of a kind, as the graph draws it. */
    public static Supplier<Node> node(NodeKind kind, String name, String lifecycle) {
        return () -> {
            GraphNode n = new GraphNode(0, kind, List.of(7L), kind.collapsed() ? 12 : 1, name, lifecycle, -1, -1,
                    List.of());
            double w = NodeText.width(n);
            GraphLayout layout = new GraphLayout(new TaskGraph(List.of(n), List.of(), List.of(), n.size(), false),
                    List.of(new Rect(2, 8, w, NodeText.height(n))), List.of(), List.of(), w + 10,
                    NodeText.height(n) + 10);
            return themed(layout.width() * SCALE, layout.height() * SCALE, (pen, palette) -> GraphPainter.paint(
                    layout, pen, palette, null, 1, GraphPainter.Decorations.NONE));
        };
    }

    /** An edge of a kind: its colour, dash and arrowhead. */
    public static Supplier<Node> edge(EdgeKind kind) {
        return () -> themed(48, 14, (pen, palette) -> {
            EdgeStyle s = EdgeStyle.of(kind, palette);
            pen.polyline(new double[] {2, 9, 52, 9}, s.color(), s.width(), s.dash());
            pen.polygon(new double[] {60, 9, 52, 5, 52, 13}, s.color(), null, 0);
        });
    }

    private interface Drawing {
        void draw(Pen pen, GraphPalette palette);
    }

    private static Node themed(double width, double height, Drawing drawing) {
        Canvas canvas = new Canvas(width, height);
        Runnable paint = () -> {
            var g = canvas.getGraphicsContext2D();
            g.clearRect(0, 0, width, height);
            g.save();
            g.scale(SCALE, SCALE);
            drawing.draw(new FxPen(g), dark(canvas) ? GraphPalette.DARK : GraphPalette.LIGHT);
            g.restore();
        };
        canvas.sceneProperty().addListener((obs, old, now) -> paint.run());
        canvas.parentProperty().addListener((obs, old, now) -> paint.run());
        paint.run();
        return canvas;
    }

    private static boolean dark(Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p.getStyleClass().contains(Theme.DARK_CLASS)) {
                return true;
            }
        }
        return node.getScene() != null && node.getScene().getRoot().getStyleClass().contains(Theme.DARK_CLASS);
    }
}
