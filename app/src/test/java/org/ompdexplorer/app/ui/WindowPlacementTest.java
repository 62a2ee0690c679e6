package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** The window opens where it was left, if that is still on a screen, and otherwise suits the screen. */
@ExtendWith(ApplicationExtension.class)
class WindowPlacementTest {
    private static final Rectangle2D FULL_HD = new Rectangle2D(0, 0, 1920, 1040); // a 1080 screen less its panel
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1280, 760);
    private static final Rectangle2D RIGHT = new Rectangle2D(1920, 0, 2560, 1400);

    @Test
    void aFirstWindowTakesMostOfABigScreenCentredAndAllOfASmallOne() {
        Rectangle2D big = WindowPlacement.bounds(Optional.empty(), List.of(FULL_HD));
        assertThat(big.getWidth()).isEqualTo(1632);
        assertThat(big.getHeight()).isEqualTo(1040 * 0.85);
        assertThat(big.getMinX()).isEqualTo((1920 - 1632) / 2.0);
        Rectangle2D small = WindowPlacement.bounds(Optional.empty(), List.of(LAPTOP));
        assertThat(small).isEqualTo(LAPTOP);
        Rectangle2D huge = WindowPlacement.bounds(Optional.empty(), List.of(new Rectangle2D(0, 0, 3840, 2160)));
        assertThat(huge.getWidth()).as("no wider than a tree and a details pane use well").isEqualTo(1680);
        assertThat(huge.getHeight()).isEqualTo(1050);
    }

    @Test
    void whereItWasLeftIsWhereItOpensWhileThatIsOnAScreen() {
        Optional<String> left = Optional.of(WindowPlacement.describe(new Rectangle2D(2100, 50, 1400, 900)));
        assertThat(WindowPlacement.bounds(left, List.of(FULL_HD, RIGHT)))
                .isEqualTo(new Rectangle2D(2100, 50, 1400, 900));
        assertThat(WindowPlacement.bounds(left, List.of(FULL_HD))).as("the right-hand screen was unplugged")
                .isEqualTo(WindowPlacement.fresh(FULL_HD));
        Optional<String> mostlyOff = Optional.of("-1300,100,1400,900");
        assertThat(WindowPlacement.bounds(mostlyOff, List.of(FULL_HD))).as("100 px of its title bar still show")
                .isEqualTo(new Rectangle2D(-1300, 100, 1400, 900));
        Optional<String> titleAbove = Optional.of("100,-500,1400,900");
        assertThat(WindowPlacement.bounds(titleAbove, List.of(FULL_HD))).as("its title bar above the screen")
                .isEqualTo(WindowPlacement.fresh(FULL_HD));
    }

    @Test
    void aWindowLargerThanItsScreenNowIsMadeToFitIt() {
        Rectangle2D small = new Rectangle2D(0, 0, 1600, 1000);
        assertThat(WindowPlacement.bounds(Optional.of("144,81,1632,918"), List.of(small)))
                .as("left on a full-HD screen, opened on a smaller one").isEqualTo(new Rectangle2D(0, 81, 1600, 918));
        assertThat(WindowPlacement.bounds(Optional.of("900,50,800,600"), List.of(small)))
                .as("a window that fits stays where it was left, partly off the screen")
                .isEqualTo(new Rectangle2D(900, 50, 800, 600));
    }

    @Test
    void aDamagedOrAbsurdRememberedPlaceIsIgnored() {
        for (String bad : List.of("", "1,2,3", "a,b,c,d", "0,0,10,10", "0,0,NaN,900", "0,0,1e9,900", "0,0,800,")) {
            assertThat(WindowPlacement.bounds(Optional.of(bad), List.of(FULL_HD))).as(bad)
                    .isEqualTo(WindowPlacement.fresh(FULL_HD));
        }
    }

    @Test
    void closingTheWindowRemembersItsPlaceAndTheNextWindowOpensThere(FxRobot robot) throws Exception {
        ExplorerPreferences preferences = ExplorerPreferences.inMemory();
        preferences.remember(WindowPlacement.BOUNDS_KEY, "10,20,900,600");
        Stage first = org.testfx.util.WaitForAsyncUtils.asyncFx(() -> new Stage()).get();
        robot.interact(() -> {
            first.setScene(new javafx.scene.Scene(new javafx.scene.layout.Pane()));
            WindowPlacement.restore(first, preferences);
            first.show();
        });
        assertThat(new Rectangle2D(first.getX(), first.getY(), first.getWidth(), first.getHeight()))
                .isEqualTo(new Rectangle2D(10, 20, 900, 600));
        robot.interact(() -> {
            first.setX(30);
            first.setWidth(950);
            first.close();
        });
        assertThat(preferences.remembered(WindowPlacement.BOUNDS_KEY)).contains("30,20,950,600");
        assertThat(preferences.remembered(WindowPlacement.MAXIMIZED_KEY)).contains("false");
    }
}
