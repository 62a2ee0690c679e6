/* Lesson: nested parallel regions.
 *
 * An outer parallel region with a team of two threads; each of them opens an inner parallel region, again
 * with two threads. Nesting must be allowed (omp_set_max_active_levels(2)); then each inner region gets a
 * team of its own, and four threads run at once. The snapshot shows the region tree (enclosingRegion),
 * each region's team (members with thread numbers), its level and active level, the encountering task of
 * each inner region (the outer implicit task of the thread that opened it) and the implicit tasks: one per
 * thread per region, each with its thread number in its team.
 *
 * Every thread counts itself in and then waits; the last one to arrive, inner thread 0 of outer thread 0,
 * takes the snapshot, so that all four are inside the inner regions when it is written. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int arrived;
static atomic_int snapshot_taken;

int main(void) {
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
    {
        int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
        {
            int inner = omp_get_thread_num();
            atomic_fetch_add(&arrived, 1);
            if (outer == 0 && inner == 0) {
                while (atomic_load(&arrived) < 4) {
                }
                omp_control_tool(omp_control_tool_flush, 0, "Nested parallel regions");
                atomic_store(&snapshot_taken, 1);
            } else {
                while (!atomic_load(&snapshot_taken)) {
                }
            }
        }
    }
    printf("done\n");
    return 0;
}
