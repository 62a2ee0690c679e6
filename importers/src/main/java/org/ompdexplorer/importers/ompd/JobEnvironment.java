package org.ompdexplorer.importers.ompd;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.ompdexplorer.importers.elf.ProcessEnvironment;
import org.ompdexplorer.model.JobPlacement;

/**
 * A process's place in a parallel job and its host, as its launcher's environment says: the same variables, in the
 * same order and with the same checks as the capture agent's {@code job_read} (docs/agent.md, "MPI jobs"). The first
 * launcher whose rank variable is set decides; a malformed value of that launcher gives no placement (another
 * launcher's variables would describe something else: the daemons of an mpirun inside a Slurm allocation).
 *
 * <ol>
 *   <li>Open MPI: {@code OMPI_COMM_WORLD_RANK}, {@code OMPI_COMM_WORLD_SIZE}, the job {@code PMIX_NAMESPACE} (else
 *       {@code OMPI_MCA_ess_base_jobid})</li>
 *   <li>PMIx: {@code PMIX_RANK}, {@code PMIX_NAMESPACE}; the size is Slurm's {@code SLURM_NTASKS} when
 *       {@code SLURM_PROCID} is the same rank ({@code srun --mpi=pmix})</li>
 *   <li>MPICH (Hydra) and other PMI-1 launchers: {@code PMI_RANK}, {@code PMI_SIZE}, no job id</li>
 *   <li>Slurm: {@code SLURM_PROCID}, {@code SLURM_NTASKS}, {@code SLURM_JOB_ID} with {@code .SLURM_STEP_ID}</li>
 * </ol>
 * The host is the node's name as the launcher's daemon on it gave it: {@code PMIX_HOSTNAME}, else Slurm's
 * {@code SLURMD_NODENAME} (the agent, in the live process, asks {@code gethostname}, which a core cannot).
 * {@code HOSTNAME} is not used: shells do not export it, and launchers that forward the environment (srun, mpirun
 * {@code -x}) would carry the launching node's name to every rank.
 */
final class JobEnvironment {
    static final Set<String> VARIABLES = Set.of("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_MCA_ess_base_jobid",
            "PMIX_RANK", "PMIX_NAMESPACE", "PMIX_HOSTNAME", "PMI_RANK", "PMI_SIZE", "SLURM_PROCID", "SLURM_NTASKS",
            "SLURM_JOB_ID", "SLURM_STEP_ID", "SLURMD_NODENAME");
    /** The agent's {@code JOB_ID_MAX}: bytes of a job id. */
    static final int JOB_ID_MAX = 255;
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,252}[A-Za-z0-9])?");

    /** One launcher's variables ({@code size} null: its environment gives none). */
    private record Source(String launcher, String rank, String size, List<String> jobIds) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                    List.of("PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid")),
            new Source("pmix", "PMIX_RANK", null, List.of("PMIX_NAMESPACE")),
            new Source("mpich", "PMI_RANK", "PMI_SIZE", List.of()),
            new Source("slurm", "SLURM_PROCID", "SLURM_NTASKS", List.of("SLURM_JOB_ID")));

    /**
     * What the environment says.
     *
     * @param job      the placement, if a launcher's rank is there and its values are well formed
     * @param host     the node's name, if the launcher gave it
     * @param problems each value that was there but ignored
     */
    record Found(Optional<JobPlacement> job, Optional<String> host, List<Problem> problems) {
    }

    /** A value ignored: the variable and what was wrong with it. */
    record Problem(String variable, String detail) {
    }

    private JobEnvironment() {
    }

    static Found read(Map<String, String> env) {
        return read(env, Set.of());
    }

    /**
     * @param env        the variables read
     * @param unreadable variables that were set but could not be read (too long): malformed values
     */
    static Found read(Map<String, String> env, Set<String> unreadable) {
        List<Problem> problems = new ArrayList<>();
        return new Found(job(env, unreadable, problems), host(env, problems), problems);
    }

    private static Optional<JobPlacement> job(Map<String, String> env, Set<String> unreadable, List<Problem> problems) {
        for (Source s : SOURCES) {
            if (!isSet(env, unreadable, s.rank())) {
                continue;
            }
            String rankText = env.get(s.rank());
            long rank = count(rankText);
            if (rank < 0) {
                problems.add(new Problem(s.rank(), shown(rankText, s.rank(), unreadable) + " is not a rank (a whole"
                        + " number from 0 to " + Integer.MAX_VALUE + "), so the core has no job placement"));
                return Optional.empty();
            }
            String sizeVariable = s.size();
            if (sizeVariable == null && rankText.equals(env.get("SLURM_PROCID"))) {
                sizeVariable = "SLURM_NTASKS"; // srun --mpi=pmix: the same rank through Slurm's, with a size
            }
            Integer size = null;
            if (sizeVariable != null && isSet(env, unreadable, sizeVariable)) {
                long n = count(env.get(sizeVariable));
                if (n <= rank) {
                    problems.add(new Problem(sizeVariable, shown(env.get(sizeVariable), sizeVariable, unreadable)
                            + " is not a job size above " + s.rank() + "=" + rankText
                            + ", so the core has no job placement"));
                    return Optional.empty();
                }
                size = (int) n;
            }
            String id = null;
            for (String v : s.jobIds()) {
                if (isSet(env, unreadable, v)) {
                    if (unreadable.contains(v)) {
                        problems.add(new Problem(v, v + " is longer than " + JOB_ID_MAX + " bytes, so the core has no"
                                + " job placement"));
                        return Optional.empty();
                    }
                    id = env.get(v);
                    break;
                }
            }
            String step = env.get("SLURM_STEP_ID");
            if (id != null && s.launcher().equals("slurm") && step != null && !step.isEmpty()) {
                id = id + "." + step;
            }
            if (id != null && id.getBytes(StandardCharsets.UTF_8).length > JOB_ID_MAX) {
                problems.add(new Problem(s.jobIds().getFirst(), "the job id is longer than " + JOB_ID_MAX
                        + " bytes, so the core has no job placement"));
                return Optional.empty();
            }
            return Optional.of(new JobPlacement((int) rank, size, id, s.launcher()));
        }
        return Optional.empty();
    }

    private static boolean isSet(Map<String, String> env, Set<String> unreadable, String variable) {
        return unreadable.contains(variable) || (env.get(variable) != null && !env.get(variable).isEmpty());
    }

    /** A whole decimal number from 0 to {@link Integer#MAX_VALUE}, nothing before or after it; else -1. */
    private static long count(String text) {
        if (text == null || text.isEmpty() || text.length() > 10 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        long n = Long.parseLong(text);
        return n > Integer.MAX_VALUE ? -1 : n;
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
            problems.add(new Problem(v, v + "=" + shown(value) + " is not a host name, so the core names no host"));
        }
        return Optional.empty();
    }

    private static String shown(String value, String variable, Set<String> unreadable) {
        return unreadable.contains(variable) ? variable + " (longer than " + ProcessEnvironment.MAX_VALUE + " bytes)"
                : variable + "=" + shown(value);
    }

    /** A value for a message: at most 64 characters (as the agent shows them), control characters as '?'. */
    private static String shown(String value) {
        String cut = value.length() > 64 ? value.substring(0, 64) + "…" : value;
        StringBuilder b = new StringBuilder();
        cut.codePoints().forEach(c -> b.appendCodePoint(c < 0x20 || c == 0x7f ? '?' : c));
        return b.toString();
    }
}
