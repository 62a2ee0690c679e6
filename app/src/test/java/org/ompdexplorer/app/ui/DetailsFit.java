package org.ompdexplorer.app.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a reader of the details pane can read in full: every label and table cell shown whole (no "…" in place of
 * its text), and every column of every table reachable, by the table's own sideways scroll or the page's. Cells
 * are read as drawn, so a table that culls the cells of columns outside its viewport is scrolled across, step by
 * step, and each cell counts as read when it is never cut and every part of it came into the table's viewport.
 */
final class DetailsFit {
    /** A table with up to this many rows shows them all (SectionViews.VISIBLE_ROWS). */
    private static final int FEW_ROWS = 14;
    private final FxRobot robot;
    private final ExplorerRobot explorer;

    DetailsFit(FxRobot robot) {
        this.robot = robot;
        this.explorer = new ExplorerRobot(robot);
    }

    /** What cannot be read in full on the page shown now, one line each; empty when everything can. */
    List<String> unreadable(String page) {
        List<String> problems = new ArrayList<>(explorer.fx(() -> labelsOutsideTables(page)));
        for (TableView<?> table : explorer.fx(this::tables)) {
            problems.addAll(unreadable(page, table));
        }
        return problems;
    }

    private List<TableView<?>> tables() {
        return robot.lookup("#details").lookup(".table-view").queryAllAs(TableView.class).stream()
                .filter(Node::isVisible).<TableView<?>>map(t -> t).toList();
    }

    private List<String> labelsOutsideTables(String page) {
        List<String> problems = new ArrayList<>();
        ScrollPane scroll = robot.lookup("#details .details-scroll").queryAs(ScrollPane.class);
        Node content = scroll.getContent();
        boolean pageScrollsSideways = scroll.getHbarPolicy() != ScrollPane.ScrollBarPolicy.NEVER;
        double viewport = scroll.getViewportBounds().getWidth();
        List<Node> labels = new ArrayList<>();
        for (String kind : List.of(".label", ".hyperlink", ".check-box")) {
            labels.addAll(robot.lookup("#details").lookup(kind).queryAll());
        }
        for (Node n : labels) {
            if (!(n instanceof Labeled labeled) || inTable(n) || !showing(n)) {
                continue;
            }
            String cut = cut(labeled);
            if (cut != null) {
                problems.add(page + ": label " + describe(labeled) + " " + cut);
            }
            if (isAncestor(content, n)) {
                Bounds b = content.sceneToLocal(n.localToScene(n.getLayoutBounds()));
                if (b.getMaxX() > viewport + 0.5 && !pageScrollsSideways) {
                    problems.add(page + ": label " + describe(labeled) + " ends past the page (" + Math.round(b.getMaxX())
                            + " > " + Math.round(viewport) + " px) and the page does not scroll sideways");
                }
            }
        }
        return problems;
    }

    private List<String> unreadable(String page, TableView<?> table) {
        String name = page + ": table #" + table.getId();
        List<String> problems = new ArrayList<>();
        // the table itself within the page's width, or the page scrolls sideways to it
        explorer.fx(() -> {
            ScrollPane scroll = robot.lookup("#details .details-scroll").queryAs(ScrollPane.class);
            Bounds b = scroll.getContent().sceneToLocal(table.localToScene(table.getLayoutBounds()));
            if (b.getMaxX() > scroll.getViewportBounds().getWidth() + 0.5
                    && (scroll.getHbarPolicy() == ScrollPane.ScrollBarPolicy.NEVER
                    || scroll.getContent().getLayoutBounds().getWidth() < b.getMaxX() - 0.5)) {
                problems.add(name + " ends past the page, out of reach");
            }
            return null;
        });
        // a table of a few rows shows them all: the sideways bar must not cover the last one
        explorer.fx(() -> {
            ScrollBar vbar = bar(table, Orientation.VERTICAL);
            if (vbar != null && vbar.isVisible() && table.getItems().size() <= FEW_ROWS) {
                problems.add(name + " hides some of its " + table.getItems().size() + " rows behind a scroll bar");
            }
            return null;
        });
        Map<String, Seen> seen = new HashMap<>();
        Set<Integer> rows = new LinkedHashSet<>();
        Map<String, String> cuts = new HashMap<>();
        ScrollBar hbar = explorer.fx(() -> horizontal(table));
        boolean scrolls = explorer.fx(() -> hbar != null && hbar.isVisible());
        double step = scrolls ? explorer.fx(() -> Math.max(1, hbar.getVisibleAmount() / 2)) : 0;
        double max = scrolls ? explorer.fx(hbar::getMax) : 0;
        for (double at = 0; ; at += step) {
            double value = Math.min(at, max);
            if (scrolls) {
                robot.interact(() -> hbar.setValue(value));
                WaitForAsyncUtils.waitForFxEvents();
            }
            explorer.fx(() -> {
                readCells(table, seen, rows, cuts);
                for (Node header : table.lookupAll(".column-header .label")) {
                    if (header instanceof Labeled l && showing(l)) {
                        String cut = cut(l);
                        if (cut != null && within(l, clip(table, true))) {
                            cuts.putIfAbsent("header \"" + l.getText() + "\"", cut);
                        }
                    }
                }
                return null;
            });
            if (!scrolls || value >= max) {
                break;
            }
        }
        if (scrolls) {
            robot.interact(() -> hbar.setValue(0));
        }
        cuts.forEach((where, cut) -> problems.add(name + " " + where + " " + cut));
        for (TableColumn<?, ?> column : explorer.fx(() -> List.copyOf(table.getVisibleLeafColumns()))) {
            List<Integer> missed = rows.stream().filter(r -> {
                Seen s = seen.get(column.getText() + "@" + r);
                return s == null || !s.whole();
            }).toList();
            if (!missed.isEmpty()) {
                problems.add(name + " column \"" + column.getText() + "\": rows " + missed
                        + " never in sight in full, whatever the sideways scroll (width "
                        + Math.round(column.getWidth()) + " px)");
            }
        }
        return problems;
    }

    /** How much of one cell has been in sight, across the sideways scroll positions, in the cell's own x. */
    private static final class Seen {
        private final double width;
        private double from = Double.MAX_VALUE;
        private double to = -Double.MAX_VALUE;

        Seen(double width) {
            this.width = width;
        }

        /** The steps overlap by half a viewport, so what was in sight is one stretch. */
        void add(double start, double end) {
            if (end > start) {
                from = Math.min(from, start);
                to = Math.max(to, end);
            }
        }

        boolean whole() {
            return from <= 0.5 && to >= width - 0.5;
        }
    }

    private void readCells(TableView<?> table, Map<String, Seen> seen, Set<Integer> rows, Map<String, String> cuts) {
        Bounds clip = clip(table, false);
        for (Node n : table.lookupAll(".table-cell")) {
            if (!(n instanceof TableCell<?, ?> cell) || cell.isEmpty() || cell.getTableColumn() == null
                    || !showing(cell) || cell.getIndex() < 0 || cell.getIndex() >= table.getItems().size()) {
                continue;
            }
            int row = cell.getIndex();
            rows.add(row);
            String cut = cut(cell);
            if (cut == null && cell.getGraphic() instanceof Labeled graphic) {
                cut = cut(graphic);
            }
            String column = cell.getTableColumn().getText();
            if (cut != null) {
                cuts.putIfAbsent("column \"" + column + "\" row " + row, cut);
                continue;
            }
            Bounds b = cell.localToScene(cell.getLayoutBounds());
            seen.computeIfAbsent(column + "@" + row, k -> new Seen(b.getWidth()))
                    .add(Math.max(b.getMinX(), clip.getMinX()) - b.getMinX(),
                            Math.min(b.getMaxX(), clip.getMaxX()) - b.getMinX());
        }
    }

    /** The part of the table where rows (or, for headers, the header row) are drawn, in scene coordinates. */
    private static Bounds clip(TableView<?> table, boolean header) {
        Node rowsArea = table.lookup(".clipped-container");
        // the container moves with the scroll; its clip is the part in sight
        Bounds b = rowsArea.localToScene(rowsArea.getClip() != null ? rowsArea.getClip().getBoundsInParent()
                : rowsArea.getLayoutBounds());
        if (header) {
            Node headers = table.lookup(".column-header-background");
            Bounds h = headers.localToScene(headers.getLayoutBounds());
            return new javafx.geometry.BoundingBox(b.getMinX(), h.getMinY(), b.getWidth(), h.getHeight());
        }
        return b;
    }

    private static boolean within(Node n, Bounds clip) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        return b.getMinX() >= clip.getMinX() - 0.5 && b.getMaxX() <= clip.getMaxX() + 0.5;
    }

    private static ScrollBar horizontal(TableView<?> table) {
        return bar(table, Orientation.HORIZONTAL);
    }

    private static ScrollBar bar(TableView<?> table, Orientation orientation) {
        Node flow = table.lookup(".virtual-flow");
        for (Node n : table.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == orientation && bar.getParent() == flow) {
                return bar;
            }
        }
        return null;
    }

    /** Why the text drawn for this label is not its whole text, or null when it is. */
    static String cut(Labeled labeled) {
        String text = labeled.getText();
        if (text == null || text.isEmpty()) {
            return null;
        }
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text shown && child.getClass().getSimpleName().equals("LabeledText")) {
                return shown.getText().equals(text) ? null : "shows \"" + shown.getText() + "\" of \"" + text + "\"";
            }
        }
        return null;
    }

    private static boolean inTable(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TableView<?> || p instanceof IndexedCell<?>) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAncestor(Node ancestor, Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static boolean showing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static String describe(Labeled l) {
        return (l.getId() != null ? "#" + l.getId() + " " : "") + "\"" + l.getText() + "\"";
    }
}
