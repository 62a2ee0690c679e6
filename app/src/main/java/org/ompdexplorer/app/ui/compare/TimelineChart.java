package org.ompdexplorer.app.ui.compare;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.AccessibleRole;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.model.diff.StepFigures;

/**
 * The series' steps side by side under the timeline's slider, each labelled with when and by what B was taken, and a
 * small bar chart of B's running, ready, blocked-on-dependences and waiting tasks with the step's still-blocked
 * count: where a hang sets in shows as the bars that stop changing while "still blocked" stays. A click shows the
 * step.
 */
final class TimelineChart extends ScrollPane {
    static final String ID = "timelineChart";
    static final String CELL_CLASS = "timeline-step";
    private static final double BAR_HEIGHT = 28;
    private static final double TRIGGER_WIDTH = 170;
    private static final String[] KEYS = {"running", "queued", "blocked", "waiting"};
    private final HBox cells = new HBox(4);
    private final CompareViewModel vm;

    TimelineChart(CompareViewModel vm) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("timeline-chart");
        cells.setAlignment(Pos.BOTTOM_LEFT);
        setContent(cells);
        // the cells at their own height, and the viewport as tall as they are: a wrapped trigger and the
        // still-blocked line are never cut at the bottom
        setFitToHeight(false);
        prefViewportHeightProperty().bind(cells.heightProperty().add(4));
        minViewportHeightProperty().bind(cells.heightProperty().add(4));
        setVbarPolicy(ScrollBarPolicy.NEVER);
        setHbarPolicy(ScrollBarPolicy.AS_NEEDED);
        vm.seriesProperty().addListener((obs, old, now) -> rebuild());
        vm.stepProperty().addListener((obs, old, now) -> mark());
        rebuild();
    }

    private void rebuild() {
        cells.getChildren().clear();
        if (vm.seriesProperty().get() == null || vm.stepCount() < 2) {
            return;
        }
        List<StepFigures> figures = vm.seriesProperty().get().figures(); // counted with the series, off this thread
        int most = 1;
        for (StepFigures f : figures) {
            most = Math.max(most, Math.max(Math.max(f.running(), f.queued()), Math.max(f.blocked(), f.waiting())));
        }
        for (int i = 0; i < figures.size(); i++) {
            cells.getChildren().add(cell(i, figures.get(i), most));
        }
        mark();
    }

    private VBox cell(int step, StepFigures f, int most) {
        int[] values = {f.running(), f.queued(), f.blocked(), f.waiting()};
        HBox bars = new HBox(2);
        bars.setAlignment(Pos.BOTTOM_CENTER);
        bars.setMinHeight(BAR_HEIGHT);
        bars.setPrefHeight(BAR_HEIGHT);
        for (int k = 0; k < KEYS.length; k++) {
            Region bar = new Region();
            bar.getStyleClass().addAll("timeline-bar-value", "timeline-bar-" + KEYS[k]);
            double h = values[k] == 0 ? 1 : Math.max(2, BAR_HEIGHT * values[k] / most);
            bar.setMinSize(6, h);
            bar.setPrefSize(6, h);
            bar.setMaxSize(6, h);
            bars.getChildren().add(bar);
        }
        Label when = new Label("Step " + (step + 1) + (f.sinceFirstText().isEmpty() ? "" : " · " + f.sinceFirstText()));
        when.getStyleClass().add("timeline-step-when");
        when.setMinWidth(Region.USE_PREF_SIZE);
        Label trigger = new Label(f.trigger().isEmpty() ? " " : f.trigger());
        trigger.getStyleClass().add("timeline-step-trigger");
        trigger.setWrapText(true); // wrapped whole onto as many lines as it needs, never cut
        trigger.setPrefWidth(TRIGGER_WIDTH);
        trigger.setMinWidth(TRIGGER_WIDTH);
        trigger.setMaxWidth(TRIGGER_WIDTH);
        trigger.setMinHeight(Region.USE_PREF_SIZE);
        Label blocked = new Label(f.stillBlocked() == 0 ? " " : f.stillBlocked() + " still blocked");
        blocked.getStyleClass().add("timeline-step-blocked");
        blocked.setMinWidth(Region.USE_PREF_SIZE);
        VBox cell = new VBox(2, bars, when, trigger, blocked);
        cell.setId("timelineStep" + step);
        cell.getStyleClass().add(CELL_CLASS);
        cell.setAlignment(Pos.TOP_CENTER);
        String words = "Step " + (step + 1) + (f.sinceFirstText().isEmpty() ? "" : ", " + f.sinceFirstText())
                + (f.trigger().isEmpty() ? "" : ", " + f.trigger()) + ": " + f.running() + " running, " + f.queued()
                + " ready (queued), " + f.blocked() + " blocked on dependences, " + f.waiting() + " waiting"
                + (f.stillBlocked() == 0 ? "" : "; " + f.stillBlocked() + " still blocked since the step before");
        Tooltip.install(cell, new Tooltip(words));
        cell.setAccessibleRole(AccessibleRole.BUTTON);
        cell.setAccessibleText(words);
        cell.setOnMouseClicked(e -> vm.setStep(step));
        return cell;
    }

    private void mark() {
        int shown = vm.stepProperty().get();
        for (int i = 0; i < cells.getChildren().size(); i++) {
            cells.getChildren().get(i).pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("current"),
                    i == shown);
        }
    }

    /** The words of each step's cell, for tests and screen readers. */
    List<String> describe() {
        return cells.getChildren().stream().map(javafx.scene.Node::getAccessibleText).toList();
    }
}
