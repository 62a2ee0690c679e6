#include "ring.h"

#include <string.h>
#include <sys/mman.h>

/* The links of free slot i (+ 1 encodings: 0 is "none"). */
static inline ring_link *link_of(const ring *r, uint32_t i) {
    return (ring_link *)(void *)((unsigned char *)ring_slot(r, i) + sizeof(ring_hdr));
}

_Static_assert(sizeof(ring_hdr) + sizeof(ring_link) <= 64, "a free slot's links fit the smallest record");

int ring_init(ring *r, size_t rec_size, size_t capacity) {
    if (rec_size < sizeof(ring_hdr) + sizeof(ring_link)) {
        return -1;
    }
    size_t cap = capacity < 64 ? 64 : capacity;
    if (cap > RING_MAX_CAPACITY) {
        cap = RING_MAX_CAPACITY;
    }
    /* Reserved, not committed: pages cost memory only once records have used them. */
    void *mem = mmap(NULL, cap * rec_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (mem == MAP_FAILED) {
        return -1;
    }
    atomic_store(&r->next, 1);
    atomic_store(&r->dropped, 0);
    atomic_store(&r->stack, 0);
    atomic_store(&r->fresh, 0);
    r->slots = mem;
    r->rec_size = rec_size;
    r->capacity = cap;
    return 0;
}

void ring_destroy(ring *r) {
    if (r->slots) {
        munmap(r->slots, ring_capacity(r) * r->rec_size);
        r->slots = NULL;
    }
}

/* Pushes the chain of count slots starting at first (linked by next) onto the shared stack. */
static void push_batch(ring *r, uint32_t first, uint32_t count) {
    ring_link *l = link_of(r, first);
    atomic_store_explicit(&l->count, count, memory_order_relaxed);
    uint64_t old = atomic_load_explicit(&r->stack, memory_order_relaxed);
    uint64_t next;
    do {
        atomic_store_explicit(&l->next_batch, (uint32_t)old, memory_order_relaxed);
        next = ((old >> 32) + 1) << 32 | (uint64_t)(first + 1);
    } while (!atomic_compare_exchange_weak_explicit(&r->stack, &old, next, memory_order_release,
                                                    memory_order_relaxed));
}

/* Pops a batch into the cache; 0 when the stack is empty. The tag in the upper half makes a pop that read a
 * batch's link before another thread took and reused it fail its compare-and-swap. */
static int pop_batch(ring *r, ring_cache *c) {
    uint64_t old = atomic_load_explicit(&r->stack, memory_order_acquire);
    for (;;) {
        uint32_t top = (uint32_t)old;
        if (top == 0) {
            return 0;
        }
        ring_link *l = link_of(r, top - 1);
        uint32_t below = atomic_load_explicit(&l->next_batch, memory_order_relaxed);
        uint64_t next = ((old >> 32) + 1) << 32 | below;
        if (atomic_compare_exchange_weak_explicit(&r->stack, &old, next, memory_order_acquire,
                                                  memory_order_acquire)) {
            c->head = top;
            c->count = atomic_load_explicit(&l->count, memory_order_relaxed);
            return 1;
        }
    }
}

/* Takes up to RING_BATCH never-used slots into the cache; 0 when none are left. */
static int take_fresh(ring *r, ring_cache *c) {
    if (atomic_load_explicit(&r->fresh, memory_order_relaxed) >= r->capacity) {
        return 0;
    }
    uint64_t first = atomic_fetch_add_explicit(&r->fresh, RING_BATCH, memory_order_acq_rel);
    if (first >= r->capacity) {
        return 0;
    }
    uint64_t end = first + RING_BATCH < r->capacity ? first + RING_BATCH : r->capacity;
    for (uint64_t i = first; i < end; i++) {
        atomic_store_explicit(&link_of(r, (uint32_t)i)->next, i + 1 < end ? (uint32_t)(i + 2) : 0,
                              memory_order_relaxed);
    }
    c->head = (uint32_t)first + 1;
    c->count = (uint32_t)(end - first);
    return 1;
}

/* A free slot claimed for number n (state CLAIMED, number set), or NULL. */
static ring_hdr *claim_slot(ring *r, ring_cache *cache, uint64_t n) {
    ring_cache shared = {0, 0};
    ring_cache *c = cache != NULL ? cache : &shared;
    if (n > RING_NUMBER_MASK || (c->head == 0 && !pop_batch(r, c) && !take_fresh(r, c))) {
        atomic_fetch_add_explicit(&r->dropped, 1, memory_order_relaxed);
        return NULL;
    }
    uint32_t i = c->head - 1;
    c->head = atomic_load_explicit(&link_of(r, i)->next, memory_order_relaxed);
    c->count--;
    if (c == &shared && c->head != 0) {
        push_batch(r, c->head - 1, c->count); /* a caller without a cache keeps nothing */
    }
    ring_hdr *h = ring_slot(r, i);
    atomic_store_explicit(&h->number, n, memory_order_relaxed);
    atomic_store_explicit(&h->state, RING_CLAIMED, memory_order_relaxed);
    return h;
}

void *ring_claim_slow(ring *r, ring_cache *cache, uint64_t n) {
    return claim_slot(r, cache, n);
}

void *ring_claim(ring *r, ring_cache *cache, uint64_t n) {
    ring_hdr *h = claim_slot(r, cache, n);
    if (h != NULL) {
        memset((char *)h + sizeof(ring_hdr), 0, r->rec_size - sizeof(ring_hdr));
        atomic_store_explicit(&h->refs, 1, memory_order_relaxed);
    }
    return h;
}

void ring_free(ring *r, ring_cache *cache, void *rec) {
    ring_hdr *h = rec;
    uint32_t i = (uint32_t)ring_index(r, rec);
    atomic_store_explicit(&h->number, 0, memory_order_relaxed);
    atomic_store_explicit(&h->state, RING_FREE, memory_order_release);
    if (cache == NULL) {
        atomic_store_explicit(&link_of(r, i)->next, 0, memory_order_relaxed);
        push_batch(r, i, 1);
        return;
    }
    atomic_store_explicit(&link_of(r, i)->next, cache->head, memory_order_relaxed);
    cache->head = i + 1;
    if (++cache->count < 2 * RING_BATCH) {
        return;
    }
    /* Keep RING_BATCH, pass the rest on: the first RING_BATCH stay, the chain after them becomes a batch. */
    uint32_t last = cache->head - 1;
    for (uint32_t k = 1; k < RING_BATCH; k++) {
        last = atomic_load_explicit(&link_of(r, last)->next, memory_order_relaxed) - 1;
    }
    uint32_t rest = atomic_load_explicit(&link_of(r, last)->next, memory_order_relaxed);
    atomic_store_explicit(&link_of(r, last)->next, 0, memory_order_relaxed);
    push_batch(r, rest - 1, cache->count - RING_BATCH);
    cache->count = RING_BATCH;
}

void ring_flush(ring *r, ring_cache *cache) {
    if (cache->head != 0) {
        push_batch(r, cache->head - 1, cache->count);
    }
    cache->head = 0;
    cache->count = 0;
}

void *ring_acquire(ring *r, uint64_t v, void **mistaken) {
    *mistaken = NULL;
    ring_hdr *h = ring_find(r, v);
    if (h == NULL || atomic_load_explicit(&h->state, memory_order_acquire) != RING_LIVE) {
        return NULL;
    }
    uint64_t n = ring_value_number(v);
    int32_t refs = atomic_load_explicit(&h->refs, memory_order_relaxed);
    while (refs > 0) {
        if (atomic_compare_exchange_weak_explicit(&h->refs, &refs, refs + 1, memory_order_acq_rel,
                                                  memory_order_relaxed)) {
            /* The slot may have been released and claimed again between the checks and the increment. */
            if (atomic_load_explicit(&h->number, memory_order_acquire) == n) {
                return h;
            }
            *mistaken = h;
            return NULL;
        }
    }
    return NULL;
}
