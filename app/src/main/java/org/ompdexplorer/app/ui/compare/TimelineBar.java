package org.ompdexplorer.app.ui.compare;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A series' timeline: step buttons and a slider, one notch a step; each step shows its diff with the snapshot
 * before it; under them, each step labelled with its time and trigger and its counts charted ({@link TimelineChart}).
 * Shown only for a series of three or more snapshots.
 */
final class TimelineBar extends VBox {
    static final String ID = "timelineBar";

    TimelineBar(CompareViewModel vm) {
        super(4);
        setId(ID);
        getStyleClass().add("timeline-bar");
        Button previous = new Button("◀ Previous step");
        previous.setId("timelinePrevious");
        previous.setOnAction(e -> vm.previousStep());
        Button next = new Button("Next step ▶");
        next.setId("timelineNext");
        next.setOnAction(e -> vm.nextStep());
        Slider slider = new Slider(0, 1, 0);
        slider.setId("timelineSlider");
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setShowTickMarks(true);
        slider.setBlockIncrement(1);
        slider.setTooltip(new Tooltip("Each notch is one step: a snapshot compared with the one before it"));
        HBox.setHgrow(slider, Priority.ALWAYS);
        boolean[] updating = {false};
        Runnable sync = () -> {
            updating[0] = true;
            int steps = vm.stepCount();
            slider.setMax(Math.max(1, steps - 1));
            slider.setValue(Math.max(0, vm.stepProperty().get()));
            previous.setDisable(vm.stepProperty().get() <= 0);
            next.setDisable(vm.stepProperty().get() >= steps - 1);
            boolean series = steps > 1;
            setVisible(series);
            setManaged(series);
            updating[0] = false;
        };
        slider.valueProperty().addListener((obs, old, now) -> {
            if (!updating[0]) {
                vm.setStep((int) Math.round(now.doubleValue()));
            }
        });
        vm.stepProperty().addListener((obs, old, now) -> sync.run());
        vm.seriesProperty().addListener((obs, old, now) -> sync.run());
        sync.run();
        HBox controls = new HBox(8, previous, slider, next);
        controls.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(controls, new TimelineChart(vm));
    }
}
