package org.ompdexplorer.app.ui;

import javafx.application.Platform;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.ompdexplorer.app.ui.details.DetailsView;
import org.ompdexplorer.app.ui.graph.GraphPlacement;
import org.ompdexplorer.app.ui.graph.GraphView;
import org.ompdexplorer.app.ui.graph.GraphViewModel;
import org.ompdexplorer.app.ui.navigator.NavigatorView;

/**
 * The navigator, the details and the task graph in the main split: the graph as a tab beside the details, or as a
 * centre pane between the navigator and the details, as the user last chose. The Parallel Stacks and the source view
 * are tabs beside the details either way. A graph or parallel stacks out of sight are not laid out.
 */
final class WorkArea {
    static final String PLACEMENT_KEY = "graph.placement";

    private final SplitPane split;
    private final NavigatorView navigator;
    private final DetailsView details;
    private final GraphView graph;
    private final GraphViewModel graphVm;
    private final ExplorerPreferences preferences;
    private final Tab detailsTab = new Tab("Details");
    private final Tab graphTab = new Tab("Task Graph");
    private final Tab stacksTab = new Tab("Parallel Stacks");
    private final Tab sourceTab = new Tab("Source");
    private final TabPane tabs = new TabPane(detailsTab, graphTab, stacksTab, sourceTab);
    private final org.ompdexplorer.app.ui.stacks.ParallelStacksViewModel stacksVm;
    private GraphPlacement placement;

    WorkArea(SplitPane split, NavigatorView navigator, DetailsView details, GraphView graph, GraphViewModel graphVm,
             ExplorerPreferences preferences, org.ompdexplorer.app.ui.stacks.ParallelStacksView stacks,
             org.ompdexplorer.app.ui.stacks.ParallelStacksViewModel stacksVm,
             org.ompdexplorer.app.ui.source.SourceView source) {
        this.split = split;
        this.navigator = navigator;
        this.details = details;
        this.graph = graph;
        this.graphVm = graphVm;
        this.preferences = preferences;
        this.stacksVm = stacksVm;
        stacksTab.setContent(stacks);
        stacksTab.setId("stacksTab");
        sourceTab.setContent(source);
        sourceTab.setId("sourceTab");
        tabs.setId("detailsTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // Tab goes from the navigator straight into the details; Ctrl+Tab (inside) and Ctrl+G switch the tabs
        tabs.setFocusTraversable(false);
        detailsTab.setId("detailsTab");
        graphTab.setId("graphTab");
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> active());
        GraphPlacement remembered = preferences.remembered(PLACEMENT_KEY).map(v -> {
            try {
                return GraphPlacement.valueOf(v);
            } catch (IllegalArgumentException e) {
                return GraphPlacement.TAB;
            }
        }).orElse(GraphPlacement.TAB);
        place(remembered);
    }

    GraphPlacement placement() {
        return placement;
    }

    void place(GraphPlacement now) {
        if (now == placement) {
            return;
        }
        double[] dividers = split.getDividerPositions();
        double first = dividers.length > 0 ? dividers[0] : 0.45;
        detailsTab.setContent(null);
        graphTab.setContent(null);
        detailsTab.setContent(details);
        if (now == GraphPlacement.TAB) {
            graphTab.setContent(graph);
            if (!tabs.getTabs().contains(graphTab)) {
                tabs.getTabs().add(1, graphTab);
            }
            split.getItems().setAll(navigator, tabs);
            split.setDividerPositions(first);
        } else {
            tabs.getTabs().remove(graphTab);
            split.getItems().setAll(navigator, graph, tabs);
            split.setDividerPositions(first, first + (1 - first) * 0.55);
        }
        SplitPane.setResizableWithParent(navigator, false);
        placement = now;
        preferences.remember(PLACEMENT_KEY, now.name());
        active();
    }

    /** Brings the graph into view: its tab, or its pane (with the focus). */
    void showGraph() {
        if (placement == GraphPlacement.TAB) {
            tabs.getSelectionModel().select(graphTab);
        }
        Platform.runLater(graph::requestFocus);
    }

    /** Brings the Parallel Stacks tab into view, the focus on its first box. */
    void showParallelStacks() {
        tabs.getSelectionModel().select(stacksTab);
        Platform.runLater(() -> {
            javafx.scene.Node first = stacksTab.getContent().lookup(".stacks-block");
            (first != null ? first : stacksTab.getContent()).requestFocus();
        });
    }

    /** Brings the source view's tab into view. */
    void showSource() {
        tabs.getSelectionModel().select(sourceTab);
    }

    /** Back to the details tab. */
    void showDetails() {
        tabs.getSelectionModel().select(detailsTab);
    }

    private void active() {
        stacksVm.activeProperty().set(tabs.getSelectionModel().getSelectedItem() == stacksTab);
        graphVm.setActive(placement == GraphPlacement.CENTRE || tabs.getSelectionModel().getSelectedItem() == graphTab);
    }
}
