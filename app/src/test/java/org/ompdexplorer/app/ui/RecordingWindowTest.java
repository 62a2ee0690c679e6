package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.recording.TimelineMark;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.recording.RecordingLesson;

/**
 * A recording through the window's view model: opened at its busiest moment, other moments shown keeping the
 * selection, a lesson made of it, saved, and opened again as a lesson with the lesson bar.
 */
class RecordingWindowTest {
    @TempDir
    Path dir;
    private MainViewModel vm;
    private Path recording;

    @BeforeEach
    void openTheRecording() throws Exception {
        recording = dir.resolve("deps.ndjson");
        try (InputStream in = RecordingWindowTest.class.getResourceAsStream("deps.ndjson")) {
            Files.copy(in, recording);
        }
        vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        vm.open(recording);
    }

    @Test
    void aRecordingOpensAtTheMomentTheMostTasksWereAlive() {
        assertThat(vm.problemProperty().get()).isNull();
        org.ompdexplorer.app.ui.recording.OpenedRecording open = vm.recordingProperty().get();
        assertThat(open).isNotNull();
        assertThat(open.recording().size()).isEqualTo(29);
        assertThat(open.openingPosition()).as("after task 5 is created: 2 explicit tasks alive").isEqualTo(8);
        assertThat(vm.snapshotProperty().get().sourceName()).isEqualTo("deps.ndjson at 11 ns");
        assertThat(vm.snapshotProperty().get().snapshot().index().task(new TaskId(5)).orElseThrow().lifecycle())
                .contains(TaskLifecycle.QUEUED);
        assertThat(vm.titleProperty().get()).endsWith("deps.ndjson at 11 ns");
        assertThat(vm.recentFiles()).containsExactly(recording);
    }

    @Test
    void theTimelineStartsAtTheMomentShownAndItsStepsMoveTheExplorer() {
        assertThat(vm.timeline().positionProperty().get()).isEqualTo(8);
        vm.navigate(Target.of(new TaskId(5)));
        vm.timeline().nextEventOfTask(); // task 5's next event: its dependence on task 4 (the 9th event)
        assertThat(vm.timeline().positionProperty().get()).isEqualTo(9);
        vm.timeline().nextEventOfTask(); // then it begins on thread 2 (the 16th)
        assertThat(vm.timeline().positionProperty().get()).isEqualTo(16);
        assertThat(vm.snapshotProperty().get().sourceName()).isEqualTo("deps.ndjson at 41 ns");
        assertThat(vm.snapshotProperty().get().snapshot().index().task(new TaskId(5)).orElseThrow().lifecycle())
                .contains(TaskLifecycle.RUNNING);
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(new TaskId(5)));
        vm.timeline().nextEvent();
        assertThat(vm.snapshotProperty().get().snapshot().index().task(new TaskId(5))).isEmpty();
        vm.addLessonStep("task 5 done", "");
        assertThat(vm.lessonDraftProperty().get().steps()).extracting(RecordingLesson.Step::position)
                .containsExactly(17);
        vm.closeRecording();
        assertThat(vm.timeline().recordingProperty().get()).isNull();
        assertThat(vm.lessonDraftProperty().get()).isNull();
        assertThat(vm.snapshotProperty().get().sourceName()).as("the moment shown stays").isEqualTo(
                "deps.ndjson at 45 ns");
    }

    @Test
    void aRecordingOrLessonNamedOnTheCommandLineIsNotLoadedEarlyAsASnapshot() {
        EarlyOpen.begin(java.util.List.of(recording));
        assertThat(EarlyOpen.take()).as("a launch begins no snapshot load for a recording").isEmpty();
        MainViewModel launched = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        launched.openInitial(java.util.List.of(recording), java.util.Optional.empty());
        assertThat(launched.problemProperty().get()).isNull();
        assertThat(launched.recordingProperty().get()).isNotNull();
    }

    @Test
    void anotherMomentKeepsTheSelectionEvenWhereTheTaskIsNotAlive() {
        vm.navigate(Target.of(new TaskId(5)));
        org.ompdexplorer.app.ui.recording.OpenedRecording open = vm.recordingProperty().get();
        vm.showMoment(open.moment(17)); // task 5 ran, and completed at the 17th event
        assertThat(vm.selectionProperty().get()).isEqualTo(Target.of(new TaskId(5)));
        assertThat(vm.snapshotProperty().get().snapshot().index().task(new TaskId(5))).isEmpty();
        vm.showMoment(open.moment(16));
        assertThat(vm.snapshotProperty().get().snapshot().index().task(new TaskId(5)).orElseThrow().lifecycle())
                .contains(TaskLifecycle.RUNNING);
        assertThat(vm.history().canGoBackProperty().get()).as("the history stays").isTrue();
    }

    @Test
    void theTaskGraphShowsTheWholeRunWhenAskedAndTheMomentAgainAfter() {
        vm.showMoment(vm.recordingProperty().get().moment(29)); // the end: every task completed
        assertThat(vm.graph().snapshotProperty().get().snapshot().tasks()).noneMatch(t -> t.id().value() == 4);
        vm.wholeRunGraphProperty().set(true);
        assertThat(vm.graph().snapshotProperty().get().sourceName()).isEqualTo("deps.ndjson, the whole run");
        assertThat(vm.graph().snapshotProperty().get().snapshot().tasks()).extracting(t -> t.id().value())
                .containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L);
        assertThat(vm.snapshotProperty().get().sourceName()).as("the explorer stays at the moment")
                .isEqualTo("deps.ndjson at 70 ns");
        vm.wholeRunGraphProperty().set(false);
        assertThat(vm.graph().snapshotProperty().get()).isSameAs(vm.snapshotProperty().get());
        vm.wholeRunGraphProperty().set(true);
        vm.closeRecording();
        assertThat(vm.wholeRunGraphProperty().get()).isFalse();
        assertThat(vm.graph().snapshotProperty().get()).isSameAs(vm.snapshotProperty().get());
    }

    @Test
    void theStepsOfTheLessonBeingMadeAreMarkedOnTheTimelineAndAStepHereIsEditedOrRemoved() {
        vm.addLessonStep(14, "task 4 runs", "Thread 1 took task 4.");
        vm.addLessonStep(8, "two tasks queued", "");
        assertThat(vm.timeline().marksProperty().get()).extracting(TimelineMark::position, TimelineMark::text)
                .containsExactly(tuple(8, "Lesson step 1 of 2: two tasks queued"),
                        tuple(14, "Lesson step 2 of 2: task 4 runs"));
        long at14 = vm.recordingProperty().get().recording().time(13);
        assertThat(vm.timeline().marksProperty().get().get(1).time()).isEqualTo(at14);

        vm.timeline().setPosition(14);
        assertThat(vm.lessonStepHere()).map(RecordingLesson.Step::label).contains("task 4 runs");
        vm.addLessonStep("task 4 runs on thread 1", "Thread 1 took task 4 at its taskwait.");
        assertThat(vm.messageProperty().get()).startsWith("Lesson step 2 of 2 changed");
        assertThat(vm.lessonDraftProperty().get().steps()).extracting(RecordingLesson.Step::label)
                .containsExactly("two tasks queued", "task 4 runs on thread 1");

        vm.timeline().nextEvent();
        assertThat(vm.lessonStepHere()).as("no step at event 15").isEmpty();
        vm.removeLessonStepHere();
        assertThat(vm.lessonDraftProperty().get().steps()).hasSize(2);
        vm.timeline().setPosition(8);
        vm.removeLessonStepHere();
        assertThat(vm.messageProperty().get()).isEqualTo("Lesson step \"two tasks queued\" removed: 1 step left");
        assertThat(vm.timeline().marksProperty().get()).extracting(TimelineMark::text)
                .containsExactly("Lesson step 1 of 1: task 4 runs on thread 1");
        vm.timeline().setPosition(14);
        vm.removeLessonStepHere();
        assertThat(vm.lessonDraftProperty().get()).as("the last step gone, no lesson is being made").isNull();
        assertThat(vm.timeline().marksProperty().get()).isEmpty();
    }

    @Test
    void aLessonMadeOfTheRecordingIsSavedBesideItAndTaughtWithTheLessonBar() throws Exception {
        vm.addLessonStep(14, "task 4 runs", "Thread 1 took task 4 at its taskwait.");
        vm.addLessonStep(8, "two tasks queued", "Task 5 waits for task 4: in its depend clause.");
        assertThat(vm.lessonDraftProperty().get().steps()).extracting(RecordingLesson.Step::position)
                .containsExactly(8, 14);
        Path lessonFile = dir.resolve("deps.lesson.json");
        vm.saveLesson(lessonFile, "Dependences as they ran", "When does task 5 start?", "");
        assertThat(Files.readString(lessonFile)).contains("\"recording\" : \"deps.ndjson\"");
        assertThat(vm.messageProperty().get()).contains("Saved the lesson");

        MainViewModel again = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        again.open(lessonFile);
        assertThat(again.problemProperty().get()).isNull();
        assertThat(again.lesson().isActive()).isTrue();
        assertThat(again.lesson().stepTextProperty().get()).isEqualTo("Step 1 of 2: two tasks queued");
        assertThat(again.recordingProperty().get()).isNotNull();
        assertThat(again.snapshotProperty().get().snapshot().tasks()).hasSize(5);
        assertThat(again.timeline().positionProperty().get()).isEqualTo(8);
        again.lesson().nextStep();
        assertThat(again.comparingProperty().get()).as("a later step is the diff with the step before").isTrue();
        assertThat(again.timeline().positionProperty().get()).as("the timeline's cursor follows").isEqualTo(14);
        assertThat(again.lesson().isActive()).isTrue();
        assertThat(again.lesson().narrativeProperty().get()).contains("taskwait");
        again.timeline().setPosition(8); // a step's flag or menu item while teaching: that step, with the lesson bar
        assertThat(again.lesson().isActive()).isTrue();
        assertThat(again.lesson().stepTextProperty().get()).isEqualTo("Step 1 of 2: two tasks queued");
        again.timeline().setPosition(14);
        assertThat(again.lesson().stepTextProperty().get()).isEqualTo("Step 2 of 2: task 4 runs");
        again.timeline().nextEvent();
        assertThat(again.lesson().isActive()).as("moving the timeline leaves the lesson").isFalse();
        assertThat(again.comparingProperty().get()).isFalse();
        assertThat(again.snapshotProperty().get().sourceName()).startsWith("deps.ndjson at ");

        MainViewModel editing = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        editing.open(lessonFile);
        assertThat(editing.lesson().isActive()).isTrue();
        editing.addLessonStep("two tasks queued, one blocked", ""); // at step 1's moment: edits it
        assertThat(editing.lesson().isActive()).as("an edit ends the teaching").isFalse();
        assertThat(editing.lessonDraftProperty().get().steps()).extracting(RecordingLesson.Step::label)
                .containsExactly("two tasks queued, one blocked", "task 4 runs");
        assertThat(editing.lessonDraftProperty().get().title()).isEqualTo("Dependences as they ran");
    }

    @Test
    void aLessonWhoseRecordingIsMissingSaysWhereItLookedAndWhatStaysOpen() throws Exception {
        Path lessonFile = dir.resolve("gone.lesson.json");
        Files.writeString(lessonFile, "{\"format\": \"ompd-explorer-lesson\", \"version\": \"1.0\", \"recording\": "
                + "\"elsewhere.ndjson\", \"steps\": [{\"event\": 3}]}");
        String shown = vm.snapshotProperty().get().sourceName();
        vm.open(lessonFile);
        assertThat(vm.problemProperty().get().title()).contains("gone.lesson.json");
        assertThat(vm.problemProperty().get().message()).contains("elsewhere.ndjson").contains("beside the lesson");
        assertThat(vm.snapshotProperty().get().sourceName()).isEqualTo(shown);
        assertThat(Files.readString(lessonFile)).contains("elsewhere.ndjson");
    }

    @Test
    void aLessonPastTheRecordingsEndIsRefused() throws Exception {
        Path lessonFile = dir.resolve("long.lesson.json");
        Files.writeString(lessonFile, "{\"format\": \"ompd-explorer-lesson\", \"recording\": \"deps.ndjson\", "
                + "\"steps\": [{\"event\": 3}, {\"event\": 900}]}");
        vm.open(lessonFile);
        assertThat(vm.problemProperty().get().message()).contains("step 2 is at event 900")
                .contains("has 29 events");
    }

    @Test
    void openingASnapshotFileClosesTheRecording() throws Exception {
        Path other = dir.resolve("s.json");
        try (InputStream in = org.ompdexplorer.resources.BundledResources.openLesson(
                org.ompdexplorer.resources.BundledResources.DEFAULT_LESSON)) {
            Files.copy(in, other);
        }
        vm.open(other);
        assertThat(vm.recordingProperty().get()).isNull();
        assertThat(vm.snapshotProperty().get().path()).contains(other);
    }
}
