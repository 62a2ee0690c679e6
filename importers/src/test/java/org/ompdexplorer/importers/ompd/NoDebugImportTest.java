package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.Fact;
import org.ompdexplorer.model.ReturnCode;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.TaskKind;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * The task tree run without {@code OMP_DEBUG=enabled}: the runtime tracks no state, so states, task functions,
 * frames and scheduling links are unavailable with {@code needs_state_tracking} (or, for the links the runtime
 * never kept, {@code unavailable}); threads, regions, generating links and ICVs are all there.
 */
class NoDebugImportTest {
    private static final String CORE = "task_tree.nodebug.gcore.core";

    @Test
    void stateTrackingValuesAreMarkedAndTheRestIsPresent() {
        Snapshot s = CoreImports.snapshot(CORE);
        assertThat(s.threads()).hasSize(2).allSatisfy(t -> {
            assertThat(t.state()).isEqualTo(Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_state"));
            assertThat(t.currentTask().isKnown()).isTrue();
            assertThat(t.currentRegion().isKnown()).isTrue();
            assertThat(t.icvs()).isNotEmpty().allMatch(v -> v.integer().isKnown() || v.string().isKnown());
        });
        assertThat(s.tasks()).allSatisfy(t -> {
            assertThat(t.function()).isEqualTo(Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_task_function"));
            assertThat(t.frames()).isEqualTo(Fact.unavailable(ReturnCode.NEEDS_STATE_TRACKING, "ompd_get_task_frame"));
            assertThat(t.parallelRegion().isKnown()).isTrue();
        });
        // the tree is still there through the generating links
        assertThat(s.tasks()).hasSize(10);
        assertThat(s.tasks()).filteredOn(t -> t.kind().equals(TaskKind.EXPLICIT)).hasSize(7)
                .allSatisfy(t -> assertThat(t.generatingTask().isKnown()).isTrue());
        assertThat(s.parallelRegions()).hasSize(2).allSatisfy(r -> assertThat(r.teamSize().isKnown()).isTrue());
        assertThat(IcvsImportTest.integer(s, s.addressSpaces().getFirst().icvs(), "debug-var")).isZero();
    }

    @Test
    void theImportSaysHowToGetTheMissingValues() {
        assertThat(CoreImports.run(CORE).result().diagnostics()).extracting(Diagnostic::code).contains("state-tracking-off");
        assertThat(CoreImports.run(CORE).result().diagnostics()).filteredOn(d -> d.code().equals("state-tracking-off"))
                .singleElement().extracting(Diagnostic::fix).asString().contains("OMP_DEBUG=enabled");
        assertThat(ReturnCode.NEEDS_STATE_TRACKING.advice()).contains("OMP_DEBUG=enabled");
    }
}
