package org.ompdexplorer.app.ui.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.ompdexplorer.app.ui.Theme;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.recording.LaneKind;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The recording bar in a window, headless: a click on the timeline moves the moment there, a double click on a
 * task's interval selects the task, a lesson step marked on the axis says its label and moves to its moment, the step
 * buttons disable at the ends, both themes colour the lanes.
 */
@ExtendWith(ApplicationExtension.class)
class RecordingBarTest {
    private final List<LoadedSnapshot> shown = new ArrayList<>();
    private final List<Long> selections = new ArrayList<>();
    private RecordingViewModel vm;
    private RecordingBar bar;
    private Scene scene;
    private boolean closed;

    @Start
    void start(Stage stage) {
        vm = new RecordingViewModel(shown::add, Optional::empty);
        bar = new RecordingBar(vm, Optional::empty, selections::add, () -> closed = true);
        BorderPane root = new BorderPane();
        root.setTop(bar);
        scene = new Scene(root, 900, 500);
        Theme.install(scene, false);
        stage.setScene(scene);
        stage.show();
        vm.open(TestRecordings.opened());
    }

    private static <T> T fx(Supplier<T> work) {
        CompletableFuture<T> out = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                out.complete(work.get());
            } catch (Throwable t) {
                out.completeExceptionally(t);
            }
        });
        try {
            return out.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private TimelineCanvas timeline(FxRobot robot) {
        return robot.lookup("#" + TimelineCanvas.ID).queryAs(TimelineCanvas.class);
    }

    /** A mouse event on the timeline at ({@code x}, {@code y}) in its coordinates. */
    private static void mouse(TimelineCanvas on, javafx.event.EventType<MouseEvent> type, double x, double y, int clicks) {
        javafx.geometry.Point2D scene = on.localToScene(x, y); // an event fired at a node carries scene coordinates
        Event.fireEvent(on, new MouseEvent(type, scene.getX(), scene.getY(), scene.getX(), scene.getY(), MouseButton.PRIMARY, clicks, false, false, false, false,
                type != MouseEvent.MOUSE_RELEASED && type != MouseEvent.MOUSE_CLICKED, false, false, true, false,
                true, null));
    }

    @Test
    void aClickOnTheTimelineMovesTheMomentThere(FxRobot robot) {
        TimelineCanvas t = timeline(robot);
        long at = fx(() -> {
            TimelineGeometry geo = t.geometry();
            double x = geo.x(65); // #5 runs on T1 from 60 to 70
            mouse(t, MouseEvent.MOUSE_PRESSED, x, geo.laneTop(0) + geo.pad() + geo.run() / 2, 1);
            mouse(t, MouseEvent.MOUSE_RELEASED, x, geo.laneTop(0) + geo.pad() + geo.run() / 2, 1);
            return geo.time(x);
        });
        assertThat(at).isBetween(64L, 66L);
        assertThat(fx(() -> vm.positionProperty().get())).as("after the event at t=60, before t=70").isEqualTo(13);
        try { // the state is rebuilt at the next pulse
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> fx(() -> !shown.isEmpty()
                    && shown.getLast().sourceName().equals("two.ndjson at 60 ns")));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the moment was never shown", e);
        }
        assertThat(fx(() -> shown.getLast().sourceName())).isEqualTo("two.ndjson at 60 ns");
        assertThat(fx(() -> robot.lookup("#recordingMoment").queryLabeled().getText()))
                .endsWith("switched from task #2 (suspended) to task #5 on thread T1");
    }

    @Test
    void aDoubleClickOnATasksIntervalSelectsTheTask(FxRobot robot) {
        TimelineCanvas t = timeline(robot);
        fx(() -> {
            TimelineGeometry geo = t.geometry();
            double x = geo.x(45); // #4 runs on T2 from 40 to 50
            double y = geo.laneTop(1) + geo.pad() + geo.run() / 2;
            assertThat(t.hit(x, y)).get().extracting(h -> h.row().kind(h.index())).isEqualTo(LaneKind.EXPLICIT_TASK);
            mouse(t, MouseEvent.MOUSE_PRESSED, x, y, 2);
            mouse(t, MouseEvent.MOUSE_RELEASED, x, y, 2);
            mouse(t, MouseEvent.MOUSE_CLICKED, x, y, 2);
            return null;
        });
        assertThat(selections).containsExactly(4L);
    }

    @Test
    void aLessonStepIsAFlagOnTheAxisThatSaysItsLabelAndAClickOnItMovesToItsMoment(FxRobot robot) {
        TimelineCanvas t = timeline(robot);
        fx(() -> {
            vm.setMarks(List.of(new TimelineMark(13, 60, "Lesson step 1 of 1: #5 runs")));
            vm.setPosition(2);
            t.draw();
            return null;
        });
        double[] at = fx(() -> {
            TimelineGeometry geo = t.geometry();
            return new double[]{geo.x(60), geo.axis() - t.palette().em() * 0.3, geo.laneTop(0) + geo.pad()};
        });
        assertThat(fx(() -> t.markAt(at[0] - 2, at[1]))).map(TimelineMark::text).contains("Lesson step 1 of 1: #5 runs");
        assertThat(fx(() -> t.markAt(at[0] - 2, at[2]))).as("in a lane, not on the axis").isEmpty();
        Color flag = fx(() -> {
            WritableImage image = t.snapshot(null, null);
            return image.getPixelReader().getColor((int) Math.round(at[0]), (int) Math.round(at[1]));
        });
        Color selected = (Color) fx(() -> t.palette().selected());
        assertThat(flag.getRed()).isCloseTo(selected.getRed(), within(0.08));
        assertThat(flag.getGreen()).isCloseTo(selected.getGreen(), within(0.08));
        assertThat(flag.getBlue()).isCloseTo(selected.getBlue(), within(0.08));
        fx(() -> {
            mouse(t, MouseEvent.MOUSE_PRESSED, at[0] - 2, at[1], 1);
            mouse(t, MouseEvent.MOUSE_RELEASED, at[0] - 2, at[1], 1);
            return null;
        });
        // a click 2 px before t=60 anywhere else is before the event at 60 (position 12): the flag's is its own
        assertThat(fx(() -> vm.positionProperty().get())).as("the step's own moment").isEqualTo(13);
    }

    @Test
    void theStepButtonsDisableAtTheEnds(FxRobot robot) {
        Button previous = robot.lookup("#recordingPrevious").queryButton();
        Button start = robot.lookup("#recordingStart").queryButton();
        Button next = robot.lookup("#recordingNext").queryButton();
        Button end = robot.lookup("#recordingEnd").queryButton();
        assertThat(fx(() -> List.of(previous.isDisabled(), start.isDisabled(), next.isDisabled(), end.isDisabled())))
                .containsExactly(true, true, false, false);
        fx(() -> {
            end.fire();
            return null;
        });
        assertThat(fx(() -> List.of(previous.isDisabled(), start.isDisabled(), next.isDisabled(), end.isDisabled())))
                .containsExactly(false, false, true, true);
        fx(() -> {
            previous.fire();
            return null;
        });
        assertThat(fx(() -> vm.positionProperty().get())).isEqualTo(22);
        assertThat(fx(() -> next.isDisabled())).isFalse();
        fx(() -> {
            robot.lookup("#recordingClose").queryButton().fire();
            return null;
        });
        assertThat(closed).isTrue();
    }

    @Test
    void theLanesTakeTheirColoursFromTheTheme(FxRobot robot) {
        TimelineCanvas t = timeline(robot);
        TimelinePalette palette = fx(() -> t.palette());
        Paint light = fx(palette::background);
        Paint explicit = fx(() -> palette.kind(LaneKind.EXPLICIT_TASK));
        fx(() -> {
            Theme.apply(scene, true);
            scene.getRoot().applyCss();
            return null;
        });
        assertThat(fx(palette::background)).isNotEqualTo(light);
        assertThat(fx(() -> palette.kind(LaneKind.EXPLICIT_TASK))).isNotEqualTo(explicit).isNotEqualTo(light);
        assertThat(fx(() -> {
            t.draw();
            return t.lastDrawn();
        })).as("boxes drawn in the dark theme too").isPositive();
        assertThat(fx(() -> robot.lookup("#recordingTimeline").query().isVisible())).isTrue();
    }
}
