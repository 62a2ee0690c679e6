/* Integration-test target for OMPD_EXPLORER_AT_EXIT when the program calls exit() from inside OpenMP, and for the
 * signal variables. argv[1] says where exit(3) is called, once every other thread of the team is in place (spinning
 * in the region, never returning):
 *   parallel  by the primary thread of a team of 3
 *   worker    by thread 2 of a team of 3
 *   task      inside an explicit task that thread 0 of a team of 2 runs at its taskwait
 *   nested    by thread 1 of the inner team of outer thread 1 (two levels of two threads)
 *   segv      after a team of 2 ended, reads a null pointer
 *   plain     after a team of 3 ended, returns from main
 *   late      returns from main after a team of 3 ended; the program's destructor (run after every atexit handler, the
 *             agent's at-exit snapshot among them, and before the runtime's own destructor finalizes the tool) raises
 *             SIGUSR2, the agent's trigger, and waits 300 ms: the program has ended
 *   handler   exit(4) from a SIGUSR1 handler that interrupts thread 0 while it is inside omp_control_tool, its
 *             snapshot waiting for thread 1, which blocks every signal (so the stop signal never reaches it)
 * Before exit() it prints "exit from <tid>" (its kernel thread id) on stdout, flushed. */
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_int arrived;

static void exit_when(int team) {
    while (atomic_load(&arrived) < team) {
    }
    printf("exit from %ld\n", (long)syscall(SYS_gettid));
    fflush(stdout);
    exit(3);
}

static void exit_from_handler(int sig) {
    (void)sig;
    exit(4); /* not async-signal-safe, yet common: the agent must not hang on it */
}

static int late_mode;

__attribute__((destructor)) static void signal_after_exit(void) {
    if (!late_mode) {
        return;
    }
    raise(SIGUSR2);
    usleep(300 * 1000); /* time for the agent's helper thread to take a snapshot, were it to */
}

static void spin(void) {
    for (;;) {
        __asm__ volatile("" ::: "memory");
    }
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "plain";
    late_mode = strcmp(mode, "late") == 0;
    if (strcmp(mode, "parallel") == 0 || strcmp(mode, "worker") == 0) {
        int who = strcmp(mode, "parallel") == 0 ? 0 : 2;
#pragma omp parallel num_threads(3)
        {
            atomic_fetch_add(&arrived, 1);
            if (omp_get_thread_num() == who) {
                exit_when(3);
            }
            spin();
        }
    } else if (strcmp(mode, "task") == 0) {
#pragma omp parallel num_threads(2)
        {
            atomic_fetch_add(&arrived, 1);
            if (omp_get_thread_num() == 0) {
                /* Thread 1 spins outside any scheduling point: thread 0 runs the task itself, at the taskwait. */
#pragma omp task
                exit_when(2);
#pragma omp taskwait
            }
            spin();
        }
    } else if (strcmp(mode, "handler") == 0) {
        signal(SIGUSR1, exit_from_handler);
        static pthread_t primary;
        static atomic_int flushing;
#pragma omp parallel num_threads(2)
        {
            if (omp_get_thread_num() == 0) {
                primary = pthread_self();
                while (atomic_load(&arrived) < 1) {
                    /* thread 1 is in the region (so known to the agent) and blocks signals */
                }
                atomic_store(&flushing, 1);
                omp_control_tool(omp_control_tool_flush, 0, "interrupted");
            } else {
                sigset_t all;
                sigfillset(&all);
                pthread_sigmask(SIG_BLOCK, &all, NULL);
                atomic_fetch_add(&arrived, 1);
                while (!atomic_load(&flushing)) {
                }
                usleep(300 * 1000); /* well inside the snapshot's wait for this thread (2 s by default) */
                pthread_kill(primary, SIGUSR1);
                spin();
            }
        }
    } else if (strcmp(mode, "nested") == 0) {
        omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
        {
            int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
            {
                atomic_fetch_add(&arrived, 1);
                if (outer == 1 && omp_get_thread_num() == 1) {
                    exit_when(4);
                }
                spin();
            }
        }
    } else {
        int n = 0;
#pragma omp parallel num_threads(strcmp(mode, "segv") == 0 ? 2 : 3) reduction(+ : n)
        n += 1;
        printf("team of %d\n", n);
        fflush(stdout);
        if (strcmp(mode, "segv") == 0) {
            volatile int *nowhere = NULL;
            return *nowhere;
        }
    }
    return 0;
}
