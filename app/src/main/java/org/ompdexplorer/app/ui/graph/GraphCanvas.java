package org.ompdexplorer.app.ui.graph;

import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.Optional;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.util.Duration;
import org.ompdexplorer.app.graph.GraphLayout;
import org.ompdexplorer.app.graph.GraphPainter;
import org.ompdexplorer.app.graph.GraphPalette;
import org.ompdexplorer.app.graph.Rect;

/**
 * The graph drawn on a canvas the size of the viewport: drag to pan, scroll to zoom about the pointer, click a
 * node, hover for its summary. Only the nodes and edges in view are drawn, with less detail when zoomed out.
 */
final class GraphCanvas extends Region {
    static final double MIN_SCALE = 0.002; // a fit shows even a very wide graph whole, as an overview
    static final double MAX_SCALE = 4;

    private final Canvas canvas = new Canvas();
    private final Tooltip tooltip = new Tooltip();
    /** One pen for every frame: its colours and fonts are made once, not at each pan step. */
    private final FxPen pen = new FxPen(canvas.getGraphicsContext2D());
    private GraphLayout layout;
    private GraphPainter.Decorations decorations = GraphPainter.Decorations.NONE;
    private double scale = 1;
    private double tx;
    private double ty;
    private Point2D dragFrom;
    private boolean dragged;
    private int hovered = -1;
    private int lastDrawn;
    private Runnable onViewChanged = () -> { };
    private double fitLimit = 1;

    GraphCanvas(IntConsumer onClick, IntFunction<Optional<String>> summary) {
        getStyleClass().add("graph-canvas");
        getChildren().add(canvas);
        setFocusTraversable(true);
        tooltip.setShowDelay(Duration.millis(350));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(420);
        setOnMousePressed(e -> {
            requestFocus();
            dragFrom = new Point2D(e.getX(), e.getY());
            dragged = false;
        });
        setOnMouseDragged(e -> {
            if (dragFrom != null) {
                tx += e.getX() - dragFrom.getX();
                ty += e.getY() - dragFrom.getY();
                dragged |= dragFrom.distance(e.getX(), e.getY()) > 0;
                dragFrom = new Point2D(e.getX(), e.getY());
                changed();
            }
        });
        setOnMouseReleased(e -> {
            if (!dragged && e.getButton() == MouseButton.PRIMARY) {
                int node = nodeAt(e.getX(), e.getY());
                if (node >= 0) {
                    onClick.accept(node);
                }
            }
            dragFrom = null;
        });
        setOnScroll(e -> {
            if (e.getDeltaY() != 0) {
                zoomAbout(Math.pow(1.0015, e.getDeltaY()), e.getX(), e.getY());
            }
            e.consume();
        });
        setOnMouseMoved(e -> {
            int node = nodeAt(e.getX(), e.getY());
            if (node != hovered) {
                hovered = node;
                decorations = new GraphPainter.Decorations(decorations.selected(), hovered, decorations.marks());
                draw();
                if (node >= 0) {
                    summary.apply(node).ifPresent(tooltip::setText);
                    Tooltip.install(this, tooltip);
                } else {
                    Tooltip.uninstall(this, tooltip);
                }
            }
        });
        setOnMouseExited(e -> {
            if (hovered >= 0) {
                hovered = -1;
                decorations = new GraphPainter.Decorations(decorations.selected(), -1, decorations.marks());
                draw();
            }
        });
    }

    void setLayout(GraphLayout now, boolean keepView) {
        layout = now;
        hovered = -1;
        if (!keepView) {
            fit();
        } else {
            draw();
        }
    }

    GraphLayout graphLayout() {
        return layout;
    }

    void setSelected(int node, Map<Integer, GraphPainter.Mark> marks) {
        decorations = new GraphPainter.Decorations(node, hovered, marks);
        draw();
    }

    void setOnViewChanged(Runnable r) {
        onViewChanged = r;
    }

    double scale() {
        return scale;
    }

    /** How many nodes the last frame drew. */
    int lastDrawn() {
        return lastDrawn;
    }

    /** The whole graph in view, at most at actual size. */
    void fit() {
        if (layout == null || getWidth() <= 0 || getHeight() <= 0) {
            draw();
            return;
        }
        double s = Math.min(getWidth() / Math.max(1, layout.width()), getHeight() / Math.max(1, layout.height()));
        scale = Math.clamp(s, MIN_SCALE, fitLimit);
        tx = (getWidth() - layout.width() * scale) / 2;
        ty = Math.max(0, (getHeight() - layout.height() * scale) / 2);
        changed();
    }

    /** The presentation zoom: a fit shows the graph at most this large, and a change zooms the view with it. */
    void setPresentationScale(double now) {
        double factor = now / fitLimit;
        fitLimit = now;
        if (factor != 1) {
            zoom(factor);
        }
    }

    void zoom(double factor) {
        zoomAbout(factor, getWidth() / 2, getHeight() / 2);
    }

    void actualSize() {
        zoomAbout(1 / scale, getWidth() / 2, getHeight() / 2);
    }

    private void zoomAbout(double factor, double px, double py) {
        double next = Math.clamp(scale * factor, MIN_SCALE, MAX_SCALE);
        tx = px - (px - tx) * next / scale;
        ty = py - (py - ty) * next / scale;
        scale = next;
        changed();
    }

    /** Scrolls a node into the middle of the view, unless it is in view already. */
    void reveal(int node) {
        if (layout == null || node < 0 || node >= layout.nodes().size()) {
            return;
        }
        Rect r = layout.nodes().get(node);
        if (!view().intersects(r) || !view().contains(r.centerX(), r.centerY())) {
            tx = getWidth() / 2 - r.centerX() * scale;
            ty = getHeight() / 2 - r.centerY() * scale;
            changed();
        }
    }

    /** The part of the graph in view, in graph coordinates. */
    Rect view() {
        return new Rect(-tx / scale, -ty / scale, getWidth() / scale, getHeight() / scale);
    }

    Point2D toScreen(double gx, double gy) {
        return new Point2D(gx * scale + tx, gy * scale + ty);
    }

    private int nodeAt(double x, double y) {
        return layout == null ? -1 : layout.nodeAt((x - tx) / scale, (y - ty) / scale);
    }

    private void changed() {
        draw();
        onViewChanged.run();
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth());
        double h = snapSizeY(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            boolean first = canvas.getWidth() == 0 || canvas.getHeight() == 0;
            canvas.setWidth(w);
            canvas.setHeight(h);
            if (first) {
                fit();
            } else {
                draw();
            }
        }
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        GraphPalette palette = dark() ? GraphPalette.DARK : GraphPalette.LIGHT;
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.setFill(javafx.scene.paint.Color.web(palette.background()));
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (layout == null) {
            lastDrawn = 0;
            return;
        }
        g.setTransform(scale, 0, 0, scale, tx, ty);
        lastDrawn = GraphPainter.paint(layout, pen, palette, view(), scale, decorations);
    }

    private boolean dark() {
        return getScene() != null && getScene().getRoot().getStyleClass().contains("theme-dark");
    }
}
