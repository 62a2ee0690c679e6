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
    /**
     * The longest side of an exported PNG, in pixels: a graph whose PNG would be longer is refused
     * ({@link PictureTooLargeException}), never drawn smaller — its text would not be readable. An image this size is
     * 1 GiB in memory while it is drawn.
     */
    public static final int MAX_PNG_SIDE = 16_384;
    /** A PNG has two pixels a unit of the layout (a unit is a pixel of the SVG at 100 %), for sharp text. */
    public static final double PNG_SCALE = 2;

    private GraphExport() {
    }

    /**
     * The file's bytes.
     *
     * @throws PictureTooLargeException for a PNG over {@value #MAX_PNG_SIDE} px on a side; nothing is drawn
     */
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

    /** The PNG's width and height in pixels. */
    public static int[] pngSize(GraphLayout layout) {
        return new int[] {Math.max(1, (int) Math.ceil(layout.width() * PNG_SCALE)),
            Math.max(1, (int) Math.ceil(layout.height() * PNG_SCALE))};
    }

    static byte[] png(GraphLayout layout, GraphPalette palette, GraphPainter.Decorations decorations) {
        int[] size = pngSize(layout);
        if (size[0] > MAX_PNG_SIDE || size[1] > MAX_PNG_SIDE) {
            throw new PictureTooLargeException(size[0], size[1]);
        }
        double scale = PNG_SCALE;
        int w = size[0];
        int h = size[1];
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
