package org.ompdexplorer.app.ui.details;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * Sizes a table's columns to what they hold, in the font the table is drawn in (it grows with the presentation
 * zoom): each column as wide as its header and the widest of its first rows, up to a cap past which the cell's
 * tooltip shows the rest. Columns are never squeezed below that: when they need more than the table has, the
 * table scrolls sideways; when they need less, the last one takes what is left.
 */
public final class ColumnFit {
    /** Rows measured: enough for every small table, and a bounded cost for a big one. */
    static final int SAMPLED_ROWS = 300;
    /** The widest a column grows to fit its text, in em; longer text is cut, with its tooltip showing all of it. */
    static final double MAX_WIDTH_EM = 40;
    /** A cell's padding and a link's, both sides, in em (22 px at the 13 px default font). */
    private static final double CELL_PADDING_EM = 22 / 13.0;
    /** A header's padding and its sort arrow, in em. */
    private static final double HEADER_PADDING_EM = 28 / 13.0;
    /** A table's property: the width each column was fitted to, before the last one takes what is left. */
    private static final String FITTED = ColumnFit.class.getName() + ".fitted";
    private static final String INSTALLED = ColumnFit.class.getName() + ".installed";

    private ColumnFit() {
    }

    /**
     * Fits the columns now, and again whenever the table's rows change height with the presentation zoom: rows are
     * {@code 2em} high ({@link SectionViews#ROW_HEIGHT} at the default font), so their height gives the font size.
     */
    public static void fit(TableView<?> table) {
        measure(table);
        if (table.getProperties().putIfAbsent(INSTALLED, Boolean.TRUE) == null) {
            table.fixedCellSizeProperty().addListener((obs, old, now) -> measure(table));
            table.setColumnResizePolicy(ColumnFit::resize);
        }
    }

    private static void measure(TableView<?> table) {
        double cell = table.getFixedCellSize();
        double scale = cell > 0 ? cell / SectionViews.ROW_HEIGHT : 1;
        Font base = Font.getDefault();
        double size = base.getSize() * scale;
        Text probe = new Text();
        Font plain = Font.font(base.getFamily(), size);
        Font bold = Font.font(base.getFamily(), FontWeight.BOLD, size); // headers are bold (details.css)
        int rows = Math.min(table.getItems().size(), SAMPLED_ROWS);
        for (TableColumn<?, ?> column : table.getColumns()) {
            probe.setFont(bold);
            probe.setText(column.getText());
            double width = probe.getLayoutBounds().getWidth() + HEADER_PADDING_EM * size;
            probe.setFont(plain);
            for (int i = 0; i < rows; i++) {
                probe.setText(text(column.getCellData(i)));
                width = Math.max(width, probe.getLayoutBounds().getWidth() + CELL_PADDING_EM * size);
            }
            double fitted = Math.ceil(Math.min(width, MAX_WIDTH_EM * size));
            column.getProperties().put(FITTED, fitted);
            column.setMinWidth(fitted);
            column.setPrefWidth(fitted);
        }
        table.resizeColumn(null, 0); // the last column takes what is left again
    }

    /**
     * Unconstrained, so that columns wider than the table scroll sideways (a constrained policy cuts them off with
     * no way to reach them), except that the last column grows into any width the others leave.
     */
    private static boolean resize(TableView.ResizeFeatures<?> features) {
        if (features.getColumn() != null) {
            return TableView.UNCONSTRAINED_RESIZE_POLICY.call(features);
        }
        return fillLast(features);
    }

    private static <S> boolean fillLast(TableView.ResizeFeatures<S> features) {
        var columns = features.getTable().getVisibleLeafColumns();
        double content = features.getContentWidth();
        if (columns.isEmpty() || content <= 0) {
            return false;
        }
        double others = 0;
        for (int i = 0; i < columns.size() - 1; i++) {
            others += columns.get(i).getWidth();
        }
        TableColumn<S, ?> last = columns.getLast();
        double fitted = last.getProperties().get(FITTED) instanceof Double d ? d : last.getMinWidth();
        double width = Math.max(fitted, Math.floor(content - others));
        if (Math.abs(width - last.getWidth()) < 0.5) {
            return false;
        }
        features.setColumnWidth(last, width);
        return true;
    }

    static String text(Object cell) {
        return switch (cell) {
            case null -> "";
            case Value v -> ValueNodes.cellText(v);
            default -> cell.toString();
        };
    }
}
