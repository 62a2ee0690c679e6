package org.ompdexplorer.app.ui.recording;

import javafx.beans.property.ReadOnlyObjectWrapper;
import org.ompdexplorer.model.recording.RunLanes;

/**
 * The part of a recorded run the timeline shows, and how it zooms and pans: always inside the run, never narrower
 * than {@link #NARROWEST} ns (a few events' worth: below it every interval is wider than the view).
 */
public final class TimelineZoom {
    /** The narrowest view, ns. */
    public static final long NARROWEST = 20;
    /** The room left on each side of a task's life shown whole, as a share of it. */
    private static final double MARGIN = 0.05;
    private final ReadOnlyObjectWrapper<RunLanes.Span> view;
    private long duration = 1;

    TimelineZoom(ReadOnlyObjectWrapper<RunLanes.Span> view) {
        this.view = view;
    }

    void setDuration(long d) {
        duration = Math.max(1, d);
    }

    /** The run's length the view stays in. */
    public long duration() {
        return duration;
    }

    public RunLanes.Span view() {
        return view.get();
    }

    /** The whole run in view. */
    public void fit() {
        view.set(new RunLanes.Span(0, duration));
    }

    /** Zooms by {@code factor} (below 1: in) keeping time {@code pivot} where it is on the screen. */
    public void zoomAbout(double factor, double pivot) {
        RunLanes.Span v = view.get();
        double width = Math.clamp((v.end() - v.start()) * factor, Math.min(NARROWEST, duration), duration);
        double share = v.end() == v.start() ? 0.5 : (pivot - v.start()) / (double) (v.end() - v.start());
        double start = pivot - share * width;
        set(start, width);
    }

    /** Moves the view by {@code ns} (positive: later). */
    public void pan(double ns) {
        RunLanes.Span v = view.get();
        set(v.start() + ns, v.end() - v.start());
    }

    /** Shows {@code span} whole with a little room on each side (at least the narrowest view). */
    public void show(RunLanes.Span span) {
        double width = Math.max(span.length() * (1 + 2 * MARGIN), Math.min(NARROWEST, duration));
        set(span.start() + span.length() / 2.0 - width / 2, Math.min(width, duration));
    }

    /** Pans so that time {@code t} is in view, if it is not: centred on it. */
    public void reveal(long t) {
        RunLanes.Span v = view.get();
        if (t < v.start() || t > v.end()) {
            set(t - (v.end() - v.start()) / 2.0, v.end() - v.start());
        }
    }

    private void set(double start, double width) {
        double w = Math.clamp(width, 1, duration);
        double s = Math.clamp(start, 0, duration - w);
        long from = Math.round(s);
        view.set(new RunLanes.Span(from, Math.min(duration, from + Math.max(1, Math.round(w)))));
    }
}
