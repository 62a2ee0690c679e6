package org.ompdexplorer.app.graph;

import java.util.Locale;

/** A {@link Pen} that writes SVG 1.1: one {@code <g>} with a {@code <title>} per node, edge and region. */
public final class SvgPen implements Pen {
    private final StringBuilder out = new StringBuilder();

    public SvgPen(double width, double height, String background) {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(n(width))
                .append("\" height=\"").append(n(height)).append("\" viewBox=\"0 0 ").append(n(width)).append(' ')
                .append(n(height)).append("\" font-family=\"")
                .append(TextMetrics.FONT_FAMILY).append(", Verdana, Arial, sans-serif\">\n")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"").append(background).append("\"/>\n");
    }

    public String finish() {
        return out.append("</svg>\n").toString();
    }

    @Override
    public void begin(String kind, String id, String title) {
        out.append("<g class=\"").append(escape(kind)).append("\" id=\"").append(escape(id)).append("\"><title>")
                .append(escape(title)).append("</title>\n");
    }

    @Override
    public void end() {
        out.append("</g>\n");
    }

    @Override
    public void roundRect(double x, double y, double w, double h, double radius, String fill, String stroke,
                          double width, double[] dash) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" rx=\"").append(n(Math.min(radius, h / 2)))
                .append('"');
        paint(fill, stroke, width, dash);
        out.append("/>\n");
    }

    @Override
    public void polygon(double[] xy, String fill, String stroke, double width) {
        out.append("<polygon points=\"").append(points(xy)).append('"');
        paint(fill, stroke, width, null);
        out.append("/>\n");
    }

    @Override
    public void polyline(double[] xy, String stroke, double width, double[] dash) {
        out.append("<polyline points=\"").append(points(xy)).append('"');
        paint(null, stroke, width, dash);
        out.append("/>\n");
    }

    @Override
    public void text(String text, double x, double y, double size, boolean bold, String color, Align align) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" font-size=\"")
                .append(n(size)).append("\" fill=\"").append(color).append('"');
        if (bold) {
            out.append(" font-weight=\"bold\"");
        }
        if (align == Align.CENTER) {
            out.append(" text-anchor=\"middle\"");
        }
        out.append('>').append(escape(text)).append("</text>\n");
    }

    private void paint(String fill, String stroke, double width, double[] dash) {
        out.append(" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(n(width)).append('"');
            if (dash != null) {
                out.append(" stroke-dasharray=\"").append(n(dash[0])).append(' ').append(n(dash[1])).append('"');
            }
        }
    }

    private static String points(double[] xy) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < xy.length; i += 2) {
            b.append(i == 0 ? "" : " ").append(n(xy[i])).append(',').append(n(xy[i + 1]));
        }
        return b.toString();
    }

    private static String n(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** Text and attribute values: markup characters escaped, and no control character XML 1.0 forbids. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c < 0x20 && c != '\t' && c != '\n' ? '\uFFFD' : c);
            }
        }
        return b.toString();
    }
}
