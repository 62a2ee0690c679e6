package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;

/**
 * The screenshots of call stacks, on a snapshot with stacks built in code ({@link StackSnapshots}) until a lesson
 * has them: a thread's page with its stack in task segments (one fold opened), and the Parallel Stacks view.
 */
final class StacksScreenshots {
    private StacksScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws InterruptedException {
        LoadedSnapshot stacks = StackSnapshots.of("/build/prog/prog.c");
        FxDriver.onFx(() -> vm.show(stacks));
        FxDriver.waitFor("the stacks snapshot", 30, () -> vm.snapshotProperty().get() == stacks);
        FxDriver.onFx(() -> ((TabPane) scene.lookup("#detailsTabs")).getSelectionModel().select(0));
        ScreenshotsCommand.show(vm, scene, Target.of(stacks.snapshot().threads().get(4).id()));
        FxDriver.onFx(() -> {
            scene.lookup("#callStack").requestFocus();
            javafx.scene.Node fold = scene.lookup(".stack-fold");
            if (fold instanceof javafx.scene.control.Button b) {
                b.fire();
            }
        });
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("thread-stack.png"));
        FxDriver.onFx(() -> ((TabPane) scene.lookup("#detailsTabs")).getSelectionModel()
                .select(((TabPane) scene.lookup("#detailsTabs")).getTabs().stream()
                        .filter(t -> "stacksTab".equals(t.getId())).findFirst().orElseThrow()));
        FxDriver.waitFor("the parallel stacks", 30, () -> scene.lookup(".stacks-block") != null);
        FxDriver.pulses(scene, 3);
        ScreenshotsCommand.write(scene, out.resolve("parallel-stacks.png"));
        FxDriver.onFx(() -> ((TabPane) scene.lookup("#detailsTabs")).getSelectionModel().select(0));
    }
}
