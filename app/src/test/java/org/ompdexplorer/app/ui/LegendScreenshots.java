package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.ompdexplorer.app.ui.legend.LegendWindow;

/** Help → Legend as it opens beside the window, in the light theme: every mark in both themes, named and explained. */
final class LegendScreenshots {
    private LegendScreenshots() {
    }

    static void write(Scene owner, Path out) throws InterruptedException {
        LegendWindow legend = new LegendWindow();
        FxDriver.onFx(() -> legend.show(owner.getWindow(), owner));
        Stage stage = legend.stage().orElseThrow();
        FxDriver.onFx(() -> {
            stage.setWidth(900);
            stage.setHeight(900);
        });
        Scene scene = FxDriver.onFx(stage::getScene);
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("legend.png"));
        FxDriver.onFx(stage::close);
    }
}
