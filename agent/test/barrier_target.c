/* Integration-test target for sync-region sites (integration.py test_sync_site; importers' AgentSyncSitesTest).
 *
 * A team of 2 threads. Thread 1 calls solve_boundary, which waits at an explicit barrier (its line is marked with a
 * SITE comment) until thread 0 comes. Thread 0 first waits until thread 1 sleeps in that barrier — with a block time
 * of 0 the runtime puts a waiting thread to sleep at once, and nothing else in thread 1 sleeps — then:
 *   flush   asks for a snapshot labelled "barrier" itself (omp_control_tool), then joins the barrier;
 *   signal  prints "ready" and spins in primary_wait until SIGUSR1 (the test sends SIGUSR2 for a snapshot first).
 * So thread 1's innermost sync region is the explicit barrier, its site the return address in solve_boundary.
 * Prints "done". */
#define _GNU_SOURCE
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

void kmp_set_blocktime(int msec);

static atomic_int waiter_tid;
static atomic_int released;
_Atomic int barrier_target_never; /* never set: a call in the spin loop keeps its frame */

__attribute__((noinline)) static void opaque(void) {
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void solve_boundary(void) {
    atomic_store(&waiter_tid, (int)syscall(SYS_gettid));
#pragma omp barrier /* SITE:barrier */
}

/* Whether thread `tid` of this process sleeps (state S in /proc): in the barrier, the only place it can. */
static int sleeping(int tid) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0;
    }
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *close = strrchr(text, ')'); /* the state follows the command name in parentheses */
    return close != NULL && close[1] == ' ' && close[2] == 'S';
}

__attribute__((noinline)) void primary_wait(void) {
    while (!atomic_load(&released)) {
        if (atomic_load(&barrier_target_never)) {
            opaque();
        }
    }
}

static void on_release(int sig) {
    (void)sig;
    atomic_store(&released, 1);
}

int main(int argc, char **argv) {
    int by_signal = argc > 1 && strcmp(argv[1], "signal") == 0;
    signal(SIGUSR1, on_release);
    kmp_set_blocktime(0);
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1) {
            solve_boundary();
        } else {
            while (atomic_load(&waiter_tid) == 0 || !sleeping(atomic_load(&waiter_tid))) {
                /* not a task scheduling point, nor a sync region */
            }
            if (by_signal) {
                printf("ready\n");
                fflush(stdout);
                primary_wait();
            } else {
                omp_control_tool(omp_control_tool_flush, 0, "barrier");
            }
#pragma omp barrier
        }
    }
    printf("done\n");
    return 0;
}
