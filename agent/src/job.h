/* The process's place in a parallel job (an MPI job, a Slurm step), from its launcher's environment: snapshot
 * format 1.4 capture.job, and the file names of a job's snapshots (docs/agent.md, "MPI jobs"). */
#ifndef OMPD_EXPLORER_JOB_H
#define OMPD_EXPLORER_JOB_H

#include <stddef.h>

/* The longest job id kept (a PMIx namespace is at most 255 bytes); a longer one is malformed. */
#define JOB_ID_MAX 255
/* How much of the job id a file name holds, reduced to [A-Za-z0-9._-]. */
#define JOB_ID_IN_NAME_MAX 32

typedef struct job_placement {
    int present;           /* 0: not in a job (or its launcher's variables were malformed) */
    long rank;             /* 0 <= rank < size */
    long size;             /* 0 = the launcher did not say */
    char id[JOB_ID_MAX + 1]; /* "" = the launcher did not say */
    const char *launcher;  /* "openmpi", "pmix", "mpich" or "slurm" */
} job_placement;

/* Looks one environment variable up (getenv in the agent; a table in the tests). */
typedef const char *(*job_env)(const char *name);

/* Fills *out from the environment. The first launcher whose rank variable is set decides, in this order: Open MPI
 * (OMPI_COMM_WORLD_RANK), PMIx (PMIX_RANK), MPICH/Hydra (PMI_RANK), Slurm (SLURM_PROCID): a launcher started
 * inside a Slurm allocation (mpirun, mpiexec) gives its ranks Slurm variables that describe its own daemons, not
 * the ranks. When that launcher's values are malformed (not a whole number, a rank not below the size, more than
 * INT32_MAX, an id longer than JOB_ID_MAX bytes) out->present is 0 and why holds one sentence naming the variable
 * and the value; otherwise why is "". Reads nothing but the environment; not async-signal-safe. */
void job_read(job_placement *out, job_env env, char *why, size_t why_n);

/* Digits the rank takes in a file name: those of size - 1, at least 4 (ranks of a job of unknown size: 4, or
 * more for a rank that needs more). */
int job_rank_width(const job_placement *job);

/* The start of a job's snapshot file name: "ompd-explorer-<id>-r<rank>-<seq>-<pid>", or without "<id>-" when the
 * launcher gave none; the id reduced to [A-Za-z0-9._-] and at most JOB_ID_IN_NAME_MAX bytes, the rank zero-padded
 * to job_rank_width, seq as SNAPSHOT_SEQ_FORMAT. Names of one job sort by rank, then by sequence. Returns the
 * length, or -1 when it does not fit in n. */
int job_file_prefix(const job_placement *job, int pid, unsigned seq, char *out, size_t n);

#endif
