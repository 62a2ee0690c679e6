#include "ring.h"

#include <string.h>
#include <sys/mman.h>

int ring_init(ring *r, size_t rec_size, size_t capacity) {
    size_t cap = 64;
    while (cap < capacity && cap < ((size_t)1 << 40)) {
        cap <<= 1;
    }
    /* Reserved, not committed: pages cost memory only once records have used them. */
    void *mem = mmap(NULL, cap * rec_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (mem == MAP_FAILED) {
        return -1;
    }
    atomic_store(&r->next, 1);
    atomic_store(&r->dropped, 0);
    r->slots = mem;
    r->rec_size = rec_size;
    r->mask = cap - 1;
    return 0;
}

void ring_destroy(ring *r) {
    if (r->slots) {
        munmap(r->slots, ring_capacity(r) * r->rec_size);
        r->slots = NULL;
    }
}

void *ring_claim(ring *r, uint64_t n) {
    for (uint64_t i = 0; i < RING_MAX_PROBE; i++) {
        ring_hdr *h = ring_slot(r, (n + i) & r->mask);
        uint32_t expected = RING_FREE;
        if (atomic_load_explicit(&h->state, memory_order_relaxed) == RING_FREE
            && atomic_compare_exchange_strong_explicit(&h->state, &expected, RING_CLAIMED, memory_order_acquire,
                                                       memory_order_relaxed)) {
            memset((char *)h + sizeof(ring_hdr), 0, r->rec_size - sizeof(ring_hdr));
            atomic_store_explicit(&h->refs, 1, memory_order_relaxed);
            atomic_store_explicit(&h->number, n, memory_order_relaxed);
            return h;
        }
    }
    atomic_fetch_add_explicit(&r->dropped, 1, memory_order_relaxed);
    return NULL;
}

void *ring_find_displaced(ring *r, uint64_t n) {
    for (uint64_t i = 1; i < RING_MAX_PROBE; i++) {
        ring_hdr *h = ring_slot(r, (n + i) & r->mask);
        if (ring_holds(h, n)) {
            return h;
        }
    }
    return NULL;
}

void *ring_acquire(ring *r, uint64_t n, void **mistaken) {
    *mistaken = NULL;
    ring_hdr *h = ring_find(r, n);
    if (h == NULL || atomic_load_explicit(&h->state, memory_order_acquire) != RING_LIVE) {
        return NULL;
    }
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
