package org.ompdexplorer.app.ui.navigator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.collections.ObservableList;
import javafx.scene.control.TreeItem;
import org.ompdexplorer.app.ui.entity.EntityNames;

/**
 * A navigator entry as a {@link TreeItem}: children are made when the item is first expanded, a page of
 * {@link NavigatorViewModel#PAGE_SIZE} at a time, followed by a "show more" item. A child revealed beyond the
 * loaded pages is pinned in front of the "show more" item instead of loading everything before it.
 */
class NavTreeItem extends TreeItem<NavNode> {
    private final int pageSize;
    private boolean loaded;
    private int shown;
    private final Map<Integer, TreeItem<NavNode>> pinned = new TreeMap<>();
    private MoreItem more;

    NavTreeItem(NavNode node, int pageSize) {
        super(node);
        this.pageSize = pageSize;
    }

    @Override
    public boolean isLeaf() {
        return getValue().isLeaf();
    }

    @Override
    public ObservableList<TreeItem<NavNode>> getChildren() {
        if (!loaded) {
            loaded = true;
            super.getChildren().setAll(nextPage());
            updateMore();
        }
        return super.getChildren();
    }

    /** How many children the node has, loaded or not. */
    int childCount() {
        return getValue().children().size();
    }

    /** Loads the next page; returns its first item, or {@code null} when there was nothing more. */
    TreeItem<NavNode> showMore() {
        ObservableList<TreeItem<NavNode>> children = getChildren();
        if (shown >= childCount()) {
            return null;
        }
        children.remove(more);
        List<TreeItem<NavNode>> page = nextPage();
        children.removeAll(page); // pinned items now in the page move to their place
        int insertAt = children.size() - pinned.size();
        children.addAll(insertAt, page);
        updateMore();
        return page.isEmpty() ? null : page.getFirst();
    }

    private List<TreeItem<NavNode>> nextPage() {
        ChildSource source = getValue().children();
        int to = Math.min(source.size(), shown + pageSize);
        List<TreeItem<NavNode>> page = new ArrayList<>(to - shown);
        for (int i = shown; i < to; i++) {
            TreeItem<NavNode> pin = pinned.remove(i);
            page.add(pin != null ? pin : new NavTreeItem(source.get(i), pageSize));
        }
        shown = to;
        return page;
    }

    private void updateMore() {
        int rest = childCount() - shown - pinned.size();
        if (rest <= 0) {
            more = null;
            return;
        }
        more = new MoreItem(new NavNode("more", null,
                "Show " + EntityNames.count(Math.min(pageSize, childCount() - shown)) + " more",
                EntityNames.count(rest) + " not shown", List.of(), false, null));
        super.getChildren().add(more);
    }

    /** The child with this id, loaded or pinned now; {@code null} when the node has no such child. */
    TreeItem<NavNode> child(String id) {
        for (TreeItem<NavNode> c : getChildren()) {
            if (c.getValue().id().equals(id)) {
                return c;
            }
        }
        int index = getValue().children().indexOf(id);
        if (index < shown) {
            return null; // not found, or loaded and so already searched
        }
        NavTreeItem pin = new NavTreeItem(getValue().children().get(index), pageSize);
        ObservableList<TreeItem<NavNode>> children = getChildren();
        children.remove(more);
        int before = (int) pinned.keySet().stream().filter(i -> i < index).count();
        pinned.put(index, pin);
        children.add(shown + before, pin);
        updateMore();
        return pin;
    }

    /** The "show N more" entry at the end of a partly loaded node. */
    static final class MoreItem extends TreeItem<NavNode> {
        MoreItem(NavNode node) {
            super(node);
        }

        @Override
        public boolean isLeaf() {
            return true;
        }
    }
}
