package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Every fixture core's import passes the validator without an error: what libompd says of a real process is a
 * state OpenMP allows (one running task per thread, stacks on their own threads, teams that agree with their
 * implicit tasks, …). Skipped without the fixtures, as the other native tests are.
 */
class CoreImportInvariantsTest {

    @ParameterizedTest
    @ValueSource(strings = {"nested_parallel.gcore.core", "nested_parallel.abort.core", "task_tree.gcore.core",
            "task_tree.abort.core", "task_tree.nodebug.gcore.core", "icvs.gcore.core", "icvs.abort.core",
            "many_threads.gcore.core", "many_threads.abort.core"})
    void aFixtureCoreImportsWithoutAnInvariantError(String core) {
        assertNoError(CoreImports.snapshot(core));
    }

    @ParameterizedTest
    @ValueSource(strings = {"target_in_flight.agent.gcore.core", "target_in_flight.gcore.core"})
    void anOffloadFixtureCoreImportsWithoutAnInvariantError(String core) {
        assertNoError(CoreImports.offload(core).result().snapshot());
    }

    private static void assertNoError(Snapshot s) {
        assertThat(SnapshotValidator.validate(s)).filteredOn(Diagnostic::isError).extracting(Diagnostic::format)
                .isEmpty();
    }
}

