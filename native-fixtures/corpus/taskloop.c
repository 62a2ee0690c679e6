/*
 * taskloop: a loop split into tasks of `grainsize` iterations (grainsize clause) with a reduction, then the same
 * loop split into a fixed number of tasks (num_tasks), over several repetitions, from one thread (single) while
 * the others run the tasks at the barrier. Each iteration hashes its index a few times.
 *
 * usage: taskloop [iterations] [grainsize] [repetitions]     Prints both sums. Iteration iterations/2 of the
 * second repetition asks for a snapshot from its task.
 */
#include "corpus.h"

int main(int argc, char **argv) {
    unsigned long n = (unsigned long)corpus_arg(argc, argv, 1, 1000000);
    long grain = corpus_arg(argc, argv, 2, 500);
    long reps = corpus_arg(argc, argv, 3, 6);
    uint64_t by_grain = 0, by_count = 0;
#pragma omp parallel
#pragma omp single
    for (long r = 0; r < reps; r++) {
#pragma omp taskloop grainsize(grain) reduction(+ : by_grain) firstprivate(r)
        for (unsigned long i = 0; i < n; i++) {
            if (r == 1 && i == n / 2) {
                corpus_flush();
            }
            by_grain += corpus_work(i + (uint64_t)r * n, 20);
        }
#pragma omp taskloop num_tasks(37) reduction(+ : by_count) firstprivate(r)
        for (unsigned long i = 0; i < n; i++) {
            by_count += corpus_work((uint64_t)(i ^ r), 10);
        }
    }
    printf("taskloop(%lu iterations, grainsize %ld, %ld repetitions) = %016llx %016llx\n", n, grain, reps,
           (unsigned long long)by_grain, (unsigned long long)by_count);
    return 0;
}
