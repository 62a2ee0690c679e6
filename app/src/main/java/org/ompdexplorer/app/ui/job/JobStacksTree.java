package org.ompdexplorer.app.ui.job;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import org.ompdexplorer.app.ui.details.SectionViews;
import org.ompdexplorer.model.job.RankSet;
import org.ompdexplorer.model.job.RankStacks;

/**
 * Every thread's call stack of every rank merged into one tree, outermost frame at the top (STAT's picture), each
 * frame with the ranks whose threads pass through it, how many rank × thread pairs do, and the ranks whose threads end
 * there. A frame that not every rank passes through is marked: the way to an odd rank. At most {@link #MAX_ROWS}
 * frames, the rest said in one row.
 */
final class JobStacksTree extends TreeTableView<StackRow> {
    static final String ID = "jobStacks";
    /** Frames shown; the CLI's default --max. */
    static final int MAX_ROWS = 200;
    /** Rows in view before the tree scrolls. */
    private static final int VISIBLE_ROWS = 16;
    /** A frame that only some ranks pass through. */
    static final PseudoClass PARTIAL = PseudoClass.getPseudoClass("partial");

    JobStacksTree() {
        setId(ID);
        getStyleClass().addAll("job-table", "job-stacks");
        setFixedCellSize(SectionViews.ROW_HEIGHT); // until the stylesheet applies
        setShowRoot(false);
        TreeTableColumn<StackRow, String> frame = column("Frame (outermost first)", StackRow::frame);
        frame.prefWidthProperty().bind(fixedCellSizeProperty().multiply(17)); // in rows: it grows with the zoom
        TreeTableColumn<StackRow, String> ranks = column("Ranks", r -> r.ranks() == null ? "" : r.ranks().named());
        ranks.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                StackRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : item);
                setTooltip(empty || item == null || item.isEmpty() ? null : new Tooltip(item));
                pseudoClassStateChanged(PARTIAL, row != null && row.partial());
            }
        });
        ranks.prefWidthProperty().bind(fixedCellSizeProperty().multiply(6));
        TreeTableColumn<StackRow, String> threads = column("Threads", r -> r.ranks() == null ? "" : Integer.toString(
                r.threads()));
        threads.prefWidthProperty().bind(fixedCellSizeProperty().multiply(3));
        TreeTableColumn<StackRow, String> ending = column("Innermost on", r -> r.ending() == null || r.ending().isEmpty()
                ? "" : r.ending().named());
        ending.prefWidthProperty().bind(fixedCellSizeProperty().multiply(6));
        getColumns().setAll(java.util.List.of(frame, ranks, threads, ending));
        setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setPlaceholder(new javafx.scene.control.Label("No stacks: the snapshots have none (an agent before format "
                + "1.3, or a core imported without them)"));
    }

    /** Shows the tree of {@code root}, every frame open, up to {@link #MAX_ROWS} frames. */
    void show(RankStacks.Node root, RankSet all) {
        TreeItem<StackRow> top = new TreeItem<>(new StackRow("", all, root.threads(), RankSet.EMPTY, false));
        int[] left = {MAX_ROWS};
        int[] omitted = {0};
        for (RankStacks.Node n : root.children()) {
            add(top, n, all, left, omitted);
        }
        if (omitted[0] > 0) {
            top.getChildren().add(new TreeItem<>(new StackRow("… " + omitted[0] + " more frames (ompd-explorer job --max 0 "
                    + "lists all)", null, 0, null, false)));
        }
        setRoot(top);
        int rows = Math.min(MAX_ROWS + 1, MAX_ROWS - left[0] + (omitted[0] > 0 ? 1 : 0));
        // the rows in view and the header (a row high), and the border: no empty row under the last
        prefHeightProperty().bind(fixedCellSizeProperty().multiply(Math.min(Math.max(rows, 1), VISIBLE_ROWS) + 1).add(4));
        setMinHeight(USE_PREF_SIZE);
    }

    private static void add(TreeItem<StackRow> parent, RankStacks.Node n, RankSet all, int[] left, int[] omitted) {
        if (left[0] <= 0) {
            omitted[0] += count(n);
            return;
        }
        left[0]--;
        TreeItem<StackRow> item = new TreeItem<>(new StackRow(n.key().display(), n.ranks(), n.threads(), n.ending(),
                !n.ranks().equals(all)));
        item.setExpanded(true);
        parent.getChildren().add(item);
        for (RankStacks.Node c : n.children()) {
            add(item, c, all, left, omitted);
        }
    }

    private static int count(RankStacks.Node n) {
        int c = 1;
        for (RankStacks.Node k : n.children()) {
            c += count(k);
        }
        return c;
    }

    private static TreeTableColumn<StackRow, String> column(String title, java.util.function.Function<StackRow, String> text) {
        TreeTableColumn<StackRow, String> column = new TreeTableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(text.apply(cell.getValue().getValue())));
        column.setSortable(false);
        column.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null || item.isEmpty() ? null : new Tooltip(item));
            }
        });
        return column;
    }
}
