package org.ompdexplorer.app.ui.navigator;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.layout.HBox;

/** One navigator row: the label, a muted second label, and badges for kind and state. */
final class NavTreeCell extends TreeCell<NavNode> {
    static final String STYLE_CLASS = "nav-cell";
    static final String MORE_STYLE_CLASS = "nav-more";
    static final PseudoClass UNAVAILABLE = PseudoClass.getPseudoClass("unavailable");
    static final PseudoClass MORE = PseudoClass.getPseudoClass("more");
    /** A row whose entity the search matched. */
    static final PseudoClass MATCH = PseudoClass.getPseudoClass("match");

    private final Label text = new Label();
    private final Label secondary = new Label();
    private final HBox badges = new HBox(4);
    private final HBox box = new HBox(6, text, secondary, badges);

    private final java.util.function.Predicate<org.ompdexplorer.app.ui.entity.Target> isMatch;

    NavTreeCell(java.util.function.Predicate<org.ompdexplorer.app.ui.entity.Target> isMatch) {
        this.isMatch = isMatch;
        getStyleClass().add(STYLE_CLASS);
        text.getStyleClass().add("nav-text");
        secondary.getStyleClass().add("nav-secondary");
        badges.getStyleClass().add("nav-badges");
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        badges.setAlignment(javafx.geometry.Pos.CENTER_LEFT); // level with the text, which is larger than a badge
    }

    /** Reuses the cell's badge labels: new nodes would each need CSS, which is what costs when rows scroll. */
    private void showBadges(java.util.List<Badge> wanted) {
        var labels = badges.getChildren();
        while (labels.size() < wanted.size()) {
            Label b = new Label();
            b.getStyleClass().add("badge");
            labels.add(b);
        }
        for (int i = 0; i < labels.size(); i++) {
            Label b = (Label) labels.get(i);
            boolean used = i < wanted.size();
            b.setVisible(used);
            b.setManaged(used);
            if (used) {
                Badge badge = wanted.get(i);
                b.setText(badge.text());
                if (!b.getStyleClass().contains(badge.styleClass())) {
                    b.getStyleClass().setAll("label", "badge", badge.styleClass());
                }
            }
        }
    }

    @Override
    protected void updateItem(NavNode node, boolean empty) {
        super.updateItem(node, empty);
        setText(null);
        if (empty || node == null) {
            setGraphic(null);
            setAccessibleText(null);
            pseudoClassStateChanged(UNAVAILABLE, false);
            pseudoClassStateChanged(MORE, false);
            pseudoClassStateChanged(MATCH, false);
            return;
        }
        boolean isMore = getTreeItem() instanceof NavTreeItem.MoreItem;
        text.setText(node.text());
        secondary.setText(node.secondary());
        secondary.setVisible(!node.secondary().isEmpty());
        secondary.setManaged(!node.secondary().isEmpty());
        showBadges(node.badges());
        pseudoClassStateChanged(UNAVAILABLE, node.isUnavailable());
        pseudoClassStateChanged(MORE, isMore);
        boolean match = node.target().filter(isMatch).isPresent();
        pseudoClassStateChanged(MATCH, match);
        setAccessibleText(match ? node + " (search match)" : node.toString());
        setGraphic(box);
    }
}
