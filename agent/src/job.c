/* The process's place in a parallel job, from its launcher's environment (job.h). */
#include "job.h"
#include "output.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One launcher's variables, in the order job_read tries them. */
static const struct launcher {
    const char *name;
    const char *rank;
    const char *size;       /* NULL: its environment gives none */
    const char *ids[2];     /* the first set one is the job id; NULL: none */
} LAUNCHERS[] = {
    /* Open MPI 4 gives both; Open MPI 5 (PRRTE) has a PMIx namespace only. */
    {"openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", {"PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid"}},
    {"pmix", "PMIX_RANK", NULL, {"PMIX_NAMESPACE", NULL}},
    /* Hydra passes the job's name through the PMI protocol, not the environment. */
    {"mpich", "PMI_RANK", "PMI_SIZE", {NULL, NULL}},
    {"slurm", "SLURM_PROCID", "SLURM_NTASKS", {"SLURM_JOB_ID", NULL}},
};

static int is_set(const char *v) { return v != NULL && *v != '\0'; }

/* A whole decimal number from 0 to INT32_MAX, nothing before or after it: 0 and *out, else -1. */
static int parse_count(const char *text, long *out) {
    if (!isdigit((unsigned char)text[0])) {
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || n > INT32_MAX) {
        return -1;
    }
    *out = (long)n;
    return 0;
}

/* The job id: the first of the launcher's id variables that is set; Slurm's names the step as well
 * ("<job>.<step>"), since every srun in one allocation is a job of its own. 0, or -1 when it is too long. */
static int read_id(const struct launcher *l, job_env env, job_placement *out, char *why, size_t why_n) {
    const char *id = NULL, *var = NULL;
    for (size_t i = 0; i < 2 && l->ids[i] != NULL && id == NULL; i++) {
        const char *v = env(l->ids[i]);
        if (is_set(v)) {
            id = v;
            var = l->ids[i];
        }
    }
    if (id == NULL) {
        return 0;
    }
    const char *step = strcmp(l->name, "slurm") == 0 ? env("SLURM_STEP_ID") : NULL;
    int n = is_set(step) ? snprintf(out->id, sizeof out->id, "%s.%s", id, step)
                         : snprintf(out->id, sizeof out->id, "%s", id);
    if (n < 0 || (size_t)n >= sizeof out->id) {
        out->id[0] = '\0';
        snprintf(why, why_n, "%s is longer than %d bytes", var, JOB_ID_MAX);
        return -1;
    }
    return 0;
}

void job_read(job_placement *out, job_env env, char *why, size_t why_n) {
    memset(out, 0, sizeof *out);
    why[0] = '\0';
    for (size_t i = 0; i < sizeof LAUNCHERS / sizeof LAUNCHERS[0]; i++) {
        const struct launcher *l = &LAUNCHERS[i];
        const char *rank = env(l->rank);
        if (!is_set(rank)) {
            continue;
        }
        /* This launcher started the process: a malformed value is not replaced by another launcher's, which
         * would describe something else (the daemons of an mpirun inside a Slurm allocation). */
        if (parse_count(rank, &out->rank) != 0) {
            snprintf(why, why_n, "%s=%.64s is not a rank (a whole number from 0 to %ld)", l->rank, rank,
                     (long)INT32_MAX);
            break;
        }
        const char *size = l->size != NULL ? env(l->size) : NULL;
        /* PMIx puts no size in the environment; srun --mpi=pmix gives the same rank through Slurm's, with a size. */
        const char *size_var = l->size;
        if (!is_set(size) && l->size == NULL) {
            const char *procid = env("SLURM_PROCID");
            if (is_set(procid) && strcmp(procid, rank) == 0) {
                size_var = "SLURM_NTASKS";
                size = env(size_var);
            }
        }
        if (is_set(size) && (parse_count(size, &out->size) != 0 || out->size <= out->rank)) {
            snprintf(why, why_n, "%s=%.64s is not a job size above %s=%s", size_var, size, l->rank, rank);
            out->size = 0;
            break;
        }
        if (read_id(l, env, out, why, why_n) != 0) {
            break;
        }
        out->launcher = l->name;
        out->present = 1;
        return;
    }
    memset(out, 0, sizeof *out);
}

int job_rank_width(const job_placement *job) {
    long last = job->size > 0 ? job->size - 1 : 0;
    int width = 1;
    for (; last >= 10; last /= 10) {
        width++;
    }
    return width < 4 ? 4 : width;
}

int job_file_prefix(const job_placement *job, int pid, unsigned seq, char *out, size_t n) {
    char id[JOB_ID_IN_NAME_MAX + 1];
    file_name_part(job->id, id, JOB_ID_IN_NAME_MAX);
    int w = id[0] != '\0'
        ? snprintf(out, n, "ompd-explorer-%s-r%0*ld-" SNAPSHOT_SEQ_FORMAT "-%d", id, job_rank_width(job), job->rank,
                   seq, pid)
        : snprintf(out, n, "ompd-explorer-r%0*ld-" SNAPSHOT_SEQ_FORMAT "-%d", job_rank_width(job), job->rank, seq,
                   pid);
    return w > 0 && (size_t)w < n ? w : -1;
}
