package org.ompdexplorer.app.ui;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import org.ompdexplorer.app.ui.details.DetailsViewModel;

/**
 * The explorer window's layout as the user left it, kept in the preferences across runs: where the divider between
 * the navigator and the details was dragged, and whether the Explain pane was unfolded.
 */
final class RememberedLayout {
    static final String DIVIDER_KEY = "window.divider";
    private static final String EXPLAIN_KEY = "details.explain.shown";
    private static final double DEFAULT_DIVIDER = 0.45;

    private RememberedLayout() {
    }

    /**
     * Puts the divider of {@code split} where it was left, and keeps it there: saved when a drag of it ends, never
     * because the window changed size (the navigator keeps its width then, so the fraction changes on its own: saving
     * that moved the divider at every start). Until the first drag, the remembered fraction is put back whenever the
     * window's width changes, so the window opens with it however many sizes it passes through on the way to its place.
     */
    static void divider(SplitPane split, ExplorerPreferences preferences) {
        double remembered = preferences.remembered(DIVIDER_KEY).map(RememberedLayout::position).orElse(DEFAULT_DIVIDER);
        split.setDividerPositions(remembered);
        boolean[] dragged = {false};
        split.widthProperty().addListener((obs, old, now) -> {
            if (!dragged[0]) { // after this layout, which keeps the navigator's width in pixels
                Platform.runLater(() -> split.setDividerPositions(remembered));
            }
        });
        split.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getTarget() instanceof Node n && n.getStyleClass().contains("split-pane-divider")) {
                dragged[0] = true;
                preferences.remember(DIVIDER_KEY, Double.toString(split.getDividers().getFirst().getPosition()));
            }
        });
    }

    /** The Explain pane unfolded or folded as it was left. */
    static void explainFold(DetailsViewModel details, ExplorerPreferences preferences) {
        details.explainShownProperty().set(!"false".equals(preferences.remembered(EXPLAIN_KEY).orElse("true")));
        details.explainShownProperty().addListener((obs, old, now) ->
                preferences.remember(EXPLAIN_KEY, Boolean.toString(now)));
    }

    private static double position(String stored) {
        try {
            double p = Double.parseDouble(stored);
            return p >= 0.1 && p <= 0.9 ? p : DEFAULT_DIVIDER; // never a pane squeezed out of sight
        } catch (NumberFormatException e) {
            return DEFAULT_DIVIDER;
        }
    }
}
