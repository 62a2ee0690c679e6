package org.ompdexplorer.importers.ompd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.ompdexplorer.model.JobPlacement;

/**
 * A process's place in a parallel job and its host, as its launcher's environment says: the same variables, in the
 * same order, as the capture agent reads (docs/agent.md). The first launcher whose rank is there and well formed
 * wins; a malformed value is a problem and the next launcher is asked.
 *
 * <ol>
 *   <li>Open MPI: {@code OMPI_COMM_WORLD_RANK}, {@code OMPI_COMM_WORLD_SIZE}, the job {@code PMIX_NAMESPACE} (else
 *       {@code OMPI_MCA_ess_base_jobid})</li>
 *   <li>PMIx: {@code PMIX_RANK}, {@code PMIX_NAMESPACE} (no size in the environment)</li>
 *   <li>MPICH (Hydra) and other PMI-1 launchers: {@code PMI_RANK}, {@code PMI_SIZE}</li>
 *   <li>Slurm: {@code SLURM_PROCID}, {@code SLURM_NTASKS}, {@code SLURM_JOB_ID}</li>
 * </ol>
 * A launcher that names no job id takes Slurm's {@code SLURM_JOB_ID} when the job runs under Slurm. The host is the
 * node's name as the launcher's daemon on it gave it: {@code PMIX_HOSTNAME}, else Slurm's {@code SLURMD_NODENAME}.
 * {@code HOSTNAME} is not used: shells do not export it, and launchers that forward the environment (srun, mpirun
 * {@code -x}) would carry the launching node's name to every rank.
 */
final class JobEnvironment {
    static final Set<String> VARIABLES = Set.of("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_MCA_ess_base_jobid",
            "PMIX_RANK", "PMIX_NAMESPACE", "PMIX_HOSTNAME", "PMI_RANK", "PMI_SIZE", "SLURM_PROCID", "SLURM_NTASKS",
            "SLURM_JOB_ID", "SLURMD_NODENAME");
    /** Job ids and host names: printable ASCII without spaces, as launchers make them. */
    private static final Pattern NAME = Pattern.compile("[!-~]{1,255}");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,252}[A-Za-z0-9])?");
    private static final int MAX_DIGITS = 9;

    /** One launcher's variables. */
    private record Source(String launcher, String rank, String size, List<String> jobIds) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                    List.of("PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid", "SLURM_JOB_ID")),
            new Source("pmix", "PMIX_RANK", null, List.of("PMIX_NAMESPACE", "SLURM_JOB_ID")),
            new Source("mpich", "PMI_RANK", "PMI_SIZE", List.of("SLURM_JOB_ID")),
            new Source("slurm", "SLURM_PROCID", "SLURM_NTASKS", List.of("SLURM_JOB_ID")));

    /**
     * What the environment says.
     *
     * @param job      the placement, if a launcher's rank is there
     * @param host     the node's name, if the launcher gave it
     * @param problems each value that was there but ignored, as {@code (variable, why)}
     */
    record Found(Optional<JobPlacement> job, Optional<String> host, List<Problem> problems) {
    }

    /** A value ignored: the variable and what was wrong with it. */
    record Problem(String variable, String detail) {
    }

    private JobEnvironment() {
    }

    static Found read(Map<String, String> env) {
        List<Problem> problems = new ArrayList<>();
        JobPlacement job = null;
        for (Source s : SOURCES) {
            if (!env.containsKey(s.rank())) {
                continue;
            }
            Optional<Integer> rank = number(env, s.rank(), problems);
            if (rank.isEmpty()) {
                continue; // said; the next launcher may still know
            }
            Integer size = s.size() == null ? null : number(env, s.size(), problems).orElse(null);
            if (size != null && size <= rank.get()) {
                problems.add(new Problem(s.size(), "the job's size " + size + " is not above its rank " + rank.get()
                        + " (" + s.rank() + ")"));
                size = null;
            }
            job = new JobPlacement(rank.get(), size, jobId(env, s.jobIds(), problems), s.launcher());
            break;
        }
        return new Found(Optional.ofNullable(job), host(env, problems), problems);
    }

    /** A rank or size: decimal digits only, as launchers write them. */
    private static Optional<Integer> number(Map<String, String> env, String variable, List<Problem> problems) {
        String value = env.get(variable);
        if (value == null) {
            return Optional.empty();
        }
        if (value.isEmpty() || value.length() > MAX_DIGITS || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            problems.add(new Problem(variable, "\"" + shown(value) + "\" is not a number from 0"));
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(value));
    }

    private static String jobId(Map<String, String> env, List<String> variables, List<Problem> problems) {
        for (String v : variables) {
            String value = env.get(v);
            if (value == null) {
                continue;
            }
            if (NAME.matcher(value).matches()) {
                return value;
            }
            problems.add(new Problem(v, "\"" + shown(value) + "\" is not a job id (1 to 255 printable characters)"));
        }
        return null;
    }

    private static Optional<String> host(Map<String, String> env, List<Problem> problems) {
        for (String v : List.of("PMIX_HOSTNAME", "SLURMD_NODENAME")) {
            String value = env.get(v);
            if (value == null) {
                continue;
            }
            if (HOST.matcher(value).matches()) {
                return Optional.of(value);
            }
            problems.add(new Problem(v, "\"" + shown(value) + "\" is not a host name"));
        }
        return Optional.empty();
    }

    /** A value for a message: at most 40 characters, control characters as '?'. */
    private static String shown(String value) {
        String cut = value.length() > 40 ? value.substring(0, 40) + "…" : value;
        StringBuilder b = new StringBuilder();
        cut.codePoints().forEach(c -> b.appendCodePoint(c < 0x20 || c == 0x7f ? '?' : c));
        return b.toString();
    }
}
