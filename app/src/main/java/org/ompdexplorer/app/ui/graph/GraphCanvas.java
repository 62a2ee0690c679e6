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
    private final Canvas canvas = new Canvas();
    private final Tooltip tooltip = new Tooltip();
    /** One pen for every frame: its colours and fonts are made once, not at each pan step. */
    private final FxPen pen = new FxPen(canvas.getGraphicsContext2D());
    private GraphLayout layout;
    private GraphPainter.Decorations decorations = GraphPainter.Decorations.NONE;
    private final GraphViewport viewport = new GraphViewport();
    private Point2D dragFrom;
    private boolean dragged;
    private int hovered = -1;
    private int lastDrawn;
    private Runnable onViewChanged = () -> { };

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
                viewport.pan(e.getX() - dragFrom.getX(), e.getY() - dragFrom.getY());
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
                viewport.zoomAbout(Math.pow(1.0015, e.getDeltaY()), e.getX(), e.getY(), true);
                changed();
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

    /**
     * Shows a new layout: fitted unless the user zoomed or panned since the last fit and {@code keepView} (the steps
     * of a series), so that a graph that grows, or A after B, is seen whole.
     */
    void setLayout(GraphLayout now, boolean keepView) {
        layout = now;
        hovered = -1;
        viewport.setViewSize(getWidth(), getHeight());
        if (now != null) {
            viewport.setContent(now.width(), now.height(), keepView);
        }
        changed();
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
        return viewport.scale();
    }

    /** How many nodes the last frame drew. */
    int lastDrawn() {
        return lastDrawn;
    }

    /** The whole graph in view, at most at the presentation zoom. */
    void fit() {
        viewport.setViewSize(getWidth(), getHeight());
        viewport.fit();
        changed();
    }

    /** The presentation zoom: a fit shows the graph at most this large, and a change zooms the view with it. */
    void setPresentationScale(double now) {
        viewport.setViewSize(getWidth(), getHeight());
        viewport.setPresentationScale(now);
        changed();
    }

    /** A zoom the user asked for (buttons, keys), about the middle of the view. */
    void zoom(double factor) {
        viewport.zoomAbout(factor, getWidth() / 2, getHeight() / 2, true);
        changed();
    }

    void actualSize() {
        zoom(1 / viewport.scale());
    }

    /** Scrolls a node into the middle of the view, unless it is in view already. */
    void reveal(int node) {
        if (layout == null || node < 0 || node >= layout.nodes().size()) {
            return;
        }
        Rect r = layout.nodes().get(node);
        if (!view().intersects(r) || !view().contains(r.centerX(), r.centerY())) {
            viewport.centre(r.centerX(), r.centerY());
            changed();
        }
    }

    /** The part of the graph in view, in graph coordinates. */
    Rect view() {
        viewport.setViewSize(getWidth(), getHeight());
        return viewport.view();
    }

    Point2D toScreen(double gx, double gy) {
        return new Point2D(gx * viewport.scale() + viewport.tx(), gy * viewport.scale() + viewport.ty());
    }

    private int nodeAt(double x, double y) {
        return layout == null ? -1 : layout.nodeAt((x - viewport.tx()) / viewport.scale(),
                (y - viewport.ty()) / viewport.scale());
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
            viewport.setViewSize(w, h);
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
        g.setTransform(viewport.scale(), 0, 0, viewport.scale(), viewport.tx(), viewport.ty());
        lastDrawn = GraphPainter.paint(layout, pen, palette, view(), viewport.scale(), decorations);
    }

    private boolean dark() {
        return getScene() != null && getScene().getRoot().getStyleClass().contains("theme-dark");
    }
}
