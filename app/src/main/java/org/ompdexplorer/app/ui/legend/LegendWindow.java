package org.ompdexplorer.app.ui.legend;

import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.ompdexplorer.app.ui.Theme;

/** Help → Legend: a window of its own beside the main one, so it can stay open while the user explores. */
public final class LegendWindow {
    public static final String TITLE = "OMPD Explorer — Legend";
    private Stage stage;

    /** Shows the legend, in the owner's theme; a second call brings the open one to the front. */
    public void show(Window owner, Scene ownerScene) {
        if (stage == null) {
            stage = new Stage();
            stage.setTitle(TITLE);
            stage.initOwner(owner);
            Scene scene = new Scene(new LegendView(Legends.all()), 760, 640);
            scene.getStylesheets().setAll(ownerScene.getStylesheets());
            stage.setScene(scene);
        }
        Theme.apply(stage.getScene(), Theme.isDark(ownerScene));
        stage.show();
        stage.toFront();
    }

    /** Follows the window's theme when the user switches it. */
    public void applyTheme(boolean dark) {
        if (stage != null) {
            Theme.apply(stage.getScene(), dark);
        }
    }

    /** The legend's window once shown, for tests. */
    public java.util.Optional<Stage> stage() {
        return java.util.Optional.ofNullable(stage);
    }
}
