package org.ompdexplorer.app.ui.details;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.ompdexplorer.app.ui.details.Section.IcvRow;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * Renders the sections of a details page. Tables are virtualized: each shows at least its first rows (up to
 * {@link #VISIBLE_ROWS}) and grows into the room the page leaves below, up to all of its rows, so a page that is
 * one long table fills the pane instead of scrolling a short table above empty space.
 */
public final class SectionViews {
    public static final double ROW_HEIGHT = 26;
    static final int VISIBLE_ROWS = 14;

    private SectionViews() {
    }

    static Node of(Section section, Links links, BooleanProperty effectiveIcvs,
                   BooleanProperty explainShown) {
        if (section instanceof Section.Explain explain) {
            return ExplainView.of(explain, links.navigate(), explainShown);
        }
        Node body = switch (section) {
            case Section.Explain x -> throw new IllegalStateException("shown by ExplainView");
            case Section.Properties p -> properties(p, links);
            case Section.Table t -> table(t, links);
            case Section.Icvs i -> icvs(i, links, effectiveIcvs);
            case Section.Note n -> note(n);
            case Section.Entries e -> entries(e, links);
            case StackSection st -> StackSectionView.of(st, links);
        };
        Label title = new Label(section.title());
        title.getStyleClass().add("section-title");
        title.setWrapText(true); // a narrow pane or a large zoom wraps a long title rather than cutting it
        VBox box = new GrowingBox(6, title, body);
        box.getStyleClass().add("details-section");
        if (section instanceof Section.Table || section instanceof Section.Icvs || section instanceof Section.Entries) {
            // the rest keep their height
            VBox.setVgrow(body, Priority.ALWAYS);
            VBox.setVgrow(box, Priority.ALWAYS);
        }
        return box;
    }

    /** Entries wrapped to the pane's width, each whole, virtualized; at least a few show, then it grows. */
    private static Node entries(Section.Entries section, Links links) {
        javafx.scene.control.ListView<Section.Entry> list = new javafx.scene.control.ListView<>(
                FXCollections.observableArrayList(section.entries()));
        list.setId(section.id());
        list.getStyleClass().add("details-entries");
        list.setPlaceholder(new Label("Nothing to report."));
        list.setCellFactory(l -> new EntryCell(links));
        double least = 30 + 64 * Math.max(1, Math.min(section.entries().size(), 4));
        list.setMinHeight(least);
        list.setPrefHeight(least);
        return list;
    }

    /** One entry: its heading on a line, then its text and detail wrapped to the list's width. */
    private static final class EntryCell extends javafx.scene.control.ListCell<Section.Entry> {
        private final Links links;

        EntryCell(Links links) {
            this.links = links;
        }

        @Override
        protected void updateItem(Section.Entry entry, boolean empty) {
            super.updateItem(entry, empty);
            setText(null);
            if (empty || entry == null) {
                setGraphic(null);
                return;
            }
            javafx.scene.layout.HBox heading = new javafx.scene.layout.HBox(12);
            heading.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
            for (Value v : entry.heading()) {
                heading.getChildren().add(v.isLink() ? ValueNodes.link(v, null, links) : valueLabel(v));
            }
            Label text = new Label(entry.text());
            text.setWrapText(true);
            text.getStyleClass().add(ValueNodes.VALUE);
            VBox box = new VBox(2, heading, text);
            if (!entry.detail().isEmpty()) {
                Label detail = new Label(entry.detail());
                detail.setWrapText(true);
                detail.getStyleClass().add(ValueNodes.WHY);
                box.getChildren().add(detail);
            }
            // wrapped to the list's width, less its scroll bar and the cell's padding
            box.prefWidthProperty().bind(getListView().widthProperty().subtract(40));
            box.maxWidthProperty().bind(box.prefWidthProperty());
            box.setMinWidth(0);
            setGraphic(box);
        }

        private static Label valueLabel(Value v) {
            Label l = new Label(v.text());
            l.getStyleClass().add(ValueNodes.VALUE);
            l.pseudoClassStateChanged(ValueNodes.UNAVAILABLE, v.unavailable());
            l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            return l;
        }
    }

    private static Node note(Section.Note note) {
        Label text = new Label(note.text());
        text.setWrapText(true);
        text.setId(note.id());
        text.getStyleClass().add("details-note");
        return text;
    }

    private static Node properties(Section.Properties section, Links links) {
        GridPane grid = new GridPane();
        grid.setId(section.id());
        grid.getStyleClass().add("details-properties");
        grid.setHgap(16);
        grid.setVgap(4);
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // names are short; never cut them
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(names, values);
        int row = 0;
        for (Section.Property p : section.rows()) {
            Label name = new Label(p.name());
            name.getStyleClass().add("details-name");
            grid.addRow(row++, name, ValueNodes.of(p.value(), p.key(), links));
        }
        return grid;
    }

    private static Node table(Section.Table section, Links links) {
        TableView<List<Value>> table = new TableView<>(FXCollections.observableArrayList(section.rows()));
        table.setId(section.id());
        for (int i = 0; i < section.columns().size(); i++) {
            int column = i;
            table.getColumns().add(column(section.columns().get(i), row -> row.get(column), links));
            // a name column that repeats the one before it on every row says nothing (a 5.2 name equal to the
            // runtime's); other columns may agree by chance (nothing moved either way) and still say something
            table.getColumns().get(i).setVisible(i == 0 || section.rows().isEmpty()
                    || !section.columns().get(i).contains("name")
                    || section.rows().stream().anyMatch(r -> !r.get(column).equals(r.get(column - 1))));
        }
        fit(table, section.rows().size());
        ColumnFit.fit(table);
        return table;
    }

    private static Node icvs(Section.Icvs section, Links links, BooleanProperty effective) {
        TableView<IcvRow> table = new TableView<>();
        table.setId("icvTable");
        table.getColumns().add(textColumn("runtime name", IcvRow::name, 170));
        TableColumn<IcvRow, String> ompName = textColumn("OpenMP 5.2 name", IcvRow::ompName, 170);
        table.getColumns().add(ompName);
        table.getColumns().add(textColumn("scope", IcvRow::scope, 120));
        TableColumn<IcvRow, Value> value = column("value", IcvRow::value, links);
        value.setPrefWidth(160);
        table.getColumns().add(value);
        TableColumn<IcvRow, String> from = textColumn("from", IcvRow::from, 140);
        table.getColumns().add(from);
        CheckBox toggle = new CheckBox("Effective ICVs: inherit values from enclosing scopes "
                + "(task → parallel region → thread → address space)");
        toggle.setId("effectiveIcvToggle");
        toggle.setWrapText(true); // a narrow details pane wraps it rather than cutting the scope chain
        toggle.selectedProperty().bindBidirectional(effective);
        Runnable fill = () -> {
            boolean inherited = toggle.isSelected();
            List<IcvRow> rows = inherited ? section.effective() : section.own();
            table.setItems(FXCollections.observableArrayList(rows));
            from.setVisible(inherited);
            // a column that repeats another on every row says nothing: shown only where the 5.2 name differs
            ompName.setVisible(rows.stream().anyMatch(r -> !r.ompName().equals(r.name())));
            fit(table, rows.size());
            ColumnFit.fit(table);
        };
        // the toggle, not the view model's property: this table lives only as long as its page
        toggle.selectedProperty().addListener((obs, old, now) -> fill.run());
        fill.run();
        Label none = new Label(section.none());
        none.setWrapText(true);
        table.setPlaceholder(none);
        VBox.setVgrow(table, Priority.ALWAYS);
        return new GrowingBox(6, toggle, table);
    }

    private static <R> TableColumn<R, String> textColumn(String title, Function<R, String> text, double width) {
        TableColumn<R, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(text.apply(c.getValue())));
        column.setCellFactory(c -> new TextCell<>());
        column.setPrefWidth(width);
        return column;
    }

    /** Plain text with its whole text as the tooltip, for when the column is narrower than the text. */
    private static final class TextCell<R> extends TableCell<R, String> {
        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            setText(empty ? null : text);
            setTooltip(empty || text == null || text.isEmpty() ? null : new javafx.scene.control.Tooltip(text));
        }
    }

    private static <R> TableColumn<R, Value> column(String title, Function<R, Value> value, Links links) {
        TableColumn<R, Value> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
        column.setCellFactory(c -> new ValueCell<>(links));
        column.setComparator(ValueOrder.INSTANCE);
        column.setPrefWidth(title.equals("message") || title.equals("fix") || title.startsWith("function") ? 260 : 130);
        return column;
    }

    /** A table's height with {@code rows} rows showing, before it is laid out: its header, the rows, its border. */
    static double height(int rows) {
        return height(rows, ROW_HEIGHT);
    }

    /** As {@link #height(int)} with rows {@code cell} pixels high; the header grows with them. */
    static double height(int rows, double cell) {
        return 30 * cell / ROW_HEIGHT + cell * Math.max(1, rows) + 2;
    }

    /**
     * Rows as high as the stylesheet says (in em, so they grow with the presentation zoom) and the table as high
     * as its first rows ({@link TableHeights}).
     */
    private static void fit(TableView<?> table, int rows) {
        if (!table.getStyleClass().contains(TABLE_STYLE_CLASS)) {
            table.getStyleClass().add(TABLE_STYLE_CLASS);
        }
        if (table.getFixedCellSize() <= 0) {
            table.setFixedCellSize(ROW_HEIGHT); // until the stylesheet applies
        }
        TableHeights.bind(table, rows, VISIBLE_ROWS);
    }

    /** The class of the details' tables: details.css gives their row height in em. */
    static final String TABLE_STYLE_CLASS = "details-table";

    /** A table cell showing a {@link Value}: a hyperlink, or text marked when unavailable. */
    private static final class ValueCell<R> extends TableCell<R, Value> {
        private final Links links;

        ValueCell(Links links) {
            this.links = links;
        }

        @Override
        protected void updateItem(Value value, boolean empty) {
            super.updateItem(value, empty);
            pseudoClassStateChanged(ValueNodes.UNAVAILABLE, !empty && value != null && value.unavailable());
            if (empty || value == null) {
                setText(null);
                setGraphic(null);
                setTooltip(null);
            } else if (value.isLink()) {
                setText(null);
                javafx.scene.control.Hyperlink link = ValueNodes.link(value, null, links);
                link.setWrapText(false); // one line, in a column fitted to it (ColumnFit)
                setGraphic(link);
                setTooltip(null);
            } else {
                setGraphic(null);
                setText(ValueNodes.cellText(value));
                // the whole text, for a cell cut to its column's width, with the reason a value is unavailable
                String full = ValueNodes.fullText(value);
                setTooltip(full.isEmpty() ? null : new javafx.scene.control.Tooltip(full));
            }
        }
    }
}
