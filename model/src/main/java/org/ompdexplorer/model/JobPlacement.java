package org.ompdexplorer.model;

import java.util.Optional;

/**
 * Where a process stood in a parallel job (an MPI job, a Slurm step) when it was captured, as its launcher told it
 * through the environment (format 1.4, {@code capture.job}). Only the rank is required.
 *
 * @param rank     the process's rank in the job, from 0
 * @param size     how many ranks the job has, or {@code null} when the launcher did not say
 * @param jobId    the launcher's name for the job (a Slurm job id, a PMIx namespace, Open MPI's job id), or
 *                 {@code null}
 * @param launcher which environment said so: {@code openmpi}, {@code pmix}, {@code mpich}, {@code slurm} (open: other
 *                 launchers may be named), or {@code null}
 */
public record JobPlacement(int rank, Integer size, String jobId, String launcher) {
    public JobPlacement {
        if (rank < 0) {
            throw new IllegalArgumentException("a rank is 0 or more, not " + rank);
        }
        if (size != null && size <= rank) {
            throw new IllegalArgumentException("rank " + rank + " of a job of " + size + " ranks");
        }
    }

    public Optional<Integer> sizeIfKnown() {
        return Optional.ofNullable(size);
    }
}
