/*
 * Fixture: nested parallelism. An outer parallel region of 2 threads; each outer thread opens an
 * inner parallel region of 2 threads, so 4 threads run at nesting level 2 (2 teams of 2) and the
 * 2 outer threads are also the inner masters. All 4 hold in fixture_known_point.
 *
 * Expected OMPD picture: 2 inner parallel regions (level 2, team size 2) whose enclosing region is
 * the one outer region (level 1, team size 2); each thread's implicit task is in an inner region.
 */
#include "fixture.h"

#include <omp.h>

enum { OUTER = 2, INNER = 2 };

int main(void) {
    /* Nesting is inactive by default (max-active-levels-var 1); allow two active levels. */
    omp_set_max_active_levels(2);
    omp_set_dynamic(0);

#pragma omp parallel num_threads(OUTER)
    {
        int outer = omp_get_thread_num();
#pragma omp parallel num_threads(INNER)
        {
            if (omp_get_level() != 2 || omp_get_num_threads() != INNER) {
                fprintf(stderr, "nested_parallel: expected level 2 with %d threads, got level %d with %d\n",
                        INNER, omp_get_level(), omp_get_num_threads());
                exit(2);
            }
            (void)outer;
            fixture_known_point(OUTER * INNER, "inner parallel");
        }
    }
    return 0;
}
