/*
 * Fixture: one parallel region with many threads (argv[1], default 64), all held in
 * fixture_known_point. For scale tests: thread lists, per-thread handles, core size.
 */
#include "fixture.h"

#include <omp.h>

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 64;
    if (threads < 1) {
        fprintf(stderr, "usage: many_threads [THREADS>0]\n");
        return 2;
    }
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
    {
        if (omp_get_num_threads() != threads) {
            fprintf(stderr, "many_threads: expected %d threads, got %d\n", threads, omp_get_num_threads());
            exit(2);
        }
        fixture_known_point(threads, "parallel");
    }
    return 0;
}
