/* Creation sites for AgentCreationSitesTest: each construct's line carries a SITE marker the test looks for.
 * One thread creates tasks while the other is held in a task, so that every task is still queued at the snapshot:
 * a task in a function, a taskloop, a task in a function reached by a tail call, a task in main. Built -O2 so
 * that the tail call is one (tail() enters the runtime with a jmp). */
#include <omp.h>
#include <stdatomic.h>

static atomic_int busy, release_busy;
static volatile int sink;
#ifdef ANOTHER_BUILD
volatile int another_build = 1; /* the same source built otherwise: another build-id */
#endif

__attribute__((noinline)) static void work(int i) { sink += i; }

__attribute__((noinline)) void spawn(int n) {
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i) /* SITE:spawn */
        work(i);
    }
}

__attribute__((noinline)) void tail(int n) {
#pragma omp task /* SITE:tail */
    work(n);
}

__attribute__((noinline)) void calls_tail(int n) {
    tail(n + 1);
}

int main(void) {
#pragma omp parallel num_threads(2) /* SITE:parallel */
#pragma omp single
    {
#pragma omp task /* SITE:busy */
        {
            atomic_store(&busy, 1);
            while (!atomic_load(&release_busy)) {
            }
        }
        while (!atomic_load(&busy)) {
        }
#pragma omp taskloop grainsize(4) nogroup /* SITE:taskloop */
        for (int i = 0; i < 16; i++) {
            work(i);
        }
        spawn(3);
        calls_tail(5); /* SITE:calls_tail */
#pragma omp task /* SITE:main */
        work(1);
        omp_control_tool(omp_control_tool_flush, 0, "sites");
        atomic_store(&release_busy, 1);
    }
    return 0;
}
