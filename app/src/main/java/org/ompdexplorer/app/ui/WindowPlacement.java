package org.ompdexplorer.app.ui;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where the window opens: where it was left (position, size, maximized), if that is still on a screen; else a
 * size that suits the screen, centred on it. Remembered when the window closes.
 */
final class WindowPlacement {
    static final String BOUNDS_KEY = "window.bounds";
    static final String MAXIMIZED_KEY = "window.maximized";
    static final double MIN_WIDTH = 640;
    static final double MIN_HEIGHT = 400;
    /** How much of a remembered title bar must be on a screen for the window to be put back there. */
    private static final double GRIP = 100;
    private static final double TITLE = 40;

    private WindowPlacement() {
    }

    /**
     * @param remembered what {@link #describe} wrote when the window last closed, if anything
     * @param screens    the screens' usable areas, the primary first
     */
    static Rectangle2D bounds(Optional<String> remembered, List<Rectangle2D> screens) {
        return remembered.flatMap(WindowPlacement::parse).filter(b -> reachable(b, screens))
                .map(b -> fitted(b, screens)).orElseGet(() -> fresh(screens.getFirst()));
    }

    /**
     * A remembered window larger than the screen its title bar is on (the screen's resolution went down, or the
     * window was left on a bigger screen) is made that screen's size and moved onto it; one that fits is left where
     * the user put it, even partly off the screen.
     */
    private static Rectangle2D fitted(Rectangle2D b, List<Rectangle2D> screens) {
        for (Rectangle2D s : screens) {
            boolean titleHere = b.getMinY() + TITLE / 2 >= s.getMinY() && b.getMinY() < s.getMaxY()
                    && Math.min(b.getMaxX(), s.getMaxX()) - Math.max(b.getMinX(), s.getMinX()) >= GRIP;
            if (titleHere && (b.getWidth() > s.getWidth() || b.getHeight() > s.getHeight())) {
                double w = Math.min(b.getWidth(), s.getWidth());
                double h = Math.min(b.getHeight(), s.getHeight());
                return new Rectangle2D(clamp(b.getMinX(), s.getMinX(), s.getMaxX() - w),
                        clamp(b.getMinY(), s.getMinY(), s.getMaxY() - h), w, h);
            }
        }
        return b;
    }

    /** A first window: most of the screen, within a size a table-and-tree window uses well, centred. */
    static Rectangle2D fresh(Rectangle2D screen) {
        double width = clamp(screen.getWidth() * 0.85, Math.min(1280, screen.getWidth()), 1680);
        double height = clamp(screen.getHeight() * 0.85, Math.min(800, screen.getHeight()), 1050);
        return new Rectangle2D(screen.getMinX() + (screen.getWidth() - width) / 2,
                screen.getMinY() + (screen.getHeight() - height) / 2, width, height);
    }

    static String describe(Rectangle2D b) {
        return String.format(Locale.ROOT, "%.0f,%.0f,%.0f,%.0f", b.getMinX(), b.getMinY(), b.getWidth(),
                b.getHeight());
    }

    static Optional<Rectangle2D> parse(String text) {
        String[] parts = text.split(",");
        if (parts.length != 4) {
            return Optional.empty();
        }
        try {
            double x = Double.parseDouble(parts[0]);
            double y = Double.parseDouble(parts[1]);
            double w = Double.parseDouble(parts[2]);
            double h = Double.parseDouble(parts[3]);
            boolean sane = Double.isFinite(x) && Double.isFinite(y) && w >= MIN_WIDTH && h >= MIN_HEIGHT
                    && w < 100_000 && h < 100_000;
            return sane ? Optional.of(new Rectangle2D(x, y, w, h)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Whether enough of the window's title bar is on some screen to take hold of it and move the window. */
    private static boolean reachable(Rectangle2D b, List<Rectangle2D> screens) {
        for (Rectangle2D s : screens) {
            double left = Math.max(b.getMinX(), s.getMinX());
            double right = Math.min(b.getMaxX(), s.getMaxX());
            boolean titleOnScreen = b.getMinY() >= s.getMinY() - TITLE / 2 && b.getMinY() + TITLE <= s.getMaxY();
            if (right - left >= GRIP && titleOnScreen) {
                return true;
            }
        }
        return false;
    }

    private static double clamp(double v, double low, double high) {
        return Math.max(low, Math.min(high, v));
    }

    /** Puts the stage where {@link #bounds} says, before it is shown, and remembers where it is when it closes. */
    static void restore(Stage stage, ExplorerPreferences preferences) {
        List<Rectangle2D> screens = new java.util.ArrayList<>();
        screens.add(Screen.getPrimary().getVisualBounds());
        Screen.getScreens().stream().map(Screen::getVisualBounds).filter(b -> !b.equals(screens.getFirst()))
                .forEach(screens::add);
        Rectangle2D b = bounds(preferences.remembered(BOUNDS_KEY), screens);
        stage.setX(b.getMinX());
        stage.setY(b.getMinY());
        stage.setWidth(b.getWidth());
        stage.setHeight(b.getHeight());
        stage.setMaximized(preferences.remembered(MAXIMIZED_KEY).map(Boolean::parseBoolean).orElse(false));
        stage.setOnHiding(e -> remember(stage, preferences));
    }

    static void remember(Stage stage, ExplorerPreferences preferences) {
        preferences.remember(MAXIMIZED_KEY, Boolean.toString(stage.isMaximized()));
        if (!stage.isMaximized() && !stage.isIconified()) { // a maximized window keeps its earlier size to go back to
            preferences.remember(BOUNDS_KEY, describe(new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(),
                    stage.getHeight())));
        }
    }
}
