package org.ompdexplorer.app.graph;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;

/** A {@link Pen} on a Java 2D surface: how the PNG export is drawn, without JavaFX. */
public final class AwtPen implements Pen {
    private final Graphics2D g;

    public AwtPen(Graphics2D g) {
        this.g = g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    @Override
    public void roundRect(double x, double y, double w, double h, double radius, String fill, String stroke,
                          double width, double[] dash) {
        double arc = 2 * Math.min(radius, h / 2);
        draw(new RoundRectangle2D.Double(x, y, w, h, arc, arc), fill, stroke, width, dash);
    }

    @Override
    public void polygon(double[] xy, String fill, String stroke, double width) {
        Path2D.Double path = path(xy);
        path.closePath();
        draw(path, fill, stroke, width, null);
    }

    @Override
    public void polyline(double[] xy, String stroke, double width, double[] dash) {
        draw(path(xy), null, stroke, width, dash);
    }

    @Override
    public void text(String text, double x, double y, double size, boolean bold, String color, Align align) {
        g.setFont(new Font(TextMetrics.FONT_FAMILY, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size));
        g.setColor(Color.decode(color));
        float left = (float) (align == Align.CENTER ? x - g.getFontMetrics().stringWidth(text) / 2.0 : x);
        g.drawString(text, left, (float) y);
    }

    private static Path2D.Double path(double[] xy) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xy[0], xy[1]);
        for (int i = 2; i + 1 < xy.length; i += 2) {
            path.lineTo(xy[i], xy[i + 1]);
        }
        return path;
    }

    private void draw(java.awt.Shape shape, String fill, String stroke, double width, double[] dash) {
        if (fill != null) {
            g.setColor(Color.decode(fill));
            g.fill(shape);
        }
        if (stroke != null) {
            g.setColor(Color.decode(stroke));
            float[] d = dash == null ? null : new float[] {(float) dash[0], (float) dash[1]};
            g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, d, 0));
            g.draw(shape);
        }
    }
}
