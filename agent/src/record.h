/* Record mode (OMPD_EXPLORER_RECORD=1): every OMPT event of the run, kept per thread and written as a recording
 * (docs/recording-format.md).
 *
 * Each thread appends small fixed-size events to its own buffer, without a lock: the buffer's chunks are allocated
 * by that thread as it fills them, their pointers live in an array sized for the bound at creation, and the count of
 * events is published with a release store, so a writer on another thread reads every event below the count whole.
 * A thread whose buffer is full counts what it drops (and when it began to), which the trailer reports. The events
 * become NDJSON only when the recording is written (at a snapshot and at the program's end), merged by time and
 * streamed to the file a megabyte at a time (record_write.c). */
#ifndef OMPD_EXPLORER_RECORD_H
#define OMPD_EXPLORER_RECORD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* The recording format's version (docs/recording-format.md). */
#define RECORD_FORMAT_VERSION "1.1"

/* Events a thread keeps by default (OMPD_EXPLORER_RECORD_MAX): 48 MB of events a thread at most. */
#define RECORD_DEFAULT_MAX (UINT64_C(1) << 20)
#define RECORD_CHUNK 4096u

enum record_kind {
    RE_THREAD_BEGIN = 1, RE_THREAD_END, RE_PARALLEL_BEGIN, RE_PARALLEL_END, RE_IMPLICIT_BEGIN, RE_IMPLICIT_END,
    RE_TASK_CREATE, RE_DEPENDENCE, RE_TASK_DEP, RE_SCHEDULE, RE_SYNC_BEGIN, RE_SYNC_END, RE_WAIT_BEGIN, RE_WAIT_END,
    RE_TARGET_BEGIN, RE_TARGET_END, RE_KIND_COUNT
};

/* One event. Fields by kind (docs/recording-format.md names them):
 *   thread-begin x=ompt_thread_t | parallel-begin a=region b=task x=requested site | parallel-end a=region
 *   implicit-begin a=task b=region x=num c=size y=initial | implicit-end a=task
 *   task-create a=task b=gen x=flags site | dependence (one of the preceding task-create's) a=task b=addr x=type
 *   task-dep a=from b=to | schedule a=prior b=next x=status | sync-/wait- x=kind a=task site
 *   target- a=target b=device c=task x=kind site */
typedef struct record_event {
    uint64_t t;              /* CLOCK_MONOTONIC ns */
    uint64_t a, b, c, site;
    uint32_t x;
    uint16_t y;
    uint8_t kind, pad;
} record_event;

_Static_assert(sizeof(record_event) == 48, "events are 48 bytes");

typedef struct record_buffer {
    uint64_t thread;                   /* the agent's thread ordinal */
    uint64_t max;                      /* events it keeps at most */
    _Atomic uint64_t count;            /* events stored, published with release */
    _Atomic uint64_t dropped;          /* events that did not fit */
    _Atomic uint64_t drop_from;        /* t of the first dropped event (CLOCK_MONOTONIC ns) */
    record_event **chunks;             /* max / RECORD_CHUNK (rounded up) pointers, each NULL until filled */
    struct record_buffer *next;        /* in the list of every buffer, newest first */
} record_buffer;

/* 1 when record mode is on (read on every callback: one load and a branch when it is off). */
extern int record_enabled;

static inline uint64_t record_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Appends e (e->t set) to b, or counts it dropped; b NULL counts it lost. Only b's thread calls it. */
void record_append(record_buffer *b, const record_event *e);

/* Records one event now on buffer b (NULL: counted as lost). */
static inline __attribute__((always_inline)) void record_emit(record_buffer *b, uint8_t kind, uint64_t a, uint64_t bb, uint64_t c, uint32_t x,
                               uint16_t y, const void *site) {
    /* A full buffer counts the event without reading the clock or a locked instruction: only b's thread writes
     * its count of drops once the first one (and its time) is recorded. */
    if (b != NULL && __builtin_expect(atomic_load_explicit(&b->count, memory_order_relaxed) >= b->max, 0)
        && atomic_load_explicit(&b->dropped, memory_order_relaxed) > 0) {
        atomic_store_explicit(&b->dropped, atomic_load_explicit(&b->dropped, memory_order_relaxed) + 1,
                              memory_order_relaxed);
        return;
    }
    record_event e = {record_now(), a, bb, c, (uint64_t)(uintptr_t)site, x, y, kind, 0};
    record_append(b, &e);
}

/* Turns record mode on: max events a thread, times from start_ns. Resets what was recorded (the tests call it). */
void record_init(uint64_t max, uint64_t start_ns);
/* A buffer for thread ordinal `thread`, in the list; NULL when out of memory (its events are then counted as lost). */
record_buffer *record_thread(uint64_t thread);
/* A snapshot was taken at t: label and the file it was written to ("" = none was written). */
void record_snapshot(uint64_t t, const char *label, const char *file);
/* The recording so far as NDJSON in memory from malloc (header with the capture and runtime blocks and the module
 * map, events merged by time, trailer); NULL when out of memory. */
char *record_render(size_t *len);
/* Renders and writes the recording to OMPD_EXPLORER_DIR through output_write; 0 or -1 (logged). */
int record_write(void);
/* At the program's end: record_write, unless the program's end already wrote it (at most once, however the end is
 * reached). */
void record_write_once(void);
/* The recording's file name (without directory) for this process. */
void record_file_name(char *out, size_t n);

#endif
