package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ompdexplorer.model.OmpThread;
import org.ompdexplorer.model.ParallelRegion;
import org.ompdexplorer.model.Snapshot;
import org.ompdexplorer.model.SnapshotValidator;
import org.ompdexplorer.model.ThreadKind;

/** The scale fixture: one team of 64 threads. */
class ManyThreadsImportTest {

    @ParameterizedTest
    @ValueSource(strings = {"many_threads.gcore.core", "many_threads.abort.core"})
    void everyThreadIsAMemberOfTheOneTeam(String core) {
        Snapshot s = CoreImports.snapshot(core);
        assertThat(s.threads()).hasSize(64).allMatch(OmpThread::isOpenMpThread);
        assertThat(s.threads()).filteredOn(t -> t.kind().get().equals(ThreadKind.INITIAL)).hasSize(1);
        ParallelRegion team = s.parallelRegions().stream().filter(r -> r.level().get() == 1).findFirst().orElseThrow();
        assertThat(s.parallelRegions()).hasSize(2);
        assertThat(team.teamSize().get()).isEqualTo(64);
        assertThat(team.members()).hasSize(64);
        assertThat(team.members()).extracting(m -> m.thread().get())
                .containsExactlyInAnyOrderElementsOf(s.threads().stream().map(OmpThread::id).toList());
        for (var m : team.members()) {
            OmpThread t = s.index().thread(m.thread().get()).orElseThrow();
            assertThat(t.currentTask()).isEqualTo(m.implicitTask());
            assertThat(IcvsImportTest.integer(s, t.icvs(), "thread-num-var")).isEqualTo(m.threadNum());
        }
        assertThat(s.tasks()).hasSize(65);
        assertThat(SnapshotValidator.validate(s)).isEmpty();
    }
}
