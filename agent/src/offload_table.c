/* The mapping table: a pool of entries with two index arrays sorted by (device, host address) and (device, device
 * address): containment lookups are binary searches, and an insertion moves 4-byte indices. Host ranges on one
 * device never overlap in a correct runtime (OpenMP forbids extending a present range); an allocation that overlaps
 * recorded entries means those are stale (a delete the agent did not see), so they go. No locking here: offload.c
 * holds its lock around every call into offload_state.c, which calls this. */
#include "offload_table.h"

#include <string.h>


static inline uint64_t key_of(const offload_mapping *m, int by_device) {
    return by_device ? m->device_addr : m->host;
}

/* First position in an index whose (device, address) is not below the given one (upper: above it). */
static uint32_t search(const offload_state *s, const uint32_t *index, int by_device, int device_num, uint64_t addr,
                       int upper) {
    uint32_t lo = 0, hi = s->nmappings;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const offload_mapping *m = &s->mappings[index[mid]];
        uint64_t k = key_of(m, by_device);
        int below = m->device_num < device_num || (m->device_num == device_num && (upper ? k <= addr : k < addr));
        if (below) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* The slot of the mapping of device_num whose host (or device) range holds addr, or OFFLOAD_NONE. */
uint32_t offload_table_containing(const offload_state *s, int by_device, int device_num, uint64_t addr) {
    const uint32_t *index = by_device ? s->by_device : s->by_host;
    uint32_t p = search(s, index, by_device, device_num, addr, 1);
    if (p == 0) {
        return OFFLOAD_NONE;
    }
    const offload_mapping *m = &s->mappings[index[p - 1]];
    uint64_t start = key_of(m, by_device);
    return m->device_num == device_num && addr >= start && addr < range_end(start, m->bytes) ? index[p - 1]
                                                                                              : OFFLOAD_NONE;
}

offload_mapping *offload_mapping_at(offload_state *s, int device_num, uint64_t host) {
    uint32_t slot = offload_table_containing(s, 0, device_num, host);
    return slot == OFFLOAD_NONE ? NULL : &s->mappings[slot];
}

static void index_remove(offload_state *s, uint32_t *index, int by_device, uint32_t slot) {
    const offload_mapping *m = &s->mappings[slot];
    uint32_t p = search(s, index, by_device, m->device_num, key_of(m, by_device), 0);
    while (p < s->nmappings && index[p] != slot) {
        p++;
    }
    if (p < s->nmappings) {
        memmove(&index[p], &index[p + 1], (s->nmappings - p - 1) * sizeof *index);
    }
}

static void index_insert(offload_state *s, uint32_t *index, int by_device, uint32_t slot) {
    const offload_mapping *m = &s->mappings[slot];
    uint32_t p = search(s, index, by_device, m->device_num, key_of(m, by_device), 1);
    memmove(&index[p + 1], &index[p], (s->nmappings - p) * sizeof *index);
    index[p] = slot;
}

void offload_table_remove(offload_state *s, uint32_t slot) {
    offload_mapping *m = &s->mappings[slot];
    index_remove(s, s->by_host, 0, slot);
    index_remove(s, s->by_device, 1, slot);
    s->nmappings--;
    offload_region_mapping_gone(s, m->owner_slot, m->owner);
    memset(m, 0, sizeof *m);
    m->next_free = s->free_mapping;
    s->free_mapping = slot;
}

/* Removes the entries of device_num whose host or device range overlaps the given ones: they are stale. */
static void remove_overlapping(offload_state *s, int device_num, uint64_t host, uint64_t device_addr, uint64_t bytes) {
    for (int by_device = 0; by_device < 2; by_device++) {
        uint64_t start = by_device ? device_addr : host, end = range_end(start, bytes);
        const uint32_t *index = by_device ? s->by_device : s->by_host;
        for (;;) {
            /* The last entry starting before `end`: it overlaps when it ends after `start`. */
            uint32_t p = search(s, index, by_device, device_num, end - 1, 1);
            if (p == 0) {
                break;
            }
            const offload_mapping *m = &s->mappings[index[p - 1]];
            uint64_t k = key_of(m, by_device);
            if (m->device_num != device_num || range_end(k, m->bytes) <= start) {
                break;
            }
            offload_table_remove(s, index[p - 1]);
            s->counters.mappings_replaced++;
        }
    }
}

void offload_table_add(offload_state *s, offload_region *owner, int device_num, uint64_t host, uint64_t device_addr,
                        uint64_t bytes) {
    uint32_t same = offload_table_containing(s, 0, device_num, host);
    if (same != OFFLOAD_NONE) {
        offload_mapping *m = &s->mappings[same];
        if (m->host == host && m->bytes == bytes && m->device_addr == device_addr) {
            m->refs++; /* the same range again (associate, or an allocation event repeated) */
            return;
        }
    }
    remove_overlapping(s, device_num, host, device_addr, bytes);
    uint32_t slot = s->free_mapping;
    if (slot == OFFLOAD_NONE) {
        s->counters.mappings_dropped++;
        return;
    }
    s->free_mapping = s->mappings[slot].next_free;
    offload_mapping *m = &s->mappings[slot];
    *m = (offload_mapping){.host = host, .device_addr = device_addr, .bytes = bytes, .device_num = device_num,
                           .refs = 1, .owner_slot = OFFLOAD_NONE};
    if (owner != NULL) {
        m->owner = owner->number;
        m->owner_slot = (uint32_t)(owner - s->regions);
        owner->owned++;
    }
    index_insert(s, s->by_host, 0, slot);
    index_insert(s, s->by_device, 1, slot);
    s->nmappings++;
}

void offload_table_drop_ref(offload_state *s, uint32_t slot) {
    if (slot == OFFLOAD_NONE) {
        s->counters.ops_unmatched++;
        return;
    }
    if (--s->mappings[slot].refs <= 0) {
        offload_table_remove(s, slot);
    }
}
