package org.ompdexplorer.app.ui.compare;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import org.ompdexplorer.model.EntityKind;
import org.ompdexplorer.model.diff.ChangeKind;
import org.ompdexplorer.model.diff.DiffTree;
import org.ompdexplorer.model.diff.SnapshotDiff;
import org.ompdexplorer.model.diff.UnionNode;

/**
 * The compare navigator: the union of A and B — threads, regions nested by enclosing region, tasks by generating
 * link — each row marked added (+), removed (−), changed (~) or unchanged, by glyph and by colour token, so the
 * marks survive a colour-blind reader and the dark theme. "Changes only" keeps the changed rows and those above. A
 * count of the summary page replaces the union by one flat group of exactly what it counts.
 */
final class CompareTreeView extends TreeView<CompareItem> {
    static final String ID = "compareTree";
    static final PseudoClass ADDED = PseudoClass.getPseudoClass("added");
    static final PseudoClass REMOVED = PseudoClass.getPseudoClass("removed");
    static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    private final CompareViewModel vm;
    private SnapshotDiff diff;
    private UnionPaths paths;
    private boolean syncing;

    CompareTreeView(CompareViewModel vm) {
        this.vm = vm;
        setId(ID);
        getStyleClass().add("compare-tree");
        setShowRoot(false);
        setCellFactory(tree -> new Cell());
        vm.diffProperty().addListener((obs, old, now) -> rebuild());
        vm.changesOnlyProperty().addListener((obs, old, now) -> rebuild());
        vm.filterProperty().addListener((obs, old, now) -> rebuild());
        vm.selectedProperty().addListener((obs, old, now) -> reveal(now));
        getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (syncing || now == null) {
                return;
            }
            switch (now.getValue()) {
                case CompareItem.Summary s -> vm.selectSummary();
                case CompareItem.Entity e -> vm.select(e.node());
                case CompareItem.Group g -> { }
            }
        });
        rebuild();
    }

    private void rebuild() {
        diff = vm.diffProperty().get();
        TreeItem<CompareItem> root = new TreeItem<>(new CompareItem.Group("", EntityKind.SNAPSHOT));
        if (diff != null) {
            paths = new UnionPaths(diff);
            DiffTree tree = diff.tree();
            root.getChildren().add(new TreeItem<>(new CompareItem.Summary()));
            CompareFilter f = vm.filterProperty().get();
            if (f != null) {
                root.getChildren().add(filtered(f.label(), vm.filtered()));
                setRoot(root);
                reveal(vm.selectedProperty().get());
                return;
            }
            root.getChildren().add(group("Address spaces", EntityKind.ADDRESS_SPACE, tree.spaces()));
            List<UnionNode> targets = tree.targets();
            if (!targets.isEmpty()) {
                root.getChildren().add(group("Target regions", EntityKind.TARGET_REGION, targets));
            }
            root.getChildren().add(group("Threads", EntityKind.THREAD, tree.threads()));
            root.getChildren().add(group("Parallel regions", EntityKind.PARALLEL_REGION, tree.outermostRegions()));
            root.getChildren().add(group("Tasks", EntityKind.TASK, tree.rootTasks()));
        }
        setRoot(root);
        reveal(vm.selectedProperty().get());
    }

    private TreeItem<CompareItem> group(String label, EntityKind kind, List<UnionNode> nodes) {
        List<UnionNode> shown = filter(nodes);
        TreeItem<CompareItem> item = new TreeItem<>(new CompareItem.Group(label + " (" + shown.size() + ")", kind));
        for (UnionNode n : shown) {
            item.getChildren().add(new NodeItem(n));
        }
        item.setExpanded(kind != EntityKind.TASK || shown.size() <= 50);
        return item;
    }

    /** The filter's group: its entities as rows without children, since they are listed whatever their nesting. */
    private static TreeItem<CompareItem> filtered(String label, List<UnionNode> nodes) {
        TreeItem<CompareItem> item = new TreeItem<>(new CompareItem.Group(label + " (" + nodes.size() + ")",
                EntityKind.SNAPSHOT));
        List<TreeItem<CompareItem>> rows = new ArrayList<>(nodes.size());
        for (UnionNode n : nodes) {
            rows.add(new TreeItem<>(new CompareItem.Entity(n)));
        }
        item.getChildren().setAll(rows);
        item.setExpanded(true);
        return item;
    }

    private List<UnionNode> filter(List<UnionNode> nodes) {
        if (!vm.changesOnlyProperty().get()) {
            return nodes;
        }
        List<UnionNode> kept = new ArrayList<>();
        for (UnionNode n : nodes) {
            if (paths.keep(n)) {
                kept.add(n);
            }
        }
        return kept;
    }

    /** Selects the row of {@code node}, expanding the rows above it; the summary row for null. */
    private void reveal(UnionNode node) {
        if (getRoot() == null || getRoot().getChildren().isEmpty()) {
            return;
        }
        TreeItem<CompareItem> target = node == null ? getRoot().getChildren().getFirst() : find(node);
        if (target == null || target == getSelectionModel().getSelectedItem()) {
            return;
        }
        syncing = true;
        try {
            for (TreeItem<CompareItem> up = target.getParent(); up != null; up = up.getParent()) {
                up.setExpanded(true);
            }
            getSelectionModel().select(target);
            int row = getRow(target);
            if (row >= 0) {
                scrollTo(Math.max(0, row - 3));
            }
        } finally {
            syncing = false;
        }
    }

    private TreeItem<CompareItem> find(UnionNode node) {
        if (vm.filterProperty().get() != null) {
            return getRoot().getChildren().size() < 2 ? null : getRoot().getChildren().get(1).getChildren().stream()
                    .filter(i -> i.getValue() instanceof CompareItem.Entity e && e.node().equals(node))
                    .findFirst().orElse(null);
        }
        TreeItem<CompareItem> at = null;
        for (TreeItem<CompareItem> g : getRoot().getChildren()) {
            if (g.getValue() instanceof CompareItem.Group group && group.kind() == node.kind()) {
                at = g;
            }
        }
        List<UnionNode> chain = new ArrayList<>(paths.ancestors(node));
        chain.add(node);
        for (UnionNode step : chain) {
            TreeItem<CompareItem> next = null;
            for (TreeItem<CompareItem> child : at == null ? List.<TreeItem<CompareItem>>of() : at.getChildren()) {
                if (child.getValue() instanceof CompareItem.Entity e && e.node().equals(step)) {
                    next = child;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            at = next;
        }
        return at;
    }

    /** An entity row whose children (nested regions, generated tasks) are made when it is first expanded. */
    private final class NodeItem extends TreeItem<CompareItem> {
        private boolean loaded;

        NodeItem(UnionNode node) {
            super(new CompareItem.Entity(node));
        }

        private UnionNode node() {
            return ((CompareItem.Entity) getValue()).node();
        }

        @Override
        public boolean isLeaf() {
            return children().isEmpty();
        }

        private List<UnionNode> children() {
            UnionNode n = node();
            return switch (n.kind()) {
                case TASK -> filter(diff.tree().generatedBy(n));
                case PARALLEL_REGION -> filter(diff.tree().nestedIn(n));
                default -> List.of();
            };
        }

        @Override
        public ObservableList<TreeItem<CompareItem>> getChildren() {
            if (!loaded) {
                loaded = true;
                List<TreeItem<CompareItem>> items = new ArrayList<>();
                for (UnionNode c : children()) {
                    items.add(new NodeItem(c));
                }
                super.getChildren().setAll(items);
            }
            return super.getChildren();
        }
    }

    private final class Cell extends TreeCell<CompareItem> {
        private final Label mark = new Label();

        Cell() {
            mark.getStyleClass().add("compare-mark");
            mark.setMinWidth(16);
        }

        @Override
        protected void updateItem(CompareItem item, boolean empty) {
            super.updateItem(item, empty);
            ChangeKind change = item instanceof CompareItem.Entity e && diff != null ? diff.change(e.node()) : null;
            pseudoClassStateChanged(ADDED, change == ChangeKind.ADDED);
            pseudoClassStateChanged(REMOVED, change == ChangeKind.REMOVED);
            pseudoClassStateChanged(CHANGED, change == ChangeKind.CHANGED);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            switch (item) {
                case CompareItem.Summary s -> {
                    setText("Summary of the comparison");
                    setGraphic(null);
                }
                case CompareItem.Group g -> {
                    setText(g.label());
                    setGraphic(null);
                }
                case CompareItem.Entity e -> {
                    mark.setText(glyph(change));
                    setGraphic(mark);
                    setText(UnionNames.of(diff, e.node()) + (change == ChangeKind.UNCHANGED ? "" : "  — " + change.label())
                            + (diff.stillBlocked(e.node()).isPresent() ? "  — still blocked" : ""));
                }
            }
        }
    }

    static String glyph(ChangeKind change) {
        return switch (change) {
            case ADDED -> "+";
            case REMOVED -> "−";
            case CHANGED -> "~";
            case UNCHANGED -> "·";
        };
    }
}
