/* Lesson: nested parallel regions and ICVs per level.
 *
 * An outer parallel region with a team of two threads; each of them opens an inner parallel region, again
 * with two threads. Nesting must be allowed (omp_set_max_active_levels(2)); then each inner region gets a
 * team of its own, and four threads run at once. The snapshots show the region tree (enclosingRegion),
 * each region's team (members with thread numbers), its level and active level and its ICVs
 * (team-size-var, levels-var, active-levels-var), the encountering task of each inner region (the outer
 * implicit task of the thread that opened it) and the implicit tasks: one per thread per region. Each running
 * task shows max-active-levels-var 2, copied from the initial task: the limit that lets level 2 be active.
 * Steps: inside the outer region, before the inner ones; all four threads inside the inner regions; back in
 * the outer region after the inner ones ended. Every thread counts itself in and then waits; outer thread 0
 * (inner thread 0) takes each snapshot once all the others have arrived. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int outer_arrived;
static atomic_int inner_arrived;
static atomic_int back_arrived;
static atomic_int step_taken; /* the number of steps taken so far */

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
    atomic_fetch_add(&step_taken, 1);
}

static void wait_for_step(int n) {
    while (atomic_load(&step_taken) < n) {
    }
}

int main(void) {
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
    {
        int outer = omp_get_thread_num();
        atomic_fetch_add(&outer_arrived, 1);
        if (outer == 0) {
            while (atomic_load(&outer_arrived) < 2) {
            }
            step("The outer region: a team of two");
        } else {
            wait_for_step(1);
        }
#pragma omp parallel num_threads(2)
        {
            int inner = omp_get_thread_num();
            atomic_fetch_add(&inner_arrived, 1);
            if (outer == 0 && inner == 0) {
                while (atomic_load(&inner_arrived) < 4) {
                }
                step("Two inner regions: four threads at level 2");
            } else {
                wait_for_step(2);
            }
        }
        atomic_fetch_add(&back_arrived, 1);
        if (outer == 0) {
            while (atomic_load(&back_arrived) < 2) {
            }
            step("Back in the outer region");
        } else {
            wait_for_step(3);
        }
    }
    printf("done\n");
    return 0;
}
