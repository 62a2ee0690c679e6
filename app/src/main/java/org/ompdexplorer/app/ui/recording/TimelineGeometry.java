package org.ompdexplorer.app.ui.recording;

import org.ompdexplorer.model.recording.RunLanes;

/**
 * Where things are on the timeline's canvas for one frame: the labels' gutter on the left, the time axis on top, the
 * lanes below it (scrolled by {@code firstLane}, in lanes), each a run row then up to {@code bands} thin bands; and
 * how times map to x across the view.
 *
 * @param gutter    the labels' width, px
 * @param axis      the axis' height, px
 * @param run       a lane's run row height, px
 * @param band      a band's height, px
 * @param pad       the space above and below a lane's rows, px
 * @param bands     bands drawn a lane (its rows nested deeper are not drawn)
 * @param width     the canvas' width, px
 * @param height    the canvas' height, px
 * @param view      the times across the plot
 * @param firstLane the lane at the top of the lanes' area (fractional while scrolled)
 */
record TimelineGeometry(double gutter, double axis, double run, double band, double pad, int bands, double width,
                        double height, RunLanes.Span view, double firstLane) {
    double laneHeight() {
        return 2 * pad + run + bands * band;
    }

    double plotWidth() {
        return Math.max(1, width - gutter);
    }

    /** ns a pixel. */
    double nsPerPixel() {
        return (view.end() - view.start()) / plotWidth();
    }

    double x(long t) {
        return gutter + (t - view.start()) / nsPerPixel();
    }

    /** The time at {@code x}, in the view. */
    long time(double x) {
        return Math.round(view.start() + (x - gutter) * nsPerPixel());
    }

    double laneTop(int lane) {
        return axis + (lane - firstLane) * laneHeight();
    }

    /** The lane at {@code y}, or −1 (the axis, or below the last when {@code lanes} are fewer). */
    int laneAt(double y, int lanes) {
        if (y < axis) {
            return -1;
        }
        int lane = (int) Math.floor((y - axis) / laneHeight() + firstLane);
        return lane < lanes ? lane : -1;
    }

    /** The row at {@code y} in {@code lane}: 0 the run row, 1… a band; −1 none. */
    int rowAt(double y, int lane) {
        double in = y - laneTop(lane) - pad;
        if (in < 0) {
            return -1;
        }
        if (in < run) {
            return 0;
        }
        int b = (int) ((in - run) / band);
        return b < bands ? b + 1 : -1;
    }

    /** The top of row {@code row}'s drawing in {@code lane} (a row past the bands: where the last is). */
    double rowTop(int lane, int row) {
        double top = laneTop(lane) + pad;
        return row == 0 ? top : top + run + (Math.min(row, bands) - 1) * band;
    }
}
