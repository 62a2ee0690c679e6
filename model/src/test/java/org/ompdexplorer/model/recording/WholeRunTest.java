package org.ompdexplorer.model.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.CaptureSource;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.RuntimeInfo;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskFlag;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TaskLifecycle;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.graph.EdgeKind;
import org.ompdexplorer.model.graph.GraphEdge;
import org.ompdexplorer.model.graph.GraphOptions;
import org.ompdexplorer.model.graph.GraphScope;
import org.ompdexplorer.model.graph.TaskGraph;
import org.ompdexplorer.model.graph.TaskGraphBuilder;

/** The whole run of a recording is one valid snapshot holding every task ever created, drawn by the task graph. */
class WholeRunTest {
    private static final RecordingHeader HEADER = new RecordingHeader("1.0", CaptureInfo.of(CaptureSource.OMPT_AGENT),
            RuntimeInfo.UNKNOWN, 0);

    private static Task task(Snapshot s, long id) {
        return s.index().task(new TaskId(id)).orElseThrow();
    }

    @Test
    void everyTaskOfTheRunIsThereCompletedWithItsLinksAndTheThreadThatRanIt() {
        WholeRun run = WholeRun.of(StateAtTest.twoThreads());
        Snapshot s = run.snapshot();
        assertThat(s.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(s.tasks()).extracting(Task::kind).containsExactly(TaskKind.INITIAL, TaskKind.IMPLICIT,
                TaskKind.IMPLICIT, TaskKind.EXPLICIT, TaskKind.EXPLICIT);
        // the initial task never ended in this recording: it is as the state at the end has it
        assertThat(task(s, 1).lifecycle()).contains(TaskLifecycle.RUNNING);
        for (long id = 2; id <= 5; id++) {
            assertThat(task(s, id).lifecycle()).as("task %d", id).contains(TaskLifecycle.COMPLETED);
            assertThat(task(s, id).thread()).as("a completed task runs on no thread").isEqualTo(Fact.absent());
        }
        Task four = task(s, 4);
        assertThat(four.generatingTask()).isEqualTo(Fact.of(new TaskId(2)));
        assertThat(four.schedulingTask()).isEqualTo(Fact.of(new TaskId(3)));
        assertThat(four.parallelRegion()).isEqualTo(Fact.of(new RegionId(1)));
        assertThat(four.agent().flags()).containsExactly(TaskFlag.UNTIED);
        assertThat(task(s, 5).agent().dependsOn()).containsExactly(new TaskId(4));
        assertThat(run.beganOn(new TaskId(4))).isEqualTo(Fact.of(new ThreadId(2)));
        assertThat(run.beganOn(new TaskId(2))).isEqualTo(Fact.of(new ThreadId(1)));
        assertThat(run.moved(new TaskId(4))).isFalse();
        ParallelRegion p1 = s.index().region(new RegionId(1)).orElseThrow();
        assertThat(p1.members()).extracting(TeamMember::threadNum, m -> m.implicitTask().get().value())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, 2L), org.assertj.core.groups.Tuple.tuple(1, 3L));
        assertThat(p1.teamSize()).isEqualTo(Fact.of(2));
        assertThat(s.threads()).extracting(t -> t.id().value()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(SnapshotValidator.validate(s)).isEmpty();
    }

    @Test
    void theRecordedDependencesAreTheGraphsDependenceEdges() {
        Snapshot s = WholeRun.of(StateAtTest.twoThreads()).snapshot();
        TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), new GraphOptions(false, 0, 0, Set.of()));
        List<GraphEdge> deps = g.edges().stream().filter(e -> e.kind() == EdgeKind.DEPENDENCE).toList();
        assertThat(deps).hasSize(1);
        assertThat(g.nodes().get(deps.getFirst().from()).tasks()).containsExactly(4L);
        assertThat(g.nodes().get(deps.getFirst().to()).tasks()).containsExactly(5L);
    }

    @Test
    void theWholeRunsLanesByThreadPutEachTaskOnTheThreadThatRanIt() {
        WholeRun run = WholeRun.of(StateAtTest.twoThreads());
        GraphOptions lanes = new GraphOptions(false, 0, 0, Set.of(), true);
        // tasks 4 and 5 were created on thread 1 and ran on thread 2; completed, they are on no thread in the snapshot
        assertThat(laneOf(TaskGraphBuilder.of(run.snapshot(), GraphScope.whole(), lanes), 4))
                .as("by the snapshot alone: the lane of the thread that created it").isEqualTo(1);
        TaskGraph ran = TaskGraphBuilder.of(run.snapshot(), GraphScope.whole(), lanes.withPlacement(run.placement()));
        assertThat(laneOf(ran, 4)).isEqualTo(2);
        assertThat(laneOf(ran, 5)).isEqualTo(2);
        assertThat(laneOf(ran, 3)).isEqualTo(2);
        assertThat(laneOf(ran, 2)).isEqualTo(1);
        assertThat(laneOf(ran, 1)).as("running at the end: where it is").isEqualTo(1);
    }

    @Test
    void aDenseDependenceGraphKeepsFourDependenceEdgesANode() {
        // 60 sibling tasks, each depending on the ten before it (a band matrix): 545 dependences among 62 nodes
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        int n = 60;
        long links = 0;
        for (long task = 2; task < 2 + n; task++) {
            b.taskCreate(10 + task, 1, task, 1, 0x401100, List.of("explicit"), List.of());
            for (long before = Math.max(2, task - 10); before < task; before++) {
                b.taskDependence(10 + task, 1, before, task);
                links++;
            }
        }
        b.trailer(List.of());
        Snapshot s = WholeRun.of(b.build()).snapshot();
        assertThat(SnapshotValidator.validate(s)).isEmpty();
        TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), new GraphOptions(false, 0, 0, Set.of()));
        int nodes = g.nodes().size();
        long drawn = g.edges().stream().filter(e -> e.kind() == EdgeKind.DEPENDENCE).count();
        assertThat(links).isEqualTo(545);
        assertThat(drawn).as("%d nodes", nodes).isEqualTo((long) GraphEdge.DEPENDENCES_PER_NODE * nodes)
                .isGreaterThan(nodes);
        assertThat(g.linksLeftOut()).isEqualTo(links - drawn);
    }

    /** The thread of the lane holding task {@code id}'s node. */
    private static long laneOf(TaskGraph g, long id) {
        return g.nodes().stream().filter(n -> n.tasks().contains(id)).findFirst()
                .map(n -> g.groups().get(n.group()).thread()).orElseThrow();
    }

    @Test
    void aTaskResumedOnAnotherThreadMovedAndTasksAliveAtACutEndKeepTheirState() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        b.parallelBegin(2, 1, 2, 1, 2, 0x401000);
        b.implicitBegin(3, 1, 3, 2, 0, 2, false);
        b.threadBegin(4, 2, "worker");
        b.implicitBegin(5, 2, 4, 2, 1, 2, false);
        b.taskCreate(6, 1, 5, 3, 0x401100, List.of("explicit", "untied"), List.of());
        b.taskCreate(7, 1, 6, 3, 0x401100, List.of("explicit"), List.of());
        b.schedule(8, 1, 3, "switch", 5); // 5 begins on thread 1
        b.schedule(9, 1, 5, "yield", 3);
        b.schedule(10, 2, 4, "switch", 5); // and resumes on thread 2
        b.schedule(11, 2, 5, "complete", 4);
        b.target(12, 1, EventKind.TARGET_BEGIN, 1, 0, "target_enter_data", 3, 0x401200);
        b.target(13, 1, EventKind.TARGET_END, 1, 0, "target_enter_data", 3, 0x401200);
        b.target(14, 1, EventKind.TARGET_BEGIN, 2, 1, "target", 3, 0x401300);
        Recording cut = b.build(); // no trailer: the program was killed inside the target construct
        WholeRun run = WholeRun.of(cut);
        Snapshot s = run.snapshot();
        assertThat(run.beganOn(new TaskId(5))).isEqualTo(Fact.of(new ThreadId(1)));
        assertThat(run.moved(new TaskId(5))).isTrue();
        assertThat(task(s, 5).lifecycle()).contains(TaskLifecycle.COMPLETED);
        assertThat(task(s, 6).lifecycle()).as("never ran: queued at the end").contains(TaskLifecycle.QUEUED);
        assertThat(run.beganOn(new TaskId(6))).isEqualTo(Fact.absent());
        assertThat(task(s, 3).lifecycle()).as("waits in its target construct").contains(TaskLifecycle.SUSPENDED);
        assertThat(task(s, 3).thread()).isEqualTo(Fact.of(new ThreadId(1)));
        assertThat(s.targetRegions()).extracting(t -> t.id().value(), t -> t.kind().name(), t -> t.inFlight(),
                        t -> t.deviceNum())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1L, "enter_data", false, 0),
                        org.assertj.core.groups.Tuple.tuple(2L, "target", true, 1));
        assertThat(SnapshotValidator.validate(s)).isEmpty();
    }

    /** fib(n)'s task tree run on one thread, each task creating its two children, then running them in turn. */
    private static long fib(Recording.Builder b, long[] next, long self, int n) {
        if (n < 2) {
            return 0;
        }
        long first = next[0]++;
        long second = next[0]++;
        b.taskCreate(next[1]++, 1, first, self, 0x401100, List.of("explicit"), List.of());
        b.taskCreate(next[1]++, 1, second, self, 0x401100, List.of("explicit"), List.of());
        long created = 2;
        for (long[] child : new long[][]{{first, n - 1}, {second, n - 2}}) {
            b.schedule(next[1]++, 1, self, "switch", child[0]);
            created += fib(b, next, child[0], (int) child[1]);
            b.schedule(next[1]++, 1, child[0], "complete", self);
        }
        return created;
    }

    @Test
    void aBigRunIsDrawnAggregatedAndCollapsedWithEveryTaskInANode() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        long[] next = {2, 2}; // the next task id, the next time
        long created = fib(b, next, 1, 18);
        b.trailer(List.of());
        Snapshot s = WholeRun.of(b.build()).snapshot();
        assertThat(s.tasks()).hasSize((int) created + 1);
        TaskGraph g = TaskGraphBuilder.of(s, GraphScope.whole(), GraphOptions.DEFAULT);
        assertThat(g.nodes().size()).isLessThanOrEqualTo(GraphOptions.DEFAULT.maxNodes());
        assertThat(g.collapsedForSize()).isTrue();
        assertThat(g.tasksShown()).as("every task is in a node").isEqualTo(s.tasks().size());
        assertThat(SnapshotValidator.validate(s)).isEmpty();
    }

    @Test
    void tasksStandInCreationOrderWhateverOrderTheirEventsCameIn() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        b.taskCreate(2, 1, 7, 1, 0x401100, List.of("explicit"), List.of()); // numbered after 5 and 6, seen first
        b.taskCreate(3, 1, 5, 1, 0x401100, List.of("explicit"), List.of());
        b.taskCreate(4, 1, 6, 1, 0x401100, List.of("explicit", "final"), List.of());
        b.trailer(List.of());
        Snapshot s = WholeRun.of(b.build()).snapshot();
        assertThat(s.tasks()).extracting(t -> t.id().value()).containsExactly(1L, 5L, 6L, 7L);
        assertThat(task(s, 6).agent().flags()).containsExactly(TaskFlag.FINAL);
        assertThat(task(s, 7).agent().flags()).isEmpty();
        assertThat(SnapshotValidator.validate(s)).isEmpty();
    }

    @Test
    void theStateAtAMomentShowsTheTargetConstructsInFlight() {
        Recording.Builder b = new Recording.Builder(HEADER);
        b.threadBegin(0, 1, "initial");
        b.implicitBegin(1, 1, 1, Recording.NONE, 0, 1, true);
        long slot = 3L << 44; // the agent's event names its handle: the construct's number, its table slot above
        b.target(10, 1, EventKind.TARGET_BEGIN, slot | 1, 2, "target_update", 1, 0x401200);
        b.target(20, 1, EventKind.TARGET_END, slot | 1, 2, "target_update", 1, 0x401200);
        b.target(30, 1, EventKind.TARGET_BEGIN, 0, 2, "target", 1, 0x401300); // the agent's table was full
        b.target(40, 1, EventKind.TARGET_END, 0, 2, "target", 1, 0x401300);
        b.taskCreate(50, 1, 2, 1, 0x401400, List.of("target"), List.of()); // a deferred construct's target task
        b.schedule(51, 1, 1, "switch", 2);
        b.target(52, 1, EventKind.TARGET_BEGIN, slot | 2, 0, "target", 2, 0x401500);
        b.trailer(List.of());
        StateAt states = new StateAt(b.build(), 1);
        Snapshot during = states.at(15);
        assertThat(during.targetRegions()).singleElement().satisfies(t -> {
            assertThat(t.id().value()).isEqualTo(1);
            assertThat(t.kind().name()).isEqualTo("update");
            assertThat(t.deviceNum()).isEqualTo(2);
            assertThat(t.inFlight()).isTrue();
            assertThat(t.encounteringTask()).isEqualTo(Fact.of(new TaskId(1)));
        });
        assertThat(task(during, 1).lifecycle()).as("waits in the construct").contains(TaskLifecycle.SUSPENDED);
        assertThat(SnapshotValidator.validate(during)).isEmpty();
        assertThat(states.at(25).targetRegions()).as("ended: a recording knows of no data it left mapped").isEmpty();
        assertThat(task(states.at(25), 1).lifecycle()).as("goes on").contains(TaskLifecycle.RUNNING);
        assertThat(states.at(35).targetRegions()).as("a construct without a number is not shown").isEmpty();
        assertThat(states.at(15).targetRegions()).as("stepping back").hasSize(1);
        Snapshot deferred = states.at(52);
        assertThat(deferred.targetRegions()).singleElement().satisfies(t -> {
            assertThat(t.kind().name()).isEqualTo("target_nowait");
            assertThat(t.encounteringTask()).isEqualTo(Fact.of(new TaskId(1)));
            assertThat(t.targetTask()).isEqualTo(Fact.of(new TaskId(2)));
        });
        assertThat(task(deferred, 2).lifecycle()).as("the target task runs it").contains(TaskLifecycle.RUNNING);
    }
}
