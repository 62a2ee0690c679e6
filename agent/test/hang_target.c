/* A program that looks hung to a series of snapshots (OMPD_EXPLORER_INTERVAL), for tests that compare them.
 *
 * A team of two: thread 0 creates one task that spins until released and waits for it at a taskwait, so in
 * every snapshot its implicit task is suspended at that taskwait with the same spinning child running on top.
 * Meanwhile thread 1 keeps working: rounds of three short explicit tasks (about 1 ms each) and a taskwait, so
 * successive snapshots show tasks created and finished in between. After the time given in seconds as argv[1]
 * (default 1.5) thread 1 releases the spinner and the program exits 0, printing
 * "hang_target: spinner on thread <n>, <rounds> rounds of 3 tasks".
 *
 * Thread 1 reaches no task scheduling point until the spinner runs, so it cannot steal it: the spinner always
 * runs on thread 0. Every wait is bounded by the deadline, so it ends even when the team has one thread.
 * With OMPD_EXPLORER_INTERVAL=350 and the default 1.5 s it gives 4 snapshots, all before the release. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static atomic_int spinner_thread = -1;
static atomic_int release;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Busy for about ms milliseconds (not a sleep: the agent's stop signal would cut a sleep short). */
static void work(double ms) {
    double until = now() + ms / 1000;
    while (now() < until) {
    }
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.5;
    if (!(seconds > 0 && seconds < 3600)) {
        fprintf(stderr, "usage: hang_target [seconds, default 1.5]\n");
        return 2;
    }
    double deadline = now() + seconds;
    long rounds = 0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp task
            {
                atomic_store(&spinner_thread, omp_get_thread_num());
                while (!atomic_load(&release) && now() < deadline + 1) {
                }
            }
#pragma omp taskwait
        } else {
            while (atomic_load(&spinner_thread) < 0 && now() < deadline) {
            }
            while (now() < deadline) {
                for (int k = 0; k < 3; k++) {
#pragma omp task
                    work(1);
                }
#pragma omp taskwait
                rounds++;
            }
            atomic_store(&release, 1);
        }
    }
    printf("hang_target: spinner on thread %d, %ld rounds of 3 tasks\n", atomic_load(&spinner_thread), rounds);
    return 0;
}
