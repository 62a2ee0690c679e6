package org.ompdexplorer.app.ui.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.JobContext;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.TaskStatus;
import org.ompdexplorer.model.ThreadId;
import org.ompdexplorer.model.synthetic.GeneratorSpec;
import org.ompdexplorer.model.synthetic.SyntheticSnapshotGenerator;

class SnapshotSearchTest {
    private final Snapshot lesson = TestSnapshots.handWritten().snapshot();

    private List<Target> find(String text) {
        SearchResult r = SnapshotSearch.run(lesson, text, JobContext.NONE);
        return IntStream.range(0, r.size()).mapToObj(i -> r.target(i, lesson)).toList();
    }

    @Test
    void findsTasksByFunctionOrCreationSite() {
        assertThat(find("fib")).containsExactly(Target.of(new TaskId(3)), Target.of(new TaskId(4)),
                Target.of(new TaskId(5)), Target.of(new TaskId(6)), Target.of(new TaskId(7)),
                Target.of(new TaskId(8)), Target.of(new TaskId(9)), Target.of(new TaskId(10)));
        assertThat(find("fn:ENTRY..2")).containsExactly(Target.of(new TaskId(4)), Target.of(new TaskId(6)),
                Target.of(new TaskId(8)), Target.of(new TaskId(10)));
    }

    @Test
    void findsByStateKindAndId() {
        assertThat(find("state:queued")).containsExactly(Target.of(new TaskId(7)), Target.of(new TaskId(8)),
                Target.of(new TaskId(10)));
        assertThat(find("work_parallel")).containsExactly(Target.of(new ThreadId(0)), Target.of(new ThreadId(1)));
        assertThat(find("kind:implicit")).containsExactly(Target.of(new TaskId(1)), Target.of(new TaskId(2)));
        assertThat(find("#5")).containsExactly(Target.of(new TaskId(5)));
        assertThat(find("T1")).containsExactly(Target.of(new ThreadId(1)));
        assertThat(find("nothing-like-this")).isEmpty();
    }

    @Test
    void aStateFindsTheStatusEveryViewShows() {
        // issue 24: "blocked" and "waiting" found nothing, and "queued" found tasks the tree calls blocked
        Snapshot made = TestSnapshots.lessonStep("task-dependences", 2).snapshot();
        List<Long> blocked = made.tasks().stream().filter(t -> TaskStatus.of(t, made.index())
                .filter(TaskStatus::isBlockedOnDependences).isPresent()).map(t -> t.id().value()).toList();
        assertThat(blocked).isNotEmpty();
        SearchResult r = SnapshotSearch.run(made, "blocked", JobContext.NONE);
        assertThat(IntStream.range(0, r.size()).mapToObj(i -> r.target(i, made)).toList())
                .containsExactlyElementsOf(blocked.stream().map(id -> Target.of(new TaskId(id))).toList());
        SearchResult queued = SnapshotSearch.run(made, "state:queued", JobContext.NONE);
        assertThat(IntStream.range(0, queued.size()).mapToObj(i -> queued.target(i, made)).toList())
                .doesNotContainAnyElementsOf(blocked.stream().map(id -> Target.of(new TaskId(id))).toList());

        Snapshot offload = TestSnapshots.lessonStep("target-offload", 4).snapshot();
        List<Target> waiting = offload.tasks().stream().filter(t -> TaskStatus.of(t, offload.index())
                .filter(TaskStatus::isWaiting).isPresent()).map(t -> Target.of(t.id())).toList();
        assertThat(waiting).hasSizeGreaterThan(3); // the team's implicit tasks at the barrier
        SearchResult w = SnapshotSearch.run(offload, "state:waiting at a barrier", JobContext.NONE);
        assertThat(IntStream.range(0, w.size()).mapToObj(i -> w.target(i, offload)).toList())
                .containsExactlyElementsOf(waiting);
    }

    @Test
    void termsCombine_andIsStuckKeepsWhatIsHeldUp() {
        // issue 24: "fn:fib queued" finds the queued fib tasks, not every fib task and every queued one
        List<Target> fib = find("fn:fib");
        List<Target> queued = find("state:queued");
        List<Target> both = find("fn:fib state:queued");
        assertThat(both).isNotEmpty().allMatch(t -> fib.contains(t) && queued.contains(t));
        assertThat(both).containsExactlyElementsOf(fib.stream().filter(queued::contains).toList());
        assertThat(find("state:\"queued\"")).isEqualTo(queued);

        Snapshot made = TestSnapshots.lessonStep("task-dependences", 2).snapshot();
        SearchResult stuck = SnapshotSearch.run(made, SearchQuery.STUCK, JobContext.NONE);
        List<Target> held = IntStream.range(0, stuck.size()).mapToObj(i -> stuck.target(i, made)).toList();
        List<Target> expected = new ArrayList<>();
        made.threads().stream().filter(t -> t.state().isKnown() && t.state().get().isWait())
                .forEach(t -> expected.add(Target.of(t.id())));
        made.tasks().stream().filter(t -> TaskStatus.of(t, made.index()).map(TaskStatus::key)
                .filter(k -> List.of("blocked", "waiting", "suspended", "detached").contains(k)).isPresent())
                .forEach(t -> expected.add(Target.of(t.id())));
        assertThat(held).isNotEmpty().containsExactlyElementsOf(expected);
    }

    /** {@code state=} is one state by its whole name: not the states whose names hold it, nor a task status. */
    @Test
    void anExactStateFindsOnlyThatState() {
        Snapshot s = TestSnapshots.wide(6, 20, 0);
        s = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(s, s.threads().get(0).id(),
                org.ompdexplorer.model.ThreadState.ofValue(0x13), 1L);
        s = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(s, s.threads().get(1).id(),
                org.ompdexplorer.model.ThreadState.ofValue(0x11), 1L);
        Snapshot made = s;
        SearchResult exact = SnapshotSearch.run(made, "state=wait_barrier_implicit", JobContext.NONE);
        assertThat(IntStream.range(0, exact.size()).mapToObj(i -> exact.target(i, made)).toList())
                .containsExactly(Target.of(made.threads().get(0).id()));
        SearchResult holds = SnapshotSearch.run(made, "state:wait_barrier_implicit", JobContext.NONE);
        assertThat(IntStream.range(0, holds.size()).mapToObj(i -> holds.target(i, made)).toList())
                .as("state: finds every state whose name holds the text")
                .contains(Target.of(made.threads().get(0).id()), Target.of(made.threads().get(1).id()));
        assertThat(SnapshotSearch.run(made, "STATE=ompt_state_wait_barrier_implicit", JobContext.NONE).size())
                .isEqualTo(1);
    }

    @Test
    void stepsThroughMatchesAndNavigates() {
        List<Target> visited = new ArrayList<>();
        SearchViewModel vm = new SearchViewModel(new SameThreadBackgroundTasks(), visited::add);
        vm.setSnapshot(TestSnapshots.handWritten());
        vm.textProperty().set("state:queued");
        assertThat(vm.statusProperty().get()).isEqualTo("3 matches");
        vm.next();
        vm.next();
        vm.previous();
        vm.previous();
        assertThat(visited).containsExactly(Target.of(new TaskId(7)), Target.of(new TaskId(8)),
                Target.of(new TaskId(7)), Target.of(new TaskId(10)));
        assertThat(vm.statusProperty().get()).isEqualTo("3 of 3");
    }

    @Test
    void searchesAHundredThousandTasksQuickly() {
        Snapshot big = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 2, 100_000, 7));
        SnapshotSearch.run(big, "task_body_3", JobContext.NONE); // warm up
        long start = System.nanoTime();
        SearchResult r = SnapshotSearch.run(big, "task_body_3", JobContext.NONE);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.size()).isGreaterThan(12_000);
        assertThat(millis).isLessThan(500); // generous for a loaded CI machine; the benchmark measures it properly
        SearchViewModel vm = new SearchViewModel(new SameThreadBackgroundTasks(), t -> { });
        vm.setSnapshot(LoadedSnapshot.of(big, "big"));
        vm.textProperty().set("kind:explicit");
        assertThat(vm.result().size()).isEqualTo(100_000);
    }

    @Test
    void aThreadSetAsTheParallelStacksWriteItFindsExactlyThoseThreads() {
        Snapshot eight = SyntheticSnapshotGenerator.generate(new GeneratorSpec(8, 1, 20, 5));
        List<ThreadId> wanted = List.of(new ThreadId(1), new ThreadId(2), new ThreadId(3), new ThreadId(6));
        String query = SearchQuery.threads(wanted);
        assertThat(query).isEqualTo("T1-T3,T6");
        SearchResult r = SnapshotSearch.run(eight, query, JobContext.NONE);
        assertThat(IntStream.range(0, r.size()).mapToObj(i -> r.target(i, eight)).toList())
                .containsExactlyElementsOf(wanted.stream().map(Target::of).toList());
        SearchResult single = SnapshotSearch.run(eight, "T1-3", JobContext.NONE);
        assertThat(IntStream.range(0, single.size()).mapToObj(i -> single.target(i, eight)).toList())
                .as("the second T of a range may be left out").containsExactly(Target.of(new ThreadId(1)),
                        Target.of(new ThreadId(2)), Target.of(new ThreadId(3)));
    }
}
