package org.ompdexplorer.app.ui.graph;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.graph.GraphFormat;
import org.ompdexplorer.app.ui.ToolRow;

/**
 * The task graph pane: a tool row (what to show, all scheduling links, fit, zoom, export), the canvas, a legend of
 * the edge kinds and lifecycles, and a status line (how many tasks and nodes, how long the layout took).
 */
public final class GraphView extends VBox {
    public static final String ID = "graphView";

    private final GraphViewModel vm;
    private final GraphCanvas canvas;
    private final Label zoomLabel = new Label();
    private final ToolRow tools;
    /**
     * The height of the graph's pane, in lines of its text, below which its legend folds into a link: at 100 % a
     * lesson's graph pane is some 45 lines high, at 200 % in a 900 px window some 15 (docs/ui.md, "Task graph").
     */
    static final double LEGEND_ROOM_EM = 30;
    /** The legend shown in a short pane, by its link. */
    private final javafx.beans.property.BooleanProperty legendAsked = new javafx.beans.property.SimpleBooleanProperty();

    /**
     * @param export asks where to save the graph in a format (a file dialog), then saves it; returns the problem,
     *               if any, to show
     */
    public GraphView(GraphViewModel vm, Function<GraphFormat, Optional<Path>> export,
                     java.util.function.BiConsumer<GraphFormat, Path> save) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("graph-view");
        canvas = new GraphCanvas(vm::clicked, vm::summary);
        canvas.setId("graphCanvas");

        ChoiceBox<GraphScopeMode> scope = new ChoiceBox<>();
        scope.setId("graphScope");
        scope.getItems().setAll(GraphScopeMode.values());
        scope.valueProperty().bindBidirectional(vm.modeProperty());
        scope.setTooltip(new Tooltip("What the graph shows: every task, or the tasks of the selection's region, or "
                + "the selected task and what it generated"));
        // the options in one menu, so that the tool row fits a narrow pane without cutting a word
        javafx.scene.control.CheckMenuItem allScheduling = new javafx.scene.control.CheckMenuItem(
                "All scheduling links (also where they equal the generating link)");
        allScheduling.setId("graphAllScheduling");
        allScheduling.selectedProperty().bindBidirectional(vm.allSchedulingProperty());
        javafx.scene.control.CheckMenuItem lanes = new javafx.scene.control.CheckMenuItem(
                "Lanes by thread (a queued task in the lane of the thread that queued it)");
        lanes.setId("graphLanes");
        lanes.selectedProperty().bindBidirectional(vm.threadLanesProperty());
        MenuButton options = new MenuButton("Show");
        options.setId("graphOptions");
        options.getItems().addAll(allScheduling, lanes);
        options.setTooltip(new Tooltip("Which links to draw, and boxes by region or lanes by thread"));
        Button fit = button("Fit", "graphFit", "Show the whole graph (F)", canvas::fit);
        Button in = button("+", "graphZoomIn", "Zoom in (+)", () -> canvas.zoom(1.25));
        Button out = button("−", "graphZoomOut", "Zoom out (−)", () -> canvas.zoom(0.8));
        Button collapse = button("Collapse all", "graphCollapseAll", "Collapse the nodes you opened again",
                vm::collapseAll);
        collapse.managedProperty().bind(collapse.visibleProperty()); // only there when a node was opened
        zoomLabel.getStyleClass().add("graph-zoom");
        zoomLabel.setId("graphZoom");
        zoomLabel.setMinWidth(Region.USE_PREF_SIZE);
        MenuButton exportButton = new MenuButton("Export");
        exportButton.setId("graphExport");
        for (GraphFormat f : GraphFormat.values()) {
            MenuItem item = new MenuItem(switch (f) {
                case SVG -> "SVG (vector, for slides and papers)…";
                case PNG -> "PNG (image)…";
                case DOT -> "DOT (Graphviz)…";
            });
            item.setId("graphExport" + f.name());
            item.setOnAction(e -> export.apply(f).ifPresent(path -> save.accept(f, path)));
            exportButton.getItems().add(item);
        }
        // what to show at the left, the view's zoom and export at the right: on two lines in a narrow pane
        tools = new ToolRow(6, scope, options, collapse).withEnd(out, zoomLabel, in, fit, exportButton);
        tools.getStyleClass().add("graph-tools");
        tools.setPadding(new Insets(4, 6, 4, 6));

        Label status = new Label();
        status.setId("graphStatus");
        status.getStyleClass().add("graph-status");
        status.textProperty().bind(vm.statusProperty());
        // the status, then the legend, whose entries wrap rather than being cut in a narrow pane; in a pane too short
        // for it and the graph (a lesson at 200 %) the legend folds into a link that shows it, and the canvas keeps
        // the room
        javafx.scene.layout.FlowPane legend = GraphLegend.strip();
        javafx.scene.control.Hyperlink unfold = new javafx.scene.control.Hyperlink("Legend");
        unfold.setId("graphLegendShow");
        unfold.setTooltip(new javafx.scene.control.Tooltip("Show the legend under the graph (also Help → Legend, F1)"));
        unfold.setOnAction(e -> legendAsked.set(!legendAsked.get()));
        unfold.setMinWidth(Region.USE_PREF_SIZE); // whole beside a status that wraps
        javafx.beans.binding.BooleanBinding roomy = javafx.beans.binding.Bindings.createBooleanBinding(
                () -> getHeight() >= LEGEND_ROOM_EM * status.getFont().getSize(), heightProperty(), status.fontProperty());
        legend.visibleProperty().bind(roomy.or(legendAsked));
        legend.managedProperty().bind(legend.visibleProperty());
        unfold.visibleProperty().bind(roomy.not());
        unfold.managedProperty().bind(unfold.visibleProperty());
        unfold.textProperty().bind(javafx.beans.binding.Bindings.when(legendAsked).then("Hide legend")
                .otherwise("Legend"));
        javafx.scene.layout.HBox statusLine = new javafx.scene.layout.HBox(8, status, unfold);
        statusLine.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        VBox bottom = new VBox(2, statusLine, legend);
        bottom.setPadding(new Insets(3, 6, 3, 6));
        bottom.getStyleClass().add("graph-bottom");
        // wrapped, never wider than the pane: a long status (a big graph's counts) pushed the toolbar's Export out of
        // a narrow pane
        status.setWrapText(true);
        status.setMinWidth(0);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMaxWidth(Double.MAX_VALUE);
        javafx.scene.layout.HBox.setHgrow(status, Priority.ALWAYS);

        StackPane stack = new StackPane(canvas);
        VBox.setVgrow(stack, Priority.ALWAYS);
        getChildren().addAll(tools, stack, bottom);

        widthProperty().addListener((obs, old, now) -> vm.setPaneWidth(now.doubleValue()));
        canvas.setOnViewChanged(this::showZoom);
        vm.layoutProperty().addListener((obs, old, now) -> {
            boolean sameShape = old != null && now != null && (vm.keepViewProperty().get()
                    || old.graph().nodes().size() == now.graph().nodes().size());
            canvas.setLayout(now, sameShape);
            collapse.setVisible(vm.hasExpanded());
            showSelection();
        });
        vm.selectedNodeProperty().addListener((obs, old, now) -> showSelection());
        vm.nodeMarksProperty().addListener((obs, old, now) -> showSelection());
        collapse.setVisible(false);
        canvas.setOnKeyPressed(e -> {
            switch (e.getCode()) {
                case PLUS, ADD, EQUALS -> canvas.zoom(1.25);
                case MINUS, SUBTRACT -> canvas.zoom(0.8);
                case F -> canvas.fit();
                case DIGIT1 -> canvas.actualSize();
                default -> {
                    return;
                }
            }
            e.consume();
        });
        // the theme is a style class on the root: redraw in its colours when it changes
        javafx.collections.ListChangeListener<String> theme = change -> canvas.draw();
        sceneProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.getRoot().getStyleClass().removeListener(theme);
            }
            if (now != null) {
                now.getRoot().getStyleClass().addListener(theme);
            }
            canvas.draw();
        });
        showZoom();
    }

    private void showSelection() {
        int node = vm.selectedNodeProperty().get();
        canvas.setSelected(node, vm.nodeMarksProperty().get());
        canvas.reveal(node);
    }

    private void showZoom() {
        zoomLabel.setText(Math.round(canvas.scale() * 100) + " %");
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    /**
     * Follows the window's presentation zoom (View → Zoom In/Out): the graph zooms with the text, and a fit shows
     * it at most at that size.
     */
    public void setPresentationScale(double scale) {
        canvas.setPresentationScale(scale);
    }

    /** Puts a control at the start of the tool row (compare mode's choice of A or B). */
    public void addTool(Region tool) {
        tools.start().getChildren().addFirst(tool);
    }

    /** Where a node's centre is drawn now, in this view's coordinates; empty when it is not laid out. */
    public Optional<javafx.geometry.Point2D> centreOf(int node) {
        var layout = canvas.graphLayout();
        if (layout == null || node < 0 || node >= layout.nodes().size()) {
            return Optional.empty();
        }
        var r = layout.nodes().get(node);
        return Optional.of(canvas.localToScene(canvas.toScreen(r.centerX(), r.centerY()))).map(this::sceneToLocal);
    }

    /** Shows a node in the middle of the view. */
    public void reveal(int node) {
        canvas.reveal(node);
    }

    /** For tests and the benchmark: the canvas. */
    GraphCanvas canvas() {
        return canvas;
    }
}
