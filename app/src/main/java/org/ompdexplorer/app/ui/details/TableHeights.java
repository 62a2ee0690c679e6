package org.ompdexplorer.app.ui.details;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.DoubleBinding;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;

/**
 * The height of a details table: its header, the rows it shows, its border, and the sideways scroll bar when the
 * columns are wider than the table (the bar would otherwise cover the last row), all as laid out, so that the rows
 * fit exactly. Room left over would be filled with an empty row, and VirtualFlow shows a needless vertical bar when
 * the sideways bar comes over such a row.
 */
public final class TableHeights {
    private static final String PARTS = TableHeights.class.getName();

    private TableHeights() {
    }

    /** Between its first {@code visible} rows and all {@code rows} of them, following the zoom and the columns. */
    public static void bind(TableView<?> table, int rows, int visible) {
        Parts parts = (Parts) table.getProperties().computeIfAbsent(PARTS, k -> new Parts(table));
        table.minHeightProperty().bind(parts.height(Math.min(rows, visible)));
        table.prefHeightProperty().bind(table.minHeightProperty());
        table.maxHeightProperty().bind(parts.height(rows));
    }

    /** What a table's height is made of, measured once its skin is laid out. */
    private static final class Parts {
        private final TableView<?> table;
        /** Header and border; estimated from the row height until the skin is laid out. */
        private final DoubleProperty frame = new SimpleDoubleProperty(-1);
        private final DoubleBinding sidewaysBar;

        Parts(TableView<?> table) {
            this.table = table;
            List<Observable> on = new ArrayList<>(List.of(table.widthProperty(), table.fixedCellSizeProperty(),
                    table.getVisibleLeafColumns()));
            table.getColumns().forEach(c -> on.add(c.widthProperty()));
            // worked out from the widths, not from the bar's visibility: the rows get their room on the same
            // layout pass as the bar appears
            sidewaysBar = Bindings.createDoubleBinding(() -> {
                double columns = table.getVisibleLeafColumns().stream().mapToDouble(TableColumn::getWidth).sum();
                double room = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset();
                return columns > room + 0.5 ? barHeight() : 0;
            }, on.toArray(Observable[]::new));
            table.skinProperty().addListener((obs, old, skin) -> measureFrame());
        }

        DoubleBinding height(int rows) {
            return Bindings.createDoubleBinding(() -> {
                double cell = table.getFixedCellSize();
                double frameHeight = frame.get() >= 0 ? frame.get() : SectionViews.height(0, cell) - cell;
                return frameHeight + cell * Math.max(1, rows) + sidewaysBar.get();
            }, table.fixedCellSizeProperty(), frame, sidewaysBar);
        }

        private void measureFrame() {
            frame.unbind();
            frame.set(-1);
            if (table.lookup(".column-header-background") instanceof Region header) {
                frame.bind(Bindings.createDoubleBinding(() -> header.getHeight() <= 0 ? -1
                        : header.getHeight() + table.snappedTopInset() + table.snappedBottomInset(),
                        header.heightProperty(), table.insetsProperty()));
            }
        }

        private double barHeight() {
            for (Node n : table.lookupAll(".scroll-bar")) {
                if (n instanceof ScrollBar b && b.getOrientation() == Orientation.HORIZONTAL) {
                    return b.prefHeight(-1);
                }
            }
            return 14 * table.getFixedCellSize() / SectionViews.ROW_HEIGHT; // before the skin: modena's bar
        }
    }
}
