/*
 * Benchmark fixture: a parallel region of THREADS threads (argv[1]) holding TASKS live explicit tasks
 * (argv[2]), all of them on thread stacks, so that OMPD can reach every one of them.
 *
 * OMPD reaches a task only from a thread (its current task) and then through the task's scheduling and
 * generating links; a queued task that never started is reachable from nothing. So every live task here is
 * a started one: each thread i runs a chain of depth_i = TASKS / THREADS (+1 for the first TASKS % THREADS
 * threads) nested tasks, each of which creates one child task and waits for it in `taskwait`. The child is
 * in the creating thread's own deque and a thread in taskwait takes from its own deque first, while no
 * thread is ever idle at a scheduling point (each either runs its chain or holds), so nothing is stolen:
 * thread i ends up with depth_i explicit tasks suspended in taskwait one above the other (current task at
 * the top of the chain, held in fixture_known_point; scheduling parent == generating parent down to the
 * thread's implicit task). A thread with depth 0 holds in its implicit task.
 *
 * OMPD then sees TASKS explicit + THREADS implicit tasks + the initial task. Every task checks that it runs
 * on the thread that created its chain and exits 3 if one was stolen.
 *
 * Deep chains need stack: 768 bytes per level at -O0 on libomp 19 (x86-64). Workers get libomp's 4 MiB and
 * the initial thread the process stack (ulimit -s), so past ~4000 levels raise OMP_STACKSIZE and ulimit -s
 * (bench/ompd-vs-gdb.sh does).
 */
#include "fixture.h"

#include <omp.h>

static int threads;

/* Runs on the thread that took the task; `expect` is that thread's number, to detect a steal. */
static void chain(int depth, int expect) {
    if (omp_get_thread_num() != expect) {
        fprintf(stderr, "bench_tasks: a task of thread %d ran on thread %d\n", expect, omp_get_thread_num());
        exit(3);
    }
    if (depth == 0) {
        fixture_known_point(threads, "chain leaf");
        return;
    }
#pragma omp task firstprivate(depth, expect)
    chain(depth - 1, expect);
#pragma omp taskwait
}

int main(int argc, char **argv) {
    threads = argc > 1 ? atoi(argv[1]) : 4;
    long tasks = argc > 2 ? atol(argv[2]) : 100;
    if (threads < 1 || tasks < 0) {
        fprintf(stderr, "usage: bench_tasks [THREADS>0 [TASKS>=0]]\n");
        return 2;
    }
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
    {
        if (omp_get_num_threads() != threads) {
            fprintf(stderr, "bench_tasks: expected %d threads, got %d\n", threads, omp_get_num_threads());
            exit(2);
        }
        int me = omp_get_thread_num();
        int depth = (int)(tasks / threads + (me < tasks % threads ? 1 : 0));
        chain(depth, me);
    }
    return 0;
}
