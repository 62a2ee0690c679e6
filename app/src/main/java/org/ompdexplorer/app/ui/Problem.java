package org.ompdexplorer.app.ui;

import java.util.List;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Something that went wrong that the user must see: a file that would not load, an export that failed.
 *
 * @param title       one line: what failed
 * @param message     what is wrong and what to do, fit to show as is
 * @param diagnostics the located findings behind it, first the reason
 */
public record Problem(String title, String message, List<Diagnostic> diagnostics) {
    public Problem {
        diagnostics = List.copyOf(diagnostics);
    }
}
