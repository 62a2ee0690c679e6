/* Integration-test target for the signal trigger: a team of three threads holds still inside a parallel
 * region until a line arrives on stdin. Prints "ready" when all three are in place. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static atomic_int arrived;
static atomic_int go;

int main(void) {
#pragma omp parallel num_threads(3)
    {
        atomic_fetch_add(&arrived, 1);
        if (omp_get_thread_num() == 0) {
            while (atomic_load(&arrived) < 3) {
            }
            printf("ready\n");
            fflush(stdout);
            char c;
            while (read(0, &c, 1) < 0) {
                /* a stop signal may interrupt the read */
            }
            atomic_store(&go, 1);
        } else {
            while (!atomic_load(&go)) {
            }
        }
    }
    printf("done\n");
    return 0;
}
