package org.ompdexplorer.app.graph;

/**
 * Where an edge runs: its points (x0, y0, x1, y1, …) from the source to the target, and its label's box, or
 * {@code null}.
 */
public record EdgeRoute(double[] points, Rect label) {
    public double endX() {
        return points[points.length - 2];
    }

    public double endY() {
        return points[points.length - 1];
    }
}
