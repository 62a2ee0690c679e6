/* A detached task whose event another task fulfils late: while it waits, the program takes a snapshot
 * ("detached"), and the generating task waits at its taskwait for the detached one. Prints "done". */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    omp_event_handle_t event;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task detach(event)
        {
            /* the body ends at once; the task completes only when event is fulfilled */
        }
#pragma omp task shared(event)
        {
            usleep(200000);
            omp_control_tool(omp_control_tool_flush, 0, "detached");
            omp_fulfill_event(event);
        }
#pragma omp taskwait
    }
    printf("done\n");
    return 0;
}
