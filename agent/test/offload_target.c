/* A target-offload program for the agent's integration tests (and the "target offload" lesson's shape): it takes
 * a labelled snapshot after `target enter data`, while a target region runs (its kernel spins on a host flag until
 * the other thread has taken the snapshot), while two `nowait` target tasks run, and after `target exit data`.
 * On the host device (x86_64 offloading) device memory is host memory: a kernel reads a host flag through its
 * address, passed as a firstprivate integer. Prints the numbers the tests compare with. */
#include <dlfcn.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1000
#define BIG 4096

static double a[N], b[N], big[BIG];
static _Atomic int started, go, nowait_started, nowait_go;

/* Spins until *flag reaches want; gives up after 20 s so that a broken runtime cannot hang the tests. */
static int wait_for(_Atomic int *flag, int want) {
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (atomic_load(flag) < want) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 20) {
            fprintf(stderr, "offload_target: timed out waiting\n");
            return -1;
        }
    }
    return 0;
}

/* The agent's published device table, read as a debugger would (docs/agent.md), with this file's own copy of the
 * layout. */
struct device_entry { int32_t device_num; uint32_t flags; char type[56]; };
struct device_table {
    char magic[8];
    uint32_t version, entry_size, capacity, count;
    int32_t initial_device;
    uint32_t reserved;
    struct device_entry entries[64];
};

static void print_device_table(void) {
    const char *agent = getenv("OMP_TOOL_LIBRARIES");
    void *lib = agent != NULL ? dlopen(agent, RTLD_LAZY | RTLD_NOLOAD) : NULL;
    const struct device_table *t = lib != NULL ? dlsym(lib, "ompd_explorer_devices") : NULL;
    if (t == NULL) {
        printf("device_table none\n");
        return;
    }
    printf("device_table %.8s %u %u %u %u %d\n", t->magic, t->version, t->entry_size, t->capacity, t->count,
           t->initial_device);
    for (uint32_t i = 0; i < t->count && i < t->capacity; i++) {
        printf("device_entry %d %u %s\n", t->entries[i].device_num, t->entries[i].flags, t->entries[i].type);
    }
}

int main(void) {
    for (int i = 0; i < N; i++) {
        a[i] = i;
    }
    /* omp_control_tool needs the runtime initialized: omp_get_max_threads does that without a parallel region. */
    printf("max_threads %d\n", omp_get_max_threads());
    printf("num_devices %d\ninitial_device %d\n", omp_get_num_devices(), omp_get_initial_device());
    printf("a %p\nb %p\nbig %p\n", (void *)a, (void *)b, (void *)big);
    fflush(stdout);

    #pragma omp target enter data map(to: big[0:BIG])
    omp_control_tool(omp_control_tool_flush, 0, "entered");

    uintptr_t started_at = (uintptr_t)&started, go_at = (uintptr_t)&go;
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            #pragma omp target map(to: a[0:N]) map(from: b[0:N]) firstprivate(started_at, go_at)
            {
                *(volatile int *)started_at = 1;
                while (*(volatile int *)go_at == 0) {
                }
                for (int i = 0; i < N; i++) {
                    b[i] = 2 * a[i];
                }
            }
        } else {
            if (wait_for(&started, 1) == 0) {
                omp_control_tool(omp_control_tool_flush, 0, "in-flight");
            }
            atomic_store(&go, 1);
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
    if (wait_for(&nowait_started, 2) == 0) {
        omp_control_tool(omp_control_tool_flush, 0, "nowait");
    }
    atomic_store(&nowait_go, 1);
    #pragma omp taskwait

    #pragma omp target exit data map(from: big[0:BIG])
    omp_control_tool(omp_control_tool_flush, 0, "exited");
    printf("b[7] %g\n", b[7]);
    print_device_table();
    return 0;
}
