package org.ompdexplorer.app.ui.job;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import org.ompdexplorer.app.ui.details.ColumnFit;
import org.ompdexplorer.app.ui.details.SectionViews;
import org.ompdexplorer.app.ui.details.TableHeights;
import org.ompdexplorer.model.job.RankClass;

/**
 * The job's classes of the same OpenMP state, largest first, one row each: its ranks (compressed), how many, where
 * each thread is, the threads' states, the task counts and the representative, a link that opens it. Enter opens
 * the selected class's representative; Ctrl+click selects two to compare.
 */
final class JobClassesTable extends TableView<RankClass> {
    static final String ID = "jobClasses";
    /** Rows in view before the table scrolls. */
    private static final int VISIBLE_ROWS = 10;

    /**
     * @param open    opens a class's representative
     * @param compare opens the two selected classes' representatives in compare mode
     */
    JobClassesTable(Consumer<RankClass> open, Runnable compare) {
        setId(ID);
        getStyleClass().addAll("details-table", "job-table");
        setFixedCellSize(SectionViews.ROW_HEIGHT); // until the stylesheet applies
        getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        getColumns().add(column("Ranks", c -> c.ranks().toString()));
        getColumns().add(column("How many", c -> Integer.toString(c.size())));
        TableColumn<RankClass, String> representative = column("Representative", JobClassesTable::representative);
        representative.setCellFactory(col -> new RepresentativeCell(open));
        getColumns().add(representative);
        getColumns().add(column("Explicit tasks", c -> c.state().taskCounts()));
        getColumns().add(column("Thread states", JobClassesTable::states));
        // last: it takes the width left, and the selected class's threads are listed one a line under the table
        getColumns().add(column("Threads: where", JobClassesTable::where));
        setRowFactory(table -> {
            TableRow<RankClass> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null) {
                    open.accept(row.getItem());
                }
            });
            return row;
        });
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                List<RankClass> selected = getSelectionModel().getSelectedItems();
                if (selected.size() == 1) {
                    open.accept(selected.getFirst());
                } else if (selected.size() == 2) {
                    compare.run();
                }
                e.consume();
            }
        });
        setPlaceholder(new javafx.scene.control.Label("No rank snapshot merged"));
    }

    void show(List<RankClass> classes) {
        getItems().setAll(classes);
        TableHeights.bind(this, classes.size(), VISIBLE_ROWS);
        ColumnFit.fit(this);
        if (!classes.isEmpty()) {
            getSelectionModel().clearAndSelect(0);
        }
    }

    /** {@code thread 1 at a barrier in solve(); thread 2 working (work_parallel) in exchange_halo()}. */
    static String where(RankClass c) {
        if (c.state().threads().isEmpty()) {
            return "no OpenMP thread";
        }
        return c.state().threads().stream().map(t -> "thread T" + t.thread() + " " + t.phrase())
                .collect(Collectors.joining("; "));
    }

    /** The threads' states, each once, in thread order: {@code wait_barrier_implicit_parallel, work_parallel}. */
    static String states(RankClass c) {
        return c.state().threads().stream().map(t -> t.state() == null ? "unknown" : t.state()).distinct()
                .collect(Collectors.joining(", "));
    }

    /** Each thread of the class on a line of its own, as the CLI lists them: {@code thread 1  at a barrier in solve()  [wait_barrier_explicit]}. */
    static List<String> threadLines(RankClass c) {
        return c.state().threads().stream().map(t -> "thread T" + t.thread() + "  " + t.phrase()
                + (t.state() == null ? "" : "  [" + t.state() + "]")).toList();
    }

    /**
     * {@code rank 5}: the snapshot that stands for the class (its file in the tooltip and under the table: a file name
     * the width of the table would push the threads' places out of sight).
     */
    static String representative(RankClass c) {
        return "rank " + c.representative().rank();
    }

    private static TableColumn<RankClass, String> column(String title, Function<RankClass, String> text) {
        TableColumn<RankClass, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(text.apply(cell.getValue())));
        column.setSortable(false); // largest first is the order that means something
        column.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null ? null : new Tooltip(item));
            }
        });
        return column;
    }

    /** The representative as a link: one click opens it in the explorer. */
    private static final class RepresentativeCell extends TableCell<RankClass, String> {
        private final Hyperlink link = new Hyperlink();

        RepresentativeCell(Consumer<RankClass> open) {
            link.getStyleClass().add("job-representative");
            link.setOnAction(e -> {
                RankClass c = getTableRow() == null ? null : getTableRow().getItem();
                if (c != null) {
                    open.accept(c);
                }
            });
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            RankClass c = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (c == null || item == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            link.setText(item);
            link.setId("jobOpenRank-" + c.representative().rank());
            setTooltip(new Tooltip("Open rank " + c.representative().rank() + "'s snapshot in the explorer: "
                    + c.representative().file()));
            setGraphic(link);
        }
    }
}
