package org.ompdexplorer.app.graph;

/** An axis-aligned rectangle in graph coordinates. */
public record Rect(double x, double y, double w, double h) {
    public double maxX() {
        return x + w;
    }

    public double maxY() {
        return y + h;
    }

    public double centerX() {
        return x + w / 2;
    }

    public double centerY() {
        return y + h / 2;
    }

    public boolean contains(double px, double py) {
        return px >= x && px <= x + w && py >= y && py <= y + h;
    }

    public boolean intersects(Rect o) {
        return x < o.maxX() && o.x < maxX() && y < o.maxY() && o.y < maxY();
    }
}
