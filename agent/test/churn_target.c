/* Threads that join and leave teams all the time, for snapshots that catch a thread in the middle of a task
 * switch: many tiny parallel regions (OMP_NUM_THREADS threads), each with a few tiny explicit tasks, for the time given in
 * seconds as argv[1] (default 1). Each region's threads pass through the runtime's implicit_task begin and end
 * and the tasks' task_create and task_schedule, so a stop signal often lands inside the capture agent's
 * callbacks (agent/test/integration.py, test_churn). Prints "churn_target: <regions> regions, sum <sum>", sum
 * being 10 per region. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0 && seconds < 3600)) {
        fprintf(stderr, "usage: churn_target [seconds, default 1]\n");
        return 2;
    }
    double until = now() + seconds;
    long regions = 0;
    atomic_long sum = 0;
    while (now() < until) {
        for (int r = 0; r < 64; r++, regions++) {
#pragma omp parallel
            {
#pragma omp single nowait
                for (int k = 1; k <= 4; k++) {
#pragma omp task firstprivate(k)
                    atomic_fetch_add(&sum, k);
                }
            }
        }
    }
    printf("churn_target: %ld regions, sum %ld\n", regions, (long)atomic_load(&sum));
    return atomic_load(&sum) == 10 * regions ? 0 : 1;
}
