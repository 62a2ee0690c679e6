package org.ompdexplorer.app.ui.graph;

import org.ompdexplorer.app.graph.Rect;

/**
 * Where the graph's canvas looks: scale and offset, and whether the view is still the one the last fit made. A
 * graph that changes (a lesson's next step, A and B, a node opened) is fitted again unless the user zoomed or panned
 * since that fit; then their view stays. Pure state, tested without a Stage.
 */
final class GraphViewport {
    static final double MIN_SCALE = 0.002; // a fit shows even a very wide graph whole, as an overview
    static final double MAX_SCALE = 4;
    /**
     * The least scale a fit shows the graph at: the painter's text scale. A graph
     * that would fit only smaller (a small pane, a presentation zoom of 200 % in a low window) is shown readable from
     * its top, the root in view, and scrolls; the user can still zoom out past it to see the whole shape.
     */
    static final double READABLE_SCALE = org.ompdexplorer.app.graph.GraphPainter.TEXT_SCALE;

    private double scale = 1;
    private double tx;
    private double ty;
    private double fitLimit = 1;
    private boolean fitted = true;
    private double viewWidth;
    private double viewHeight;
    private double contentWidth;
    private double contentHeight;

    double scale() {
        return scale;
    }

    double tx() {
        return tx;
    }

    double ty() {
        return ty;
    }

    /** Whether the view is the last fit's: the user has not zoomed or panned since. */
    boolean isFitted() {
        return fitted;
    }

    void setViewSize(double width, double height) {
        viewWidth = width;
        viewHeight = height;
    }

    /**
     * New content of this size: fitted when the view was the last fit's, or when {@code keepView} is false (another
     * snapshot); otherwise the user's zoom and position stay.
     *
     * @return whether it was fitted
     */
    boolean setContent(double width, double height, boolean keepView) {
        contentWidth = width;
        contentHeight = height;
        if (!keepView || fitted) {
            fit();
            return true;
        }
        return false;
    }

    /**
     * The whole content in view, at most at the presentation zoom and never below {@link #READABLE_SCALE}: content
     * larger than that shows its top, centred, and scrolls.
     */
    void fit() {
        fitted = true;
        if (contentWidth <= 0 || contentHeight <= 0 || viewWidth <= 0 || viewHeight <= 0) {
            return;
        }
        scale = fitScale(contentWidth, contentHeight, viewWidth, viewHeight, fitLimit);
        tx = (viewWidth - contentWidth * scale) / 2;
        ty = Math.max(0, (viewHeight - contentHeight * scale) / 2);
    }

    /**
     * The scale a fit of {@code w × h} into a view of {@code vw × vh} shows it at: the whole of it, at most
     * {@code limit}, and at least {@link #READABLE_SCALE} (or {@code limit} if that is smaller).
     */
    static double fitScale(double w, double h, double vw, double vh, double limit) {
        double whole = Math.min(vw / Math.max(1, w), vh / Math.max(1, h));
        return Math.clamp(whole, Math.min(READABLE_SCALE, limit), Math.max(MIN_SCALE, limit));
    }

    /**
     * The presentation zoom: a fit shows the graph at most this large, and a change zooms the view with it (the text
     * grows as asked, even past the pane); it is no move of the user's, so the next change of graph is fitted again.
     */
    void setPresentationScale(double now) {
        double factor = now / fitLimit;
        fitLimit = now;
        if (factor != 1) {
            zoomAbout(factor, viewWidth / 2, viewHeight / 2, false);
        }
    }

    /** A zoom about a point of the view; {@code byUser} when the user asked for it (it ends the fit). */
    void zoomAbout(double factor, double px, double py, boolean byUser) {
        double next = Math.clamp(scale * factor, MIN_SCALE, MAX_SCALE);
        tx = px - (px - tx) * next / scale;
        ty = py - (py - ty) * next / scale;
        scale = next;
        fitted &= !byUser;
    }

    /** A drag by the user. */
    void pan(double dx, double dy) {
        tx += dx;
        ty += dy;
        fitted = false;
    }

    /** Centres a point of the content in the view (the selection), keeping the zoom. */
    void centre(double gx, double gy) {
        tx = viewWidth / 2 - gx * scale;
        ty = viewHeight / 2 - gy * scale;
    }

    /** The part of the content in view, in its coordinates. */
    Rect view() {
        return new Rect(-tx / scale, -ty / scale, viewWidth / scale, viewHeight / scale);
    }
}
