/*
 * Fixture: a recursive tree of explicit tasks under a parallel region of 2 threads.
 *
 * One thread (in `single`) creates the root task of a binary tree of depth 3 (15 tasks). Each inner
 * task creates its two children and waits for them in `taskwait`; leaf tasks hold in
 * fixture_known_point. Each thread runs tasks until it ends up in a leaf: the thread that ran the
 * root descends through its own children (suspending each parent in taskwait), while the other
 * thread steals a task from the first thread's queue while waiting in the barrier at the end of
 * `single`. So both threads hold a leaf on top of a stack of tasks suspended in taskwait, and the
 * stolen task's scheduling parent (the thief's implicit task) differs from its generating parent
 * (the root task) -- the case a viewer must not conflate. Remaining tasks are queued, never started.
 */
#include "fixture.h"

#include <omp.h>

enum { THREADS = 2, DEPTH = 3 };

static void tree(int depth) {
    if (depth == 0) {
        fixture_known_point(THREADS, "leaf task");
        return;
    }
#pragma omp task firstprivate(depth)
    tree(depth - 1);
#pragma omp task firstprivate(depth)
    tree(depth - 1);
#pragma omp taskwait
}

int main(void) {
    omp_set_dynamic(0);
#pragma omp parallel num_threads(THREADS)
    {
        if (omp_get_num_threads() != THREADS) {
            fprintf(stderr, "task_tree: expected %d threads, got %d\n", THREADS, omp_get_num_threads());
            exit(2);
        }
#pragma omp single
        {
#pragma omp task
            tree(DEPTH);
        }
    }
    return 0;
}
