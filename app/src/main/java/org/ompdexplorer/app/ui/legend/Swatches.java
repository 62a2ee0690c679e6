package org.ompdexplorer.app.ui.legend;

import java.util.function.Supplier;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;

/** Makers of legend swatches from the style classes the window's marks use. */
public final class Swatches {
    private Swatches() {
    }

    /** A label with style classes ({@code badge}, {@code badge-kind}): a badge as the navigator draws it. */
    public static Supplier<Node> label(String text, String... styleClasses) {
        return () -> {
            Label l = new Label(text);
            l.getStyleClass().addAll(styleClasses);
            l.setMnemonicParsing(false);
            return l;
        };
    }

    /** A label with style classes and a pseudo-class on ({@code compare-legend-item:added}). */
    public static Supplier<Node> marked(String text, String pseudoClass, String... styleClasses) {
        return () -> {
            Node n = label(text, styleClasses).get();
            n.pseudoClassStateChanged(PseudoClass.getPseudoClass(pseudoClass), true);
            return n;
        };
    }

    /** A lifecycle chip in the {@code -color-life-<name>-fg/-subtle} tokens ({@code queued}, {@code blocked}…). */
    public static Supplier<Node> lifecycle(String token, String text) {
        return label(text, "legend-life", "legend-life-" + token);
    }
}
