/* Integration-test target for call stacks (integration.py, test_stacks; built -O0 -g -fno-omit-frame-pointer).
 *
 * A team of 1 + 3 threads. The primary thread creates 3 tasks, each computing fib(5) by plain recursion; the first
 * leaf of each task holds its thread still in fib_hold (spinning outside any task scheduling point, so each task
 * runs on its own worker and stays there). When all 3 hold, the primary thread, in the parallel region of main:
 *   flush   asks for a snapshot labelled "stacks" itself (omp_control_tool, from primary_snapshot), then lets them go;
 *   signal  prints "ready" and spins in primary_wait until SIGUSR1 (the test sends SIGUSR2 for a snapshot first).
 * So each worker's stack is fib_hold <- fib x5 <- the task's entry <- the runtime, and the primary thread's ends in
 * main. Prints "fib(5) = 5" three times. */
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define WORKERS 3
#define DEPTH 5

static atomic_int arrived;
static atomic_int released;
_Atomic int stack_target_never; /* never set: a call in each spin loop keeps the frames set up before the loop */

__attribute__((noinline)) static void opaque(void) {
    __asm__ volatile("" ::: "memory");
}

/* Where each fib task's thread holds still. */
__attribute__((noinline)) void fib_hold(void) {
    atomic_fetch_add(&arrived, 1);
    while (!atomic_load(&released)) {
        if (atomic_load(&stack_target_never)) {
            opaque();
        }
    }
}

__attribute__((noinline)) long fib(int n, int *held) {
    if (n < 2) {
        if (!*held) {
            *held = 1;
            fib_hold();
        }
        return n;
    }
    long a = fib(n - 1, held);
    long b = fib(n - 2, held);
    return a + b;
}

__attribute__((noinline)) void primary_snapshot(void) {
    omp_control_tool(omp_control_tool_flush, 0, "stacks");
}

__attribute__((noinline)) void primary_wait(void) {
    while (!atomic_load(&released)) {
        if (atomic_load(&stack_target_never)) {
            opaque();
        }
    }
}

static void on_release(int sig) {
    (void)sig;
    atomic_store(&released, 1);
}

int main(int argc, char **argv) {
    int by_signal = argc > 1 && strcmp(argv[1], "signal") == 0;
    signal(SIGUSR1, on_release);
    long results[WORKERS] = {0};
#pragma omp parallel num_threads(WORKERS + 1)
    {
        if (omp_get_thread_num() == 0) {
            for (int i = 0; i < WORKERS; i++) {
#pragma omp task firstprivate(i) shared(results)
                {
                    int held = 0;
                    results[i] = fib(DEPTH, &held);
                }
            }
            while (atomic_load(&arrived) < WORKERS) {
                /* not a task scheduling point: this thread runs none of the tasks */
            }
            if (by_signal) {
                printf("ready\n");
                fflush(stdout);
                primary_wait();
            } else {
                primary_snapshot();
                atomic_store(&released, 1);
            }
        }
    }
    for (int i = 0; i < WORKERS; i++) {
        printf("fib(%d) = %ld\n", DEPTH, results[i]);
    }
    return 0;
}
