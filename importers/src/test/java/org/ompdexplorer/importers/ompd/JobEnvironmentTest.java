package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.JobPlacement;

/** The launchers' variables, in the agent's order; malformed values said and skipped. */
class JobEnvironmentTest {
    @Test
    void eachLauncherIsReadWithItsOwnVariables() {
        assertThat(JobEnvironment.read(Map.of("PMIX_RANK", "4", "PMIX_NAMESPACE", "prterun-x-1@1")).job())
                .contains(new JobPlacement(4, null, "prterun-x-1@1", "pmix"));
        assertThat(JobEnvironment.read(Map.of("PMI_RANK", "1", "PMI_SIZE", "2")).job())
                .contains(new JobPlacement(1, 2, null, "mpich"));
        assertThat(JobEnvironment.read(Map.of("PMI_RANK", "1", "PMI_SIZE", "2", "SLURM_PROCID", "1",
                "SLURM_JOB_ID", "42")).job()).as("MPICH under Slurm: Slurm's job id")
                .contains(new JobPlacement(1, 2, "42", "mpich"));
        assertThat(JobEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "1",
                "OMPI_MCA_ess_base_jobid", "7")).job()).contains(new JobPlacement(0, 1, "7", "openmpi"));
        assertThat(JobEnvironment.read(Map.of("HOSTNAME", "login1", "PATH", "/bin")))
                .satisfies(f -> assertThat(f.job()).isEmpty())
                .satisfies(f -> assertThat(f.host()).as("HOSTNAME is the launching shell's").isEmpty());
    }

    @Test
    void malformedNumbersAreSaidAndSkipped() {
        for (String bad : new String[] {"", "-1", "+3", "1e3", "0x10", "12345678901", " 3", "3\n"}) {
            JobEnvironment.Found found = JobEnvironment.read(Map.of("PMI_RANK", bad, "PMI_SIZE", "4"));
            assertThat(found.job()).as(bad).isEmpty();
            assertThat(found.problems()).as(bad).singleElement()
                    .satisfies(p -> assertThat(p.variable()).isEqualTo("PMI_RANK"));
        }
        JobEnvironment.Found sized = JobEnvironment.read(Map.of("PMI_RANK", "3", "PMI_SIZE", "x"));
        assertThat(sized.job()).contains(new JobPlacement(3, null, null, "mpich"));
        assertThat(sized.problems()).singleElement().satisfies(p -> assertThat(p.variable()).isEqualTo("PMI_SIZE"));
        JobEnvironment.Found id = JobEnvironment.read(Map.of("PMIX_RANK", "0", "PMIX_NAMESPACE", "a b"));
        assertThat(id.job()).contains(new JobPlacement(0, null, null, "pmix"));
        assertThat(id.problems()).singleElement().satisfies(p -> assertThat(p.detail()).contains("not a job id"));
    }
}
