/* The job placement from the launcher's environment, and the file names of a job's snapshots (job.c, output.c). */
#include "agent.h"
#include "check.h"
#include "job.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

/* The environment a test sets: NAME=value pairs, NULL-terminated. */
static const char *const *fake;

static const char *fake_env(const char *name) {
    size_t n = strlen(name);
    for (const char *const *e = fake; *e != NULL; e++) {
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=') {
            return *e + n + 1;
        }
    }
    return NULL;
}

static job_placement read_with(const char *const *env, char *why, size_t why_n) {
    job_placement job;
    fake = env;
    job_read(&job, fake_env, why, why_n);
    return job;
}

/* What mpirun (Open MPI 4.1.4) gives each rank, as printed by `mpirun -np 2 env`. */
static void test_launchers(void) {
    char why[256];
    static const char *const ompi[] = {"OMPI_COMM_WORLD_RANK=5", "OMPI_COMM_WORLD_SIZE=8",
                                       "OMPI_MCA_ess_base_jobid=1310588929", "PMIX_NAMESPACE=1310588929",
                                       "PMIX_RANK=5", NULL};
    job_placement j = read_with(ompi, why, sizeof why);
    CHECK(j.present && j.rank == 5 && j.size == 8 && strcmp(j.id, "1310588929") == 0
          && strcmp(j.launcher, "openmpi") == 0 && why[0] == '\0');
    /* Open MPI without a PMIx namespace (an older ORTE): its own job id. */
    static const char *const ompi_jobid[] = {"OMPI_COMM_WORLD_RANK=0", "OMPI_COMM_WORLD_SIZE=1",
                                             "OMPI_MCA_ess_base_jobid=77", NULL};
    j = read_with(ompi_jobid, why, sizeof why);
    CHECK(j.present && j.rank == 0 && j.size == 1 && strcmp(j.id, "77") == 0);
    /* PMIx alone (prterun, srun --mpi=pmix): no size, unless Slurm launched the same rank. */
    static const char *const pmix[] = {"PMIX_RANK=3", "PMIX_NAMESPACE=prterun-node1-4242@1", NULL};
    j = read_with(pmix, why, sizeof why);
    CHECK(j.present && j.rank == 3 && j.size == 0 && strcmp(j.id, "prterun-node1-4242@1") == 0
          && strcmp(j.launcher, "pmix") == 0);
    static const char *const srun_pmix[] = {"PMIX_RANK=3", "PMIX_NAMESPACE=slurm.pmix.99.0", "SLURM_PROCID=3",
                                            "SLURM_NTASKS=16", "SLURM_JOB_ID=99", NULL};
    j = read_with(srun_pmix, why, sizeof why);
    CHECK(j.present && j.rank == 3 && j.size == 16 && strcmp(j.id, "slurm.pmix.99.0") == 0
          && strcmp(j.launcher, "pmix") == 0);
    /* Slurm's proc id of another process (the daemon that started this one) says nothing of this rank's size. */
    static const char *const pmix_other[] = {"PMIX_RANK=3", "SLURM_PROCID=0", "SLURM_NTASKS=2", NULL};
    j = read_with(pmix_other, why, sizeof why);
    CHECK(j.present && j.rank == 3 && j.size == 0 && j.id[0] == '\0');
    static const char *const hydra[] = {"PMI_RANK=12", "PMI_SIZE=13", "PMI_FD=7", NULL};
    j = read_with(hydra, why, sizeof why);
    CHECK(j.present && j.rank == 12 && j.size == 13 && j.id[0] == '\0' && strcmp(j.launcher, "mpich") == 0);
    static const char *const slurm[] = {"SLURM_PROCID=17", "SLURM_NTASKS=256", "SLURM_JOB_ID=4242",
                                        "SLURM_STEP_ID=0", NULL};
    j = read_with(slurm, why, sizeof why);
    CHECK(j.present && j.rank == 17 && j.size == 256 && strcmp(j.id, "4242.0") == 0
          && strcmp(j.launcher, "slurm") == 0);
    static const char *const slurm_no_step[] = {"SLURM_PROCID=1", "SLURM_NTASKS=2", "SLURM_JOB_ID=4242", NULL};
    j = read_with(slurm_no_step, why, sizeof why);
    CHECK(j.present && strcmp(j.id, "4242") == 0);
    static const char *const none[] = {"HOME=/root", "SLURM_JOB_ID=4242", "PMI_RANK=", NULL};
    j = read_with(none, why, sizeof why);
    CHECK(!j.present && why[0] == '\0');
}

/* mpirun or mpiexec inside a Slurm allocation: the Slurm variables describe the launcher's daemon, not the rank. */
static void test_precedence(void) {
    char why[256];
    static const char *const mpirun_in_slurm[] = {"SLURM_PROCID=0", "SLURM_NTASKS=2", "SLURM_JOB_ID=9",
                                                  "OMPI_COMM_WORLD_RANK=6", "OMPI_COMM_WORLD_SIZE=64",
                                                  "PMIX_RANK=6", "PMIX_NAMESPACE=3003", "PMI_RANK=1", NULL};
    job_placement j = read_with(mpirun_in_slurm, why, sizeof why);
    CHECK(j.present && j.rank == 6 && j.size == 64 && strcmp(j.id, "3003") == 0 && strcmp(j.launcher, "openmpi") == 0);
    static const char *const hydra_in_slurm[] = {"SLURM_PROCID=1", "SLURM_NTASKS=2", "SLURM_JOB_ID=9",
                                                 "PMI_RANK=40", "PMI_SIZE=48", NULL};
    j = read_with(hydra_in_slurm, why, sizeof why);
    CHECK(j.present && j.rank == 40 && j.size == 48 && j.id[0] == '\0' && strcmp(j.launcher, "mpich") == 0);
    static const char *const pmix_over_pmi[] = {"PMI_RANK=2", "PMI_SIZE=4", "PMIX_RANK=2", NULL};
    j = read_with(pmix_over_pmi, why, sizeof why);
    CHECK(j.present && strcmp(j.launcher, "pmix") == 0);
}

/* A malformed value of the launcher that is set: no placement (never another launcher's), and one sentence why. */
static void test_malformed(void) {
    char why[256];
    static const char *const not_number[] = {"OMPI_COMM_WORLD_RANK=abc", "OMPI_COMM_WORLD_SIZE=8",
                                             "SLURM_PROCID=0", "SLURM_NTASKS=1", NULL};
    job_placement j = read_with(not_number, why, sizeof why);
    CHECK(!j.present && strstr(why, "OMPI_COMM_WORLD_RANK=abc") != NULL);
    static const char *const rank_is_size[] = {"PMI_RANK=8", "PMI_SIZE=8", NULL};
    j = read_with(rank_is_size, why, sizeof why);
    CHECK(!j.present && strstr(why, "PMI_SIZE=8") != NULL && strstr(why, "PMI_RANK=8") != NULL);
    static const char *const size_zero[] = {"SLURM_PROCID=0", "SLURM_NTASKS=0", NULL};
    j = read_with(size_zero, why, sizeof why);
    CHECK(!j.present && strstr(why, "SLURM_NTASKS=0") != NULL);
    static const char *const cases[][3] = {
        {"SLURM_PROCID=-1", "SLURM_NTASKS=4", NULL}, {"SLURM_PROCID=+1", "SLURM_NTASKS=4", NULL},
        {"SLURM_PROCID= 1", "SLURM_NTASKS=4", NULL}, {"SLURM_PROCID=1x", "SLURM_NTASKS=4", NULL},
        {"SLURM_PROCID=1.0", "SLURM_NTASKS=4", NULL}, {"SLURM_PROCID=1", "SLURM_NTASKS=4 ", NULL},
        {"SLURM_PROCID=2147483648", NULL, NULL}, {"SLURM_PROCID=99999999999999999999999", NULL, NULL},
        {"SLURM_PROCID=1", "SLURM_NTASKS=2147483648", NULL}, {"SLURM_PROCID=1", "SLURM_NTASKS=huge", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        j = read_with(cases[i], why, sizeof why);
        CHECK(!j.present && j.launcher == NULL && strstr(why, "SLURM_") != NULL);
    }
    /* The largest the format holds. */
    static const char *const largest[] = {"SLURM_PROCID=2147483646", "SLURM_NTASKS=2147483647", NULL};
    j = read_with(largest, why, sizeof why);
    CHECK(j.present && j.rank == 2147483646L && j.size == 2147483647L && why[0] == '\0');
    static char long_id[400];
    memset(long_id, 'x', sizeof long_id - 1);
    memcpy(long_id, "PMIX_NAMESPACE=", 15);
    const char *const too_long[] = {"PMIX_RANK=0", long_id, NULL};
    j = read_with(too_long, why, sizeof why);
    CHECK(!j.present && strstr(why, "PMIX_NAMESPACE is longer than 255 bytes") != NULL);
}

static void test_job_names(void) {
    job_placement j = {.present = 1, .rank = 5, .size = 8, .id = "1310588929", .launcher = "openmpi"};
    char name[300];
    CHECK(snapshot_file_name("/tmp", &j, 4242, 1, "signal", ".json", name, sizeof name) == 0);
    CHECK(strcmp(name, "ompd-explorer-1310588929-r0005-000001-4242-signal.json") == 0);
    /* The rank's width is that of size - 1, at least 4: names of one job sort by rank, then by sequence. */
    static const struct { long size, rank; const char *want; } widths[] = {
        {1, 0, "r0000"}, {10000, 9999, "r9999"}, {10001, 10000, "r10000"}, {10001, 7, "r00007"},
        {2147483647L, 12, "r0000000012"}, {0, 3, "r0003"}, {0, 123456, "r123456"},
    };
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        j.size = widths[i].size;
        j.rank = widths[i].rank;
        CHECK(snapshot_file_name("/tmp", &j, 1, 1, "x", ".json", name, sizeof name) == 0
              && strstr(name, widths[i].want) != NULL && strstr(name, widths[i].want)[strlen(widths[i].want)] == '-');
    }
    j.size = 1024;
    static const struct { long rank; unsigned seq; int pid; } order[] = {
        {0, 1, 99999}, {0, 2, 7}, {0, 10, 5}, {1, 1, 3}, {9, 1, 3}, {10, 1, 1}, {100, 1, 1}, {1023, 999999, 1},
    };
    char prev[300] = "";
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        j.rank = order[i].rank;
        CHECK(snapshot_file_name("/tmp", &j, order[i].pid, order[i].seq, "signal", ".json", name, sizeof name) == 0);
        CHECK(strcmp(prev, name) < 0);
        strcpy(prev, name);
    }
    /* Without an id (Hydra gives none), and an id that is no file name. */
    j.id[0] = '\0';
    j.rank = 3;
    j.size = 4;
    CHECK(snapshot_file_name("/tmp", &j, 42, 2, "interval", ".json.gz", name, sizeof name) == 0);
    CHECK(strcmp(name, "ompd-explorer-r0003-000002-42-interval.json.gz") == 0);
    strcpy(j.id, "../prterun-node/1@1");
    CHECK(snapshot_file_name("/tmp", &j, 42, 2, "x", ".json", name, sizeof name) == 0);
    CHECK(strcmp(name, "ompd-explorer-_.-prterun-node-1-1-r0003-000002-42-x.json") == 0);
    memset(j.id, 'a', JOB_ID_MAX);
    j.id[JOB_ID_MAX] = '\0';
    j.rank = 2147483646L;
    j.size = 2147483647L;
    CHECK(snapshot_file_name("/tmp", &j, 2147483647, 4294967295u, "label", ".json", name, sizeof name) == 0);
    CHECK(strlen(name) <= OUTPUT_NAME_MAX && strstr(name, "-r2147483646-4294967295-2147483647-label.json") != NULL);
    /* The temporary name holds the rank (ranks on two hosts may have one pid) and always fits. */
    char tmp[OUTPUT_TMP_MAX];
    snapshot_tmp_base(&j, 2147483647, 4294967295u, tmp, sizeof tmp);
    CHECK(strcmp(tmp, ".ompd-explorer-r2147483646-2147483647-4294967295") == 0);
    snapshot_tmp_base(NULL, 4242, 3, tmp, sizeof tmp);
    CHECK(strcmp(tmp, ".ompd-explorer-4242-000003") == 0);
    /* Not in a job: the single-process name, unchanged. */
    job_placement none = {0};
    CHECK(snapshot_file_name("/tmp", &none, 4242, 1, "signal", ".json", name, sizeof name) == 0);
    CHECK(strcmp(name, "ompd-explorer-4242-000001-signal.json") == 0);
}

/* The placement reaches the snapshot's capture block; a process in no job has none. */
static void test_job_render(void) {
    world_copy w;
    memset(&w, 0, sizeof w);
    job_placement saved = agent_cfg.job;
    agent_cfg.job = (job_placement){.present = 1, .rank = 5, .size = 8, .id = "1310588929", .launcher = "openmpi"};
    size_t len;
    char *text = snapshot_render(&w, "signal", &len);
    CHECK(text != NULL && strstr(text, "\"version\": \"1.4\"") != NULL);
    CHECK(text != NULL
          && strstr(text, "\"job\": {\"rank\": 5,\"size\": 8,\"id\": \"1310588929\",\"launcher\": \"openmpi\"}") != NULL);
    free(text);
    agent_cfg.job = (job_placement){.present = 1, .rank = 2, .launcher = "pmix"};
    text = snapshot_render(&w, "signal", &len);
    CHECK(text != NULL && strstr(text, "\"job\": {\"rank\": 2,\"launcher\": \"pmix\"}") != NULL);
    free(text);
    agent_cfg.job = (job_placement){0};
    text = snapshot_render(&w, "signal", &len);
    CHECK(text != NULL && strstr(text, "\"job\"") == NULL);
    free(text);
    agent_cfg.job = saved;
}

/* config_read reads the placement once; a malformed one is said only when OMPD_EXPLORER_VERBOSE asks. */
static void test_job_config(void) {
    static agent_config cfg;
    int lines;
    setenv("SLURM_PROCID", "7", 1);
    setenv("SLURM_NTASKS", "4", 1);
    capture_log();
    config_read(&cfg);
    captured_log(&lines);
    CHECK(!cfg.job.present && lines == 0);
    setenv("OMPD_EXPLORER_VERBOSE", "1", 1);
    capture_log();
    config_read(&cfg);
    const char *log = captured_log(&lines);
    CHECK(!cfg.job.present && lines == 1 && strstr(log, "SLURM_NTASKS=4 is not a job size above SLURM_PROCID=7")
                                                != NULL);
    setenv("SLURM_NTASKS", "8", 1);
    capture_log();
    config_read(&cfg);
    captured_log(&lines);
    CHECK(cfg.job.present && cfg.job.rank == 7 && cfg.job.size == 8 && lines == 0);
    unsetenv("OMPD_EXPLORER_VERBOSE");
    unsetenv("SLURM_PROCID");
    unsetenv("SLURM_NTASKS");
}

void test_job(void) {
    test_launchers();
    test_precedence();
    test_malformed();
    test_job_names();
    test_job_render();
    test_job_config();
}
