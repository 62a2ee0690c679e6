package org.ompdexplorer.app.ui.graph;

import java.util.HashMap;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.ompdexplorer.app.graph.Pen;
import org.ompdexplorer.app.graph.TextMetrics;

/** A {@link Pen} on a JavaFX canvas; colours and fonts are made once and reused across frames. */
final class FxPen implements Pen {
    private final GraphicsContext g;
    private final Map<String, Color> colors = new HashMap<>();
    private final Map<Double, Font> regular = new HashMap<>();
    private final Map<Double, Font> bold = new HashMap<>();
    private final double[] px = new double[16];
    private final double[] py = new double[16];

    FxPen(GraphicsContext g) {
        this.g = g;
        g.setTextBaseline(VPos.BASELINE);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.setLineCap(StrokeLineCap.BUTT);
    }

    @Override
    public void roundRect(double x, double y, double w, double h, double radius, String fill, String stroke,
                          double width, double[] dash) {
        double arc = 2 * Math.min(radius, h / 2);
        if (fill != null) {
            g.setFill(color(fill));
            if (arc == 0) {
                g.fillRect(x, y, w, h); // the renderer's fastest shape: the overview draws thousands
            } else {
                g.fillRoundRect(x, y, w, h, arc, arc);
            }
        }
        if (stroke != null) {
            stroke(stroke, width, dash);
            if (arc == 0) {
                g.strokeRect(x, y, w, h);
            } else {
                g.strokeRoundRect(x, y, w, h, arc, arc);
            }
        }
    }

    @Override
    public void polygon(double[] xy, String fill, String stroke, double width) {
        int n = xy.length / 2;
        double[] xs = n <= px.length ? px : new double[n];
        double[] ys = n <= py.length ? py : new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = xy[2 * i];
            ys[i] = xy[2 * i + 1];
        }
        if (fill != null) {
            g.setFill(color(fill));
            g.fillPolygon(xs, ys, n);
        }
        if (stroke != null) {
            stroke(stroke, width, null);
            g.strokePolygon(xs, ys, n);
        }
    }

    @Override
    public void polyline(double[] xy, String stroke, double width, double[] dash) {
        stroke(stroke, width, dash);
        if (xy.length == 4) {
            g.strokeLine(xy[0], xy[1], xy[2], xy[3]);
            return;
        }
        g.beginPath();
        g.moveTo(xy[0], xy[1]);
        for (int i = 2; i + 1 < xy.length; i += 2) {
            g.lineTo(xy[i], xy[i + 1]);
        }
        g.stroke();
    }

    @Override
    public void text(String text, double x, double y, double size, boolean isBold, String color, Align align) {
        g.setFont((isBold ? bold : regular).computeIfAbsent(size, s -> Font.font(TextMetrics.FONT_FAMILY,
                isBold ? FontWeight.BOLD : FontWeight.NORMAL, s)));
        g.setFill(color(color));
        g.setTextAlign(align == Align.CENTER ? TextAlignment.CENTER : TextAlignment.LEFT);
        g.fillText(text, x, y);
    }

    private void stroke(String color, double width, double[] dash) {
        g.setStroke(color(color));
        g.setLineWidth(width);
        if (dash == null) {
            g.setLineDashes((double[]) null);
        } else {
            g.setLineDashes(dash);
        }
    }

    private Color color(String hex) {
        return colors.computeIfAbsent(hex, Color::web);
    }
}
