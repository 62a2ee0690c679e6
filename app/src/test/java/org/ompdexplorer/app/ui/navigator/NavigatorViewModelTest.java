package org.ompdexplorer.app.ui.navigator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

/** The navigator's groupings on the hand-written fib snapshot (see its description for the story it tells). */
class NavigatorViewModelTest {
    private final NavigatorViewModel vm = new NavigatorViewModel();

    @BeforeEach
    void open() {
        vm.setSnapshot(TestSnapshots.handWritten());
    }

    private static NavNode child(NavNode node, String id) {
        ChildSource children = node.children();
        return children.get(children.indexOf(id));
    }

    private NavNode root(String id) {
        return vm.rootsProperty().get().stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }

    private static List<String> ids(NavNode node) {
        return node.children().page(0, node.children().size()).stream().map(NavNode::id).toList();
    }

    @Test
    void byStructureRegionsHoldImplicitTasksByThreadNumberAndThenTheTaskCreationTree() {
        assertThat(vm.rootsProperty().get()).extracting(NavNode::id)
                .containsExactly("group:snapshot", "group:spaces", "group:regions", "group:roots");
        NavNode region = child(root("group:regions"), "region:1");
        assertThat(ids(region)).containsExactly("task:1", "task:2");
        NavNode implicit0 = child(region, "task:1");
        assertThat(implicit0.badges()).extracting(Badge::text).contains("implicit", "thread num 0");
        assertThat(ids(implicit0)).containsExactly("task:3", "task:4");
        assertThat(ids(child(implicit0, "task:3"))).containsExactly("task:5", "task:6");
    }

    /** The real capture: the initial task first, its nested region under it, that team's implicit tasks under that. */
    @Test
    void aNestedRegionIsShownUnderTheTaskThatEncounteredItBelowItsTeamsImplicitTasks() {
        vm.setSnapshot(TestSnapshots.lesson());
        NavNode outer = child(root("group:regions"), "region:1");
        assertThat(ids(outer)).containsExactly("task:1");
        NavNode initial = child(outer, "task:1");
        assertThat(ids(initial)).containsExactly("region:2");
        assertThat(ids(child(initial, "region:2"))).containsExactly("task:2", "task:4");
        assertThat(vm.pathTo(Target.of(new RegionId(2)))).contains(List.of("group:regions", "region:1", "task:1",
                "region:2"));
        assertThat(vm.pathTo(Target.of(new TaskId(11)))).contains(List.of("group:regions", "region:1", "task:1",
                "region:2", "task:2", "task:5", "task:7", "task:9", "task:11"));
    }

    /** An OMPT capture has no task function for any task: said once for the snapshot, not as a badge on any row. */
    @Test
    void aGapEveryTaskSharesIsOneNoticeForTheSnapshotNotABadgeOnEachRow() {
        vm.setSnapshot(TestSnapshots.lesson());
        assertThat(vm.noticeProperty().get()).isEqualTo(
                "Task functions are not reported by OMPT; tasks are named by where they were created.");
        assertThat(root("group:snapshot").badges()).extracting(Badge::styleClass).doesNotContain(Badge.UNAVAILABLE);
        NavNode initial = child(child(root("group:regions"), "region:1"), "task:1");
        NavNode region2 = child(initial, "region:2");
        NavNode implicit = child(region2, "task:2");
        for (NavNode row : List.of(initial, implicit, child(implicit, "task:5"))) {
            assertThat(row.badges()).extracting(Badge::text).noneMatch(t -> t.startsWith("fn ") || t.contains("unavailable"));
            assertThat(row.isUnavailable()).isFalse();
        }
        // named by where they were created, as the user wrote it
        assertThat(implicit.secondary()).isEqualTo("parallel region in main (fib-taskwait.c:55)");
        assertThat(child(implicit, "task:5").secondary()).isEqualTo("task in main (fib-taskwait.c:68)");
    }

    @Test
    void aSnapshotWhoseTasksHaveFunctionsHasNoNotice() {
        assertThat(vm.noticeProperty().get()).isEmpty();
        vm.setSnapshot(TestSnapshots.lesson());
        vm.setSnapshot(TestSnapshots.handWritten());
        assertThat(vm.noticeProperty().get()).as("cleared by the next snapshot").isEmpty();
    }

    /** The compiler's symbols on rows as the user wrote them: the hand-written fib has clang's names. */
    @Test
    void rowsNameCodeAsTheUserWroteIt() {
        NavNode region = child(root("group:regions"), "region:1");
        NavNode implicit0 = child(region, "task:1");
        assertThat(implicit0.secondary()).isEqualTo("parallel region (fib.c:18)");
        assertThat(child(implicit0, "task:3").secondary()).isEqualTo("task in fib (fib.c:9)");
        assertThat(root("group:roots").children().get(0).secondary()).isEqualTo("main (fib.c:16)");
    }

    /** A nested region was created in clang's outlined body of main: it is in main, as the user wrote it. */
    @Test
    void regionRowsNameTheFunctionTheyWereWrittenIn() {
        vm.setSnapshot(TestSnapshots.lessonStep("nested-parallel", 2)); // the inner regions exist
        NavNode p2 = child(child(child(root("group:regions"), "region:1"), "task:1"), "region:2");
        assertThat(p2.secondary()).isEqualTo("in main (nested-parallel.c:34)");
        NavNode p3 = child(child(p2, "task:2"), "region:3");
        assertThat(p3.secondary()).isEqualTo("in main (nested-parallel.c:45)");
    }

    private static List<String> badges(NavNode node) {
        return node.badges().stream().map(Badge::text).toList();
    }

    private static String styleOf(NavNode node, String text) {
        return node.badges().stream().filter(b -> b.text().equals(text)).findFirst().orElseThrow().styleClass();
    }

    /** Lifecycle, thread and ≠ gen on the row, as the CLI summary prints them. */
    @Test
    void taskRowsShowTheirLifecycleInItsColourTheThreadAndWhereSchedulingDiffersFromGenerating() {
        NavNode implicit0 = child(child(root("group:regions"), "region:1"), "task:1");
        NavNode task3 = child(implicit0, "task:3");
        NavNode task5 = child(task3, "task:5");
        NavNode task6 = child(task3, "task:6");
        // #5 was generated by #3 and scheduled over #4 (stolen by T1)
        assertThat(badges(task5)).containsSubsequence("explicit", "suspended", "on T1", "≠ gen");
        assertThat(styleOf(task5, "suspended")).isEqualTo("badge-life-suspended");
        // #6 runs on T0 over its own generating task
        assertThat(badges(task6)).contains("running", "on T0").doesNotContain("≠ gen");
        assertThat(styleOf(task6, "running")).isEqualTo("badge-life-running");
        NavNode task7 = child(child(implicit0, "task:4"), "task:7");
        assertThat(badges(task7)).contains("queued").noneMatch(t -> t.startsWith("on "));
        assertThat(styleOf(task7, "queued")).isEqualTo("badge-life-queued");
    }

    /** A queued task whose predecessor has not finished is blocked on dependences, never "queued". */
    @Test
    void aQueuedTaskWaitingForAnUnfinishedPredecessorIsBlockedOnDependencesWithItsCounts() {
        vm.setSnapshot(TestSnapshots.lessonStep("task-dependences", 2)); // every task created
        NavNode implicit = child(child(child(child(root("group:regions"), "region:1"), "task:1"), "region:2"),
                "task:2");
        NavNode writer = child(implicit, "task:3");
        assertThat(badges(writer)).contains("running", "on T2", "≠ gen", "1 dep").noneMatch(t -> t.startsWith("waits"));
        NavNode reader = child(implicit, "task:5");
        // it reads x and writes a variable of its own: two dependences, one task to wait for
        assertThat(badges(reader)).contains("blocked on dependences", "2 deps", "waits for 1").doesNotContain("queued");
        assertThat(styleOf(reader, "blocked on dependences")).isEqualTo("badge-life-blocked");
        assertThat(styleOf(reader, "waits for 1")).isEqualTo(Badge.WAITS_FOR);
        // the diamond's join reads what both sides wrote: it waits for the two of them
        assertThat(badges(child(implicit, "task:7"))).contains("blocked on dependences", "2 deps", "waits for 2");
        assertThat(badges(child(implicit, "task:9"))).contains("blocked on dependences", "waits for 1");
    }

    @Test
    void flagsAreSmallBadgesAndATaskMadeInsideAnotherIsNamedByWhereThatOneWasWritten() {
        vm.setSnapshot(TestSnapshots.lessonStep("taskgroup-flags", 3)); // the included task runs
        vm.groupingProperty().set(Grouping.THREADS);
        NavNode t1 = child(root("group:threads"), "thread:1");
        NavNode included = child(t1, "task:7");
        assertThat(badges(included)).contains("undeferred", "final", "included");
        assertThat(styleOf(included, "included")).isEqualTo(Badge.FLAG);
        assertThat(included.secondary()).isEqualTo("task in main (taskgroup-flags.c:51)");
        NavNode untied = child(child(root("group:threads"), "thread:2"), "task:3");
        assertThat(badges(untied)).contains("untied", "running", "≠ gen")
                .as("under its own thread the row does not repeat it").noneMatch(t -> t.startsWith("on T"));
    }

    /** A core has no agent: no lifecycle, flags or dependences; the thread and ≠ gen are OMPD's and stay. */
    @Test
    void aTaskWithoutAnAgentHasNoLifecycleBadge() {
        org.ompdexplorer.model.Snapshot s = TestSnapshots.handWritten().snapshot();
        List<org.ompdexplorer.model.Task> bare = s.tasks().stream().map(t -> new org.ompdexplorer.model.Task(t.id(),
                t.kind(), t.generatingTask(), t.schedulingTask(), t.parallelRegion(), t.thread(), t.threadNum(),
                t.function(), t.creationSite(), t.frames(), t.toolData(), t.icvs(), null)).toList();
        vm.setSnapshot(new LoadedSnapshot(new org.ompdexplorer.model.Snapshot(s.capture(), s.runtime(),
                s.addressSpaces(), s.states(), s.icvCatalogue(), s.displayControlVars(), s.threads(),
                s.parallelRegions(), bare), List.of(), "core-like", Optional.empty()));
        NavNode task5 = child(child(child(child(root("group:regions"), "region:1"), "task:1"), "task:3"), "task:5");
        assertThat(task5.badges()).extracting(Badge::styleClass).noneMatch(c -> c.startsWith(Badge.LIFE_PREFIX))
                .doesNotContain(Badge.STATE, Badge.FLAG, Badge.DEPENDENCES);
        assertThat(badges(task5)).containsExactly("explicit", "on T1", "≠ gen", "2 generated");
        assertThat(vm.noticeProperty().get()).isEmpty();
    }

    @Test
    void searchMatchesAreMarkedInTheTreeOrListedAloneAndTheTreeComesBack() {
        LoadedSnapshot lesson = TestSnapshots.lesson();
        vm.setSnapshot(lesson);
        org.ompdexplorer.app.ui.search.SearchResult queued = org.ompdexplorer.app.ui.search.SnapshotSearch.run(
                lesson.snapshot(), "queued", org.ompdexplorer.app.ui.task.JobContext.NONE);
        assertThat(queued.size()).isEqualTo(3);

        vm.showMatches(queued, false);
        assertThat(vm.isMatch(Target.of(new TaskId(6)))).isTrue();
        assertThat(vm.isMatch(Target.of(new TaskId(7)))).isFalse();
        assertThat(vm.rootsProperty().get()).extracting(NavNode::id).contains("group:regions");

        vm.showMatches(queued, true);
        assertThat(vm.rootsProperty().get()).extracting(NavNode::id).containsExactly("group:matches");
        NavNode list = root("group:matches");
        assertThat(ids(list)).containsExactly("task:6", "task:8", "task:10");
        assertThat(list.children().indexOf("task:8")).isEqualTo(1);
        assertThat(vm.pathTo(Target.of(new TaskId(10)))).contains(List.of("group:matches", "task:10"));
        assertThat(vm.reveal(Target.of(new TaskId(7)))).as("not a match: nothing to switch to").isEmpty();

        vm.showMatches(org.ompdexplorer.app.ui.search.SearchResult.NONE, true);
        assertThat(vm.rootsProperty().get()).extracting(NavNode::id).contains("group:regions");
    }

    @Test
    void theInitialTaskIsARootTaskWithoutTheImplicitTasksOfItsTeam() {
        NavNode roots = root("group:roots");
        assertThat(ids(roots)).containsExactly("task:0");
        assertThat(child(roots, "task:0").isLeaf()).isTrue();
    }

    @Test
    void byThreadEachThreadShowsItsStateAndTheSchedulingChainTopFirst() {
        vm.groupingProperty().set(Grouping.THREADS);
        NavNode t1 = child(root("group:threads"), "thread:1");
        assertThat(t1.text()).isEqualTo("T1");
        assertThat(t1.badges()).extracting(Badge::text).contains("worker", "work_parallel");
        assertThat(ids(t1)).containsExactly("task:9", "task:5", "task:4", "task:2");
    }

    /** Twelve threads, three of them waiting for a lock: by thread, one row per state, each holding its threads. */
    @Test
    void manyThreadsAreGroupedByStateAndPathsLeadThroughTheGroup() {
        org.ompdexplorer.model.Snapshot s = TestSnapshots.wide(12, 40, 0);
        for (int i = 0; i < 3; i++) {
            s = org.ompdexplorer.model.synthetic.SnapshotEdits.withThreadWaiting(s, s.threads().get(i).id(),
                    org.ompdexplorer.model.ThreadState.ofValue(0x41), 0x5000L + i);
        }
        vm.setSnapshot(LoadedSnapshot.of(s, "twelve"));
        vm.groupingProperty().set(Grouping.THREADS);
        NavNode threads = root("group:threads");
        List<String> groups = ids(threads);
        assertThat(groups).allMatch(id -> id.startsWith("state:")).contains("state:wait_lock");
        NavNode lock = child(threads, "state:wait_lock");
        assertThat(lock.toString()).isEqualTo("wait_lock  [3 threads]");
        org.ompdexplorer.model.OmpThread first = s.threads().getFirst();
        assertThat(ids(lock)).containsExactly("thread:" + s.threads().get(0).id().value(),
                "thread:" + s.threads().get(1).id().value(), "thread:" + s.threads().get(2).id().value());
        long grouped = threads.children().page(0, groups.size()).stream().mapToLong(g -> g.children().size()).sum();
        assertThat(grouped).as("every thread in exactly one group").isEqualTo(12);

        assertThat(vm.pathTo(Target.of(first.id()))).contains(List.of("group:threads", "state:wait_lock",
                "thread:" + first.id().value()));
        org.ompdexplorer.model.OmpThread last = s.threads().getLast();
        String lastGroup = "state:" + last.state().get().shortName();
        assertThat(vm.pathTo(Target.of(last.id()))).contains(List.of("group:threads", lastGroup,
                "thread:" + last.id().value()));
        org.ompdexplorer.model.Task top = s.index().schedulingChain(last.id()).getFirst();
        assertThat(vm.pathTo(Target.of(top.id()))).contains(List.of("group:threads", lastGroup,
                "thread:" + last.id().value(), "task:" + top.id().value()));
        NavNode lastRow = child(child(threads, lastGroup), "thread:" + last.id().value());
        assertThat(ids(lastRow)).first().isEqualTo("task:" + top.id().value());
    }

    /** A handful of threads stay one flat list: a group row per thread would only add clicks. */
    @Test
    void aFewThreadsAreListedWithoutStateGroups() {
        vm.setSnapshot(LoadedSnapshot.of(TestSnapshots.wide(ThreadTree.GROUP_ABOVE, 20, 0), "eight"));
        vm.groupingProperty().set(Grouping.THREADS);
        assertThat(ids(root("group:threads"))).allMatch(id -> id.startsWith("thread:")).hasSize(ThreadTree.GROUP_ABOVE);
    }

    @Test
    void pathsLeadThroughRegionsAndGeneratingLinks() {
        assertThat(vm.pathTo(Target.of(new TaskId(9)))).contains(
                List.of("group:regions", "region:1", "task:1", "task:3", "task:5", "task:9"));
        assertThat(vm.pathTo(Target.of(new RegionId(1)))).contains(List.of("group:regions", "region:1"));
        assertThat(vm.pathTo(Target.of(SnapshotPage.STATES))).contains(List.of("group:snapshot", "page:STATES"));
        assertThat(vm.pathTo(Target.of(new ThreadId(0)))).isEmpty();
    }

    @Test
    void revealingWhatOnlyTheOtherGroupingShowsSwitchesToIt() {
        Optional<List<String>> path = vm.reveal(Target.of(new ThreadId(1)));
        assertThat(path).contains(List.of("group:threads", "thread:1"));
        assertThat(vm.groupingProperty().get()).isEqualTo(Grouping.THREADS);

        assertThat(vm.reveal(Target.of(new TaskId(5)))).contains(List.of("group:threads", "thread:1", "task:5"));
        assertThat(vm.groupingProperty().get()).as("task 5 is on T1's stack").isEqualTo(Grouping.THREADS);

        assertThat(vm.reveal(Target.of(new TaskId(7)))).as("queued: on no stack").isPresent();
        assertThat(vm.groupingProperty().get()).isEqualTo(Grouping.STRUCTURE);
    }

    @Test
    void aNodeWithAHundredThousandChildrenMakesOnlyThePageAskedFor() {
        vm.setSnapshot(LoadedSnapshot.of(TestSnapshots.wide(4, 100_000, 100_000), "wide"));
        NavNode producer = child(child(root("group:regions"), "region:1"), "task:" + TestSnapshots.PRODUCER);
        assertThat(producer.children().size()).isGreaterThanOrEqualTo(100_000);
        long start = System.nanoTime();
        List<NavNode> page = producer.children().page(0, NavigatorViewModel.PAGE_SIZE);
        assertThat(page).hasSize(NavigatorViewModel.PAGE_SIZE);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(200);
        String last = "task:" + (producer.children().get(99_999).id().substring(5));
        assertThat(producer.children().indexOf(last)).isEqualTo(99_999);
    }
}
