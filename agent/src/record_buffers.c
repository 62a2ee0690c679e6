/* Record mode's per-thread event buffers and snapshot events (record.h): what the OMPT callbacks reach. */
#include "record_store.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int record_enabled;
record_origin record_origin_of_run;
static uint64_t record_max = RECORD_DEFAULT_MAX;
static _Atomic(record_buffer *) buffers;
static _Atomic uint64_t lost;      /* events of threads without a buffer */
static _Atomic uint64_t lost_from;

static pthread_mutex_t snap_lock = PTHREAD_MUTEX_INITIALIZER;
static record_snap *snaps;
static size_t nsnaps, cap_snaps;

void record_init(uint64_t max, uint64_t start_ns) {
    record_buffer *b = atomic_exchange(&buffers, NULL);
    while (b != NULL) {
        record_buffer *next = b->next;
        for (uint64_t i = 0; i < (b->max + RECORD_CHUNK - 1) / RECORD_CHUNK; i++) {
            free(b->chunks[i]);
        }
        free(b->chunks);
        free(b);
        b = next;
    }
    pthread_mutex_lock(&snap_lock);
    free(snaps);
    snaps = NULL;
    nsnaps = cap_snaps = 0;
    pthread_mutex_unlock(&snap_lock);
    atomic_store(&lost, 0);
    atomic_store(&lost_from, 0);
    record_max = max > 0 ? max : RECORD_DEFAULT_MAX;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    record_origin_of_run = (record_origin){start_ns, now.tv_sec, (int32_t)now.tv_nsec};
    record_enabled = 1;
}

record_buffer *record_thread(uint64_t thread) {
    record_buffer *b = calloc(1, sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    b->thread = thread;
    b->max = record_max;
    b->chunks = calloc((size_t)((record_max + RECORD_CHUNK - 1) / RECORD_CHUNK), sizeof *b->chunks);
    if (b->chunks == NULL) {
        free(b);
        return NULL;
    }
    record_buffer *head = atomic_load(&buffers);
    do {
        b->next = head;
    } while (!atomic_compare_exchange_weak(&buffers, &head, b));
    return b;
}

record_buffer *record_buffers(void) { return atomic_load(&buffers); }

uint64_t record_lost(uint64_t *from) {
    *from = atomic_load(&lost_from);
    return atomic_load(&lost);
}

__attribute__((noinline, cold)) static void drop(_Atomic uint64_t *count, _Atomic uint64_t *from, uint64_t t) {
    uint64_t none = 0;
    atomic_compare_exchange_strong_explicit(from, &none, t, memory_order_relaxed, memory_order_relaxed);
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed);
}

/* The buffer is full (or its memory ran out): the first drop notes its time. Only b's thread writes b's drops. */
__attribute__((noinline, cold)) static void drop_own(record_buffer *b, uint64_t t) {
    if (atomic_load_explicit(&b->dropped, memory_order_relaxed) == 0) {
        atomic_store_explicit(&b->drop_from, t, memory_order_relaxed);
    }
    atomic_store_explicit(&b->dropped, atomic_load_explicit(&b->dropped, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

/* The chunk for event n, allocated by the buffer's own thread when it first reaches it; NULL when out of memory
 * (the buffer is then full at n: only its thread reads max on the hot path). */
__attribute__((noinline)) static record_event *new_chunk(record_buffer *b, uint64_t n) {
    record_event *chunk = malloc(RECORD_CHUNK * sizeof *chunk);
    if (chunk == NULL) {
        b->max = n;
        return NULL;
    }
    b->chunks[n / RECORD_CHUNK] = chunk;
    return chunk;
}

void record_append(record_buffer *b, const record_event *e) {
    if (__builtin_expect(b == NULL, 0)) {
        drop(&lost, &lost_from, e->t);
        return;
    }
    uint64_t n = atomic_load_explicit(&b->count, memory_order_relaxed);
    if (__builtin_expect(n >= b->max, 0)) {
        drop_own(b, e->t);
        return;
    }
    record_event *chunk = b->chunks[n / RECORD_CHUNK];
    if (__builtin_expect(chunk == NULL, 0) && (chunk = new_chunk(b, n)) == NULL) {
        drop_own(b, e->t);
        return;
    }
    chunk[n % RECORD_CHUNK] = *e;
    atomic_store_explicit(&b->count, n + 1, memory_order_release);
}

void record_snapshot(uint64_t t, const char *label, const char *file) {
    pthread_mutex_lock(&snap_lock);
    if (nsnaps == cap_snaps) {
        size_t cap = cap_snaps == 0 ? 16 : cap_snaps * 2;
        record_snap *s = realloc(snaps, cap * sizeof *s);
        if (s == NULL) {
            pthread_mutex_unlock(&snap_lock);
            return;
        }
        snaps = s;
        cap_snaps = cap;
    }
    record_snap *s = &snaps[nsnaps++];
    s->t = t;
    snprintf(s->label, sizeof s->label, "%s", label != NULL ? label : "");
    snprintf(s->file, sizeof s->file, "%s", file != NULL ? file : "");
    pthread_mutex_unlock(&snap_lock);
}

const record_snap *record_snaps_lock(size_t *n) {
    pthread_mutex_lock(&snap_lock);
    *n = nsnaps;
    return snaps;
}

void record_snaps_unlock(void) { pthread_mutex_unlock(&snap_lock); }
