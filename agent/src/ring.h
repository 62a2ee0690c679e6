/* A fixed-capacity table of records keyed by a monotonic number, lock-free on every path.
 *
 * Record n lives in slot n mod capacity, or in one of the next RING_MAX_PROBE slots when an older record
 * still occupies that one; a slot is claimed with compare-and-swap. Memory is reserved once and never
 * returned, so a stale lookup reads a recycled slot, never freed memory; the number in the slot header
 * tells whether it is still the wanted record. */
#ifndef OMPD_EXPLORER_RING_H
#define OMPD_EXPLORER_RING_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define RING_MAX_PROBE 64

enum { RING_FREE = 0, RING_CLAIMED = 1, RING_LIVE = 2 };

typedef struct ring_hdr {
    _Atomic uint32_t state;
    _Atomic int32_t refs;
    _Atomic uint64_t number;
} ring_hdr;

typedef struct ring {
    _Alignas(64) _Atomic uint64_t next;    /* next number to hand out; numbers start at 1 */
    _Alignas(64) _Atomic uint64_t dropped; /* numbers handed out without a slot */
    unsigned char *slots;
    size_t rec_size;
    uint64_t mask;                         /* capacity − 1 (capacity is a power of two) */
} ring;

/* Reserves capacity (rounded up to a power of two, at least 64) records of rec_size bytes. 0 on success. */
int ring_init(ring *r, size_t rec_size, size_t capacity);
void ring_destroy(ring *r);

static inline uint64_t ring_next_number(ring *r) {
    return atomic_fetch_add_explicit(&r->next, 1, memory_order_relaxed);
}

static inline void *ring_slot(const ring *r, size_t i) { return r->slots + i * r->rec_size; }
static inline size_t ring_capacity(const ring *r) { return (size_t)r->mask + 1; }

/* A zeroed slot for number n in state CLAIMED with refs 1, or NULL when no slot is free near its home. */
void *ring_claim(ring *r, uint64_t n);
/* Makes a claimed record visible to snapshot copies. */
static inline void ring_publish(void *rec) {
    atomic_store_explicit(&((ring_hdr *)rec)->state, RING_LIVE, memory_order_release);
}

static inline int ring_holds(ring_hdr *h, uint64_t n) {
    return atomic_load_explicit(&h->number, memory_order_relaxed) == n
           && atomic_load_explicit(&h->state, memory_order_acquire) != RING_FREE;
}
void *ring_find_displaced(ring *r, uint64_t n);
/* The live record numbered n. Only for numbers the caller knows are alive (it or the runtime holds them). */
static inline void *ring_find(ring *r, uint64_t n) {
    ring_hdr *home = ring_slot(r, n & r->mask);
    return ring_holds(home, n) ? home : ring_find_displaced(r, n);
}
/* The live record numbered n with one more reference, or NULL when it is gone. Safe on stale numbers: when
 * the slot was recycled during the call, the reference lands on its new record, which is returned in
 * *mistaken for the caller to drop with its own release logic. */
void *ring_acquire(ring *r, uint64_t n, void **mistaken);
/* Drops one reference; returns 1 when it was the last (the caller then releases the record). */
static inline int ring_unref(void *rec) {
    return atomic_fetch_sub_explicit(&((ring_hdr *)rec)->refs, 1, memory_order_acq_rel) == 1;
}
static inline void ring_ref(void *rec) {
    atomic_fetch_add_explicit(&((ring_hdr *)rec)->refs, 1, memory_order_relaxed);
}
/* Returns a released record's slot to the ring. */
static inline void ring_free(ring *r, void *rec) {
    (void)r;
    ring_hdr *h = rec;
    atomic_store_explicit(&h->number, 0, memory_order_relaxed);
    atomic_store_explicit(&h->state, RING_FREE, memory_order_release);
}

#endif
