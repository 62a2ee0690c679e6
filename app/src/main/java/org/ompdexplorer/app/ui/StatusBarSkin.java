package org.ompdexplorer.app.ui;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.controlsfx.control.StatusBar;

/**
 * The status bar laid out as a {@link ToolRow}: its left items, the source and the progress on the first line, its
 * right items (what the snapshot or the comparison holds, the diagnostics) at the right of that line while they fit,
 * else on a line of their own under it. The bar's height follows: it claims its second line from the window rather
 * than drawing over the panes above (ControlsFX's skin holds one line, whatever its width). The source gives way
 * ("…") only when it does not fit a line of its own; its tooltip has it whole.
 */
final class StatusBarSkin extends SkinBase<StatusBar> {
    private final ToolRow row;

    StatusBarSkin(StatusBar bar) {
        super(bar);
        HBox left = new HBox(5);
        left.getStyleClass().add("left-items");
        Bindings.bindContent(left.getChildren(), bar.getLeftItems());
        HBox right = new HBox(5);
        right.getStyleClass().add("right-items");
        Bindings.bindContent(right.getChildren(), bar.getRightItems());
        for (HBox items : new HBox[] {left, right}) {
            items.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            items.setMinWidth(Region.USE_PREF_SIZE);
        }
        Label source = new Label();
        source.getStyleClass().add("status-label");
        source.textProperty().bind(bar.textProperty());
        source.graphicProperty().bind(bar.graphicProperty());
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(bar.textProperty());
        source.setTooltip(whole);
        source.setMaxHeight(Double.MAX_VALUE);
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(bar.progressProperty());
        progress.visibleProperty().bind(Bindings.notEqual(0, bar.progressProperty()));
        progress.managedProperty().bind(progress.visibleProperty());
        row = new ToolRow(5, left, source, progress).withEnd(right);
        row.start().setMinWidth(Region.USE_COMPUTED_SIZE); // the source gives way, down to its "…"
        getChildren().add(row);
    }

    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        return row.prefHeight(width < 0 ? -1 : width - left - right) + top + bottom;
    }

    @Override
    protected double computeMinHeight(double width, double top, double right, double bottom, double left) {
        return computePrefHeight(width, top, right, bottom, left);
    }

    @Override
    protected double computePrefWidth(double height, double top, double right, double bottom, double left) {
        return row.prefWidth(-1) + left + right;
    }

    @Override
    protected double computeMinWidth(double height, double top, double right, double bottom, double left) {
        return row.minWidth(-1) + left + right;
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        row.resizeRelocate(x, y, w, h);
    }
}
