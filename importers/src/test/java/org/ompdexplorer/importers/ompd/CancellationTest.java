package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.importers.LoadCancelledException;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.importers.testfixtures.PhaseRecorder;

/** Progress is reported by phase; a cancelled import stops, frees what libompd allocated and leaves libompd usable. */
class CancellationTest {

    @Test
    void cancellingWhileReadingThreadsStopsCleanly() throws Exception {
        var core = NativeFixtures.core("many_threads.gcore.core");
        PhaseRecorder cancelInThreads = PhaseRecorder.cancellingAt("reading threads");
        List<String> phases = cancelInThreads.phases();
        assertThatThrownBy(() -> new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null), cancelInThreads))
                .isInstanceOf(LoadCancelledException.class).hasMessageContaining("many_threads.gcore.core");
        assertThat(phases).containsSubsequence("opening core", "initializing OMPD", "reading threads");

        PhaseRecorder recorder = PhaseRecorder.recording();
        List<String> all = recorder.phases();
        OmpdCoreImporter.Run run = new OmpdCoreImporter().run(CoreImportOptions.of(core, null), recorder);
        assertThat(run.result().snapshot().threads()).hasSize(64);
        assertThat(run.stats().leaked()).isZero();
        assertThat(run.stats().frees()).isEqualTo(run.stats().allocations());
        assertThat(all).containsSubsequence("opening core", "reading threads", "symbolizing task functions", "done");
    }
}
