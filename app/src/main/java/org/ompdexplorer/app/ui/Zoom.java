package org.ompdexplorer.app.ui;

import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;

/** The presentation zoom of the window (View → Zoom In, Zoom Out, Actual Size), kept across runs. */
final class Zoom {
    /** Kept across runs: the presentation zoom. */
    static final String UI_SCALE_KEY = "view.uiScale";

    private final ReadOnlyDoubleWrapper uiScale = new ReadOnlyDoubleWrapper(this, "uiScale", UiScale.ACTUAL_SIZE);
    private final ExplorerPreferences preferences;
    private final Consumer<String> message;

    /** @param message shows a passing note in the status bar ("Zoom 150 %") */
    Zoom(ExplorerPreferences preferences, Consumer<String> message) {
        this.preferences = preferences;
        this.message = message;
        preferences.remembered(UI_SCALE_KEY).ifPresent(v -> uiScale.set(UiScale.parse(v)));
    }

    /**
     * The presentation zoom, 1 at actual size: the window scales its text by it, and so should anything drawn on
     * a canvas (the task graph's labels).
     */
    ReadOnlyDoubleProperty uiScaleProperty() {
        return uiScale.getReadOnlyProperty();
    }

    /** View → Zoom In: the next step, up to 250 %. */
    void zoomIn() {
        zoomTo(UiScale.larger(uiScale.get()));
    }

    /** View → Zoom Out: the step before, down to 100 %. */
    void zoomOut() {
        zoomTo(UiScale.smaller(uiScale.get()));
    }

    /** View → Actual Size. */
    void actualSize() {
        zoomTo(UiScale.ACTUAL_SIZE);
    }

    private void zoomTo(double scale) {
        uiScale.set(scale);
        preferences.remember(UI_SCALE_KEY, Double.toString(scale));
        message.accept("Zoom " + UiScale.percent(scale));
    }
}
