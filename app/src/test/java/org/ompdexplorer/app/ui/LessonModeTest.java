package org.ompdexplorer.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.lesson.LessonViewModel;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.EntityKind;

/** A lesson through the window's view model: steps, the diff of each later step, the timeline, closing it. */
class LessonModeTest {
    private MainViewModel vm;
    private LessonViewModel lesson;

    @BeforeEach
    void openTheStolenTaskLesson() {
        vm = new MainViewModel(new SameThreadBackgroundTasks(), ExplorerPreferences.inMemory());
        lesson = vm.lesson();
        vm.lesson().showPage();
        vm.openLesson("task-stolen");
    }

    @Test
    void theFirstStepIsItsSnapshotWithTheNarrative() {
        assertThat(lesson.pageShownProperty().get()).isFalse();
        assertThat(lesson.stepProperty().get()).isZero();
        assertThat(lesson.stepTextProperty().get()).isEqualTo("Step 1 of 3: The task is created and queued");
        assertThat(lesson.narrativeProperty().get()).contains("queued");
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(lesson.canPreviousProperty().get()).isFalse();
        assertThat(lesson.canNextProperty().get()).isTrue();
        assertThat(vm.snapshotProperty().get().snapshot().capture().label()).isEqualTo("The task is created and queued");
    }

    @Test
    void aLaterStepIsTheDiffWithTheStepBefore_andPreviousGoesBackToTheSnapshot() {
        lesson.nextStep();
        assertThat(vm.comparingProperty().get()).isTrue();
        assertThat(vm.compare().stepProperty().get()).isZero();
        assertThat(vm.compare().diffProperty().get().b().capture().label()).isEqualTo("The other thread stole the task");
        assertThat(vm.compare().diffProperty().get().counts(EntityKind.TASK).changed()).isPositive();
        assertThat(lesson.narrativeProperty().get()).contains("scheduling task");
        assertThat(vm.snapshotProperty().get().snapshot().capture().label()).as("behind the comparison: the step")
                .isEqualTo("The other thread stole the task");
        lesson.nextStep();
        assertThat(vm.compare().stepProperty().get()).isEqualTo(1);
        assertThat(vm.compare().diffProperty().get().counts(EntityKind.TASK).removed()).isEqualTo(1);
        assertThat(lesson.canNextProperty().get()).isFalse();
        lesson.previousStep();
        lesson.previousStep();
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(lesson.stepProperty().get()).isZero();
        assertThat(vm.snapshotProperty().get().snapshot().capture().label()).isEqualTo("The task is created and queued");
    }

    @Test
    void steppingWhileTheLessonsPageIsShownShowsTheStep() {
        lesson.showPage();
        lesson.nextStep(); // issue 24: F8 moved the lesson behind the page, which went on covering everything
        assertThat(lesson.pageShownProperty().get()).isFalse();
        assertThat(lesson.stepProperty().get()).isEqualTo(1);
    }

    @Test
    void theStatusBarsStepCountIsTheLessonBars() {
        lesson.nextStep();
        // issue 24: the lesson bar said "Step 2 of 3" while the status bar said "Step 1 of 2: A … → B …"
        assertThat(lesson.stepTextProperty().get()).startsWith("Step 2 of 3: ");
        assertThat(vm.compare().stepTextProperty().get()).startsWith("Step 2 of 3: A: ");
        lesson.nextStep();
        assertThat(vm.compare().stepTextProperty().get()).startsWith("Step 3 of 3: A: ");
    }

    @Test
    void compareModesTimelineMovesTheLessonToo() {
        lesson.nextStep();
        vm.compare().nextStep();
        assertThat(lesson.stepProperty().get()).isEqualTo(2);
        assertThat(lesson.stepTextProperty().get()).startsWith("Step 3 of 3: ");
    }

    @Test
    void closingTheLessonKeepsTheStepsSnapshotAndLeavesCompareMode() {
        lesson.nextStep();
        vm.closeComparison(); // the compare bar's Close during a lesson closes the lesson
        assertThat(lesson.isActive()).isFalse();
        assertThat(vm.comparingProperty().get()).isFalse();
        assertThat(vm.snapshotProperty().get().snapshot().capture().label()).isEqualTo("The other thread stole the task");
        vm.openLesson("nested-parallel");
        vm.closeLesson();
        assertThat(lesson.isActive()).isFalse();
        assertThat(vm.snapshotProperty().get().sourceName()).startsWith("bundled lesson nested-parallel, step 1");
    }

    @Test
    void anUnknownLessonIsAProblemNamingTheLessons() {
        vm.openLesson("no-such-lesson");
        assertThat(vm.problemProperty().get().message()).contains("fib-taskwait", "File → Lessons");
        assertThat(lesson.lessonProperty().get().name()).as("the open lesson stays").isEqualTo("task-stolen");
    }
}
