package org.ompdexplorer.app.stacks;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;
import org.ompdexplorer.app.graph.AwtPen;
import org.ompdexplorer.app.graph.GraphExport;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.graph.PictureTooLargeException;
import org.ompdexplorer.app.graph.SvgPen;

/** The parallel stacks as the bytes of an SVG, PNG or DOT file, drawn by the same painter in every format. */
public final class StacksExport {
    private StacksExport() {
    }

    /** @throws PictureTooLargeException for a PNG over {@link GraphExport#MAX_PNG_SIDE} px on a side */
    public static byte[] render(StacksPicture picture, GraphFormat format, StacksPalette palette) {
        return switch (format) {
            case SVG -> svg(picture, palette).getBytes(StandardCharsets.UTF_8);
            case DOT -> StacksDot.write(picture, palette).getBytes(StandardCharsets.UTF_8);
            case PNG -> png(picture, palette);
        };
    }

    static String svg(StacksPicture picture, StacksPalette palette) {
        SvgPen pen = new SvgPen(Math.max(1, picture.width()), Math.max(1, picture.height()), palette.background());
        StacksPainter.paint(picture, pen, palette);
        return pen.finish();
    }

    private static byte[] png(StacksPicture picture, StacksPalette palette) {
        int w = Math.max(1, (int) Math.ceil(picture.width() * GraphExport.PNG_SCALE));
        int h = Math.max(1, (int) Math.ceil(picture.height() * GraphExport.PNG_SCALE));
        if (w > GraphExport.MAX_PNG_SIDE || h > GraphExport.MAX_PNG_SIDE) {
            throw new PictureTooLargeException(w, h);
        }
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.decode(palette.background()));
            g.fillRect(0, 0, w, h);
            g.scale(GraphExport.PNG_SCALE, GraphExport.PNG_SCALE);
            StacksPainter.paint(picture, new AwtPen(g), palette);
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
