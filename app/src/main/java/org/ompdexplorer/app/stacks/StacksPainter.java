package org.ompdexplorer.app.stacks;

import org.ompdexplorer.app.graph.Pen;
import org.ompdexplorer.app.graph.Rect;

/** Draws a {@link StacksPicture} with a {@link Pen}: edges, then each box with its heading and frames. */
public final class StacksPainter {
    private StacksPainter() {
    }

    public static void paint(StacksPicture picture, Pen pen, StacksPalette palette) {
        for (StacksPicture.Edge e : picture.edges()) {
            pen.polyline(e.points(), palette.edge(), 1.2, null);
        }
        for (StacksPicture.Block b : picture.blocks()) {
            Rect r = b.bounds();
            pen.begin("block", "b" + b.index(), b.text());
            pen.roundRect(r.x(), r.y(), r.w(), r.h(), 4, palette.fill(b.stackClass()), palette.stroke(b.stackClass()),
                    b.stackClass() >= 0 ? 2 : 1, null);
            double x = r.x() + StacksLayouter.PAD;
            double y = r.y() + StacksLayouter.PAD + StacksLayouter.FONT;
            pen.text(b.heading(), x, y, StacksLayouter.FONT, true, palette.fg(), Pen.Align.LEFT);
            double rule = r.y() + StacksLayouter.PAD + StacksLayouter.LINE + 2;
            pen.polyline(new double[] {r.x(), rule, r.maxX(), rule}, palette.stroke(b.stackClass()), 1, null);
            y += StacksLayouter.LINE + 4;
            for (int i = 0; i < b.frames().size(); i++) {
                pen.text(b.frames().get(i), x, y, StacksLayouter.FONT, false, b.runtime().get(i) ? palette.muted()
                        : palette.fg(), Pen.Align.LEFT);
                y += StacksLayouter.LINE;
            }
            if (!b.ending().isEmpty()) {
                pen.text(b.ending(), x, y, StacksLayouter.FONT, false, palette.muted(), Pen.Align.LEFT);
            }
            pen.end();
        }
    }
}
