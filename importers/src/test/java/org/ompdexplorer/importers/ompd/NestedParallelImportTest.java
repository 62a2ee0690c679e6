package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.TeamMember;
import org.ompdexplorer.model.ThreadKind;

/** The nested fixture: an outer team of 2, each of whose threads opened an inner team of 2. */
class NestedParallelImportTest {

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "nested_parallel.abort.core"})
    void twoInnerTeamsInsideOneOuterTeamInsideTheInitialRegion(String core) {
        Snapshot s = CoreImports.snapshot(core);
        assertThat(s.threads()).hasSize(4).allMatch(OmpThread::isOpenMpThread);
        assertThat(s.threads()).filteredOn(t -> t.kind().get().equals(ThreadKind.INITIAL)).hasSize(1);

        List<ParallelRegion> inner = regionsAtLevel(s, 2);
        List<ParallelRegion> outer = regionsAtLevel(s, 1);
        List<ParallelRegion> initial = regionsAtLevel(s, 0);
        assertThat(s.parallelRegions()).hasSize(4);
        assertThat(inner).hasSize(2).allSatisfy(r -> {
            assertThat(r.teamSize().get()).isEqualTo(2);
            assertThat(r.activeLevel().get()).isEqualTo(2);
            assertThat(r.enclosingRegion().get()).isEqualTo(outer.getFirst().id());
        });
        assertThat(outer).singleElement().satisfies(r -> {
            assertThat(r.teamSize().get()).isEqualTo(2);
            assertThat(r.enclosingRegion().get()).isEqualTo(initial.getFirst().id());
        });
        assertThat(initial).singleElement().satisfies(r -> assertThat(r.teamSize().get()).isEqualTo(1));

        // every thread's current region is an inner one; the 4 threads are the 4 inner team members
        assertThat(s.threads()).allSatisfy(t -> assertThat(inner).extracting(ParallelRegion::id)
                .contains(t.currentRegion().get()));
        assertThat(inner.stream().flatMap(r -> r.members().stream()).map(m -> m.thread().get()))
                .containsExactlyInAnyOrderElementsOf(s.threads().stream().map(OmpThread::id).toList());
        // each inner team's master is the outer team member that opened it
        for (ParallelRegion r : inner) {
            TeamMember master = r.members().getFirst();
            assertThat(outer.getFirst().members()).extracting(m -> m.thread().get()).contains(master.thread().get());
            Task encountering = s.index().task(r.encounteringTask().get()).orElseThrow();
            assertThat(encountering.parallelRegion().get()).isEqualTo(outer.getFirst().id());
            assertThat(encountering.thread().get()).isEqualTo(master.thread().get());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "nested_parallel.abort.core"})
    void implicitTasksRunTheOutlinedBodies(String core) {
        Snapshot s = CoreImports.snapshot(core);
        assertThat(s.tasks()).hasSize(7);
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.IMPLICIT)).hasSize(6);
        for (ParallelRegion r : regionsAtLevel(s, 2)) {
            assertThat(r.members()).allSatisfy(m -> {
                Task task = s.index().task(m.implicitTask().get()).orElseThrow();
                assertThat(task.threadNum().get()).isEqualTo(m.threadNum());
                assertThat(task.thread().get()).isEqualTo(m.thread().get());
                assertThat(task.function().get().symbol()).isEqualTo("main.omp_outlined_debug__.omp_outlined");
                assertThat(task.function().get().line()).isEqualTo(23);
            });
        }
        assertThat(regionsAtLevel(s, 1).getFirst().members()).allSatisfy(m -> assertThat(
                s.index().task(m.implicitTask().get()).orElseThrow().function().get().symbol())
                .isEqualTo("main.omp_outlined"));
    }

    static List<ParallelRegion> regionsAtLevel(Snapshot s, int level) {
        return s.parallelRegions().stream().filter(r -> r.level().get() == level).toList();
    }
}
