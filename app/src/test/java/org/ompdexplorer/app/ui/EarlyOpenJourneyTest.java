package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The real window, headless, started as the launcher starts it on one file: the file's load begun before the window
 * (on its own thread), taken over by the window's first open on the window's task pool.
 */
@ExtendWith(ApplicationExtension.class)
class EarlyOpenJourneyTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private FxBackgroundTasks tasks;
    private final CountedEarlyOpen counted = new CountedEarlyOpen();

    @Start
    void start(Stage stage) {
        tasks = new FxBackgroundTasks();
        vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    @Test
    void theWindowShowsTheSnapshotItsEarlyLoadMade(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path file = TestSnapshots.write(TestSnapshots.wide(4, 20_000, 1_000), dir.resolve("wide.json"));
        EarlyOpen early = counted.begin(file);

        robot.interact(() -> vm.openInitial(List.of(file), Optional.of(early)));

        explorer.waitFor(60, () -> vm.snapshotProperty().get() != null && !vm.loadingProperty().get());
        assertThat(counted.loads).hasValue(1);
        assertThat(explorer.fx(() -> vm.snapshotProperty().get())).isSameAs(counted.loaded.get());
        assertThat(explorer.fx(() -> explorer.tree().getRoot().getChildren().size())).isPositive();
        assertThat(robot.lookup("#problemBanner").query().isVisible()).isFalse();
    }

    @Test
    void aMalformedFileLoadedEarlyShowsTheSameBanner(FxRobot robot) {
        ExplorerRobot explorer = new ExplorerRobot(robot);
        Path broken = TestSnapshots.malformed(dir);
        EarlyOpen early = counted.begin(broken);

        robot.interact(() -> vm.openInitial(List.of(broken), Optional.of(early)));

        explorer.waitFor(20, () -> robot.lookup("#problemBanner").query().isVisible());
        assertThat(counted.loads).hasValue(1);
        assertThat(robot.lookup("#problemTitle").queryAs(Label.class).getText()).isEqualTo("Could not open " + broken);
        assertThat(robot.lookup("#problemMessage").queryAs(Label.class).getText()).isNotBlank();
        assertThat(explorer.fx(() -> vm.snapshotProperty().get())).isNull();
    }
}
