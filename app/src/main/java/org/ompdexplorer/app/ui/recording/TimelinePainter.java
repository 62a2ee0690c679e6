package org.ompdexplorer.app.ui.recording;

import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.TextAlignment;
import org.ompdexplorer.model.recording.Lane;
import org.ompdexplorer.model.recording.LaneKind;
import org.ompdexplorer.model.recording.LaneRow;
import org.ompdexplorer.model.recording.RunLanes;

/**
 * Draws one frame of the timeline: lanes with their labels, each row's intervals, the axis with its marks, the
 * moment's cursor.
 * Level of detail: an interval at least a pixel wide is drawn as a box; where many fall in one pixel column, the
 * column is drawn once in the colour of the one at its middle (side by side columns of one colour as one rectangle) and
 * the rest of the column is skipped by bisection — so a frame costs the wide intervals in view plus a bisection a
 * column, at any zoom of a million intervals.
 */
final class TimelinePainter {
    /** A mark's half width, in em; it is as tall as it is wide, its point on the axis line. */
    static final double MARK_HALF_WIDTH = 0.4;

    private final TimelinePalette palette;
    private int drawn;

    TimelinePainter(TimelinePalette palette) {
        this.palette = palette;
    }

    /** Boxes and columns the last frame drew. */
    int drawn() {
        return drawn;
    }

    void paint(GraphicsContext g, TimelineGeometry geo, RunLanes lanes, long moment, long selected,
               List<TimelineMark> marks) {
        drawn = 0;
        g.setFill(palette.background());
        g.fillRect(0, 0, geo.width(), geo.height());
        if (lanes == null) {
            return;
        }
        List<Lane> all = lanes.lanes();
        int first = Math.max(0, (int) Math.floor(geo.firstLane()));
        for (int i = first; i < all.size() && geo.laneTop(i) < geo.height(); i++) {
            lane(g, geo, all.get(i), i, selected);
        }
        g.setFill(palette.background());
        g.fillRect(0, 0, geo.width(), geo.axis());
        axis(g, geo);
        marks(g, geo, marks);
        labels(g, geo, all, first);
        double x = Math.round(geo.x(moment)) + 0.5;
        if (x >= geo.gutter() && x <= geo.width()) {
            g.setStroke(palette.cursor());
            g.setLineWidth(2);
            g.strokeLine(x, geo.axis() * 0.45, x, geo.height());
            g.setLineWidth(1);
        }
    }

    /** Each mark in view as a small flag pointing down at its moment on the axis. */
    private void marks(GraphicsContext g, TimelineGeometry geo, List<TimelineMark> marks) {
        double half = palette.em() * MARK_HALF_WIDTH;
        double bottom = geo.axis() - 1;
        g.setFill(palette.selected());
        for (TimelineMark m : marks) {
            double x = Math.round(geo.x(m.time())) + 0.5;
            if (x >= geo.gutter() && x <= geo.width()) {
                g.fillPolygon(new double[]{x - half, x + half, x}, new double[]{bottom - 2 * half, bottom - 2 * half,
                        bottom}, 3);
            }
        }
    }

    private void lane(GraphicsContext g, TimelineGeometry geo, Lane lane, int index, long selected) {
        double top = geo.laneTop(index);
        if (index % 2 == 1) {
            g.setFill(palette.laneAlternate());
            g.fillRect(geo.gutter(), top, geo.plotWidth(), geo.laneHeight());
        }
        List<LaneRow> rows = lane.rows();
        for (int r = Math.min(rows.size() - 1, geo.bands()); r >= 0; r--) { // nesting deeper than the bands is not drawn
            double h = r == 0 ? geo.run() : geo.band() - Math.max(1, geo.band() * 0.15);
            row(g, geo, rows.get(r), geo.rowTop(index, r), h, selected);
        }
        if (lane.incompleteFrom() >= 0 && lane.incompleteFrom() < geo.view().end()) {
            double x0 = Math.max(geo.gutter(), geo.x(lane.incompleteFrom()));
            g.setStroke(palette.incomplete());
            g.setLineWidth(1);
            for (double x = x0; x < geo.width(); x += 6) { // hatched: this thread's events were dropped from here on
                g.strokeLine(x, top + geo.laneHeight(), Math.min(geo.width(), x + geo.laneHeight() / 2), top);
            }
        }
    }

    private void row(GraphicsContext g, TimelineGeometry geo, LaneRow row, double y, double h, long selected) {
        RunLanes.Span v = geo.view();
        int i = row.firstEndingAfter(v.start());
        double runX = -1; // dense columns side by side in one colour are filled as one rectangle
        double runEnd = -1;
        LaneKind runKind = null;
        while (i < row.size() && row.start(i) < v.end()) {
            double x0 = Math.max(geo.gutter(), geo.x(row.start(i)));
            double x1 = Math.min(geo.width(), geo.x(row.end(i)));
            if (x1 - x0 >= 1) {
                box(g, row, i, x0, y, x1 - x0, h, selected);
                drawn++;
                i++;
                continue;
            }
            double column = Math.floor(x0);
            long columnEnd = geo.time(column + 1);
            int shown = row.representative(geo.time(column), columnEnd);
            LaneKind k = row.kind(shown < 0 ? i : shown);
            if (k == runKind && column <= runEnd) {
                runEnd = column + 1;
            } else {
                fillRun(g, runKind, runX, runEnd, y, h);
                runKind = k;
                runX = column;
                runEnd = column + 1;
            }
            i = Math.max(i + 1, row.firstEndingAfter(columnEnd));
        }
        fillRun(g, runKind, runX, runEnd, y, h);
    }

    private void fillRun(GraphicsContext g, LaneKind k, double x0, double x1, double y, double h) {
        if (k != null) {
            g.setFill(palette.kind(k));
            g.fillRect(x0, y, x1 - x0, h);
            drawn++;
        }
    }

    private void box(GraphicsContext g, LaneRow row, int i, double x, double y, double w, double h, long selected) {
        LaneKind k = row.kind(i);
        g.setFill(palette.kind(k));
        g.fillRect(x, y, w, h);
        if (k == LaneKind.WAITING && w > 4) {
            g.setStroke(palette.background());
            g.setLineWidth(1);
            for (double hx = x; hx < x + w; hx += 5) { // hatched: the thread waits, runs nothing
                g.strokeLine(hx, y + h, Math.min(x + w, hx + h * 0.6), y);
            }
        }
        if ((k == LaneKind.INITIAL_TASK || k == LaneKind.IMPLICIT_TASK) && w > 2) {
            g.setStroke(palette.outline());
            g.setLineWidth(1);
            g.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
        }
        if (row.task(i) == selected && w > 0) {
            g.setStroke(palette.selected());
            g.setLineWidth(2);
            g.strokeRect(x + 1, y + 1, Math.max(1, w - 2), h - 2);
            g.setLineWidth(1);
        }
    }

    private void axis(GraphicsContext g, TimelineGeometry geo) {
        RunLanes.Span v = geo.view();
        double em = palette.em();
        long step = TimeAxis.step(geo.nsPerPixel() * em * 7);
        g.setFont(palette.smallFont());
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        for (long t = v.start() / step * step; t <= v.end(); t += step) {
            double x = Math.round(geo.x(t)) + 0.5;
            if (x < geo.gutter()) {
                continue;
            }
            g.setStroke(palette.grid());
            g.strokeLine(x, geo.axis() * 0.55, x, geo.height());
            g.setFill(palette.mutedText());
            g.fillText(TimeAxis.label(t, step), x + em * 0.25, geo.axis() * 0.35);
        }
        g.setStroke(palette.grid());
        g.strokeLine(geo.gutter(), geo.axis() - 0.5, geo.width(), geo.axis() - 0.5);
    }

    private void labels(GraphicsContext g, TimelineGeometry geo, List<Lane> all, int first) {
        g.setFill(palette.background());
        g.fillRect(0, geo.axis(), geo.gutter(), geo.height() - geo.axis());
        g.setFont(palette.font());
        g.setFill(palette.text());
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        for (int i = first; i < all.size() && geo.laneTop(i) < geo.height(); i++) {
            double y = geo.laneTop(i) + geo.pad() + geo.run() / 2;
            if (y > geo.axis()) {
                g.fillText(label(all.get(i)), palette.em() * 0.4, y);
            }
        }
        g.setStroke(palette.grid());
        g.strokeLine(geo.gutter() - 0.5, 0, geo.gutter() - 0.5, geo.height());
    }

    /** {@code thread T1 (initial)}, {@code thread T2}. */
    static String label(Lane lane) {
        return MomentText.thread(lane.thread()) + (lane.isInitial() ? " (initial)" : "");
    }
}
