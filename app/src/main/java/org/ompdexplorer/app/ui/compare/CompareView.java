package org.ompdexplorer.app.ui.compare;

import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.ompdexplorer.app.ui.graph.GraphView;

import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Compare mode's area of the window: what is compared and the commands (changes only, previous and next change,
 * swap, close), the timeline of a series, then the union navigator beside the side-by-side details.
 */
public final class CompareView extends BorderPane {
    public static final String ID = "compareView";

    private final VBox timeline;
    private final Label steps;
    private final TabPane tabs;

    /**
     * @param swap  swaps A and B (reloading is the window's business: it diffs in the background)
     * @param close leaves compare mode
     */
    public CompareView(CompareViewModel vm, CompareGraph graph, GraphView graphView, Runnable swap, Runnable close) {
        this(vm, graph, graphView, swap, close, () -> { });
    }

    /** @param report exports the comparison shown as a hang report (Markdown or HTML) */
    public CompareView(CompareViewModel vm, CompareGraph graph, GraphView graphView, Runnable swap, Runnable close,
                       Runnable report) {
        setId(ID);
        getStyleClass().add("compare-view");
        Label what = new Label();
        what.setId("compareStepText");
        what.getStyleClass().add("compare-step-text");
        what.textProperty().bind(vm.stepTextProperty());
        what.setMinWidth(0);
        HBox.setHgrow(what, Priority.ALWAYS);
        ToggleButton changesOnly = new ToggleButton("Changes only");
        changesOnly.setId("compareChangesOnly");
        changesOnly.selectedProperty().bindBidirectional(vm.changesOnlyProperty());
        changesOnly.setTooltip(new Tooltip("Show only what was added, removed or changed, and what is above it"));
        Button previous = button("comparePreviousChange", "▲ Previous change", "Shift+F7", vm::previousChange);
        Button next = button("compareNextChange", "▼ Next change", "F7", vm::nextChange);
        Button clearFilter = button("compareClearFilter", "✕ Clear filter",
                "List the whole comparison again in the navigator", vm::clearFilter);
        clearFilter.visibleProperty().bind(vm.filterProperty().isNotNull());
        clearFilter.managedProperty().bind(clearFilter.visibleProperty());
        Button swapButton = button("compareSwap", "⇄ Swap A and B", "Compare B with A instead", swap);
        swapButton.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> vm.stepCount() > 1, vm.seriesProperty()));
        Button closeButton = button("compareClose", "Close comparison", "Back to the snapshot", close);
        HBox legend = new HBox(10, legend("+ added", "added"), legend("− removed", "removed"),
                legend("~ changed", "changed"));
        legend.getStyleClass().add("compare-legend");
        legend.setAlignment(Pos.CENTER_LEFT);
        Tooltip whole = new Tooltip();
        what.setTooltip(whole);
        vm.stepTextProperty().addListener((obs, old, now) -> whole.setText("A (before): "
                + vm.sourceName(vm.stepProperty().get()) + "\nB (after): " + vm.sourceName(vm.stepProperty().get() + 1)));
        HBox title = new HBox(8, what, legend);
        title.setAlignment(Pos.CENTER_LEFT);
        Button reportButton = button("compareReport", "Export report…",
                "The findings — still blocked, what moved — as Markdown or HTML to hand on", report);
        // the reader's tools at the left, the comparison's at the right: on two lines where one is too narrow
        org.ompdexplorer.app.ui.ToolRow bar = new org.ompdexplorer.app.ui.ToolRow(8, changesOnly, previous, next,
                clearFilter).withEnd(reportButton, swapButton, closeButton);
        VBox top = new VBox(4, title, bar);
        top.setId("compareBar");
        top.getStyleClass().add("compare-bar");
        timeline = new VBox(new TimelineBar(vm)); // the bar hides itself for two snapshots; this box, in a lesson
        steps = what;
        setTop(new VBox(top, timeline));
        CompareTreeView tree = new CompareTreeView(vm);
        CompareDetailsView details = new CompareDetailsView(vm);
        // the task graph of B (or A) beside the side-by-side details, its nodes marked like the tree's rows
        ChoiceBox<CompareGraph.Side> side = new ChoiceBox<>();
        side.setId("compareGraphSide");
        side.getItems().setAll(CompareGraph.Side.values());
        side.valueProperty().bindBidirectional(graph.sideProperty());
        graphView.addTool(side);
        Tab detailsTab = new Tab("Side by side", details);
        detailsTab.setId("compareDetailsTab");
        Tab graphTab = new Tab("Task Graph", graphView);
        graphTab.setId("compareGraphTab");
        tabs = new TabPane(detailsTab, graphTab);
        tabs.setId("compareTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> graph.graph().setActive(
                now == graphTab));
        SplitPane split = new SplitPane(tree, tabs);
        split.setId("compareSplit");
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.42);
        SplitPane.setResizableWithParent(tree, false);
        setCenter(split);
    }

    /**
     * In a lesson the lesson bar counts the steps and moves between them: the comparison's own step line and
     * timeline are hidden while {@code lesson} holds, so that one "Step k of n" is on screen, not two.
     */
    public void hideStepsWhile(javafx.beans.value.ObservableBooleanValue lesson) {
        for (javafx.scene.Node n : java.util.List.of(timeline, steps)) {
            n.visibleProperty().bind(javafx.beans.binding.Bindings.not(lesson));
            n.managedProperty().bind(n.visibleProperty());
        }
    }

    /** Shows the Task Graph tab (View → Show Task Graph in compare mode). */
    public void showGraph() {
        tabs.getSelectionModel().select(1);
    }

    private static Button button(String id, String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    private static Label legend(String text, String pseudo) {
        Label l = new Label(text);
        l.getStyleClass().add("compare-legend-item");
        l.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass(pseudo), true);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
