package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.task.FxBackgroundTasks;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** What the themes show, headless: the chosen grouping reads as chosen in both. */
@ExtendWith(ApplicationExtension.class)
class ThemeJourneyTest {
    private static final Color ACCENT_LIGHT = Color.web("#0969da");
    private static final Color ACCENT_DARK = Color.web("#1f6feb");
    private FxBackgroundTasks tasks;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        tasks = new FxBackgroundTasks();
        MainViewModel vm = new MainViewModel(tasks, ExplorerPreferences.inMemory());
        ExplorerApp.show(stage, vm);
        vm.openBundledLesson();
    }

    @Stop
    void stop() {
        tasks.shutdown();
    }

    private static Color fill(FxRobot robot, String id) {
        ToggleButton b = robot.lookup("#" + id).queryAs(ToggleButton.class);
        java.util.List<BackgroundFill> fills = b.getBackground().getFills();
        return (Color) fills.getLast().getFill();
    }

    @Test
    void theChosenGroupingIsFilledWithTheAccentAndTheOtherIsNotInBothThemes(FxRobot robot) {
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Theme.apply(stage.getScene(), dark));
            robot.interact(() -> stage.getScene().getRoot().applyCss());
            Color accent = dark ? ACCENT_DARK : ACCENT_LIGHT;
            assertThat(fill(robot, "groupByStructure")).as("chosen, dark=" + dark).isEqualTo(accent);
            assertThat(fill(robot, "groupByThread")).as("not chosen, dark=" + dark).isNotEqualTo(accent);
            Color other = fill(robot, "groupByThread");
            double distance = Math.sqrt(Math.pow(other.getRed() - accent.getRed(), 2)
                    + Math.pow(other.getGreen() - accent.getGreen(), 2) + Math.pow(other.getBlue() - accent.getBlue(), 2));
            assertThat(distance).as("the other one is plainly not the accent, dark=" + dark).isGreaterThan(0.5);
        }
    }
}
