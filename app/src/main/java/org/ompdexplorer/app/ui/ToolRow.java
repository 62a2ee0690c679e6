package org.ompdexplorer.app.ui;

import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * A row of tools in two groups, the first at the left and the second at the right. Where the row is too narrow for
 * both (a narrow pane, the 200 % presentation zoom), the second group goes onto a line of its own under the first,
 * so that no button is cut ("C…") or pushed past the window's edge. The tools are never squeezed below their text.
 */
public final class ToolRow extends Region {
    private final HBox start;
    private final HBox end;
    private final double gap;

    public ToolRow(double spacing, Node... startTools) {
        this.gap = spacing;
        start = new HBox(spacing);
        end = new HBox(spacing);
        for (HBox group : new HBox[] {start, end}) {
            group.setAlignment(Pos.CENTER_LEFT);
            group.setMinWidth(Region.USE_PREF_SIZE);
        }
        start.getChildren().addAll(startTools);
        getChildren().addAll(start, end);
    }

    /** The tools at the left; add to it, each is kept at its width. */
    public HBox start() {
        return start;
    }

    /** The tools at the right, or on their own line when the row is narrow. */
    public HBox end() {
        return end;
    }

    /** Adds tools at the right. */
    public ToolRow withEnd(Node... tools) {
        end.getChildren().addAll(tools);
        return this;
    }

    private boolean oneLine(double width) {
        Insets in = getInsets();
        return start.prefWidth(-1) + gap + end.prefWidth(-1) <= width - in.getLeft() - in.getRight() + 0.5;
    }

    private boolean bothShown() {
        return !start.getChildren().isEmpty() && !end.getChildren().isEmpty();
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    @Override
    protected double computeMinWidth(double height) {
        Insets in = getInsets();
        return Math.max(start.minWidth(-1), end.minWidth(-1)) + in.getLeft() + in.getRight();
    }

    @Override
    protected double computePrefWidth(double height) {
        Insets in = getInsets();
        return start.prefWidth(-1) + gap + end.prefWidth(-1) + in.getLeft() + in.getRight();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double a = start.prefHeight(-1);
        double b = end.prefHeight(-1);
        boolean wrapped = width >= 0 && bothShown() && !oneLine(width);
        return (wrapped ? a + gap + b : Math.max(a, b)) + in.getTop() + in.getBottom();
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double x = in.getLeft();
        double y = in.getTop();
        double w = getWidth() - in.getLeft() - in.getRight();
        // the first group is never narrower than its minimum: where that is its pref width, as for buttons, it runs
        // past the row's edge rather than cut a tool; a group that may give way (the status bar's source) does
        double a = Math.max(start.minWidth(-1), Math.min(start.prefWidth(-1), w));
        double b = end.prefWidth(-1);
        if (!bothShown() || oneLine(getWidth())) {
            double h = Math.max(start.prefHeight(-1), end.prefHeight(-1));
            start.resizeRelocate(x, y, a, h);
            end.resizeRelocate(x + Math.max(a + gap, w - b), y, b, h);
        } else {
            double h = start.prefHeight(-1);
            start.resizeRelocate(x, y, a, h);
            end.resizeRelocate(x + Math.max(0, w - b), y + h + gap, b, end.prefHeight(-1));
        }
    }
}
