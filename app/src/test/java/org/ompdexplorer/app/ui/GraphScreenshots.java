package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Scene;
import org.ompdexplorer.resources.BundledResources;

/** The task graph of every bundled lesson, for the README (light) and the gallery (dark). */
final class GraphScreenshots {
    private GraphScreenshots() {
    }

    static void write(MainViewModel vm, MainView view, Scene scene, Path out, Path gallery)
            throws IOException, InterruptedException {
        FxDriver.onFx(view::showGraph);
        for (String lesson : BundledResources.lessonNames()) {
            FxDriver.onFx(() -> vm.openLesson(lesson));
            FxDriver.waitFor("the graph of " + lesson, 60, () -> vm.snapshotProperty().get() != null
                    && vm.snapshotProperty().get().sourceName().contains(lesson)
                    && vm.graph().layoutProperty().get() != null && !vm.graph().busyProperty().get());
            FxDriver.pulses(scene, 4);
            ScreenshotsCommand.write(scene, out.resolve("graph-" + lesson + ".png"));
            if (gallery != null) {
                FxDriver.onFx(() -> Theme.apply(scene, true));
                FxDriver.onFx(view::showGraph);
                FxDriver.pulses(scene, 4);
                ScreenshotsCommand.write(scene, gallery.resolve("graph-" + lesson + "-dark.png"));
                FxDriver.onFx(() -> Theme.apply(scene, false));
            }
        }
    }
}
