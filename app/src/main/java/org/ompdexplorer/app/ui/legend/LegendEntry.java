package org.ompdexplorer.app.ui.legend;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.scene.Node;

/**
 * One mark the window uses: how it looks, its name and what it means. The swatch is made afresh for each place it is
 * drawn (a node has one parent), styled with the same classes and colour tokens as the real mark.
 *
 * @param swatch  makes the mark as the window draws it
 * @param name    its name ({@code queued})
 * @param meaning what it tells the reader, in a sentence
 */
public record LegendEntry(Supplier<Node> swatch, String name, String meaning) {
    public LegendEntry {
        Objects.requireNonNull(swatch, "swatch");
        if (name == null || name.isBlank() || meaning == null || meaning.isBlank()) {
            throw new IllegalArgumentException("a legend entry needs a name and a meaning");
        }
    }
}
