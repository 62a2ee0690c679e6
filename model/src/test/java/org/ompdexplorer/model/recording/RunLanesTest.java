package org.ompdexplorer.model.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;

/** Per-thread lanes of hand-written recordings: what ran where and when, waits, suspensions, regions, cuts. */
class RunLanesTest {
    private static final RecordingHeader HEADER = new RecordingHeader("1.0", CaptureInfo.of(CaptureSource.OMPT_AGENT),
            RuntimeInfo.UNKNOWN, 0);

    /** One thread: the initial task 1, region 1 with implicit task 2, task 3 created by 2, task 4 by 3, nested taskwaits. */
    static Recording nestedTaskwait(boolean cut) {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, 9, 0, 1, true);
        b.parallelBegin(10, 1, 1, 1, 1, 0x401000);
        b.implicitBegin(11, 1, 2, 1, 0, 1, false);
        b.taskCreate(20, 1, 3, 2, 0x401100, List.of("explicit"), List.of());
        b.sync(30, 1, EventKind.SYNC_BEGIN, "taskwait", 2, 0x401300);
        b.sync(31, 1, EventKind.WAIT_BEGIN, "taskwait", 2, 0x401300);
        b.schedule(40, 1, 2, "switch", 3);
        b.taskCreate(45, 1, 4, 3, 0x401100, List.of("explicit"), List.of());
        b.sync(50, 1, EventKind.SYNC_BEGIN, "taskwait", 3, 0x401300);
        b.sync(51, 1, EventKind.WAIT_BEGIN, "taskwait", 3, 0x401300);
        b.schedule(60, 1, 3, "switch", 4);
        if (cut) {
            return b.build(); // killed while task 4 ran: no trailer
        }
        b.schedule(70, 1, 4, "complete", 3);
        b.sync(75, 1, EventKind.WAIT_END, "taskwait", 3, 0x401300);
        b.sync(76, 1, EventKind.SYNC_END, "taskwait", 3, 0x401300);
        b.schedule(80, 1, 3, "complete", 2);
        b.sync(85, 1, EventKind.WAIT_END, "taskwait", 2, 0x401300);
        b.sync(86, 1, EventKind.SYNC_END, "taskwait", 2, 0x401300);
        b.implicitEnd(90, 1, 2);
        b.parallelEnd(91, 1, 1);
        b.threadEnd(100, 1);
        b.trailer(List.of());
        return b.build();
    }

    /** Two threads; untied task 4 starts on thread 1, yields, resumes on thread 2; thread 2 waits at a barrier. */
    static Recording untiedMoves() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, 9, 0, 1, true);
        b.parallelBegin(10, 1, 1, 1, 2, 0x401000);
        b.implicitBegin(11, 1, 2, 1, 0, 2, false);
        b.threadBegin(12, 2, "worker");
        b.implicitBegin(13, 2, 3, 1, 1, 2, false);
        b.taskCreate(20, 1, 4, 2, 0x401100, List.of("explicit", "untied"), List.of());
        b.schedule(40, 1, 2, "switch", 4);
        b.schedule(50, 1, 4, "yield", 2);
        b.schedule(60, 2, 3, "switch", 4);
        b.schedule(70, 2, 4, "complete", 3);
        b.sync(80, 2, EventKind.SYNC_BEGIN, "barrier_implicit_parallel", 3, 0);
        b.sync(81, 2, EventKind.WAIT_BEGIN, "barrier_implicit_parallel", 3, 0);
        b.sync(82, 1, EventKind.SYNC_BEGIN, "barrier_implicit_parallel", 2, 0);
        b.sync(95, 2, EventKind.WAIT_END, "barrier_implicit_parallel", 3, 0);
        b.sync(96, 2, EventKind.SYNC_END, "barrier_implicit_parallel", 3, 0);
        b.sync(96, 1, EventKind.SYNC_END, "barrier_implicit_parallel", 2, 0);
        b.implicitEnd(97, 1, 2);
        b.parallelEnd(98, 1, 1);
        b.implicitEnd(99, 2, 3); // a worker reports its end after the region's
        b.trailer(List.of(new RecordingLoss("events", 12, "OMPD_EXPLORER_RECORD_MAX=64", 2, 99)));
        return b.build();
    }

    /** {@code task:kind[start,end)} of every interval of a row. */
    private static List<String> intervals(LaneRow row) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            out.add(row.task(i) + ":" + row.kind(i).name() + (row.detail(i) == null ? "" : "/" + row.detail(i)) + "["
                    + row.start(i) + "," + row.end(i) + ")");
        }
        return out;
    }

    /** Every interval of a lane's rows after the first. */
    private static List<String> context(Lane lane) {
        List<String> out = new ArrayList<>();
        for (LaneRow row : lane.rows().subList(1, lane.rows().size())) {
            out.addAll(intervals(row));
        }
        return out;
    }

    @Test
    void nestedTaskwaitsShowTheRunningTaskThenTheWaitingOneAndEachSuspension() {
        RunLanes lanes = RunLanes.of(nestedTaskwait(false));
        assertThat(lanes.lanes()).hasSize(1);
        Lane one = lanes.lanes().getFirst();
        assertThat(one.thread()).isEqualTo(1);
        assertThat(one.isInitial()).isTrue();
        assertThat(intervals(one.running())).containsExactly(
                "1:INITIAL_TASK[1,11)", "2:IMPLICIT_TASK[11,31)", "2:WAITING[31,40)", "3:EXPLICIT_TASK[40,51)",
                "3:WAITING[51,60)", "4:EXPLICIT_TASK[60,70)", "3:WAITING[70,75)", "3:EXPLICIT_TASK[75,80)",
                "2:WAITING[80,85)", "2:IMPLICIT_TASK[85,90)", "1:INITIAL_TASK[90,100)");
        LaneRow run = one.running();
        assertThat(run.has(1, LaneRow.SWITCHED_AWAY)).isFalse(); // its wait began: the same run in another look
        assertThat(run.has(2, LaneRow.SWITCHED_AWAY)).isTrue();
        assertThat(run.has(5, LaneRow.COMPLETED)).isTrue();
        assertThat(run.has(6, LaneRow.RESUMED)).isTrue();
        assertThat(run.has(6, LaneRow.MOVED)).isFalse();
        assertThat(context(one)).containsExactlyInAnyOrder("1:SUSPENDED[11,90)", "2:SYNC_REGION/taskwait[30,86)",
                "2:SUSPENDED[40,80)", "3:SYNC_REGION/taskwait[50,76)", "3:SUSPENDED[60,70)");
        assertThat(lanes.span(3)).contains(new RunLanes.Span(40, 80));
        assertThat(lanes.span(77)).isEmpty();
    }

    @Test
    void nestedIntervalsGoToLaterRowsAndNoRowOverlaps() {
        RunLanes lanes = RunLanes.of(nestedTaskwait(false));
        Lane one = lanes.lanes().getFirst();
        assertThat(one.rows().size()).isGreaterThanOrEqualTo(5);
        for (LaneRow row : one.rows()) {
            for (int i = 1; i < row.size(); i++) {
                assertThat(row.start(i)).as("row intervals in order, not overlapping").isGreaterThanOrEqualTo(row.end(i - 1));
            }
        }
    }

    @Test
    void anUntiedTaskResumesOnAnotherThread_andABarriersWaitIsWaiting() {
        RunLanes lanes = RunLanes.of(untiedMoves());
        assertThat(lanes.lanes()).extracting(Lane::thread).containsExactly(1L, 2L);
        Lane one = lanes.lanes().get(0);
        Lane two = lanes.lanes().get(1);
        assertThat(intervals(one.running())).containsExactly("1:INITIAL_TASK[1,11)", "2:IMPLICIT_TASK[11,40)",
                "4:EXPLICIT_TASK[40,50)", "2:IMPLICIT_TASK[50,97)", "1:INITIAL_TASK[97,99)");
        assertThat(one.running().has(2, LaneRow.SWITCHED_AWAY)).isTrue();
        assertThat(intervals(two.running())).containsExactly("3:IMPLICIT_TASK[13,60)", "4:EXPLICIT_TASK[60,70)",
                "3:IMPLICIT_TASK[70,81)", "3:WAITING[81,95)", "3:IMPLICIT_TASK[95,98)");
        LaneRow moved = two.running();
        assertThat(moved.has(1, LaneRow.RESUMED)).isTrue();
        assertThat(moved.has(1, LaneRow.MOVED)).as("suspended on thread 1, resumed on thread 2").isTrue();
        assertThat(moved.has(4, LaneRow.COMPLETED)).as("the region's end completes the worker's implicit task").isTrue();
        assertThat(context(one)).containsExactlyInAnyOrder("1:SUSPENDED[11,97)", "2:SUSPENDED[40,50)",
                "4:SUSPENDED[50,60)", "2:SYNC_REGION/barrier_implicit_parallel[82,96)");
        assertThat(context(two)).containsExactlyInAnyOrder("3:SUSPENDED[60,70)",
                "3:SYNC_REGION/barrier_implicit_parallel[80,96)");
        assertThat(two.incompleteFrom()).isEqualTo(99);
        assertThat(one.incompleteFrom()).isEqualTo(-1);
    }

    @Test
    void aCutRecordingEndsItsOpenIntervalsAtItsLastEvent() {
        Recording r = nestedTaskwait(true);
        RunLanes lanes = RunLanes.of(r);
        LaneRow run = lanes.lanes().getFirst().running();
        int last = run.size() - 1;
        assertThat(run.task(last)).isEqualTo(4);
        assertThat(run.end(last)).isEqualTo(r.duration()).isEqualTo(60);
        assertThat(run.has(last, LaneRow.CUT)).isTrue();
        assertThat(run.has(0, LaneRow.CUT)).isFalse();
    }

    @Test
    void whatCoversAPixelColumnIsFoundByBisection() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(0, 1, 1, 9, 0, 1, true);
        long t = 0;
        for (long task = 2; task < 1002; task++) {
            b.taskCreate(++t, 1, task, 1, 0x401100, List.of("explicit"), List.of());
            b.schedule(t += 10, 1, 1, "switch", task);
            b.schedule(t += 90, 1, task, "complete", 1);
        }
        RunLanes lanes = RunLanes.of(b.build());
        LaneRow run = lanes.lanes().getFirst().running();
        assertThat(run.size()).isEqualTo(2001);
        // task 2 ran [11, 101), task 3 [112, 202): a column over both holds the initial task's run between them too
        assertThat(run.countIn(100, 120)).isEqualTo(3);
        assertThat(run.task(run.representative(100, 120))).as("the one at the column's middle").isEqualTo(1);
        assertThat(run.task(run.representative(50, 150))).isEqualTo(2);
        assertThat(run.task(run.representative(0, 20))).isEqualTo(1);
        assertThat(run.task(run.indexAt(150))).isEqualTo(3);
        assertThat(run.indexAt(run.end(run.size() - 1))).isEqualTo(-1);
        assertThat(run.countIn(0, lanes.duration() + 1)).isEqualTo(2001);
        assertThat(run.representative(lanes.duration() + 5, lanes.duration() + 10)).isEqualTo(-1);
    }

    @Test
    void theTaskALaneRunsIsTheThreadsCurrentTaskInTheRebuiltState() {
        for (Recording r : List.of(nestedTaskwait(false), untiedMoves(), StateAtTest.twoThreads())) {
            RunLanes lanes = RunLanes.of(r);
            StateAt states = new StateAt(r);
            for (int p = 1; p < r.size(); p++) {
                if (r.time(p) == r.time(p - 1)) {
                    continue; // the lanes show times, the state events: compare where one time is one position
                }
                Snapshot s = states.after(p);
                long at = r.time(p - 1);
                for (OmpThread th : s.threads()) {
                    int lane = lanes.laneOf(th.id().value());
                    int i = lanes.lanes().get(lane).running().indexAt(at);
                    Long shown = i < 0 ? null : lanes.lanes().get(lane).running().task(i);
                    assertThat(shown).as("thread %s after event %d", th.id(), p)
                            .isEqualTo(th.currentTask().asOptional().map(TaskId::value).orElse(null));
                }
            }
        }
    }
}
