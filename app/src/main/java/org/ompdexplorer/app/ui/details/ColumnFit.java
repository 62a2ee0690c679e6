package org.ompdexplorer.app.ui.details;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Sizes a table's columns to what they hold: each column as wide as its header and the widest of its first rows
 * (up to a cap, past which the cell's tooltip shows the rest), so no column wastes the width another needs. The
 * last column takes what is left; when the columns need more than the table has, it scrolls sideways instead of
 * cutting them.
 */
final class ColumnFit {
    /** Rows measured: enough for every small table, and a bounded cost for a big one. */
    static final int SAMPLED_ROWS = 300;
    /** The widest a column grows to fit its text; longer text is cut with its tooltip showing all of it. */
    static final double MAX_WIDTH = 520;
    private static final double CELL_PADDING = 22;
    private static final double HEADER_PADDING = 28;

    private ColumnFit() {
    }

    static void fit(TableView<?> table) {
        Text probe = new Text();
        probe.setFont(Font.getDefault());
        int rows = Math.min(table.getItems().size(), SAMPLED_ROWS);
        for (TableColumn<?, ?> column : table.getColumns()) {
            probe.setText(column.getText());
            double width = probe.getLayoutBounds().getWidth() + HEADER_PADDING;
            for (int i = 0; i < rows; i++) {
                probe.setText(text(column.getCellData(i)));
                width = Math.max(width, probe.getLayoutBounds().getWidth() + CELL_PADDING);
            }
            double fitted = Math.ceil(Math.min(width, MAX_WIDTH));
            column.setMinWidth(fitted);
            column.setPrefWidth(fitted);
        }
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    }

    static String text(Object cell) {
        return switch (cell) {
            case null -> "";
            case Value v -> ValueNodes.cellText(v);
            default -> cell.toString();
        };
    }
}
