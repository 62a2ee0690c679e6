/* libwork.so of held_in_library.c: where its threads are held. WORK_VARIANT 2 is another build of it, with a function
 * ahead of work_hold, so that its addresses mean other functions than those of build 1. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static atomic_int arrived;

#if WORK_VARIANT == 2
volatile int work_sink;

__attribute__((noinline)) void work_other_build(int n) {
    for (int i = 0; i < n; i++) {
        work_sink += i * WORK_VARIANT;
    }
    fprintf(stderr, "build %d\n", WORK_VARIANT);
}
#endif

__attribute__((noinline)) static void work_sleep_forever(void) {
    for (;;) {
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

__attribute__((noinline)) void work_hold(int expected) {
    if (atomic_fetch_add(&arrived, 1) + 1 == expected) {
        printf("READY %ld\n", (long)getpid());
        fflush(stdout);
    }
    work_sleep_forever();
}
