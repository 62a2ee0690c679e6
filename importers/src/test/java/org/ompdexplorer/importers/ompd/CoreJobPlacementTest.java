package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ompdexplorer.importers.LoadResult;
import org.ompdexplorer.importers.ProgressListener;
import org.ompdexplorer.importers.testfixtures.LiveCores;
import org.ompdexplorer.importers.testfixtures.NativeFixtures;
import org.ompdexplorer.model.CaptureInfo;
import org.ompdexplorer.model.JobPlacement;
import org.ompdexplorer.model.diagnostics.Diagnostic;

/**
 * Issue 27 item 3: a core knows its rank from the environment its launcher gave the process, which the core's
 * initial stack holds; a malformed value is said and ignored, and the import goes on.
 */
class CoreJobPlacementTest {
    @Test
    void anOpenMpiRanksCoreSaysItsRankSizeJobAndHost(@TempDir Path dir) throws Exception {
        LoadResult result = importCoreOf(dir, Map.of("OMPI_COMM_WORLD_RANK", "5", "OMPI_COMM_WORLD_SIZE", "8",
                "PMIX_NAMESPACE", "1294925825", "PMIX_RANK", "5", "PMIX_HOSTNAME", "node17", "SLURM_PROCID", "2"));

        CaptureInfo capture = result.snapshot().capture();
        assertThat(capture.jobIfKnown()).contains(new JobPlacement(5, 8, "1294925825", "openmpi"));
        assertThat(capture.host()).isEqualTo("node17");
        assertThat(result.diagnostics()).extracting(Diagnostic::code)
                .doesNotContain("environment-unreadable", "job-environment-ignored");
    }

    @Test
    void aCoreOutsideAnyJobHasNoPlacement(@TempDir Path dir) throws Exception {
        LoadResult result = importCoreOf(dir, Map.of());

        assertThat(result.snapshot().capture().jobIfKnown()).isEmpty();
        assertThat(result.snapshot().capture().host()).isNull();
        assertThat(result.diagnostics()).extracting(Diagnostic::code)
                .doesNotContain("environment-unreadable", "job-environment-ignored");
    }

    @Test
    void aMalformedRankIsSaidAndGivesNoPlacement(@TempDir Path dir) throws Exception {
        LoadResult result = importCoreOf(dir, Map.of("OMPI_COMM_WORLD_RANK", "five", "SLURM_PROCID", "3",
                "SLURM_NTASKS", "4", "SLURMD_NODENAME", "bad host\tname", "PMIX_HOSTNAME", "n17"));

        assertThat(result.snapshot().capture().jobIfKnown()).as("Slurm's rank is a daemon's, not this one's").isEmpty();
        assertThat(result.snapshot().capture().host()).isEqualTo("n17");
        assertThat(result.diagnostics()).filteredOn(d -> d.code().equals("job-environment-ignored"))
                .singleElement().satisfies(d -> assertThat(d.message()).isEqualTo("the process's environment:"
                        + " OMPI_COMM_WORLD_RANK=five is not a rank (a whole number from 0 to 2147483647), so the core"
                        + " has no job placement"));
    }

    @Test
    void aValueTooLongToReadIsMalformed(@TempDir Path dir) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("SLURM_PROCID", "3", "SLURM_NTASKS", "2",
                "SLURMD_NODENAME", "bad host\tname"));
        env.put("PMI_RANK", "9".repeat(5000));
        LoadResult result = importCoreOf(dir, env);

        assertThat(result.snapshot().capture().jobIfKnown()).isEmpty();
        assertThat(result.snapshot().capture().host()).isNull();
        List<String> said = result.diagnostics().stream().map(Diagnostic::message).toList();
        assertThat(said).anySatisfy(m -> assertThat(m).contains("PMI_RANK").contains("longer than 4096 bytes"))
                .anySatisfy(m -> assertThat(m).contains("SLURMD_NODENAME=bad host?name is not a host name"));
    }

    static LoadResult importCoreOf(Path dir, Map<String, String> env) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("LD_LIBRARY_PATH", NativeFixtures.runtimePrefix().resolve("lib").toString());
        all.put("OMP_DEBUG", "enabled");
        Path core = LiveCores.gcore(dir, "rank.core", List.of(NativeFixtures.program("nested_parallel").toString()),
                all, true);
        return new OmpdCoreImporter().importCore(CoreImportOptions.of(core, null).withCallStacks(false),
                ProgressListener.NONE);
    }
}
