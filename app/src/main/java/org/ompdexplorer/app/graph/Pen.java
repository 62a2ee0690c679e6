package org.ompdexplorer.app.graph;

/**
 * What the graph painter draws with: a few primitives in graph coordinates, colours as {@code #rrggbb}; a
 * {@code null} fill or stroke draws none. Implemented for the canvas, SVG and PNG, so all three look alike.
 */
public interface Pen {
    enum Align { LEFT, CENTER }

    void roundRect(double x, double y, double w, double h, double radius, String fill, String stroke, double width,
                   double[] dash);

    void polygon(double[] xy, String fill, String stroke, double width);

    void polyline(double[] xy, String stroke, double width, double[] dash);

    /** Text with its baseline at {@code y}. */
    void text(String text, double x, double y, double size, boolean bold, String color, Align align);

    /** Starts a named part (a node, an edge); SVG writes it as a group, the others ignore it. */
    default void begin(String kind, String id, String title) {
    }

    default void end() {
    }
}
