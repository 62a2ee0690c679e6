package org.ompdexplorer.app.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import org.ompdexplorer.resources.BundledResources;

/**
 * The task graph: the first lesson's first step as the window opens it ({@code graph.png}) and at 200 % presentation
 * zoom ({@code graph-200.png}), and every bundled lesson
 * at the step that teaches it, in compare mode with what changed since the step before marked
 * ({@code graph-<lesson>.png}); the gallery has them in the dark theme.
 */
final class GraphScreenshots {
    /** The step of each lesson whose picture says most; a lesson not listed shows its second step. */
    private static final Map<String, Integer> TEACHING_STEP = Map.of("taskgroup-flags", 3, "task-backlog", 2);

    private GraphScreenshots() {
    }

    static void write(MainViewModel vm, MainView view, Scene scene, Path out, Path gallery)
            throws IOException, InterruptedException {
        FxDriver.onFx(() -> vm.openLesson(BundledResources.DEFAULT_LESSON));
        waitForLesson(vm, BundledResources.DEFAULT_LESSON);
        FxDriver.onFx(view::showGraph);
        FxDriver.waitFor("the graph", 60, () -> vm.graph().layoutProperty().get() != null
                && !vm.graph().busyProperty().get());
        FxDriver.pulses(scene, 4);
        ScreenshotsCommand.write(scene, out.resolve("graph.png"));
        // at 200 % presentation zoom (issue 24): the fitted graph's text grows with the window's, nothing cut
        FxDriver.onFx(() -> {
            for (int i = 0; i < 10 && vm.uiScaleProperty().get() < 2 - 1e-9; i++) {
                vm.zoomIn();
            }
        });
        FxDriver.pulses(scene, 6);
        ScreenshotsCommand.write(scene, out.resolve("graph-200.png"));
        FxDriver.onFx(vm::actualSize);
        FxDriver.pulses(scene, 4);

        for (var lesson : BundledResources.lessons()) {
            String name = lesson.name();
            int step = Math.min(TEACHING_STEP.getOrDefault(name, 2), lesson.steps().size());
            FxDriver.onFx(() -> vm.openLesson(name));
            waitForLesson(vm, name);
            FxDriver.onFx(() -> vm.lesson().setStep(step - 1));
            FxDriver.waitFor(name + " step " + step, 60, () -> vm.comparingProperty().get()
                    && !vm.loadingProperty().get() && vm.compare().diffProperty().get() != null);
            FxDriver.onFx(() -> ((TabPane) scene.lookup("#compareTabs")).getSelectionModel().select(1));
            FxDriver.waitFor("the graph of " + name, 60, () -> vm.compareGraph().graph().layoutProperty().get() != null
                    && !vm.compareGraph().graph().busyProperty().get());
            FxDriver.pulses(scene, 4);
            ScreenshotsCommand.write(scene, out.resolve("graph-" + name + ".png"));
            if (gallery != null) {
                FxDriver.onFx(() -> Theme.apply(scene, true));
                FxDriver.pulses(scene, 4);
                ScreenshotsCommand.write(scene, gallery.resolve("graph-" + name + "-dark.png"));
                FxDriver.onFx(() -> Theme.apply(scene, false));
            }
        }
        FxDriver.onFx(vm::closeLesson);
    }

    private static void waitForLesson(MainViewModel vm, String name) throws InterruptedException {
        FxDriver.waitFor("the lesson " + name, 60, () -> vm.lesson().isActive() && !vm.loadingProperty().get()
                && name.equals(vm.lesson().lessonProperty().get().name()));
    }
}
