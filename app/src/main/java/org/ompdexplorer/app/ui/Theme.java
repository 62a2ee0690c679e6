package org.ompdexplorer.app.ui;

import java.util.List;
import java.util.Objects;
import javafx.scene.Scene;

/**
 * The window's stylesheets and its light and dark themes. Colors are semantic tokens defined once in
 * colors.css; the dark theme is the style class {@link #DARK_CLASS} on the root, which overrides only tokens.
 */
public final class Theme {
    public static final String DARK_CLASS = "theme-dark";
    private static final List<String> STYLESHEETS = List.of("colors.css", "main.css", "navigator.css", "details.css");

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

    public static boolean isDark(Scene scene) {
        return scene.getRoot().getStyleClass().contains(DARK_CLASS);
    }
}
