package org.ompdexplorer.app.ui.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.recording.RunLanes;

/** Moving through a recording: each step command, its bounds, the selected task's steps, coalesced rebuilds, zoom. */
class RecordingViewModelTest {
    private final List<LoadedSnapshot> shown = new ArrayList<>();
    private final List<Runnable> pulse = new ArrayList<>();
    private Optional<Long> selected = Optional.empty();
    private RecordingViewModel vm;

    @BeforeEach
    void open() {
        vm = new RecordingViewModel(shown::add, () -> selected, pulse::add);
        vm.open(TestRecordings.opened());
        pulse();
    }

    /** Runs what was asked for the next pulse, as the FX thread would. */
    private void pulse() {
        List<Runnable> due = new ArrayList<>(pulse);
        pulse.clear();
        due.forEach(Runnable::run);
    }

    private LoadedSnapshot last() {
        return shown.getLast();
    }

    @Test
    void aRecordingOpensAtItsStartWithTheWholeRunInView() {
        assertThat(vm.positionProperty().get()).isZero();
        assertThat(vm.momentTextProperty().get()).isEqualTo("0 ns of 100 ns · before the first of 23 events");
        assertThat(vm.canPreviousProperty().get()).isFalse();
        assertThat(vm.canNextProperty().get()).isTrue();
        assertThat(vm.viewProperty().get()).isEqualTo(new RunLanes.Span(0, 100));
        assertThat(shown).hasSize(1);
        assertThat(last().sourceName()).isEqualTo("two.ndjson at 0 ns");
        assertThat(last().snapshot().tasks()).isEmpty();
    }

    @Test
    void eachStepCommandMovesWithinTheRecordingAndSaysTheEventInWords() {
        vm.nextEvent();
        assertThat(vm.positionProperty().get()).isEqualTo(1);
        assertThat(vm.momentTextProperty().get()).isEqualTo("0 ns of 100 ns · event 1 of 23: thread T1 began (initial)");
        vm.setPosition(7);
        assertThat(vm.timeProperty().get()).isEqualTo(20);
        assertThat(vm.momentTextProperty().get())
                .isEqualTo("20 ns of 100 ns · event 7 of 23: task #4 created by task #2 on thread T1");
        vm.previousEvent();
        assertThat(vm.positionProperty().get()).isEqualTo(6);
        vm.end();
        assertThat(vm.positionProperty().get()).isEqualTo(23);
        assertThat(vm.canNextProperty().get()).isFalse();
        vm.nextEvent();
        assertThat(vm.positionProperty().get()).as("no step past the end").isEqualTo(23);
        vm.start();
        assertThat(vm.positionProperty().get()).isZero();
        vm.previousEvent();
        assertThat(vm.positionProperty().get()).as("no step before the start").isZero();
        vm.setPosition(1000);
        assertThat(vm.positionProperty().get()).isEqualTo(23);
        vm.setTime(45);
        assertThat(vm.positionProperty().get()).as("after every event up to t=45").isEqualTo(11);
        assertThat(vm.momentTextProperty().get()).endsWith("switched from task #3 (suspended) to task #4 on thread T2");
    }

    @Test
    void movesBeforeAPulseAreRebuiltOnceAtTheLastPosition() {
        shown.clear();
        for (int p = 1; p <= 20; p++) {
            vm.setPosition(p);
        }
        assertThat(pulse).as("one rebuild asked for the whole scrub").hasSize(1);
        assertThat(shown).isEmpty();
        pulse();
        assertThat(shown).hasSize(1);
        assertThat(vm.rebuilds()).isEqualTo(2); // the opening's and the scrub's
        assertThat(last().sourceName()).isEqualTo("two.ndjson at 91 ns");
        assertThat(last().snapshot().index().task(new TaskId(4))).as("#4 completed and nothing holds it").isEmpty();
        vm.setPosition(12);
        vm.setPosition(20); // back where the state shown is: nothing to rebuild
        pulse();
        assertThat(shown).hasSize(1);
    }

    @Test
    void theSelectedTasksStepsGoToItsEventsAndStopAtItsLast() {
        vm.nextEventOfTask();
        assertThat(vm.positionProperty().get()).as("nothing selected: no step").isZero();
        assertThat(vm.canNextOfTaskProperty().get()).isFalse();
        selected = Optional.of(4L);
        vm.selectionChanged();
        assertThat(vm.canNextOfTaskProperty().get()).isTrue();
        assertThat(vm.canPreviousOfTaskProperty().get()).isFalse();
        vm.nextEventOfTask();
        assertThat(vm.positionProperty().get()).as("#4 created").isEqualTo(7);
        vm.nextEventOfTask();
        assertThat(vm.positionProperty().get()).as("#4 runs").isEqualTo(11);
        vm.nextEventOfTask();
        assertThat(vm.positionProperty().get()).as("#4 completes").isEqualTo(12);
        pulse();
        assertThat(vm.canNextOfTaskProperty().get()).isFalse();
        assertThat(vm.canPreviousOfTaskProperty().get()).isTrue();
        vm.nextEventOfTask();
        assertThat(vm.positionProperty().get()).isEqualTo(12);
        vm.previousEventOfTask();
        assertThat(vm.positionProperty().get()).isEqualTo(11);
        vm.previousEventOfTask();
        assertThat(vm.positionProperty().get()).isEqualTo(7);
    }

    @Test
    void synchronizationStepsGoToSyncRegionsAndWaits() {
        vm.nextSynchronization();
        assertThat(vm.positionProperty().get()).isEqualTo(9);
        assertThat(vm.momentTextProperty().get()).endsWith("task #2 entered a taskwait on thread T1");
        vm.nextSynchronization();
        assertThat(vm.positionProperty().get()).isEqualTo(10);
        vm.setPosition(17);
        vm.previousSynchronization();
        assertThat(vm.positionProperty().get()).isEqualTo(16);
        vm.end();
        pulse();
        assertThat(vm.canNextSynchronizationProperty().get()).isFalse();
        assertThat(vm.canPreviousSynchronizationProperty().get()).isTrue();
        vm.previousSynchronization();
        assertThat(vm.positionProperty().get()).isEqualTo(20);
        assertThat(vm.momentTextProperty().get()).endsWith("task #3 left an implicit barrier on thread T2");
    }

    @Test
    void theTimelineZoomsAboutTheMomentFitsAndShowsTheSelectedTasksLife() {
        vm.setPosition(13); // t=60
        vm.zoomIn();
        assertThat(vm.viewProperty().get()).isEqualTo(new RunLanes.Span(30, 80));
        vm.zoomIn();
        assertThat(vm.viewProperty().get()).isEqualTo(new RunLanes.Span(45, 70));
        vm.zoomOut();
        assertThat(vm.viewProperty().get()).isEqualTo(new RunLanes.Span(30, 80));
        vm.fit();
        assertThat(vm.viewProperty().get()).isEqualTo(new RunLanes.Span(0, 100));
        selected = Optional.of(5L);
        vm.zoomToSelectedTask();
        RunLanes.Span life = vm.viewProperty().get();
        assertThat(life.start()).isLessThanOrEqualTo(60).isGreaterThan(50);
        assertThat(life.end()).isGreaterThanOrEqualTo(70).isLessThan(80);
        vm.start();
        assertThat(vm.viewProperty().get().start()).as("a step keeps the moment in view").isZero();
    }

    @Test
    void withoutAnFxThreadTheMomentIsShownAtOnce() {
        List<LoadedSnapshot> seen = new ArrayList<>();
        RecordingViewModel plain = new RecordingViewModel(seen::add, Optional::empty); // as the window's, no toolkit
        plain.open(TestRecordings.opened());
        plain.setPosition(7);
        assertThat(seen).extracting(LoadedSnapshot::sourceName).containsExactly("two.ndjson at 0 ns",
                "two.ndjson at 20 ns");
    }

    @Test
    void closingForgetsTheRecording() {
        vm.setPosition(5);
        vm.close();
        pulse();
        assertThat(vm.recordingProperty().get()).isNull();
        assertThat(vm.momentTextProperty().get()).isEmpty();
        assertThat(vm.canNextProperty().get()).isFalse();
        vm.nextEvent();
        assertThat(vm.positionProperty().get()).isZero();
    }
}
