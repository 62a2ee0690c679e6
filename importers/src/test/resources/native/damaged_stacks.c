/* An OpenMP program whose held threads damage their own stacks before it is dumped, as a stray write would: thread 0
 * makes its frame its own caller (saved frame pointer pointing at itself, return address inside the same function),
 * so an unwinder that follows the chain goes round in a circle; thread 1 overwrites its return address and saved
 * frame pointer with garbage. Neither ever returns. Prints "READY <pid>" once both are held. Built -O0, so each frame
 * has a frame pointer and its CFI computes the caller from it. */
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static atomic_int arrived;

static void arrive(void) {
    if (atomic_fetch_add(&arrived, 1) + 1 == 2) {
        printf("READY %ld\n", (long)getpid());
        fflush(stdout);
    }
}

static void nap(void) {
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
}

__attribute__((noinline)) void damaged_cycle(void) {
    uintptr_t *fp = __builtin_frame_address(0);
    fp[0] = (uintptr_t)fp;  /* the caller's frame pointer: this frame */
    fp[1] = (uintptr_t)&&held; /* the return address: this function */
    arrive();
held:
    for (;;) {
        nap();
    }
}

__attribute__((noinline)) void damaged_garbage(void) {
    uintptr_t *fp = __builtin_frame_address(0);
    fp[0] = 0x5a5a5a5a5a5a5a5aULL;
    fp[1] = 0x10; /* no code there */
    arrive();
    for (;;) {
        nap();
    }
}

int main(void) {
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            damaged_cycle();
        } else {
            damaged_garbage();
        }
    }
    return 0;
}
