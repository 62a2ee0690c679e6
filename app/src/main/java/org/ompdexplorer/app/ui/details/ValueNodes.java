package org.ompdexplorer.app.ui.details;

import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/** Shows a {@link Value}: a hyperlink that navigates, plain text, or an unavailable value with its reason. */
final class ValueNodes {
    static final PseudoClass UNAVAILABLE = PseudoClass.getPseudoClass("unavailable");
    static final String VALUE = "details-value";
    static final String WHY = "details-why";

    private ValueNodes() {
    }

    static Node of(Value value, String id, Links links) {
        if (value.isLink()) {
            return link(value, id, links);
        }
        Label text = new Label(value.text());
        text.getStyleClass().add(VALUE);
        text.setWrapText(true);
        text.pseudoClassStateChanged(UNAVAILABLE, value.unavailable());
        if (id != null) {
            text.setId("value-" + id);
        }
        if (!value.unavailable() || value.why().isEmpty()) {
            return text;
        }
        Label why = new Label(value.why());
        why.getStyleClass().add(WHY);
        why.setWrapText(true);
        return new VBox(2, text, why);
    }

    static Hyperlink link(Value value, String id, Links links) {
        Hyperlink link = new Hyperlink(value.text());
        link.getStyleClass().add(VALUE);
        link.setWrapText(true); // like plain values: wrapped in a narrow pane, never cut to "…"
        if (id != null) {
            link.setId("link-" + id);
        }
        link.setTooltip(new Tooltip(value.isFilter() ? "List only " + value.filter()
                : "Go to " + org.ompdexplorer.app.ui.entity.EntityNames.of(value.link())));
        link.setOnAction(e -> {
            link.setVisited(false);
            links.follow(value);
        });
        return link;
    }

    /**
     * The text a table cell shows: the value alone. A cell is one line in a column sized to its values, so the
     * reason an unavailable value gives is in the cell's tooltip ({@link #fullText}), not cut off at its edge.
     */
    static String cellText(Value value) {
        return value.text();
    }

    /** The whole of a value in words: with the reason, when unavailable (a cell's tooltip). */
    static String fullText(Value value) {
        return value.unavailable() && !value.why().isEmpty() ? value.text() + " — " + value.why() : value.text();
    }
}
