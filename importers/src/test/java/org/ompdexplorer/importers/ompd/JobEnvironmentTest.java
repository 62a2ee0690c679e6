package org.ompdexplorer.importers.ompd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ompdexplorer.model.JobPlacement;

/** The launchers' variables as the agent's job_read reads them: its order, its checks. */
class JobEnvironmentTest {
    @Test
    void eachLauncherIsReadWithItsOwnVariables() {
        assertThat(JobEnvironment.read(Map.of("PMIX_RANK", "4", "PMIX_NAMESPACE", "prterun-x-1@1")).job())
                .contains(new JobPlacement(4, null, "prterun-x-1@1", "pmix"));
        assertThat(JobEnvironment.read(Map.of("PMIX_RANK", "4", "SLURM_PROCID", "4", "SLURM_NTASKS", "16")).job())
                .as("srun --mpi=pmix: Slurm's size for the same rank").contains(new JobPlacement(4, 16, null, "pmix"));
        assertThat(JobEnvironment.read(Map.of("PMIX_RANK", "4", "SLURM_PROCID", "0", "SLURM_NTASKS", "1")).job())
                .as("a daemon's Slurm rank is not this rank's").contains(new JobPlacement(4, null, null, "pmix"));
        assertThat(JobEnvironment.read(Map.of("PMI_RANK", "1", "PMI_SIZE", "2", "SLURM_JOB_ID", "42")).job())
                .as("Hydra gives no job id in the environment").contains(new JobPlacement(1, 2, null, "mpich"));
        assertThat(JobEnvironment.read(Map.of("SLURM_PROCID", "007", "SLURM_NTASKS", "8", "SLURM_JOB_ID", "4242",
                "SLURM_STEP_ID", "0")).job()).contains(new JobPlacement(7, 8, "4242.0", "slurm"));
        assertThat(JobEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "1",
                "OMPI_MCA_ess_base_jobid", "7", "SLURM_PROCID", "3")).job())
                .contains(new JobPlacement(0, 1, "7", "openmpi"));
        assertThat(JobEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "", "PMI_RANK", "2")).job())
                .as("an empty variable is not set").contains(new JobPlacement(2, null, null, "mpich"));
        assertThat(JobEnvironment.read(Map.of("HOSTNAME", "login1", "PATH", "/bin")))
                .satisfies(f -> assertThat(f.job()).isEmpty())
                .satisfies(f -> assertThat(f.host()).as("HOSTNAME is the launching shell's").isEmpty());
    }

    @Test
    void aMalformedValueOfTheDecidingLauncherGivesNoPlacement() {
        for (String bad : new String[] {"-1", "+3", "1e3", "0x10", "2147483648", "12345678901", " 3", "3\n", "3x"}) {
            JobEnvironment.Found found = JobEnvironment.read(Map.of("PMI_RANK", bad, "PMI_SIZE", "4",
                    "SLURM_PROCID", "1"));
            assertThat(found.job()).as(bad).isEmpty();
            assertThat(found.problems()).as(bad).singleElement().satisfies(p -> {
                assertThat(p.variable()).isEqualTo("PMI_RANK");
                assertThat(p.detail()).contains("is not a rank (a whole number from 0 to 2147483647)");
            });
        }
        assertThat(JobEnvironment.read(Map.of("PMI_RANK", "2147483647")).job())
                .contains(new JobPlacement(Integer.MAX_VALUE, null, null, "mpich"));
        JobEnvironment.Found sized = JobEnvironment.read(Map.of("PMI_RANK", "8", "PMI_SIZE", "8"));
        assertThat(sized.job()).isEmpty();
        assertThat(sized.problems()).singleElement().satisfies(p -> assertThat(p.detail())
                .isEqualTo("PMI_SIZE=8 is not a job size above PMI_RANK=8, so the core has no job placement"));
        JobEnvironment.Found longId = JobEnvironment.read(Map.of("SLURM_PROCID", "0", "SLURM_JOB_ID", "9".repeat(254),
                "SLURM_STEP_ID", "0"));
        assertThat(longId.job()).as("the step makes it 256 bytes").isEmpty();
        JobEnvironment.Found unreadable = JobEnvironment.read(Map.of("SLURM_PROCID", "1"), Set.of("PMI_RANK"));
        assertThat(unreadable.job()).as("a rank too long to read decides, as a malformed one").isEmpty();
        assertThat(unreadable.problems()).singleElement().satisfies(p -> assertThat(p.detail())
                .startsWith("PMI_RANK (longer than 4096 bytes) is not a rank"));
        JobEnvironment.Found host = JobEnvironment.read(Map.of("PMIX_HOSTNAME", "bad host", "SLURMD_NODENAME", "n01"));
        assertThat(host.host()).contains("n01");
        assertThat(host.problems()).singleElement().satisfies(p -> assertThat(p.variable()).isEqualTo("PMIX_HOSTNAME"));
    }
}
