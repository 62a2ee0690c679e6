package org.ompdexplorer.app.ui.details;

import javafx.scene.Node;
import javafx.scene.layout.VBox;

/**
 * A column that grows only as far as what it holds can: its greatest height is the sum of its children's. A plain
 * {@link VBox} may grow without end, and the room it takes past its children shows as a gap between sections.
 */
final class GrowingBox extends VBox {
    GrowingBox(double spacing, Node... children) {
        super(spacing, children);
    }

    @Override
    protected double computeMaxHeight(double width) {
        double inner = (width < 0 ? getWidth() : width) - snappedLeftInset() - snappedRightInset();
        double sum = 0;
        int shown = 0;
        for (Node child : getChildren()) {
            if (child.isManaged()) {
                sum += child.maxHeight(inner > 0 ? inner : -1); // a wrapped label is as tall as at this width
                shown++;
            }
        }
        return snappedTopInset() + sum + getSpacing() * Math.max(0, shown - 1) + snappedBottomInset();
    }
}
