package org.ompdexplorer.model.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Dependence;
import org.ompdexplorer.model.DependenceType;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;

/** The state rebuilt at a moment of a recording is the snapshot the agent would have written then. */
class StateAtTest {
    private static final RecordingHeader HEADER = new RecordingHeader("1.0", CaptureInfo.of(CaptureSource.OMPT_AGENT),
            RuntimeInfo.UNKNOWN, 0);

    /** Two threads; task 4 and task 5 (5 depends on 4) created by thread 1's implicit task, run, waited for. */
    static Recording twoThreads() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        b.parallelBegin(10, 1, 1, 1, 2, 0x401000);
        b.implicitBegin(11, 1, 2, 1, 0, 2, false);
        b.threadBegin(12, 2, "worker");
        b.implicitBegin(13, 2, 3, 1, 1, 2, false);
        b.taskCreate(20, 1, 4, 2, 0x401100, List.of("explicit", "untied"),
                List.of(new Dependence(DependenceType.OUT, 0x7ff0)));
        b.taskCreate(21, 1, 5, 2, 0x401200, List.of("explicit"), List.of(new Dependence(DependenceType.IN, 0x7ff0)));
        b.taskDependence(21, 1, 4, 5);
        b.sync(30, 1, EventKind.SYNC_BEGIN, "taskwait", 2, 0x401300);
        b.sync(31, 1, EventKind.WAIT_BEGIN, "taskwait", 2, 0x401300);
        b.schedule(40, 2, 3, "switch", 4); // t=40: 4 runs on thread 2, 5 blocked, 2 waits at the taskwait
        b.schedule(50, 2, 4, "complete", 3);
        b.schedule(60, 2, 3, "switch", 5); // t=60: 5 runs
        b.schedule(70, 2, 5, "complete", 3);
        b.sync(80, 1, EventKind.WAIT_END, "taskwait", 2, 0x401300);
        b.sync(81, 1, EventKind.SYNC_END, "taskwait", 2, 0x401300);
        b.implicitEnd(90, 2, 3);
        b.implicitEnd(91, 1, 2);
        b.parallelEnd(92, 1, 1);
        b.trailer(List.of());
        return b.build();
    }

    private static Task task(Snapshot s, long id) {
        return s.index().task(new TaskId(id)).orElseThrow();
    }

    private static String status(Snapshot s, long id) {
        return TaskStatus.nameOf(task(s, id), s.index());
    }

    @Test
    void everyMomentOfTheRunIsAValidSnapshot_evenBetweenAForkAndItsImplicitTasks() {
        Recording r = twoThreads();
        StateAt states = new StateAt(r, 3);
        for (int p = 0; p <= r.size(); p++) {
            assertThat(SnapshotValidator.validate(states.after(p))).as("after %d events", p).isEmpty();
        }
        // after the fork, before the team's implicit tasks begin: the team asked for, active one level deeper
        var region = states.after(3).parallelRegions().stream().filter(g -> g.id().value() == 1).findFirst()
                .orElseThrow();
        assertThat(region.teamSize().asOptional()).contains(2);
        assertThat(region.activeLevel().asOptional()).contains(1);
    }

    @Test
    void atTheTaskwaitTheFirstTaskRunsAndTheSecondIsBlocked() {
        for (int interval : new int[]{1, 3, 4096}) {
            Snapshot s = new StateAt(twoThreads(), interval).at(40);
            assertThat(s.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 2L, 3L, 4L, 5L);
            assertThat(task(s, 1).kind()).isEqualTo(TaskKind.INITIAL);
            assertThat(task(s, 2).kind()).isEqualTo(TaskKind.IMPLICIT);
            Task four = task(s, 4);
            assertThat(four.kind()).isEqualTo(TaskKind.EXPLICIT);
            assertThat(four.generatingTask()).isEqualTo(Fact.of(new TaskId(2)));
            assertThat(four.schedulingTask()).isEqualTo(Fact.of(new TaskId(3)));
            assertThat(four.parallelRegion()).isEqualTo(Fact.of(new RegionId(1)));
            assertThat(four.thread()).isEqualTo(Fact.of(new ThreadId(2)));
            assertThat(four.creationSite()).isEqualTo(Fact.of(CodeLocation.at(0x401100)));
            assertThat(four.agent().flags()).containsExactly(TaskFlag.UNTIED);
            assertThat(four.agent().dependences()).containsExactly(new Dependence(DependenceType.OUT, 0x7ff0));
            assertThat(four.agent().creationOrder()).as("the agent's id, its creation order, as in its snapshots").isEqualTo(4);
            assertThat(status(s, 4)).isEqualTo("running");
            assertThat(status(s, 5)).isEqualTo(TaskStatus.BLOCKED);
            assertThat(task(s, 5).thread()).isEqualTo(Fact.absent());
            assertThat(status(s, 2)).isEqualTo("waiting at a taskwait");
            assertThat(status(s, 3)).isEqualTo("suspended");
            OmpThread one = s.index().thread(Fact.of(new ThreadId(1))).orElseThrow();
            assertThat(one.currentTask()).isEqualTo(Fact.of(new TaskId(2)));
            assertThat(one.currentRegion()).isEqualTo(Fact.of(new RegionId(1)));
            assertThat(one.syncRegion().get().kind().name()).isEqualTo("taskwait");
            ParallelRegion r = s.parallelRegions().getFirst();
            assertThat(r.teamSize()).isEqualTo(Fact.of(2));
            assertThat(r.level()).isEqualTo(Fact.of(1));
            assertThat(r.encounteringTask()).isEqualTo(Fact.of(new TaskId(1)));
            assertThat(r.members()).extracting(m -> m.implicitTask().get().value()).containsExactly(2L, 3L);
        }
    }

    @Test
    void aCompletedTaskIsHeldWhileItsSuccessorWaitsOnItThenGone() {
        StateAt states = new StateAt(twoThreads(), 3);
        Snapshot s50 = states.at(55);
        // as the agent holds it (agent/src/track.c): a queued task waiting on it references it until it starts
        assertThat(s50.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(status(s50, 4)).isEqualTo("completed");
        assertThat(status(s50, 5)).isEqualTo("queued");
        assertThat(status(s50, 3)).isEqualTo("running");
        Snapshot s60 = states.at(60);
        assertThat(s60.tasks()).extracting(t -> t.id().value()).doesNotContain(4L);
        assertThat(status(s60, 5)).isEqualTo("running");
        assertThat(task(s60, 5).schedulingTask()).isEqualTo(Fact.of(new TaskId(3)));
        Snapshot end = states.at(1000);
        assertThat(end.tasks()).extracting(t -> t.id().value()).containsExactly(1L);
        assertThat(end.parallelRegions()).isEmpty();
        assertThat(end.index().thread(Fact.of(new ThreadId(1))).orElseThrow().currentTask())
                .isEqualTo(Fact.of(new TaskId(1)));
    }

    @Test
    void steppingBackAndForthGivesTheSameStatesAsRebuildingFromTheStart() {
        Recording r = twoThreads();
        StateAt stepping = new StateAt(r, 4);
        for (int p = r.size(); p >= 0; p--) {
            assertThat(org.ompdexplorer.model.SnapshotValidator.validate(stepping.after(p))).as("position %d", p)
                    .noneMatch(org.ompdexplorer.model.diagnostics.Diagnostic::isError);
            assertThat(taskLines(stepping.after(p))).isEqualTo(taskLines(new StateAt(r, 1).after(p)));
        }
        for (int p = 0; p <= r.size(); p++) {
            assertThat(taskLines(stepping.after(p))).isEqualTo(taskLines(new StateAt(r, 1000).after(p)));
        }
    }

    private static List<String> taskLines(Snapshot s) {
        return s.tasks().stream().map(t -> t + " " + TaskStatus.nameOf(t, s.index())).toList();
    }

    @Test
    void stepsFindTheNextEventOfATaskAndTheNextSynchronization() {
        StateAt states = new StateAt(twoThreads());
        assertThat(states.nextEvent(0)).isEqualTo(1);
        assertThat(states.nextEvent(states.recording().size())).isEqualTo(states.recording().size());
        assertThat(states.nextEventOf(0, new TaskId(5))).isEqualTo(8); // its task-create, the 8th event
        assertThat(states.nextEventOf(8, new TaskId(5))).isEqualTo(9); // the dependence into it
        assertThat(states.nextEventOf(0, new TaskId(99))).isEqualTo(-1);
        assertThat(states.nextSynchronization(0)).isEqualTo(10);
        assertThat(states.nextSynchronization(11)).isEqualTo(11 + 5);
        assertThatThrownBy(() -> states.after(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aStateOfManyQueuedTasksIsNotCopiedAtEveryInterval() {
        int n = 20_000;
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        for (int i = 0; i < n; i++) {
            b.taskCreate(2 + i, 1, 10 + i, 1, 0x4000, List.of("explicit"), List.of());
        }
        for (int i = 0; i < n; i++) {
            b.schedule(2 + n + 2L * i, 1, 1, "switch", 10 + i);
            b.schedule(3 + n + 2L * i, 1, 10 + i, "complete", 1);
        }
        Recording r = b.build();
        StateAt states = new StateAt(r, 16);
        // a fixed interval would keep 3n / 16 = 3,750 states of up to n tasks each
        assertThat(states.checkpointCount()).isLessThan(r.size() / 16 / 10);
        assertThat(states.after(2 + n).tasks()).hasSize(n + 1);
        assertThat(states.after(2 + n + 2 * (n / 2)).tasks()).hasSize(n / 2 + 1);
        assertThat(states.after(2 + n + 2 * (n / 2) - 1).tasks()).hasSize(n / 2 + 2);
        assertThat(states.after(1 + n).tasks()).hasSize(n);
    }

    @Test
    void eventsWrittenOutOfOrderAreSortedStablyByTime() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(5, 2, "worker");
        b.threadBegin(1, 1, "initial");
        b.threadEnd(5, 2);
        Recording r = b.build();
        assertThat(List.of(r.thread(0), r.thread(1), r.thread(2))).containsExactly(1, 2, 2);
        assertThat(List.of(r.kind(1), r.kind(2))).containsExactly(EventKind.THREAD_BEGIN, EventKind.THREAD_END);
    }

    @Test
    void momentsAreReadAsTimesOrShares() {
        assertThat(RecordingTime.parse("1.5ms", 0)).isEqualTo(1_500_000);
        assertThat(RecordingTime.parse("2s", 0)).isEqualTo(2_000_000_000L);
        assertThat(RecordingTime.parse("50%", 3_000)).isEqualTo(1_500);
        assertThatThrownBy(() -> RecordingTime.parse("soon", 10)).hasMessageContaining("like 1.5ms");
    }
}
