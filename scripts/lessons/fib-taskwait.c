/* Lesson: recursive tasks and taskwait (generating vs scheduling).
 *
 * fib(n) creates a task for fib(n-1) and one for fib(n-2), then waits for both at a taskwait. At the
 * taskwait the task is suspended and its thread runs other tasks on top of it: libomp takes the most recently
 * created one, fib(n-2), first. So when the first leaf is reached, that thread's stack holds a chain of
 * suspended fib tasks (each one's schedulingTask is the one below it), and the fib(n-1) siblings are still
 * queued. The generating tree (generatingTask links) shows who created whom.
 *
 * Steps (each an omp_control_tool flush, which the capture agent turns into a snapshot labelled with its
 * argument): the first leaf; fib(2) back from its taskwait; fib(4) back from its taskwait; fib(6) back from
 * its taskwait.
 *
 * To make the pictures the same on every run, the second thread is kept out of the way first: it picks up a
 * "hold" task and spins in it until the last step is taken, so it cannot steal fib tasks. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int hold_started;
static atomic_int first_leaf_seen;
static atomic_int back_seen[7]; /* back_seen[n]: fib(n) already returned from its taskwait once */
static atomic_int lesson_done;

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
}

static long fib(int n) {
    if (n < 2) {
        /* The first leaf: the deepest point of the first path down the tree. */
        if (!atomic_exchange(&first_leaf_seen, 1)) {
            step("The first leaf: a chain of suspended fib tasks");
        }
        return n;
    }
    long a, b;
#pragma omp task shared(a) firstprivate(n)
    a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = fib(n - 2);
#pragma omp taskwait
    if (n == 2 && !atomic_exchange(&back_seen[2], 1)) {
        step("fib(2) is back from its taskwait");
    } else if (n == 4 && !atomic_exchange(&back_seen[4], 1)) {
        step("fib(4) is back from its taskwait");
    } else if (n == 6 && !atomic_exchange(&back_seen[6], 1)) {
        step("fib(6) is back from its taskwait");
        atomic_store(&lesson_done, 1); /* only now may the other thread go */
    }
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
            while (!atomic_load(&lesson_done)) {
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
