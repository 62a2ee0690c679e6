/*
 * Fixture: internal control variables set both by the environment and by the API.
 *
 * The environment part is applied by the program itself (it sets the variables and re-executes
 * itself once) so the core shows the same ICVs however the fixture is started. A variable the
 * caller already set is left alone.
 *
 *   environment (read at runtime initialisation):     API (called before / inside the region):
 *     OMP_NUM_THREADS=4,3        nthreads-var list       omp_set_num_threads(3)    before: team of 3
 *     OMP_SCHEDULE=guided,5      run-sched-var           omp_set_schedule(dynamic, 7) inside, per task
 *     OMP_MAX_ACTIVE_LEVELS=3    max-active-levels-var   omp_set_dynamic(1)        inside, per task
 *     OMP_DYNAMIC=false          dyn-var                 omp_set_num_threads(2+tid) inside, per task
 *     OMP_THREAD_LIMIT=16        thread-limit-var
 *     OMP_STACKSIZE=2M           stacksize-var
 *     OMP_CANCELLATION=true      cancel-var
 *     OMP_MAX_TASK_PRIORITY=7    max-task-priority-var
 *     OMP_WAIT_POLICY=passive    wait-policy-var
 *     OMP_DEFAULT_DEVICE=0       default-device-var
 *
 * The ICVs changed inside the region belong to each thread's implicit task, so they differ per
 * thread (nthreads-var 2, 3, 4) while the region itself was created with the values set before it.
 * All 3 threads hold in fixture_known_point.
 */
#include "fixture.h"

#include <omp.h>

enum { THREADS = 3 };

static const char *const environment[][2] = {
    {"OMP_NUM_THREADS", "4,3"},      {"OMP_SCHEDULE", "guided,5"},    {"OMP_MAX_ACTIVE_LEVELS", "3"},
    {"OMP_DYNAMIC", "false"},        {"OMP_THREAD_LIMIT", "16"},      {"OMP_STACKSIZE", "2M"},
    {"OMP_CANCELLATION", "true"},    {"OMP_MAX_TASK_PRIORITY", "7"},  {"OMP_WAIT_POLICY", "passive"},
    {"OMP_DEFAULT_DEVICE", "0"},
};

/* Sets the fixture's environment and re-executes, before any OpenMP call initialises the runtime. */
static void apply_environment(char **argv) {
    if (getenv("FIXTURE_ICVS_APPLIED") != NULL) {
        return;
    }
    for (size_t i = 0; i < sizeof environment / sizeof environment[0]; i++) {
        setenv(environment[i][0], environment[i][1], 0);
    }
    setenv("FIXTURE_ICVS_APPLIED", "1", 1);
    execv("/proc/self/exe", argv);
    perror("icvs: execv /proc/self/exe");
    exit(2);
}

int main(int argc, char **argv) {
    (void)argc;
    apply_environment(argv);

    omp_set_num_threads(THREADS);
#pragma omp parallel
    {
        int tid = omp_get_thread_num();
        if (omp_get_num_threads() != THREADS) {
            fprintf(stderr, "icvs: expected %d threads, got %d\n", THREADS, omp_get_num_threads());
            exit(2);
        }
        /* Task-scope ICVs of this thread's implicit task. */
        omp_set_schedule(omp_sched_dynamic, 7);
        omp_set_dynamic(1);
        omp_set_num_threads(2 + tid);
        fixture_known_point(THREADS, "icvs parallel");
    }
    return 0;
}
