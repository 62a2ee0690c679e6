package org.ompdexplorer.app.ui.recording;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.ui.Theme;

/**
 * The recording bar at the top of the window's centre while a recording is open: the recording's name and the moment
 * in words, the step buttons (start, event, the selected task's event, synchronization, end), a scrubber over every
 * event, the zoom of the timeline, Close recording, and the timeline of per-thread lanes below them.
 */
public final class RecordingBar extends VBox {
    public static final String ID = "recordingBar";
    /** The bar's own stylesheet (tokens from the window's colors.css), so the bar styles itself in either theme. */
    public static final String STYLESHEET = "recording.css";
    private final TimelineCanvas timeline;
    private final RecordingViewModel vm;
    private boolean scrubbing;

    /**
     * @param selected   the task selected in the window (its id): outlined in the lanes
     * @param selectTask selects a task in the window (a double click on one of its intervals)
     * @param close      closes the recording (the window decides what stays shown)
     */
    private final HBox top;

    public RecordingBar(RecordingViewModel vm, Supplier<Optional<Long>> selected, Consumer<Long> selectTask,
                        Runnable close) {
        super();
        this.vm = vm;
        setId(ID);
        getStyleClass().add("recording-bar");
        getStylesheets().add(Objects.requireNonNull(Theme.class.getResource(STYLESHEET),
                "stylesheet missing from the build: " + STYLESHEET).toExternalForm());
        Label title = new Label();
        title.setId("recordingTitle");
        title.getStyleClass().add("recording-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        vm.recordingProperty().addListener((obs, old, now) -> title.setText(now == null ? "" : "Recording: " + now.name()));
        Label moment = new Label();
        moment.setId("recordingMoment");
        moment.getStyleClass().add("recording-moment");
        moment.textProperty().bind(vm.momentTextProperty());
        moment.setWrapText(true);
        moment.setMinWidth(0);
        moment.setMinHeight(Region.USE_PREF_SIZE);
        moment.setMaxWidth(Double.MAX_VALUE);
        Button closeButton = button("recordingClose", "Close recording",
                "Forget the recording; the moment shown stays open", close);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        // the title and the bar's buttons, then the moment in words the whole width below: beside the buttons it
        // wrapped to four lines at 200 %
        HBox top = new HBox(8, title, gap, closeButton);
        this.top = top;
        top.setAlignment(Pos.CENTER_LEFT);

        HBox steps = new HBox(
                button("recordingStart", "|◀", "To the start, before the first event (Alt+Home)", vm::start,
                        vm.canPreviousProperty()),
                button("recordingPreviousSync", "◀ sync", "Previous synchronization: barrier, taskwait, taskgroup "
                        + "(Shift+F9)", vm::previousSynchronization, vm.canPreviousSynchronizationProperty()),
                button("recordingPreviousOfTask", "◀ task", "Previous event of the selected task (Ctrl+Shift+F6)",
                        vm::previousEventOfTask, vm.canPreviousOfTaskProperty()),
                button("recordingPrevious", "◀", "Previous event (Shift+F6)", vm::previousEvent,
                        vm.canPreviousProperty()),
                button("recordingNext", "▶", "Next event (F6)", vm::nextEvent, vm.canNextProperty()),
                button("recordingNextOfTask", "task ▶", "Next event of the selected task (Ctrl+F6)",
                        vm::nextEventOfTask, vm.canNextOfTaskProperty()),
                button("recordingNextSync", "sync ▶", "Next synchronization: barrier, taskwait, taskgroup (F9)",
                        vm::nextSynchronization, vm.canNextSynchronizationProperty()),
                button("recordingEnd", "▶|", "To the end, after the last event (Alt+End)", vm::end,
                        vm.canNextProperty()));
        steps.getStyleClass().add("recording-steps");
        steps.setAlignment(Pos.CENTER_LEFT);
        Slider scrubber = scrubber(vm);
        HBox.setHgrow(scrubber, Priority.ALWAYS);
        HBox zoom = new HBox(
                button("recordingZoomOut", "−", "Zoom the timeline out (wheel down over it)", vm::zoomOut),
                button("recordingZoomIn", "+", "Zoom the timeline in (wheel up over it, about the pointer)",
                        vm::zoomIn),
                button("recordingFit", "Fit", "Zoom the timeline out to the whole run", vm::fit),
                button("recordingZoomTask", "Task's life", "The selected task's life, from its first run to its last",
                        vm::zoomToSelectedTask));
        zoom.getStyleClass().add("recording-steps");
        zoom.setAlignment(Pos.CENTER_LEFT);
        HBox controls = new HBox(12, steps, scrubber, zoom);
        controls.setAlignment(Pos.CENTER_LEFT);
        timeline = new TimelineCanvas(vm, selected, selectTask);
        getChildren().addAll(top, moment, controls, timeline, legend());
        visibleProperty().bind(vm.recordingProperty().isNotNull());
        managedProperty().bind(visibleProperty());
    }

    /** Adds {@code control} to the bar's first line, before Close recording (the window's own, such as the graph's). */
    public void addControl(javafx.scene.Node control) {
        top.getChildren().add(top.getChildren().size() - 1, control);
    }

    /**
     * The window's selection changed: the selected task's steps follow it ({@link RecordingViewModel#selectionChanged})
     * and its intervals are outlined in the lanes.
     */
    public void selectionChanged() {
        vm.selectionChanged();
        timeline.draw();
    }

    /** What the lanes' colours mean, with the stylesheet's own swatches. */
    private static javafx.scene.layout.FlowPane legend() {
        // a flow: the entries wrap in a narrow window or at 200 %, never widening the window past its edge
        javafx.scene.layout.FlowPane legend = new javafx.scene.layout.FlowPane(10, 2);
        legend.setId("recordingLegend");
        legend.getStyleClass().add("recording-legend");
        legend.setAlignment(Pos.CENTER_LEFT);
        legend.setMinWidth(0);
        legend.setPrefWrapLength(400);
        String[][] keys = {{"implicit-task", "implicit task"}, {"explicit-task", "explicit task"},
                {"target-task", "target task"}, {"waiting", "waiting"}, {"suspended", "suspended"},
                {"sync-region", "sync region"}, {"target-construct", "target construct"}};
        for (String[] k : keys) {
            Region chip = new Region();
            chip.getStyleClass().addAll("recording-legend-chip", TimelinePalette.SWATCH_CLASS + "-" + k[0]);
            Label l = new Label(k[1], chip);
            l.getStyleClass().add("recording-legend-label");
            l.setMinWidth(Region.USE_PREF_SIZE);
            legend.getChildren().add(l);
        }
        // how the lanes are used, on the legend: a line of its own took the panes' room at 200 %
        Tooltip.install(legend, new Tooltip("A lane's first row is what ran on the thread; the rows under it are "
                + "bands: a task suspended there, a sync region (barrier, taskwait, taskgroup) or target construct it "
                + "is in. The red line is the moment shown: click or drag the lanes to move it, double-click a task "
                + "to select it, the wheel zooms about the pointer, Shift or middle drag pans"));
        return legend;
    }

    /** A slider over every position: dragging it scrubs, the moment's moves move it. */
    private Slider scrubber(RecordingViewModel vm) {
        Slider s = new Slider(0, 1, 0);
        s.setId("recordingScrubber");
        s.setTooltip(new Tooltip("Drag to scrub through the run, event by event"));
        s.setMinWidth(120);
        vm.recordingProperty().addListener((obs, old, now) -> {
            scrubbing = true;
            s.setMax(now == null ? 1 : Math.max(1, now.recording().size()));
            s.setValue(vm.positionProperty().get());
            scrubbing = false;
        });
        vm.positionProperty().addListener((obs, old, now) -> {
            scrubbing = true;
            s.setValue(now.intValue());
            scrubbing = false;
        });
        s.valueProperty().addListener((obs, old, now) -> {
            if (!scrubbing) {
                vm.setPosition((int) Math.round(now.doubleValue()));
            }
        });
        return s;
    }

    private static Button button(String id, String text, String tip, Runnable action, ObservableBooleanValue can) {
        Button b = button(id, text, tip, action);
        b.disableProperty().bind(javafx.beans.binding.Bindings.not(can));
        return b;
    }

    private static Button button(String id, String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setFocusTraversable(true);
        return b;
    }
}
