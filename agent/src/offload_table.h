/* The mapping table of the offload tables (offload.h), inside the agent: offload_state.c drives it. */
#ifndef OMPD_EXPLORER_OFFLOAD_TABLE_H
#define OMPD_EXPLORER_OFFLOAD_TABLE_H

#include "offload.h"

/* The end of [start, start + bytes), saturating; a zero-length section still names its address. */
static inline uint64_t range_end(uint64_t start, uint64_t bytes) {
    uint64_t len = bytes > 0 ? bytes : 1;
    return start + len < start ? UINT64_MAX : start + len;
}

/* The slot of the mapping of device_num whose host (by_device 0) or device range holds addr, or OFFLOAD_NONE. */
uint32_t offload_table_containing(const offload_state *s, int by_device, int device_num, uint64_t addr);
/* Records a range mapped by owner (may be NULL); the same range again adds a reference, overlapped ones go. */
void offload_table_add(offload_state *s, offload_region *owner, int device_num, uint64_t host, uint64_t device_addr,
                       uint64_t bytes);
/* Drops one reference of the mapping in slot (OFFLOAD_NONE: counted unmatched), removing it at zero. */
void offload_table_drop_ref(offload_state *s, uint32_t slot);
/* Removes the mapping in slot. */
void offload_table_remove(offload_state *s, uint32_t slot);

/* offload_state.c: a mapping the construct in slot (number) made is gone; an ended construct left with none goes. */
void offload_region_mapping_gone(offload_state *s, uint32_t slot, uint64_t number);

#endif
