/*
 * Shared scaffolding for the OMPD core fixtures.
 *
 * Every fixture drives its OpenMP threads to one known point and holds them there, so the core
 * shows a deterministic runtime state. Threads are held without any OpenMP construct (a plain
 * atomic counter and a sleep loop), because an OpenMP barrier would change the very state the
 * core is meant to capture (thread states, task scheduling points).
 *
 * When all expected threads have arrived, the last one prints "READY <pid>" on stdout. Then:
 *   - FIXTURE_ABORT=1: that thread calls abort(), so the kernel writes a core (if allowed);
 *   - otherwise: every thread sleeps forever, waiting to be gcore'd and killed.
 */
#ifndef OMPD_FIXTURE_H
#define OMPD_FIXTURE_H

#define _POSIX_C_SOURCE 200809L

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static atomic_int fixture_arrived;

/* Sleep rather than spin: 64 spinning threads on a 2-core machine would starve gcore and gdb. */
static void fixture_hold_forever(void) {
    for (;;) {
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

/*
 * The known point. Kept out of line (noinline) so every held thread's backtrace shows
 * this frame right above the OpenMP code that called it. `expected` is how many threads must
 * arrive before the process is ready; `where` names the caller for the log.
 */
__attribute__((noinline)) static void fixture_known_point(int expected, const char *where) {
    int arrived = atomic_fetch_add(&fixture_arrived, 1) + 1;
    if (arrived == expected) {
        fprintf(stderr, "fixture: %d threads held (last at %s)\n", expected, where);
        printf("READY %ld\n", (long)getpid());
        fflush(stdout);
        const char *abort_env = getenv("FIXTURE_ABORT");
        if (abort_env != NULL && strcmp(abort_env, "1") == 0) {
            abort();
        }
    }
    fixture_hold_forever();
}

#endif
