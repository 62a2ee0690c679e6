package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.scene.Scene;

/** The screenshots of lessons: the Lessons page, and a lesson at its second step (the diff with the first). */
final class LessonScreenshots {
    private LessonScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws InterruptedException {
        FxDriver.onFx(() -> vm.lesson().showPage());
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("lessons-page.png"));
        FxDriver.onFx(() -> vm.openLesson("task-stolen"));
        FxDriver.waitFor("the lesson", 30, () -> vm.lesson().isActive() && !vm.loadingProperty().get()
                && "task-stolen".equals(vm.lesson().lessonProperty().get().name()));
        FxDriver.onFx(() -> {
            vm.lesson().nextStep();
            vm.compare().nextChange(); // the stolen task, side by side: its lifecycle, thread and scheduling task
        });
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("lesson-step.png"));
        FxDriver.onFx(vm::closeLesson);
    }
}
