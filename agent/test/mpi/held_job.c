/* A hybrid MPI + OpenMP job held at known points until it is killed (scripts/make-mpi-job.sh, docs/agent.md
 * "MPI jobs"). Every rank runs a team of 2 threads; each thread creates one task, exchange_halo, and waits for it in
 * a taskwait, executing it itself: every thread runs exchange_halo above its implicit task, which is suspended in
 * the taskwait. One rank (argv[1], default 5) differs: its thread 1 waits at a barrier in solve_boundary, which its
 * thread 0 never reaches. Each rank prints "READY <rank> <pid>" once its threads are there, and nothing else.
 *
 * Deterministic: a thread at a taskwait runs the tasks of its own queue first, and the one that could steal
 * (the held rank's thread 1, waiting at its barrier) enters the barrier only after thread 0 began its task. */
#include <mpi.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static atomic_int arrived;
static volatile int released; /* never set: the job is held until it is killed */

static void announce(int rank, int expected) {
    if (atomic_fetch_add(&arrived, 1) + 1 == expected) {
        printf("READY %d %ld\n", rank, (long)getpid());
        fflush(stdout);
    }
}

static void hold(void) {
    struct timespec pause = {0, 50 * 1000 * 1000};
    while (!released) {
        nanosleep(&pause, NULL);
    }
}

__attribute__((noinline)) static void exchange_halo(int rank, int expected) {
    announce(rank, expected);
    hold();
}

__attribute__((noinline)) static void solve_boundary(int rank, int expected) {
    /* Thread 0's task has begun: nothing is left in its queue for this thread to take at the barrier. */
    while (atomic_load(&arrived) == 0) {
        struct timespec pause = {0, 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    announce(rank, expected);
#pragma omp barrier
    hold();
}

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int odd = argc > 1 ? atoi(argv[1]) : 5;
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel num_threads(2)
    {
        if (rank == odd && omp_get_thread_num() == 1) {
            solve_boundary(rank, 2);
        } else {
#pragma omp task
            exchange_halo(rank, 2);
#pragma omp taskwait
        }
    }
    MPI_Finalize();
    return 0;
}
