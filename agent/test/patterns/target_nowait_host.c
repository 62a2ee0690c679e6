/* A deferred target region on the host device (built with -fopenmp-targets=x86_64-pc-linux-gnu): its kernel runs
 * under an initial task of its own, whose end is not the program's. Afterwards the program runs on and takes a
 * snapshot ("after"). Prints the result. */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int x = 0;
#pragma omp target nowait map(tofrom: x)
    {
        x = 42;
    }
#pragma omp taskwait
    usleep(300000);
    omp_control_tool(omp_control_tool_flush, 0, "after");
    usleep(100000);
    printf("x = %d\n", x);
    return 0;
}
