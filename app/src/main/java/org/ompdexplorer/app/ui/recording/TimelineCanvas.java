package org.ompdexplorer.app.ui.recording;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.geometry.Orientation;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.text.Text;
import javafx.util.Duration;
import org.ompdexplorer.model.recording.Lane;
import org.ompdexplorer.model.recording.LaneRow;
import org.ompdexplorer.model.recording.RunLanes;

/**
 * The recording's Gantt timeline: one lane a thread, the time axis with the lesson's steps marked on it, the moment's
 * cursor. A click or a drag sets the moment (a click on a mark, the step's moment); a double click on an interval
 * selects its task; the wheel (Ctrl+wheel while the lanes scroll) zooms about the pointer; a drag with the middle
 * button, or with Shift, pans. Up to {@link #MOST_LANES} lanes are shown, more scroll. Lengths are in em of the lane
 * labels' font, so it grows with the window's presentation zoom.
 */
final class TimelineCanvas extends Pane {
    static final String ID = "recordingTimeline";
    /** The lanes shown before they scroll. */
    static final int MOST_LANES = 8;
    /** The bands under a lane's run row: sync regions, target constructs, suspended tasks, the outermost three. */
    static final int MOST_BANDS = 3;
    private final Canvas canvas = new Canvas();
    private final ScrollBar lanesBar = new ScrollBar();
    private final TimelinePalette palette = new TimelinePalette();
    private final TimelinePainter painter = new TimelinePainter(palette);
    private final Tooltip tooltip = new Tooltip();
    private final RecordingViewModel vm;
    private final Supplier<Optional<Long>> selected;
    /** How far a press on a flag may move before it is a drag, in px: a hand's jitter keeps the step's moment. */
    private static final double DRAG_SLOP = 4;
    private boolean panning;
    private boolean onMark;
    private double dragX;
    private String hovered;
    private final NextPulse nextPulse = new NextPulse();
    private boolean drawAsked;

    TimelineCanvas(RecordingViewModel vm, Supplier<Optional<Long>> selected, Consumer<Long> selectTask) {
        this.vm = vm;
        this.selected = selected;
        setId(ID);
        getStyleClass().add("recording-timeline");
        setFocusTraversable(true);
        lanesBar.setOrientation(Orientation.VERTICAL);
        lanesBar.setId("recordingLanesScroll");
        getChildren().addAll(canvas, lanesBar);
        palette.install(this, this::requestDraw);
        tooltip.setShowDelay(Duration.millis(300));
        tooltip.setWrapText(true);
        lanesBar.valueProperty().addListener((obs, old, now) -> requestDraw());
        vm.viewProperty().addListener((obs, old, now) -> requestDraw());
        vm.timeProperty().addListener((obs, old, now) -> requestDraw());
        vm.marksProperty().addListener((obs, old, now) -> requestDraw());
        vm.recordingProperty().addListener((obs, old, now) -> {
            lanesBar.setValue(0);
            requestLayout();
            requestDraw();
        });
        setOnMousePressed(this::pressed);
        setOnMouseDragged(this::dragged);
        setOnMouseReleased(e -> panning = false);
        setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !e.isShiftDown()) {
                hit(e.getX(), e.getY()).ifPresent(h -> selectTask.accept(h.row().task(h.index())));
            }
        });
        setOnMouseMoved(e -> hover(e.getX(), e.getY()));
        setOnScroll(this::scrolled);
    }

    /** An interval under the pointer. */
    record Hit(Lane lane, LaneRow row, int index) {
    }

    private RunLanes lanes() {
        OpenedRecording o = vm.recordingProperty().get();
        return o == null ? null : o.lanes();
    }

    private int bands() {
        RunLanes lanes = lanes();
        int most = 0;
        if (lanes != null) {
            for (Lane l : lanes.lanes()) {
                most = Math.max(most, l.rows().size() - 1);
            }
        }
        return Math.min(MOST_BANDS, most);
    }

    private double laneHeight() {
        double em = palette.em();
        return em * 0.5 + em * 1.4 + bands() * em * 0.55;
    }

    private double axisHeight() {
        return palette.em() * 1.9;
    }

    private int laneCount() {
        RunLanes lanes = lanes();
        return lanes == null ? 0 : lanes.lanes().size();
    }

    /** The frame's geometry at the canvas' size. */
    TimelineGeometry geometry() {
        double em = palette.em();
        double gutter = em;
        RunLanes lanes = lanes();
        if (lanes != null) {
            Text probe = new Text();
            probe.setFont(palette.font());
            for (Lane l : lanes.lanes()) {
                probe.setText(TimelinePainter.label(l));
                gutter = Math.max(gutter, probe.getLayoutBounds().getWidth() + em);
            }
        }
        return new TimelineGeometry(gutter, axisHeight(), em * 1.4, em * 0.55, em * 0.25, bands(), canvas.getWidth(),
                canvas.getHeight(), vm.viewProperty().get(), lanesBar.isVisible() ? lanesBar.getValue() : 0);
    }

    @Override
    protected double computePrefHeight(double width) {
        return snappedTopInset() + snappedBottomInset() + axisHeight()
                + Math.max(1, Math.min(MOST_LANES, laneCount())) * laneHeight();
    }

    @Override
    protected double computeMinHeight(double width) {
        // two lanes at least: the window's panes below keep their room first (main.css, .main-content)
        return snappedTopInset() + snappedBottomInset() + axisHeight() + Math.min(2, Math.max(1, laneCount()))
                * laneHeight();
    }

    @Override
    protected double computePrefWidth(double height) {
        return palette.em() * 40;
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double w = Math.max(0, getWidth() - x - snappedRightInset());
        double h = Math.max(0, getHeight() - y - snappedBottomInset());
        int lanes = laneCount();
        double shown = Math.max(0, (h - axisHeight()) / laneHeight());
        boolean scrolls = lanes > shown + 1e-6;
        lanesBar.setVisible(scrolls);
        double bar = scrolls ? lanesBar.prefWidth(-1) : 0;
        if (scrolls) {
            lanesBar.setMin(0);
            lanesBar.setMax(lanes - shown);
            lanesBar.setVisibleAmount(shown);
            lanesBar.setValue(Math.min(lanesBar.getValue(), lanes - shown));
            lanesBar.resizeRelocate(x + w - bar, y + axisHeight(), bar, h - axisHeight());
        }
        canvas.relocate(x, y);
        canvas.setWidth(snapSizeX(w - bar));
        canvas.setHeight(snapSizeY(h));
        draw();
    }

    /** Draws at the next pulse, once however many changes come before it (a scrub moves the cursor at each event). */
    void requestDraw() {
        if (!drawAsked) {
            drawAsked = true;
            nextPulse.accept(this::draw);
        }
    }

    /** Draws now. */
    void draw() {
        drawAsked = false;
        if (canvas.getWidth() <= 0 || canvas.getHeight() <= 0) {
            return;
        }
        painter.paint(canvas.getGraphicsContext2D(), geometry(), lanes(), vm.timeProperty().get(),
                selected.get().orElse(Long.MIN_VALUE), vm.marksProperty().get());
    }

    TimelinePalette palette() {
        return palette;
    }

    /** Boxes and columns the last frame drew. */
    int lastDrawn() {
        return painter.drawn();
    }

    /** The interval at ({@code x}, {@code y}) in this region's coordinates, within a few pixels in time. */
    Optional<Hit> hit(double x, double y) {
        RunLanes lanes = lanes();
        TimelineGeometry geo = geometry();
        if (lanes == null || x < geo.gutter()) {
            return Optional.empty();
        }
        int lane = geo.laneAt(y, lanes.lanes().size());
        int row = lane < 0 ? -1 : geo.rowAt(y, lane);
        if (row < 0) {
            return Optional.empty();
        }
        Lane l = lanes.lanes().get(lane);
        long t0 = geo.time(x - 3);
        long t1 = geo.time(x + 3);
        if (row >= l.rows().size()) {
            return Optional.empty();
        }
        LaneRow r = l.rows().get(row);
        int exact = r.indexAt(geo.time(x));
        int i = exact >= 0 ? exact : r.representative(t0, t1);
        return i < 0 ? Optional.empty() : Optional.of(new Hit(l, r, i));
    }

    /** The mark at ({@code x}, {@code y}) on the axis, the nearest within its width. */
    Optional<TimelineMark> markAt(double x, double y) {
        TimelineGeometry geo = geometry();
        if (y > geo.axis() || x < geo.gutter()) {
            return Optional.empty();
        }
        double reach = palette.em() * TimelinePainter.MARK_HALF_WIDTH + 1;
        TimelineMark nearest = null;
        double best = reach;
        for (TimelineMark m : vm.marksProperty().get()) {
            double at = geo.x(m.time());
            double d = Math.abs(at - x);
            if (at >= geo.gutter() && at <= geo.width() && d <= best) { // a flag drawn, not one scrolled out of view
                best = d;
                nearest = m;
            }
        }
        return Optional.ofNullable(nearest);
    }

    private void pressed(MouseEvent e) {
        requestFocus();
        dragX = e.getX();
        panning = e.getButton() == MouseButton.MIDDLE || e.isShiftDown();
        Optional<TimelineMark> mark = markAt(e.getX(), e.getY());
        onMark = !panning && e.getButton() == MouseButton.PRIMARY && mark.isPresent();
        if (onMark) {
            vm.setPosition(mark.get().position()); // the step's own moment, not the nearest event to the pixel
        } else if (!panning && e.getButton() == MouseButton.PRIMARY) {
            moveTo(e.getX());
        }
    }

    private void dragged(MouseEvent e) {
        if (panning) {
            vm.timeline().pan(-(e.getX() - dragX) * geometry().nsPerPixel());
            dragX = e.getX();
        } else if (e.isPrimaryButtonDown() && !(onMark && Math.abs(e.getX() - dragX) < DRAG_SLOP)) {
            onMark = false; // a drag from a flag moves the moment as any drag does, once past the slop
            moveTo(e.getX());
        }
    }

    private void moveTo(double x) {
        TimelineGeometry geo = geometry();
        if (x >= geo.gutter()) {
            vm.setTime(Math.clamp(geo.time(x), 0, vm.timeline().duration()));
        }
    }

    private void scrolled(ScrollEvent e) {
        TimelineGeometry geo = geometry();
        if (e.getDeltaX() != 0 && e.getDeltaY() == 0) {
            vm.timeline().pan(-e.getDeltaX() * geo.nsPerPixel());
        } else if (e.getDeltaY() != 0 && (e.isShortcutDown() || !lanesBar.isVisible())) {
            vm.timeline().zoomAbout(Math.pow(1.0015, -e.getDeltaY()), geo.time(e.getX()));
        } else if (e.getDeltaY() != 0) {
            lanesBar.setValue(Math.clamp(lanesBar.getValue() - e.getDeltaY() / laneHeight(), lanesBar.getMin(),
                    lanesBar.getMax()));
        }
        e.consume();
    }

    private void hover(double x, double y) {
        String text = markAt(x, y).map(TimelineMark::text)
                .or(() -> hit(x, y).map(h -> IntervalText.of(h.lane(), h.row(), h.index()))).orElse(null);
        if (text == null ? hovered == null : text.equals(hovered)) {
            return;
        }
        hovered = text;
        if (text == null) {
            Tooltip.uninstall(this, tooltip);
        } else {
            tooltip.setText(text);
            Tooltip.install(this, tooltip);
        }
    }
}
