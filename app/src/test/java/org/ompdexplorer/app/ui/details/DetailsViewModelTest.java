package org.ompdexplorer.app.ui.details;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.app.ui.TestSnapshots;
import org.ompdexplorer.app.ui.entity.LoadedSnapshot;
import org.ompdexplorer.app.ui.entity.SnapshotPage;
import org.ompdexplorer.app.ui.entity.Target;
import org.ompdexplorer.app.ui.task.SameThreadBackgroundTasks;
import org.ompdexplorer.model.CodeLocation;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.RegionId;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SyncRegion;
import org.ompdexplorer.model.SyncRegionKind;
import org.ompdexplorer.model.TaskId;
import org.ompdexplorer.model.ThreadId;

class DetailsViewModelTest {
    private final DetailsViewModel vm = new DetailsViewModel(new SameThreadBackgroundTasks());

    @BeforeEach
    void open() {
        vm.setSnapshot(TestSnapshots.handWritten());
    }

    private DetailsPage show(Target target) {
        vm.show(target);
        return vm.pageProperty().get();
    }

    private static Section.Properties properties(DetailsPage page, String id) {
        return (Section.Properties) page.section(id).orElseThrow();
    }

    private static Value value(DetailsPage page, String section, String key) {
        return properties(page, section).rows().stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow()
                .value();
    }

    @Test
    void aThreadInASyncRegionShowsItAndWithoutAStackWaitsAtItsSite() {
        Snapshot lesson = TestSnapshots.handWritten().snapshot();
        OmpThread t = lesson.threads().getFirst();
        OmpThread waiting = t.withSyncRegion(Fact.of(new SyncRegion(SyncRegionKind.BARRIER_EXPLICIT,
                Fact.of(new CodeLocation(0x1234, "solve_boundary", "/src/held.c", 42)))));
        Snapshot s = new Snapshot(lesson.capture(), lesson.runtime(), lesson.addressSpaces(), lesson.states(),
                lesson.icvCatalogue(), lesson.displayControlVars(), List.of(waiting, lesson.threads().get(1)),
                lesson.parallelRegions(), lesson.tasks());
        vm.setSnapshot(LoadedSnapshot.of(s, "waiting"));
        DetailsPage page = show(Target.of(t.id()));
        assertThat(value(page, "properties", "syncRegion").text())
                .isEqualTo("barrier_explicit at solve_boundary (/src/held.c:42)");
        assertThat(value(page, "properties", "where").text())
                .isEqualTo("waits at a barrier in solve_boundary (/src/held.c:42)");
        assertThat(properties(show(Target.of(lesson.threads().get(1).id())), "properties").rows())
                .noneMatch(r -> r.key().equals("syncRegion") || r.key().equals("where"));
    }

    @Test
    void aStolenTaskLinksToItsGeneratingAndSchedulingTasksWhichDiffer() {
        DetailsPage page = show(Target.of(new TaskId(5)));
        assertThat(page.title()).isEqualTo("task #5");
        assertThat(page.kind()).isEqualTo("explicit task");
        assertThat(page.subtitle()).isEqualTo("task in fib (fib.c:9)");
        assertThat(value(page, "properties", "symbol").text()).as("the raw symbol stays in the details")
                .isEqualTo(".omp_task_entry.");
        assertThat(value(page, "links", "generatingTask").link()).isEqualTo(Target.of(new TaskId(3)));
        assertThat(value(page, "links", "schedulingTask").link()).isEqualTo(Target.of(new TaskId(4)));
        assertThat(value(page, "links", "parallelRegion").link()).isEqualTo(Target.of(new RegionId(1)));
        assertThat(value(page, "links", "thread").link()).isEqualTo(Target.of(new ThreadId(1)));
        assertThat(value(page, "properties", "lifecycle").text()).isEqualTo("suspended");
    }

    @Test
    void icvTablesShowTheOwnScopeAndOnRequestWhatIsInheritedAndFromWhere() {
        Section.Icvs icvs = (Section.Icvs) show(Target.of(new TaskId(5))).section("icvs").orElseThrow();
        assertThat(icvs.own()).filteredOn(r -> r.name().equals("thread-num-var"))
                .singleElement().satisfies(r -> {
                    assertThat(r.value().text()).isEqualTo("1");
                    assertThat(r.scope()).isEqualTo("task");
                });
        assertThat(icvs.own()).extracting(Section.IcvRow::name).doesNotContain("nthreads-var");
        assertThat(icvs.effective()).filteredOn(r -> r.name().equals("nthreads-var"))
                .singleElement().satisfies(r -> {
                    assertThat(r.value().text()).isEqualTo("2");
                    assertThat(r.from()).isEqualTo("thread T1");
                });
        assertThat(icvs.effective()).filteredOn(r -> r.name().equals("ompd-num-procs-var"))
                .singleElement().satisfies(r -> assertThat(r.ompName()).isEqualTo("num-procs-var"));
    }

    @Test
    void framesShowExitAndEnterWithTheirFlags() {
        Section.Table frames = (Section.Table) show(Target.of(new TaskId(5))).section("framesTable").orElseThrow();
        assertThat(frames.rows()).hasSize(2);
        assertThat(frames.rows().get(0)).extracting(Value::text)
                .containsExactly("exit", "0x7f3a2bdfe720", "application|framepointer");
    }

    @Test
    void aRegionLinksTheImplicitTaskOfEachThreadNumber() {
        DetailsPage page = show(Target.of(new RegionId(1)));
        Section.Table team = (Section.Table) page.section("teamTable").orElseThrow();
        assertThat(team.rows()).hasSize(2);
        assertThat(team.rows().get(1).get(2).link()).isEqualTo(Target.of(new TaskId(2)));
        assertThat(value(page, "links", "encounteringTask").link()).isEqualTo(Target.of(new TaskId(0)));
    }

    @Test
    void aThreadLinksItsCurrentTaskAndListsItsStack() {
        DetailsPage page = show(Target.of(new ThreadId(1)));
        assertThat(value(page, "links", "currentTask").link()).isEqualTo(Target.of(new TaskId(9)));
        Section.Table stack = (Section.Table) page.section("stackTable").orElseThrow();
        assertThat(stack.rows()).extracting(r -> r.get(1).text()).containsExactly("#9", "#5", "#4", "#2");
    }

    @Test
    void anUnavailableValueSaysWhyAndHowToGetIt() {
        Snapshot lesson = TestSnapshots.handWritten().snapshot();
        OmpThread t = lesson.threads().getFirst();
        OmpThread blind = new OmpThread(t.id(), t.addressSpace(), t.osIds(), t.kind(),
                Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state"), t.waitId(), t.currentTask(),
                t.currentRegion(), t.toolData(), t.icvs());
        Snapshot s = new Snapshot(lesson.capture(), lesson.runtime(), lesson.addressSpaces(), lesson.states(),
                lesson.icvCatalogue(), lesson.displayControlVars(), List.of(blind, lesson.threads().get(1)),
                lesson.parallelRegions(), lesson.tasks());
        vm.setSnapshot(LoadedSnapshot.of(s, "blind"));
        Value state = value(show(Target.of(t.id())), "properties", "state");
        assertThat(state.unavailable()).isTrue();
        assertThat(state.text()).isEqualTo("unavailable (needs_state_tracking)");
        assertThat(state.why()).contains("ompd_get_state").contains("OMP_DEBUG=enabled");
    }

    @Test
    void snapshotPagesShowDisplayControlVarsStatesVersionsAndCapture() {
        Section.Table dcv = (Section.Table) show(Target.of(SnapshotPage.DISPLAY_CONTROL_VARS))
                .section("displayControlVarsTable").orElseThrow();
        assertThat(dcv.rows()).extracting(r -> r.get(0).text() + "=" + r.get(1).text()).contains("OMP_DEBUG=enabled");
        Section.Table states = (Section.Table) show(Target.of(SnapshotPage.STATES)).section("statesTable").orElseThrow();
        assertThat(states.rows()).extracting(r -> r.get(1).text()).contains("ompt_state_wait_taskwait");
        assertThat(value(show(Target.of(SnapshotPage.RUNTIME)), "properties", "ompVersion").text())
                .isEqualTo("201811 (OpenMP 5.0)");
        DetailsPage capture = show(Target.of(SnapshotPage.CAPTURE));
        assertThat(capture.section("description")).isPresent();
        assertThat(value(capture, "properties", "threads").text()).isEqualTo("2");
        assertThat(value(capture, "properties", "tasks").text()).isEqualTo("11");
        // each count is a filter that finds exactly what it counts
        for (String key : java.util.List.of("threads", "regions", "tasks")) {
            Value count = value(capture, "properties", key);
            assertThat(count.isFilter()).as(key).isTrue();
            org.ompdexplorer.app.ui.search.SearchResult found = org.ompdexplorer.app.ui.search.SnapshotSearch.run(
                    TestSnapshots.handWritten().snapshot(), count.filter(), org.ompdexplorer.app.ui.task.JobContext.NONE);
            assertThat(found.size()).as(key).isEqualTo(Integer.parseInt(count.text()));
        }
    }

    @Test
    void copyGivesThePageAsText() {
        show(Target.of(new TaskId(5)));
        assertThat(vm.copyText()).startsWith("task #5 (explicit task)").contains("generating task: task #3");
    }
}
