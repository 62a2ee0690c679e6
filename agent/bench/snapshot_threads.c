/* Benchmark: the time of one agent snapshot of a team of many threads, each held 20 calls deep (built with
 * -fno-omit-frame-pointer, so that each stop handler walks 20+ frames). Thread 0 takes the snapshots itself
 * (omp_control_tool) and prints the median wall time of one, in milliseconds. Run by snapshot-overhead.sh with
 * OMPD_EXPLORER_STACKS=1 and =0. Usage: snapshot_threads THREADS SNAPSHOTS */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DEPTH 20

static atomic_int arrived;
static atomic_int done;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Each worker waits DEPTH calls deep, asleep (as an idle or blocked thread is), until thread 0 is done. */
__attribute__((noinline)) static int descend(int depth) {
    if (depth > 0) {
        volatile int below = descend(depth - 1); /* not a tail call: each level keeps its frame */
        return below + 1;
    }
    atomic_fetch_add(&arrived, 1);
    while (!atomic_load(&done)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    return 0;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 64;
    int snapshots = argc > 2 ? atoi(argv[2]) : 21;
    double *ms = calloc((size_t)snapshots, sizeof *ms);
    int depth_sum = 0;
#pragma omp parallel num_threads(threads) reduction(+ : depth_sum)
    {
        if (omp_get_thread_num() == 0) {
            while (atomic_load(&arrived) < omp_get_num_threads() - 1) {
            }
            for (int i = 0; i < snapshots; i++) {
                struct timespec a, b;
                clock_gettime(CLOCK_MONOTONIC, &a);
                omp_control_tool(omp_control_tool_flush, 0, "bench");
                clock_gettime(CLOCK_MONOTONIC, &b);
                ms[i] = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
            }
            atomic_store(&done, 1);
        } else {
            depth_sum += descend(DEPTH);
        }
    }
    qsort(ms, (size_t)snapshots, sizeof *ms, cmp_double);
    printf("%.3f\n", ms[snapshots / 2]);
    return depth_sum == (threads - 1) * DEPTH ? 0 : 1;
}
