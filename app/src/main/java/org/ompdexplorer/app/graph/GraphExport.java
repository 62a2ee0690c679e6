package org.ompdexplorer.app.graph;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;

/** A laid-out graph as the bytes of an SVG, PNG or DOT file, drawn by the same painter as the window. */
public final class GraphExport {
    /** The longest side of an exported PNG, in pixels: larger graphs are drawn smaller. */
    public static final int MAX_PNG_SIDE = 16_384;
    private static final double PNG_SCALE = 2;

    private GraphExport() {
    }

    public static byte[] render(GraphLayout layout, GraphFormat format, GraphPalette palette,
                                GraphPainter.Decorations decorations) {
        return switch (format) {
            case SVG -> svg(layout, palette, decorations).getBytes(StandardCharsets.UTF_8);
            case PNG -> png(layout, palette, decorations);
            case DOT -> DotWriter.write(layout.graph(), palette).getBytes(StandardCharsets.UTF_8);
        };
    }

    static String svg(GraphLayout layout, GraphPalette palette, GraphPainter.Decorations decorations) {
        SvgPen pen = new SvgPen(layout.width(), layout.height(), palette.background());
        GraphPainter.paint(layout, pen, palette, null, 1, decorations);
        return pen.finish();
    }

    static byte[] png(GraphLayout layout, GraphPalette palette, GraphPainter.Decorations decorations) {
        double scale = Math.min(PNG_SCALE, MAX_PNG_SIDE / Math.max(1, Math.max(layout.width(), layout.height())));
        int w = Math.max(1, (int) Math.ceil(layout.width() * scale));
        int h = Math.max(1, (int) Math.ceil(layout.height() * scale));
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.decode(palette.background()));
            g.fillRect(0, 0, w, h);
            g.scale(scale, scale);
            GraphPainter.paint(layout, new AwtPen(g), palette, null, scale, decorations);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
