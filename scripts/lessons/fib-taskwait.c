/* Lesson: recursive tasks, suspended at taskwait.
 *
 * fib(n) creates a task for fib(n-1) and one for fib(n-2), then waits for both at a taskwait. At the
 * taskwait the task is suspended and its thread runs other tasks on top of it: libomp takes the most recently
 * created one, fib(n-2), first. So when the first leaf is reached, that thread's stack holds a chain of
 * suspended fib tasks (each one's schedulingTask is the one below it), and the fib(n-1) siblings are still
 * queued. The generating tree (generatingTask links) shows who created whom.
 *
 * To make the picture the same on every run, the second thread is kept out of the way first: it picks up a
 * "hold" task and spins in it until the snapshot is taken, so it cannot steal fib tasks.
 *
 * The snapshot is requested with omp_control_tool(omp_control_tool_flush, 0, label), which the capture
 * agent (OMP_TOOL_LIBRARIES=libompd-explorer-agent.so) turns into a JSON snapshot. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int hold_started;
static atomic_int first_leaf_seen;
static atomic_int snapshot_taken;

static long fib(int n) {
    if (n < 2) {
        /* The first leaf: the deepest point of the first path down the tree. */
        if (!atomic_exchange(&first_leaf_seen, 1)) {
            omp_control_tool(omp_control_tool_flush, 0, "Recursive fib tasks, suspended at taskwait");
            atomic_store(&snapshot_taken, 1); /* only now may the other thread go */
        }
        return n;
    }
    long a, b;
#pragma omp task shared(a) firstprivate(n)
    a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(void) {
    long result = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
        /* The other thread takes this task from the queue and spins in it. */
#pragma omp task
        {
            atomic_store(&hold_started, 1);
            while (!atomic_load(&snapshot_taken)) {
            }
        }
        while (!atomic_load(&hold_started)) {
            /* not a task scheduling point: this thread cannot run the hold task itself */
        }
#pragma omp task shared(result)
        result = fib(6);
#pragma omp taskwait
    }
    printf("fib(6) = %ld\n", result);
    return 0;
}
