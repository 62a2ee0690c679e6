/* Lesson: target offload on the host device.
 *
 * Built with -fopenmp-targets=x86_64-pc-linux-gnu, the program offloads to devices that are the host itself
 * (libomptarget's host plugin): omp_get_num_devices() is 4, and device memory is host memory, so a kernel can
 * spin on a host flag through its address (passed as a firstprivate integer) until the lesson has taken its
 * snapshot.
 *
 * Steps: after `target enter data map(to: big)`, the device's present table holds big; a target region with
 * map(to: a) map(from: b) runs (its kernel spins) while the other thread of a team of two takes the snapshot:
 * its encountering task waits on it; two `nowait` target regions run as target tasks on libomp's hidden helper
 * threads while the initial task goes on; after `target exit data map(from: big)`, the table is empty and every
 * byte that moved is counted. */
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#define N 1000
#define BIG 8192

static double a[N], b[N], big[BIG];
static atomic_int kernel_started, kernel_go, nowait_started, nowait_go;

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
}

int main(void) {
    for (int i = 0; i < N; i++) {
        a[i] = i;
    }
    for (int i = 0; i < BIG; i++) {
        big[i] = 1.0;
    }
    /* omp_control_tool needs the runtime initialized; this does it without a parallel region. */
    int threads = omp_get_max_threads();

#pragma omp target enter data map(to: big[0:BIG])
    step("big is present on device 0");

    uintptr_t started_at = (uintptr_t)&kernel_started, go_at = (uintptr_t)&kernel_go;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp target map(to: a[0:N]) map(from: b[0:N]) firstprivate(started_at, go_at)
            {
                *(volatile int *)started_at = 1;
                while (*(volatile int *)go_at == 0) {
                    /* the kernel runs until the snapshot is taken */
                }
                for (int i = 0; i < N; i++) {
                    b[i] = 2 * a[i];
                }
            }
        } else {
            while (!atomic_load(&kernel_started)) {
                /* not a task scheduling point */
            }
            step("A target region runs; its task waits");
            atomic_store(&kernel_go, 1);
        }
    }

    uintptr_t nstarted_at = (uintptr_t)&nowait_started, ngo_at = (uintptr_t)&nowait_go;
    for (int k = 0; k < 2; k++) {
#pragma omp target nowait map(tofrom: a[0:N]) firstprivate(nstarted_at, ngo_at)
        {
            __atomic_fetch_add((int *)nstarted_at, 1, __ATOMIC_SEQ_CST);
            while (*(volatile int *)ngo_at == 0) {
            }
        }
    }
    while (atomic_load(&nowait_started) < 2) {
        /* both target tasks have started on helper threads */
    }
    step("Two nowait target tasks run");
    atomic_store(&nowait_go, 1);
#pragma omp taskwait

#pragma omp target exit data map(from: big[0:BIG])
    step("After target exit data");
    printf("%d threads, %d devices (the host is device %d), b[7] = %g\n", threads, omp_get_num_devices(),
           omp_get_initial_device(), b[7]);
    return 0;
}
