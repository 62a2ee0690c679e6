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

    /** An OMPT capture has no task function for any task: said once on the snapshot, not as a badge on every row. */
    @Test
    void aGapEveryTaskSharesIsShownOnceOnTheSnapshotNotOnEachRow() {
        vm.setSnapshot(TestSnapshots.lesson());
        assertThat(root("group:snapshot").badges()).extracting(Badge::text).contains("no task functions");
        NavNode initial = child(child(root("group:regions"), "region:1"), "task:1");
        assertThat(initial.badges()).extracting(Badge::text).noneMatch(t -> t.startsWith("fn "));
        assertThat(initial.isUnavailable()).isFalse();
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
