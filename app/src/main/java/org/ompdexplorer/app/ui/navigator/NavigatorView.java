package org.ompdexplorer.app.ui.navigator;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.controlsfx.control.SegmentedButton;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * The navigator: a grouping switch above a lazy tree of the snapshot. It reveals whatever the window selects
 * and reports what the user selects in it.
 */
public final class NavigatorView extends BorderPane {
    public static final String ID = "navigator";
    public static final String TREE_ID = "navigatorTree";
    public static final String NOTICE_ID = "navigatorNotice";
    public static final String STYLE_CLASS = "navigator";

    private final NavigatorViewModel viewModel;
    private final ObservableValue<Target> selection;
    private final Consumer<Target> select;
    private final TreeView<NavNode> tree = new TreeView<>();
    private boolean revealing;
    /** Which entries were open in each grouping, so switching back finds them as the user left them. */
    private final java.util.Map<Grouping, List<List<String>>> expandedIn = new java.util.EnumMap<>(Grouping.class);
    private Grouping shownGrouping;
    private long shownVersion = -1;
    /** Open entries remembered per grouping: enough for any tree a person opened by hand. */
    static final int MAX_REMEMBERED_EXPANSIONS = 2_000;

    /**
     * @param selection what the window has selected, to reveal
     * @param select    called with what the user selects here
     */
    public NavigatorView(NavigatorViewModel viewModel, ObservableValue<Target> selection, Consumer<Target> select) {
        this.viewModel = viewModel;
        this.selection = selection;
        this.select = select;
        setId(ID);
        getStyleClass().add(STYLE_CLASS);
        setTop(new javafx.scene.layout.VBox(groupingSwitch(), notice()));
        setCenter(tree);
        tree.setId(TREE_ID);
        tree.setShowRoot(false);
        tree.setCellFactory(t -> new NavTreeCell(viewModel::isMatch));
        viewModel.matchesVersionProperty().addListener((obs, old, now) -> tree.refresh());
        tree.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        tree.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> selected(now));
        tree.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && activateMore(tree.getSelectionModel().getSelectedItem())) {
                e.consume();
            }
        });
        tree.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                activateMore(tree.getSelectionModel().getSelectedItem());
            }
        });
        viewModel.rootsProperty().addListener((obs, old, now) -> showRoots(now));
        selection.addListener((obs, old, now) -> reveal(now));
        showRoots(viewModel.rootsProperty().get());
    }

    public TreeView<NavNode> tree() {
        return tree;
    }

    /** The snapshot's one notice (no task functions from OMPT), quiet, above the tree; hidden when there is none. */
    private javafx.scene.control.Label notice() {
        javafx.scene.control.Label label = new javafx.scene.control.Label();
        label.setId(NOTICE_ID);
        label.getStyleClass().add("navigator-notice");
        label.setWrapText(true);
        label.setMaxWidth(Double.MAX_VALUE);
        label.textProperty().bind(viewModel.noticeProperty());
        label.visibleProperty().bind(viewModel.noticeProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }

    private HBox groupingSwitch() {
        SegmentedButton buttons = new SegmentedButton();
        ToggleGroup group = new ToggleGroup();
        buttons.setToggleGroup(group);
        for (Grouping g : Grouping.values()) {
            ToggleButton b = new ToggleButton(g.label());
            b.setId(g == Grouping.STRUCTURE ? "groupByStructure" : "groupByThread");
            b.setUserData(g);
            b.setTooltip(new Tooltip(g == Grouping.STRUCTURE
                    ? "Regions nested by enclosing region, their implicit tasks, the task-creation tree (Ctrl+1)"
                    : "Threads with their state and the tasks on each thread's stack (Ctrl+2)"));
            b.setSelected(g == viewModel.groupingProperty().get());
            buttons.getButtons().add(b);
        }
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true); // one grouping is always chosen
            } else {
                viewModel.groupingProperty().set((Grouping) now.getUserData());
            }
        });
        viewModel.groupingProperty().addListener((obs, old, now) -> group.getToggles().stream()
                .filter(t -> t.getUserData() == now).findFirst().ifPresent(t -> t.setSelected(true)));
        HBox bar = new HBox(buttons);
        bar.getStyleClass().add("navigator-bar");
        return bar;
    }

    private void showRoots(List<NavNode> roots) {
        if (shownVersion != viewModel.snapshotVersion()) {
            expandedIn.clear(); // another snapshot: nothing to go back to
        } else if (shownGrouping != null && tree.getRoot() != null) {
            expandedIn.put(shownGrouping, expandedPaths(tree.getRoot()));
        }
        shownVersion = viewModel.snapshotVersion();
        shownGrouping = viewModel.groupingProperty().get();
        NavNode top = new NavNode("root", null, "", "", List.of(), false,
                () -> ChildSource.of(roots, n -> n, NavNode::id));
        NavTreeItem root = new NavTreeItem(top, NavigatorViewModel.PAGE_SIZE);
        root.setExpanded(true);
        revealing = true;
        try {
            tree.setRoot(root);
            List<List<String>> before = expandedIn.get(shownGrouping);
            if (before == null) {
                expandSmallNodes(root);
            } else {
                before.forEach(path -> expand(root, path));
            }
        } finally {
            revealing = false;
        }
        Target current = selection.getValue();
        if (current != null) {
            viewModel.pathTo(current).ifPresent(this::expandAndSelect); // no switching back: the user chose this grouping
        }
    }

    /** The id paths of every open entry, top down; only open entries are visited, so nothing is loaded for this. */
    private static List<List<String>> expandedPaths(TreeItem<NavNode> root) {
        List<List<String>> paths = new java.util.ArrayList<>();
        java.util.ArrayDeque<java.util.Map.Entry<TreeItem<NavNode>, List<String>>> queue = new java.util.ArrayDeque<>();
        queue.add(java.util.Map.entry(root, List.of()));
        while (!queue.isEmpty() && paths.size() < MAX_REMEMBERED_EXPANSIONS) {
            var at = queue.poll();
            for (TreeItem<NavNode> child : at.getKey().getChildren()) {
                if (child.isExpanded() && !child.isLeaf()) {
                    List<String> path = new java.util.ArrayList<>(at.getValue());
                    path.add(child.getValue().id());
                    paths.add(path);
                    queue.add(java.util.Map.entry(child, path));
                }
            }
        }
        return paths;
    }

    /** Opens the entry at {@code path} and those above it, where they still exist. */
    private static void expand(TreeItem<NavNode> root, List<String> path) {
        TreeItem<NavNode> at = root;
        for (String id : path) {
            if (!(at instanceof NavTreeItem parent) || (at = parent.child(id)) == null) {
                return;
            }
            at.setExpanded(true);
        }
    }

    /**
     * Opens the first levels where they are small, so a lesson shows its regions and task tree at once; a large
     * snapshot stays collapsed past its groups (breadth first, at most 40 nodes).
     */
    private static void expandSmallNodes(TreeItem<NavNode> root) {
        java.util.ArrayDeque<TreeItem<NavNode>> queue = new java.util.ArrayDeque<>(root.getChildren());
        java.util.Map<TreeItem<NavNode>, Integer> depth = new java.util.HashMap<>();
        int expanded = 0;
        while (!queue.isEmpty() && expanded < 40) {
            TreeItem<NavNode> item = queue.poll();
            int level = depth.getOrDefault(item, 1);
            // deep enough for a lesson's task tree under the tasks that opened its regions
            if (item.isLeaf() || level > 8 || item.getChildren().size() > 8) {
                continue;
            }
            item.setExpanded(true);
            expanded++;
            for (TreeItem<NavNode> child : item.getChildren()) {
                depth.put(child, level + 1);
                queue.add(child);
            }
        }
    }

    private void reveal(Target target) {
        if (target == null || target.equals(selectedTarget())) {
            return;
        }
        viewModel.reveal(target).ifPresentOrElse(this::expandAndSelect,
                () -> withoutEcho(() -> tree.getSelectionModel().clearSelection()));
    }

    private Target selectedTarget() {
        TreeItem<NavNode> item = tree.getSelectionModel().getSelectedItem();
        return item == null ? null : item.getValue().target().orElse(null);
    }

    private void expandAndSelect(List<String> path) {
        TreeItem<NavNode> at = tree.getRoot();
        for (String id : path) {
            if (!(at instanceof NavTreeItem parent)) {
                break;
            }
            parent.setExpanded(true);
            TreeItem<NavNode> child = parent.child(id);
            if (child == null) {
                break;
            }
            at = child;
        }
        TreeItem<NavNode> found = at;
        if (found != tree.getRoot()) {
            withoutEcho(() -> tree.getSelectionModel().select(found));
            int row = tree.getRow(found);
            tree.scrollTo(Math.max(0, row - 3));
        }
    }

    private void withoutEcho(Runnable change) {
        revealing = true;
        try {
            change.run();
        } finally {
            revealing = false;
        }
    }

    private void selected(TreeItem<NavNode> item) {
        if (revealing || item == null || item instanceof NavTreeItem.MoreItem) {
            return;
        }
        item.getValue().target().filter(t -> !Objects.equals(t, selection.getValue())).ifPresent(select);
    }

    /** When {@code item} is a "show more" entry, loads the next page in its place and selects its first row. */
    public boolean activateMore(TreeItem<NavNode> item) {
        if (!(item instanceof NavTreeItem.MoreItem) || !(item.getParent() instanceof NavTreeItem parent)) {
            return false;
        }
        TreeItem<NavNode> first = parent.showMore();
        if (first != null) {
            tree.getSelectionModel().select(first);
        }
        return true;
    }
}
