package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A reader of a snapshot with devices, in a 1000 px window, at actual size and at the 200 % presentation zoom:
 * every page (devices, the process, threads, regions, tasks, target regions, the snapshot's own pages) shows every
 * table cell and label whole, every column of every table can be scrolled to, and a table of a few rows shows them
 * all (issue 24 item 7: the present table cut "to device" and could not reach "from device").
 */
@ExtendWith(ApplicationExtension.class)
class DetailsFitJourneyTest {
    /** Pages of each kind visited: the first few, enough to meet every kind of table. */
    private static final int PER_KIND = 3;
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @Test
    void theOffloadLessonsPagesAreReadableInFullAt1000PxAndAt200Percent(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        robot.interact(() -> vm.openLesson("target-offload"));
        explorer.waitFor(30, () -> vm.lesson().isActive() && !vm.loadingProperty().get());
        robot.interact(() -> vm.lesson().nextStep()); // a target region in flight, devices with mappings
        explorer.waitFor(30, () -> vm.lesson().stepProperty().get() == 1 && !vm.loadingProperty().get());
        robot.interact(vm::closeLesson); // the step's own snapshot stays open
        explorer.waitFor(30, () -> !vm.lesson().isActive() && vm.snapshotProperty().get() != null
                && !vm.loadingProperty().get());
        assertReadable(robot, explorer);
    }

    @Test
    void aSnapshotWithTwoDevicesIsReadableInFullAt1000PxAndAt200Percent(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path golden = Path.of("..", "importers", "src", "test", "resources", "golden", "snapshots",
                "offload-two-devices.json").toAbsolutePath().normalize();
        robot.interact(() -> vm.open(golden));
        explorer.waitFor(30, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get());
        assertReadable(robot, explorer);
    }

    private void assertReadable(FxRobot robot, ExplorerRobot explorer) {
        Snapshot snapshot = explorer.fx(() -> vm.snapshotProperty().get().snapshot());
        assertThat(snapshot.devices()).as("a snapshot with devices").isNotEmpty();
        List<Target> pages = Stream.of(
                snapshot.addressSpaces().stream().map(s -> Target.of(s.id())),
                snapshot.targetRegions().stream().limit(PER_KIND * 2).map(r -> Target.of(r.id())),
                snapshot.threads().stream().limit(PER_KIND).map(t -> Target.of(t.id())),
                snapshot.parallelRegions().stream().limit(PER_KIND).map(r -> Target.of(r.id())),
                snapshot.tasks().stream().limit(PER_KIND).map(t -> Target.of(t.id())),
                Stream.of(SnapshotPage.values()).map(Target::of)).flatMap(s -> s).toList();
        DetailsFit fit = new DetailsFit(robot);
        List<String> problems = new ArrayList<>();
        explorer.keepingStageBounds(stage, () -> {
            robot.interact(() -> {
                stage.setX(0);
                stage.setY(0);
                stage.setWidth(1000);
                stage.setHeight(900);
            });
            // at 200 % with the effective ICVs, whose table adds the "from" column: each of its rows is one of a
            // page's own ICVs or an inherited one, so it needs at least the widths the own ICVs need
            for (double zoom : new double[] {1.0, 2.0}) {
                while (explorer.fx(() -> vm.uiScaleProperty().get()) < zoom) {
                    robot.interact(vm::zoomIn);
                }
                robot.interact(() -> vm.details().effectiveIcvsProperty().set(zoom > 1));
                for (Target page : pages) {
                    robot.interact(() -> vm.navigate(page));
                    explorer.waitFor(10, () -> vm.details().pageProperty().get() != null
                            && vm.details().pageProperty().get().target().equals(page));
                    WaitForAsyncUtils.waitForFxEvents();
                    problems.addAll(fit.unreadable(UiScale.percent(zoom) + (zoom > 1 ? " effective ICVs " : " ")
                            + page.key()));
                }
            }
            robot.interact(vm::actualSize);
            robot.interact(() -> vm.details().effectiveIcvsProperty().set(false));
        });
        assertThat(problems).as("cut or out of reach on the details pages").isEmpty();
    }
}
