package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.IcvDefinition;
import org.ompdexplorer.model.IcvScope;
import org.ompdexplorer.model.IcvValue;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.Task;
import org.ompdexplorer.model.TaskKind;

/**
 * The ICV fixture: ICVs set by the environment (read at start-up) and by the API before and inside a team of 3,
 * read back in both forms at every scope.
 */
class IcvsImportTest {

    @ParameterizedTest
    @ValueSource(strings = {"icvs.gcore.core", "icvs.abort.core"})
    void theCatalogueHasEveryIcvOfLibompd19InItsScope(String core) {
        Snapshot s = CoreImports.snapshot(core);
        assertThat(s.icvCatalogue()).hasSize(30);
        assertThat(def(s, "nthreads-var").scope()).isEqualTo(IcvScope.THREAD);
        assertThat(def(s, "run-sched-var").scope()).isEqualTo(IcvScope.TASK);
        assertThat(def(s, "ompd-team-size-var").scope()).isEqualTo(IcvScope.PARALLEL);
        assertThat(def(s, "stacksize-var").scope()).isEqualTo(IcvScope.ADDRESS_SPACE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"icvs.gcore.core", "icvs.abort.core"})
    void environmentIcvsOfTheAddressSpace(String core) {
        Snapshot s = CoreImports.snapshot(core);
        List<IcvValue> icvs = s.addressSpaces().getFirst().icvs();
        assertThat(integer(s, icvs, "stacksize-var")).isEqualTo(2L * 1024 * 1024); // OMP_STACKSIZE=2M
        assertThat(integer(s, icvs, "cancel-var")).isEqualTo(1L);                // OMP_CANCELLATION=true
        assertThat(integer(s, icvs, "max-task-priority-var")).isEqualTo(7L);     // OMP_MAX_TASK_PRIORITY=7
        assertThat(integer(s, icvs, "debug-var")).isEqualTo(1L);                 // OMP_DEBUG=enabled
        assertThat(value(s, icvs, "affinity-format-var").string().get()).startsWith("OMP: pid %P tid %i");
        assertThat(value(s, icvs, "affinity-format-var").integer())
                .isEqualTo(Fact.unavailable(ReturnCode.INCOMPATIBLE, "ompd_get_icv_from_scope"));
        assertThat(value(s, icvs, "stacksize-var").string())
                .isEqualTo(Fact.unavailable(ReturnCode.UNSUPPORTED, "ompd_get_icv_string_from_scope"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"icvs.gcore.core", "icvs.abort.core"})
    void apiIcvsDifferPerThreadAndImplicitTask(String core) {
        Snapshot s = CoreImports.snapshot(core);
        assertThat(s.threads()).hasSize(3);
        for (OmpThread t : s.threads()) {
            long num = integer(s, t.icvs(), "thread-num-var");
            assertThat(integer(s, t.icvs(), "nthreads-var")).isEqualTo(2 + num); // omp_set_num_threads(2 + tid)
            assertThat(value(s, t.icvs(), "nthreads-var").string().get()).isEqualTo(Long.toString(2 + num));
            assertThat(integer(s, t.icvs(), "dyn-var")).isEqualTo(1L);           // omp_set_dynamic(1)
            Task current = s.index().task(t.currentTask().get()).orElseThrow();
            assertThat(value(s, current.icvs(), "run-sched-var").string().get()).isEqualTo("dynamic,7");
            assertThat(integer(s, current.icvs(), "thread-limit-var")).isEqualTo(16L);    // OMP_THREAD_LIMIT=16
            assertThat(integer(s, current.icvs(), "max-active-levels-var")).isEqualTo(3L); // OMP_MAX_ACTIVE_LEVELS=3
            assertThat(current.threadNum().get()).isEqualTo((int) num);
        }
        Task initial = s.tasks().stream().filter(t -> t.kind().equals(TaskKind.INITIAL)).findFirst().orElseThrow();
        assertThat(value(s, initial.icvs(), "run-sched-var").string().get()).isEqualTo("guided,5"); // OMP_SCHEDULE
        assertThat(s.parallelRegions()).filteredOn(r -> r.level().get() == 1).singleElement().satisfies(r -> {
            assertThat(integer(s, r.icvs(), "ompd-team-size-var")).isEqualTo(3L); // omp_set_num_threads(3) before
            assertThat(r.teamSize().get()).isEqualTo(3);
        });
    }

    static IcvDefinition def(Snapshot s, String name) {
        return s.icvCatalogue().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    static IcvValue value(Snapshot s, List<IcvValue> values, String name) {
        IcvDefinition d = def(s, name);
        return values.stream().filter(v -> v.icv().equals(d.id())).findFirst().orElseThrow();
    }

    static long integer(Snapshot s, List<IcvValue> values, String name) {
        return value(s, values, name).integer().get();
    }
}
