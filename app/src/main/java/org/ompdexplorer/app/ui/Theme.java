package org.ompdexplorer.app.ui;

import java.util.List;
import java.util.Objects;
import javafx.scene.Scene;
import javafx.scene.control.DialogPane;

/**
 * The window's stylesheets and its light and dark themes. Colors are semantic tokens defined once in
 * colors.css; the dark theme is the style class {@link #DARK_CLASS} on the root, which overrides only tokens.
 */
public final class Theme {
    public static final String DARK_CLASS = "theme-dark";
    private static final List<String> STYLESHEETS = List.of("colors.css", "main.css", "navigator.css", "details.css",
            "dialogs.css", "compare.css", "graph.css", "legend.css", "lesson.css", "stacks.css", "job.css");

    private Theme() {
    }

    public static void install(Scene scene, boolean dark) {
        for (String sheet : STYLESHEETS) {
            scene.getStylesheets().add(Objects.requireNonNull(Theme.class.getResource(sheet),
                    "stylesheet missing from the build: " + sheet).toExternalForm());
        }
        apply(scene, dark);
    }

    public static void apply(Scene scene, boolean dark) {
        scene.getRoot().getStyleClass().remove(DARK_CLASS);
        if (dark) {
            scene.getRoot().getStyleClass().add(DARK_CLASS);
        }
    }

    /**
     * Gives a dialog the stylesheets and the theme of the window it belongs to. The theme class goes on the root
     * of the dialog's own scene, which wraps the pane, since the tokens are defined on {@code .root}.
     */
    public static void styleDialog(DialogPane pane, Scene owner) {
        pane.getStylesheets().setAll(owner.getStylesheets());
        boolean dark = isDark(owner);
        if (pane.getScene() != null) {
            apply(pane.getScene(), dark);
        } else {
            pane.sceneProperty().addListener((obs, old, now) -> {
                if (now != null) {
                    apply(now, dark);
                }
            });
        }
    }

    public static boolean isDark(Scene scene) {
        return scene.getRoot().getStyleClass().contains(DARK_CLASS);
    }
}
