package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.graph.PictureTooLargeException;

/** The window's error dialog for a PNG too large says what the CLI says, with the window's ways to a smaller one. */
class GraphExportMessageTest {
    @Test
    void aPngTooLargeNamesItsSizeTheLimitAndTheFix() {
        String message = Exports.tooLarge(new PictureTooLargeException(40_000, 9_000));
        assertThat(message).startsWith("The graph is 20,000 × 4,500 px; its PNG, at 2 pixels a px, would be 40,000 × "
                + "9,000 pixels, over the 16,384 a PNG may have on a side; nothing was written.")
                .contains("Collapse all").contains("one region or the selected task's subtree").contains("export SVG");
    }
}
