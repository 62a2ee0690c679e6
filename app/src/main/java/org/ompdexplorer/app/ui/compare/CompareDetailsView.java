package org.ompdexplorer.app.ui.compare;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.EntityRef;
import org.ompdexplorer.model.diff.CountedEntities;
import org.ompdexplorer.model.diff.AggregateDelta;
import org.ompdexplorer.model.diff.DiffValue;
import org.ompdexplorer.model.diff.EntityDiff;
import org.ompdexplorer.model.diff.FieldRow;
import org.ompdexplorer.model.diff.KindCounts;
import org.ompdexplorer.model.diff.Matching;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.StillBlocked;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * The compare details: the summary page (warnings, counts per kind, what is still blocked, task counts per
 * region × task × lifecycle that changed — every count a link that lists what it counts in the navigator), or one
 * entity of the union with A and B side by side, changed rows highlighted and marked, links on both sides
 * selecting what they name.
 */
final class CompareDetailsView extends ScrollPane {
    static final String ID = "compareDetails";
    static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final int AGGREGATE_ROWS = 200;
    /** Still-blocked entities listed on the summary page: a page of links, not a hundred thousand. */
    private static final int LISTED = 100;
    private final CompareViewModel vm;
    private final VBox content = new VBox(12);
    /** The width a paragraph of the page wraps at: the view's, whatever the page's. */
    private final javafx.beans.property.DoubleProperty readable = new javafx.beans.property.SimpleDoubleProperty();
    /** Whether the Explain pane is unfolded, kept from one entity to the next. */
    private final javafx.beans.property.BooleanProperty explainShown =
            new javafx.beans.property.SimpleBooleanProperty(true);

    CompareDetailsView(CompareViewModel vm) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("compare-details");
        content.getStyleClass().add("compare-details-content");
        setContent(content);
        setFitToWidth(true);
        // a wide table (the counts at 200 %) widens the page, which then scrolls sideways; a paragraph wraps at the
        // view's width still, read without scrolling to and fro on every line
        readable.bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.max(0,
                getViewportBounds().getWidth() - content.getInsets().getLeft() - content.getInsets().getRight()),
                viewportBoundsProperty(), content.insetsProperty()));
        vm.selectedProperty().addListener((obs, old, now) -> refresh());
        vm.diffProperty().addListener((obs, old, now) -> refresh());
        refresh();
    }

    private void refresh() {
        SnapshotDiff d = vm.diffProperty().get();
        content.getChildren().clear();
        if (d == null) {
            return;
        }
        UnionNode node = vm.selectedProperty().get();
        if (node == null) {
            summary(d);
        } else {
            entity(d, node);
        }
        wrapAtTheView(content);
        setVvalue(0);
    }

    /** Every paragraph of the page, and of the lists on it, wraps at {@link #readable}. */
    private void wrapAtTheView(javafx.scene.layout.Pane pane) {
        for (Node n : pane.getChildren()) {
            if (n instanceof Label l && l.isWrapText()) {
                l.maxWidthProperty().bind(readable);
            } else if (n instanceof VBox list) {
                wrapAtTheView(list);
            }
        }
    }

    private void summary(SnapshotDiff d) {
        content.getChildren().add(title("Comparison", "compareSummaryTitle"));
        int step = vm.stepProperty().get();
        content.getChildren().addAll(wrapped("A (before): " + vm.sourceName(step) + captured(d.a())),
                wrapped("B (after): " + vm.sourceName(step + 1) + captured(d.b())));
        for (String warning : d.warnings()) {
            Label w = wrapped("⚠ " + warning);
            w.getStyleClass().add("compare-warning");
            content.getChildren().add(w);
        }
        GridPane counts = grid("compareCounts", "", "in A", "in B", "+ added", "− removed", "~ changed", "unchanged");
        int row = 1;
        for (KindCounts c : d.counts()) {
            counts.add(whole(new Label(c.kind().label())), 0, row);
            int col = 1;
            for (CountedEntities.Column column : CountedEntities.Column.values()) {
                EntityKind kind = c.kind();
                counts.add(count("compareCount-" + kind.name() + "-" + column.name(), column.of(c),
                        new CompareFilter(plural(kind) + " " + column.label(), x -> CountedEntities.of(x, kind, column))),
                        col++, row);
            }
            row++;
        }
        content.getChildren().addAll(heading("Counts"), counts);

        Label blockedHeading = heading("Still blocked — the same wait at the same place in A and B:");
        HBox blockedLine = new HBox(4, blockedHeading, count("compareStillBlockedCount", d.stillBlocked().size(),
                new CompareFilter("still blocked", CountedEntities::stillBlocked)));
        blockedLine.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        content.getChildren().add(blockedLine);
        if (d.stillBlocked().isEmpty()) {
            content.getChildren().add(wrapped("Nothing waits at the same place in both snapshots."));
        } else if (d.hangs() && !d.hasDifferences()) {
            Label hang = wrapped("Nothing moved between A and B, taken at two moments, and this is still blocked: the"
                    + " hang signal.");
            hang.setId("compareHang");
            hang.getStyleClass().add("compare-warning");
            content.getChildren().add(hang);
        }
        VBox blocked = new VBox(4);
        blocked.setId("compareStillBlocked");
        for (StillBlocked s : d.stillBlocked().subList(0, Math.min(d.stillBlocked().size(), LISTED))) {
            int pb = Matching.position(d.b(), s.b());
            UnionNode n = d.tree().ofB(s.kind(), pb);
            Hyperlink link = new Hyperlink(UnionNames.of(d, n));
            link.setOnAction(e -> vm.select(n));
            Label how = wrapped(s.how().label() + ": " + s.place());
            blocked.getChildren().add(new VBox(link, how));
        }
        content.getChildren().add(blocked);
        if (d.stillBlocked().size() > LISTED) {
            content.getChildren().add(wrapped("… " + (d.stillBlocked().size() - LISTED) + " more; their rows in the "
                    + "navigator say \"still blocked\", and ompd-explorer diff lists them all"));
        }

        List<AggregateDelta> changed = d.aggregates().stream().filter(a -> a.delta() != 0).toList();
        content.getChildren().add(heading("Tasks per region × task × lifecycle that changed (" + changed.size() + ")"));
        GridPane aggregates = grid("compareAggregates", "region", "task", "lifecycle", "in A", "in B", "delta");
        row = 1;
        for (AggregateDelta a : changed.subList(0, Math.min(changed.size(), AGGREGATE_ROWS))) {
            String what = "tasks of " + a.region() + " · " + a.task() + " · " + a.lifecycle();
            aggregates.addRow(row, cells(a.region(), a.task(), a.lifecycle()));
            aggregates.add(count("compareAggregate-" + (row - 1) + "-A", a.inA(),
                    new CompareFilter(what + " in A", x -> CountedEntities.inAggregate(x, a, true))), 3, row);
            aggregates.add(count("compareAggregate-" + (row - 1) + "-B", a.inB(),
                    new CompareFilter(what + " in B", x -> CountedEntities.inAggregate(x, a, false))), 4, row);
            aggregates.add(whole(new Label((a.delta() > 0 ? "+" : "") + a.delta())), 5, row);
            row++;
        }
        content.getChildren().add(changed.isEmpty() ? wrapped("The same number of tasks in every region, task and "
                + "lifecycle.") : aggregates);
        if (changed.size() > AGGREGATE_ROWS) {
            content.getChildren().add(wrapped("… " + (changed.size() - AGGREGATE_ROWS) + " more rows: ompd-explorer diff "
                    + "prints them all"));
        }
    }

    private void entity(SnapshotDiff d, UnionNode node) {
        EntityDiff entry = d.entry(node);
        content.getChildren().add(title(CompareTreeView.glyph(entry.change()) + " " + UnionNames.of(d, node),
                "compareEntityTitle"));
        String how = switch (entry.change()) {
            case ADDED -> "Only in B: created (or first seen) after A was taken.";
            case REMOVED -> "Only in A: gone (finished, or no longer seen) when B was taken.";
            case CHANGED -> entry.changes().size() + " field(s) changed; matched by " + entry.method().label() + ".";
            case UNCHANGED -> "The same in A and B; matched by " + entry.method().label() + ".";
        };
        content.getChildren().add(wrapped(how));
        d.stillBlocked(node).ifPresent(s -> {
            Label blocked = wrapped("Still blocked — " + s.how().label() + ": " + s.place());
            blocked.setId("compareEntityBlocked");
            blocked.getStyleClass().add("compare-warning");
            content.getChildren().add(blocked);
        });
        GridPane fields = grid("compareFields", "", "A", "B");
        ColumnConstraints labels = new ColumnConstraints();
        // field names whole, wrapped past 12 em: at 200 % "≠ ICV max-active-levels-var (task)" on one line made the
        // grid wider than the view, and the B column ran past its right edge
        fields.getColumnConstraints().setAll(labels, column(), column());
        int row = 1;
        for (FieldRow r : d.fields(node)) {
            Label label = new Label((r.changed() ? "≠ " : "") + r.label());
            label.getStyleClass().add("compare-field-label");
            label.setWrapText(true);
            label.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            label.minWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                    () -> Math.min(label.prefWidth(-1), 12 * label.getFont().getSize()), label.fontProperty()));
            Node a = value(d, r.a(), true);
            Node b = value(d, r.b(), false);
            for (Node n : new Node[]{label, a, b}) {
                n.pseudoClassStateChanged(CHANGED, r.changed());
                n.getStyleClass().add("compare-cell");
            }
            fields.addRow(row++, label, a, b);
        }
        content.getChildren().add(fields);
        content.getChildren().add(explain(d, node));
    }

    /**
     * Explain, as the details page has it, for the entity as it is in B (in A when only A has it): what a student
     * reads at every lesson step after the first, where the page is side by side. A mention selects what it names.
     */
    private Node explain(SnapshotDiff d, UnionNode node) {
        boolean inB = node.inB();
        org.ompdexplorer.model.Snapshot s = inB ? d.b() : d.a();
        org.ompdexplorer.model.EntityRef ref = org.ompdexplorer.model.diff.Matching.ref(s, node.kind(),
                inB ? node.b() : node.a());
        var sentences = new org.ompdexplorer.model.explain.Explainer(s).explain(ref).sentences();
        var section = new org.ompdexplorer.app.ui.details.Section.Explain("compareExplain",
                inB ? "Explain (in B, after)" : "Explain (in A, before)", sentences);
        Node pane = org.ompdexplorer.app.ui.details.ExplainView.of(section, target -> {
            if (target instanceof org.ompdexplorer.app.ui.entity.Target.Entity(var mentioned)) {
                int at = org.ompdexplorer.model.diff.Matching.position(s, mentioned);
                if (at >= 0) {
                    vm.select(inB ? d.tree().ofB(mentioned.kind(), at) : d.tree().ofA(mentioned.kind(), at));
                }
            }
        }, explainShown);
        pane.setId("compareExplainPane");
        return pane;
    }

    private static String captured(org.ompdexplorer.model.Snapshot s) {
        var c = s.capture();
        return (c.time() == null ? "" : ", taken " + c.time()) + (c.label() == null ? "" : " — " + c.label());
    }

    private static ColumnConstraints column() {
        ColumnConstraints c = new ColumnConstraints();
        c.setHgrow(Priority.ALWAYS);
        c.setMinWidth(120);
        c.setPrefWidth(300);
        return c;
    }

    /** A value as text, or as a link that selects what it names (in its own side's snapshot). */
    private Node value(SnapshotDiff d, DiffValue v, boolean sideA) {
        if (v == null) {
            Label none = new Label("—");
            none.getStyleClass().add("compare-missing");
            return none;
        }
        EntityRef ref = v.ref();
        if (ref == null) {
            return wrapped(v.text());
        }
        int p = Matching.position(sideA ? d.a() : d.b(), ref);
        UnionNode target = sideA ? d.tree().ofA(ref.kind(), p) : d.tree().ofB(ref.kind(), p);
        Hyperlink link = new Hyperlink(v.text());
        link.setWrapText(true);
        link.setOnAction(e -> vm.select(target));
        return link;
    }

    private static GridPane grid(String id, String... headers) {
        GridPane g = new GridPane();
        g.setId(id);
        g.getStyleClass().add("compare-grid");
        g.setHgap(16);
        g.setVgap(2);
        for (int i = 0; i < headers.length; i++) {
            Label h = whole(new Label(headers[i]));
            h.getStyleClass().add("compare-grid-header");
            g.add(h, i, 0);
        }
        return g;
    }

    /** A count that lists what it counts in the navigator when clicked (the summary page stays shown). */
    private Hyperlink count(String id, int figure, CompareFilter filter) {
        Hyperlink link = new Hyperlink(Integer.toString(figure));
        link.setId(id);
        link.getStyleClass().add("compare-count");
        link.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        link.setOnAction(e -> vm.filter(filter));
        return link;
    }

    /** "tasks", "parallel regions", "address spaces": what a count counts, in words. */
    private static String plural(EntityKind kind) {
        return kind.label() + "s";
    }

    private static Node[] cells(Object... values) {
        Node[] nodes = new Node[values.length];
        for (int i = 0; i < values.length; i++) {
            nodes[i] = whole(new Label(String.valueOf(values[i])));
        }
        return nodes;
    }

    /** A table's header or cell is never cut to "i…": a pane too narrow for the table scrolls sideways instead. */
    private static Label whole(Label l) {
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private static Label title(String text, String id) {
        Label l = new Label(text);
        l.setId(id);
        l.getStyleClass().add("compare-title");
        l.setWrapText(true);
        return l;
    }

    private static Label heading(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("compare-heading");
        l.setWrapText(true);
        return l;
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }
}
