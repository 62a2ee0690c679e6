package org.ompdexplorer.app.ui;

import java.nio.file.Path;
import javafx.scene.Scene;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.AddressSpaceId;
import org.ompdexplorer.model.TargetRegionId;

/**
 * The screenshots of devices: the target offload lesson's second step (a target region in flight), device 0's
 * page with its mapping table, and the target region's page.
 */
final class DeviceScreenshots {
    private static final String LESSON = "target-offload";

    private DeviceScreenshots() {
    }

    static void write(MainViewModel vm, Scene scene, Path out) throws InterruptedException {
        FxDriver.onFx(() -> vm.openLesson(LESSON));
        FxDriver.waitFor("the lesson", 30, () -> vm.lesson().isActive() && !vm.loadingProperty().get()
                && LESSON.equals(vm.lesson().lessonProperty().get().name()));
        FxDriver.onFx(() -> vm.lesson().nextStep());
        FxDriver.waitFor("step 2", 30, () -> vm.lesson().stepProperty().get() == 1 && !vm.loadingProperty().get());
        FxDriver.onFx(vm::closeLesson); // the step's own snapshot stays open
        FxDriver.waitFor("the step's snapshot", 30, () -> !vm.lesson().isActive() && vm.snapshotProperty().get() != null);
        FxDriver.onFx(() -> { // the Details tab, where an earlier screenshot may have left the graph's
            javafx.scene.control.TabPane tabs = (javafx.scene.control.TabPane) scene.lookup("#detailsTabs");
            if (tabs != null) {
                tabs.getSelectionModel().select(0);
            }
        });
        ScreenshotsCommand.show(vm, scene, Target.of(new TargetRegionId(2)));
        ScreenshotsCommand.show(vm, scene, Target.of(new AddressSpaceId(1)));
        ScreenshotsCommand.write(scene, out.resolve("devices.png"));
        ScreenshotsCommand.show(vm, scene, Target.of(new TargetRegionId(2)));
        ScreenshotsCommand.write(scene, out.resolve("target-region.png"));
    }
}
