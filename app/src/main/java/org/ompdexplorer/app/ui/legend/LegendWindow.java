package org.ompdexplorer.app.ui.legend;

import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.ompdexplorer.app.ui.Theme;

/** Help → Legend: a window of its own beside the main one, so it can stay open while the user explores. */
public final class LegendWindow {
    public static final String TITLE = "OMPD Explorer — Legend";
    public static final String CLOSE_ID = "legendClose";
    private Stage stage;

    /** Shows the legend, in the owner's theme; a second call brings the open one to the front. */
    public void show(Window owner, Scene ownerScene) {
        if (stage == null) {
            stage = new Stage();
            stage.setTitle(TITLE);
            stage.initOwner(owner);
            Button close = new Button("Close");
            close.setId(CLOSE_ID);
            close.setCancelButton(true); // Esc closes the legend, as the button does
            close.setOnAction(e -> stage.hide());
            HBox bar = new HBox(close);
            bar.setAlignment(Pos.CENTER_RIGHT);
            bar.getStyleClass().add("legend-bar");
            BorderPane root = new BorderPane(new LegendView(Legends.all()));
            root.setBottom(bar);
            // the presentation zoom is the main window's root font size: the legend follows it
            root.styleProperty().bind(ownerScene.getRoot().styleProperty());
            Scene scene = new Scene(root, 900, 680);
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
