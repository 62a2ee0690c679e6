package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every block libompd allocated through the {@code alloc_memory} callback is freed through {@code free_memory},
 * and every handle obtained is released with its {@code ompd_rel_*} call.
 */
class HandleAccountingTest {

    @ParameterizedTest
    @ValueSource(strings = {"task_tree.gcore.core", "task_tree.abort.core", "task_tree.nodebug.gcore.core",
        "nested_parallel.gcore.core", "icvs.gcore.core", "many_threads.gcore.core", "many_threads.abort.core"})
    void everyAllocationIsFreedAndEveryHandleReleased(String core) {
        OmpdSession.Stats stats = CoreImports.run(core).stats();
        assertThat(stats.allocations()).isPositive();
        assertThat(stats.frees()).isEqualTo(stats.allocations());
        assertThat(stats.leaked()).isZero();
        assertThat(stats.obtained()).isEqualTo(stats.released());
        assertThat(stats.obtained().get(Ompd.HandleKind.ADDRESS_SPACE)).isEqualTo(1);
        assertThat(stats.obtained().get(Ompd.HandleKind.TASK)).isGreaterThanOrEqualTo(
                CoreImports.snapshot(core).tasks().size());
    }
}
