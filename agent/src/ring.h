/* A fixed-capacity table of records, lock-free on every path, whose room does not depend on how many records
 * were made before.
 *
 * A record lives in any free slot: slots freed by a thread go to that thread's own cache (no atomic operation),
 * which passes batches of RING_BATCH to a shared lock-free stack when it holds twice that; a thread whose cache
 * is empty takes a batch from the stack, else RING_BATCH slots never used so far. A record is found from the
 * value the runtime keeps for it (ring_value: its number and its slot), so no slot depends on a number. Memory
 * is reserved once and never returned, so a stale lookup reads a recycled slot, never freed memory; the number
 * in the slot header tells whether it is still the wanted record.
 *
 * Room: every live record up to the capacity, less the free slots held in thread caches (at most
 * 2 × RING_BATCH − 1 a thread). */
#ifndef OMPD_EXPLORER_RING_H
#define OMPD_EXPLORER_RING_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define RING_BATCH 32u

/* A record's value: bits 0-39 its number, bits 40-62 its slot; bit 63 is left to the caller. */
#define RING_NUMBER_BITS 40
#define RING_NUMBER_MASK ((UINT64_C(1) << RING_NUMBER_BITS) - 1)
#define RING_MAX_CAPACITY (UINT64_C(1) << 23)

enum { RING_FREE = 0, RING_CLAIMED = 1, RING_LIVE = 2 };

typedef struct ring_hdr {
    _Atomic uint32_t state;
    _Atomic int32_t refs;
    _Atomic uint64_t number;
} ring_hdr;

/* Where a free slot keeps its links (in the record's body, unused while the slot is free). */
typedef struct ring_link {
    _Atomic uint32_t next;       /* the next free slot of its batch, + 1; 0 = the batch's end */
    _Atomic uint32_t next_batch; /* in a batch's first slot on the shared stack: the batch below, + 1 */
    _Atomic uint32_t count;      /* in a batch's first slot: how many slots the batch has */
} ring_link;

/* A thread's own free slots, used by that thread only. */
typedef struct ring_cache {
    uint32_t head;  /* first free slot + 1; 0 = empty */
    uint32_t count;
} ring_cache;

typedef struct ring {
    _Alignas(64) _Atomic uint64_t next;    /* next number to hand out; numbers start at 1 */
    _Alignas(64) _Atomic uint64_t dropped; /* numbers handed out without a slot */
    _Alignas(64) _Atomic uint64_t stack;   /* shared batches: (tag << 32) | (first slot + 1) */
    _Alignas(64) _Atomic uint64_t fresh;   /* slots [fresh, capacity) were never used */
    unsigned char *slots;
    size_t rec_size;
    uint64_t capacity;
} ring;

/* Reserves capacity (at least 64, at most RING_MAX_CAPACITY) records of rec_size bytes. 0 on success. */
int ring_init(ring *r, size_t rec_size, size_t capacity);
void ring_destroy(ring *r);

static inline uint64_t ring_next_number(ring *r) {
    return atomic_fetch_add_explicit(&r->next, 1, memory_order_relaxed);
}

static inline void *ring_slot(const ring *r, size_t i) { return r->slots + i * r->rec_size; }
static inline size_t ring_capacity(const ring *r) { return (size_t)r->capacity; }
/* How many slots were ever used: every live record is below this index. */
static inline size_t ring_used(const ring *r) {
    uint64_t f = atomic_load_explicit(&r->fresh, memory_order_acquire);
    return (size_t)(f < r->capacity ? f : r->capacity);
}
static inline size_t ring_index(const ring *r, const void *rec) {
    return (size_t)((const unsigned char *)rec - r->slots) / r->rec_size;
}

/* The value the runtime keeps for record rec (its number and slot). */
static inline uint64_t ring_value(const ring *r, const void *rec) {
    uint64_t n = atomic_load_explicit(&((const ring_hdr *)rec)->number, memory_order_relaxed);
    return n | ((uint64_t)ring_index(r, rec) << RING_NUMBER_BITS);
}
static inline uint64_t ring_value_number(uint64_t v) { return v & RING_NUMBER_MASK; }

/* A zeroed slot for number n in state CLAIMED with refs 1, or NULL (counted as dropped) when the ring is full
 * or n does not fit a value. The cache is the calling thread's, or NULL. */
void *ring_claim(ring *r, ring_cache *cache, uint64_t n);
void *ring_claim_slow(ring *r, ring_cache *cache, uint64_t n);
/* A slot for number n, not zeroed, in state CLAIMED (refs not set), or NULL as ring_claim. The common case, a slot
 * from the thread's own cache, is inline: no call, no atomic read-modify-write. */
static inline void *ring_claim_dirty(ring *r, ring_cache *cache, uint64_t n) {
    if (__builtin_expect(cache == NULL || cache->head == 0 || n > RING_NUMBER_MASK, 0)) {
        return ring_claim_slow(r, cache, n);
    }
    uint32_t i = cache->head - 1;
    ring_hdr *h = ring_slot(r, i);
    cache->head = atomic_load_explicit(&((ring_link *)(void *)((unsigned char *)h + sizeof(ring_hdr)))->next,
                                       memory_order_relaxed);
    cache->count--;
    atomic_store_explicit(&h->number, n, memory_order_relaxed);
    atomic_store_explicit(&h->state, RING_CLAIMED, memory_order_relaxed);
    return h;
}
/* Makes a claimed record visible to snapshot copies. */
static inline void ring_publish(void *rec) {
    atomic_store_explicit(&((ring_hdr *)rec)->state, RING_LIVE, memory_order_release);
}

static inline int ring_holds(ring_hdr *h, uint64_t n) {
    return atomic_load_explicit(&h->number, memory_order_relaxed) == n
           && atomic_load_explicit(&h->state, memory_order_acquire) != RING_FREE;
}
/* The live record whose value is v. Only for values the caller knows are alive (it or the runtime holds them);
 * NULL when v names no slot of this ring or another record. */
static inline void *ring_find(ring *r, uint64_t v) {
    uint64_t slot = (v & ~(UINT64_C(1) << 63)) >> RING_NUMBER_BITS;
    if (slot >= r->capacity) {
        return NULL;
    }
    ring_hdr *h = ring_slot(r, (size_t)slot);
    return ring_holds(h, ring_value_number(v)) ? h : NULL;
}
/* The live record whose value is v with one more reference, or NULL when it is gone. Safe on stale values: when
 * the slot was recycled during the call, the reference lands on its new record, which is returned in *mistaken
 * for the caller to drop with its own release logic. */
void *ring_acquire(ring *r, uint64_t v, void **mistaken);
/* Drops one reference; returns 1 when it was the last (the caller then releases the record). */
static inline int ring_unref(void *rec) {
    return atomic_fetch_sub_explicit(&((ring_hdr *)rec)->refs, 1, memory_order_acq_rel) == 1;
}
static inline void ring_ref(void *rec) {
    atomic_fetch_add_explicit(&((ring_hdr *)rec)->refs, 1, memory_order_relaxed);
}
/* Returns a released record's slot: to the cache (the calling thread's, or NULL for the shared stack). */
void ring_free(ring *r, ring_cache *cache, void *rec);
/* Gives a cache's slots back to the shared stack (a thread that ends). */
void ring_flush(ring *r, ring_cache *cache);

#endif
