/* The offload tables (offload.h): devices, images, target constructs and the mapping table. No locking here:
 * offload.c calls every function with its lock held. Nothing allocates after offload_state_init.
 *
 * The mapping table itself is offload_table.c. */
#include "offload.h"
#include "offload_table.h"

#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A construct's handle: its number, with its slot + 1 above bit 44 (max_regions stays below 2^19). */
#define HANDLE_SLOT_SHIFT 44
#define MAX_REGION_SLOTS (1u << 19)

int offload_state_init(offload_state *s, uint32_t max_regions, uint32_t max_mappings) {
    memset(s, 0, sizeof *s);
    for (int i = 0; i < OFFLOAD_MAX_DEVICES; i++) {
        s->devices[i].num = -1;
    }
    s->initial_device = -1;
    s->next_number = 1;
    s->max_regions = max_regions < 1 ? 1 : max_regions > MAX_REGION_SLOTS ? MAX_REGION_SLOTS : max_regions;
    s->max_mappings = max_mappings < 1 ? 1 : max_mappings;
    s->regions = calloc(s->max_regions, sizeof *s->regions);
    s->mappings = calloc(s->max_mappings, sizeof *s->mappings);
    s->by_host = calloc(s->max_mappings, sizeof *s->by_host);
    s->by_device = calloc(s->max_mappings, sizeof *s->by_device);
    if (s->regions == NULL || s->mappings == NULL || s->by_host == NULL || s->by_device == NULL) {
        offload_state_free(s);
        return -1;
    }
    for (uint32_t i = 0; i < s->max_regions; i++) {
        s->regions[i].next = i + 1 < s->max_regions ? i + 1 : OFFLOAD_NONE;
    }
    for (uint32_t i = 0; i < s->max_mappings; i++) {
        s->mappings[i].next_free = i + 1 < s->max_mappings ? i + 1 : OFFLOAD_NONE;
    }
    s->free_region = 0;
    s->free_mapping = 0;
    s->ended_head = s->ended_tail = OFFLOAD_NONE;
    return 0;
}

void offload_state_free(offload_state *s) {
    free(s->regions);
    free(s->mappings);
    free(s->by_host);
    free(s->by_device);
    s->regions = NULL;
    s->mappings = NULL;
    s->by_host = s->by_device = NULL;
}

/* ---- devices and images ---- */

static offload_device *device_of(offload_state *s, int device_num) {
    if (device_num < 0 || device_num >= OFFLOAD_MAX_DEVICES) {
        return NULL;
    }
    offload_device *d = &s->devices[device_num];
    return d->num == device_num ? d : NULL;
}

void offload_device_initialize(offload_state *s, int device_num, const char *type) {
    if (device_num < 0 || device_num >= OFFLOAD_MAX_DEVICES) {
        s->counters.devices_dropped++;
        return;
    }
    offload_device *d = &s->devices[device_num];
    d->num = device_num;
    d->initialized = 1;
    d->finalized = 0;
    memset(d->type, 0, sizeof d->type);
    if (type != NULL) {
        strncpy(d->type, type, sizeof d->type - 1);
    }
}

void offload_device_finalize(offload_state *s, int device_num) {
    offload_device *d = device_of(s, device_num);
    if (d == NULL) {
        return;
    }
    d->finalized = 1;
    for (uint32_t i = s->nmappings; i > 0; i--) {
        uint32_t slot = s->by_host[i - 1];
        if (s->mappings[slot].device_num == device_num) {
            offload_table_remove(s, slot);
        }
    }
    offload_image_unload(s, device_num, UINT64_MAX);
}

void offload_image_load(offload_state *s, int device_num, const char *file, int64_t offset, uint64_t vma,
                        uint64_t bytes, uint64_t host_addr, uint64_t device_addr, uint64_t module_id) {
    if (device_of(s, device_num) == NULL || s->nimages == OFFLOAD_MAX_IMAGES) {
        s->counters.images_dropped++;
        return;
    }
    offload_image *im = &s->images[s->nimages++];
    *im = (offload_image){.device_num = device_num, .module_id = module_id, .offset = offset, .vma = vma,
                          .bytes = bytes, .host_addr = host_addr, .device_addr = device_addr};
    if (file != NULL) {
        im->has_file = 1;
        strncpy(im->file, file, sizeof im->file - 1);
    }
}

/* module_id UINT64_MAX: every image of the device. */
void offload_image_unload(offload_state *s, int device_num, uint64_t module_id) {
    uint32_t out = 0;
    for (uint32_t i = 0; i < s->nimages; i++) {
        const offload_image *im = &s->images[i];
        if (im->device_num == device_num && (module_id == UINT64_MAX || im->module_id == module_id)) {
            continue;
        }
        s->images[out++] = *im;
    }
    s->nimages = out;
}

/* ---- target constructs ---- */

offload_region *offload_region_of(offload_state *s, uint64_t handle) {
    uint64_t slot_plus = handle >> HANDLE_SLOT_SHIFT;
    uint64_t number = handle & ((UINT64_C(1) << HANDLE_SLOT_SHIFT) - 1);
    if (slot_plus == 0 || slot_plus > s->max_regions || number == 0) {
        return NULL;
    }
    offload_region *r = &s->regions[slot_plus - 1];
    return r->number == number ? r : NULL;
}

static offload_region *region_in_slot(offload_state *s, uint32_t slot, uint64_t number) {
    if (slot >= s->max_regions || number == 0) {
        return NULL;
    }
    offload_region *r = &s->regions[slot];
    return r->number == number ? r : NULL;
}

static void ended_unlink(offload_state *s, uint32_t slot) {
    offload_region *r = &s->regions[slot];
    if (r->prev != OFFLOAD_NONE) {
        s->regions[r->prev].next = r->next;
    } else {
        s->ended_head = r->next;
    }
    if (r->next != OFFLOAD_NONE) {
        s->regions[r->next].prev = r->prev;
    } else {
        s->ended_tail = r->prev;
    }
}

static void region_free(offload_state *s, uint32_t slot) {
    offload_region *r = &s->regions[slot];
    memset(r, 0, sizeof *r);
    r->next = s->free_region;
    r->prev = OFFLOAD_NONE;
    s->free_region = slot;
    s->live_regions--;
}

void offload_region_mapping_gone(offload_state *s, uint32_t slot, uint64_t number) {
    offload_region *owner = region_in_slot(s, slot, number);
    if (owner != NULL && owner->owned > 0 && --owner->owned == 0 && !owner->in_flight) {
        ended_unlink(s, slot);
        region_free(s, slot);
    }
}

uint64_t offload_target_begin(offload_state *s, int kind, int device_num, uint64_t encountering, uint64_t target_task,
                              const void *codeptr) {
    uint64_t number = s->next_number++;
    uint32_t slot = s->free_region;
    if (slot != OFFLOAD_NONE) {
        s->free_region = s->regions[slot].next;
        s->live_regions++;
    } else if (s->ended_head != OFFLOAD_NONE) {
        /* Full: the oldest ended construct that still owns mappings makes room; its mappings lose mappedBy. */
        slot = s->ended_head;
        ended_unlink(s, slot);
        s->counters.regions_evicted++;
    } else {
        s->counters.regions_dropped++;
        return 0;
    }
    s->regions[slot] = (offload_region){.number = number, .kind = kind, .device_num = device_num,
                                        .encountering = encountering, .target_task = target_task,
                                        .codeptr = codeptr, .in_flight = 1, .prev = OFFLOAD_NONE,
                                        .next = OFFLOAD_NONE};
    return number | ((uint64_t)(slot + 1) << HANDLE_SLOT_SHIFT);
}

void offload_target_end(offload_state *s, uint64_t handle) {
    offload_region *r = offload_region_of(s, handle);
    if (r == NULL || !r->in_flight) {
        return;
    }
    uint32_t slot = (uint32_t)(r - s->regions);
    r->in_flight = 0;
    r->nkernels = 0;
    r->kernels_unkept = 0;
    if (r->owned == 0) {
        region_free(s, slot);
        return;
    }
    r->next = OFFLOAD_NONE;
    r->prev = s->ended_tail;
    if (s->ended_tail != OFFLOAD_NONE) {
        s->regions[s->ended_tail].next = slot;
    } else {
        s->ended_head = slot;
    }
    s->ended_tail = slot;
}

void offload_kernel_begin(offload_state *s, uint64_t handle, unsigned requested_teams) {
    offload_region *r = offload_region_of(s, handle);
    if (r == NULL) {
        return;
    }
    r->kernels_submitted++;
    if (r->nkernels < OFFLOAD_KERNEL_SLOTS) {
        r->teams[r->nkernels++] = requested_teams;
    } else if (r->kernels_unkept < UINT16_MAX) {
        r->kernels_unkept++;
    }
}

void offload_kernel_end(offload_state *s, uint64_t handle) {
    offload_region *r = offload_region_of(s, handle);
    if (r == NULL) {
        return;
    }
    if (r->kernels_unkept > 0) {
        r->kernels_unkept--;
    } else if (r->nkernels > 0) {
        r->nkernels--;
    }
}

static void count_transfer(offload_state *s, offload_region *r, int device_num, uint32_t slot, int to_device,
                           uint64_t bytes) {
    offload_xfer *sinks[3] = {
        &s->devices[device_num].transfers,
        slot != OFFLOAD_NONE ? &s->mappings[slot].transfers : NULL,
        r != NULL ? &r->transfers : NULL,
    };
    for (int i = 0; i < 3; i++) {
        if (sinks[i] == NULL) {
            continue;
        }
        if (to_device) {
            sinks[i]->to_bytes += bytes;
            sinks[i]->to_ops++;
        } else {
            sinks[i]->from_bytes += bytes;
            sinks[i]->from_ops++;
        }
    }
    if (slot == OFFLOAD_NONE) {
        s->counters.ops_unmatched++;
    }
}

/* The host side of a data operation names the host's device number (not for associate: omp_initial_device). */
static void note_host(offload_state *s, int device_num) {
    if (device_num >= 0) {
        s->initial_device = device_num;
    }
}

/* Bytes moved between device address `daddr` of device_num and host address `host`: counted on the device, the
 * construct and the mapping holding the device address (else the host address). */
static void transfer(offload_state *s, offload_region *r, int device_num, uint64_t daddr, uint64_t host, int to_device,
                     uint64_t bytes) {
    if (device_of(s, device_num) == NULL) {
        return;
    }
    uint32_t slot = offload_table_containing(s, 1, device_num, daddr);
    count_transfer(s, r, device_num, slot != OFFLOAD_NONE ? slot : offload_table_containing(s, 0, device_num, host), to_device,
                   bytes);
}

/* The argument order of libomptarget 19 (measured, and its OmptInterface): alloc host → device address,
 * transfers source → destination, delete names the device address (source), associate and disassociate the host
 * address (source, device number omp_initial_device = -1) and the device address (destination). */
void offload_data_op(offload_state *s, uint64_t handle, int optype, uint64_t src, int src_device, uint64_t dest,
                     int dest_device, uint64_t bytes) {
    offload_region *r = offload_region_of(s, handle);
    switch (optype) {
    case ompt_target_data_alloc:
    case ompt_target_data_alloc_async:
    case ompt_target_data_associate:
        if (optype != ompt_target_data_associate) {
            note_host(s, src_device);
        }
        if (device_of(s, dest_device) == NULL) {
            s->counters.ops_unmatched++;
        } else if (dest != 0) {
            offload_table_add(s, r, dest_device, src, dest, bytes);
        }
        break;
    case ompt_target_data_delete:
    case ompt_target_data_delete_async:
        if (device_of(s, src_device) != NULL) {
            offload_table_drop_ref(s, offload_table_containing(s, 1, src_device, src));
        }
        break;
    case ompt_target_data_disassociate:
        if (device_of(s, dest_device) != NULL) {
            offload_table_drop_ref(s, offload_table_containing(s, 0, dest_device, src));
        }
        break;
    case ompt_target_data_transfer_to_device:
    case ompt_target_data_transfer_to_device_async:
        note_host(s, src_device);
        transfer(s, r, dest_device, dest, src, 1, bytes);
        break;
    case ompt_target_data_transfer_from_device:
    case ompt_target_data_transfer_from_device_async:
        note_host(s, dest_device);
        transfer(s, r, src_device, src, dest, 0, bytes);
        break;
    default:
        break; /* memset and later operations move no mapped data */
    }
}

/* ---- copies ---- */

int offload_copy_alloc(const offload_state *s, offload_copy *c) {
    memset(c, 0, sizeof *c);
    c->present = 1;
    c->devices = malloc(OFFLOAD_MAX_DEVICES * sizeof *c->devices);
    c->images = malloc((s->nimages + 1) * sizeof *c->images);
    c->regions = malloc((s->live_regions + 1) * sizeof *c->regions);
    c->mappings = malloc((s->nmappings + 1) * sizeof *c->mappings);
    if (c->devices == NULL || c->images == NULL || c->regions == NULL || c->mappings == NULL) {
        offload_copy_free(c);
        return -1;
    }
    return 0;
}

static int cmp_region_number(const void *a, const void *b) {
    uint64_t x = ((const offload_region *)a)->number, y = ((const offload_region *)b)->number;
    return x < y ? -1 : x > y;
}

void offload_copy_fill(const offload_state *s, offload_copy *c) {
    c->initial_device = s->initial_device;
    c->counters = s->counters;
    c->ndevices = 0;
    for (int i = 0; i < OFFLOAD_MAX_DEVICES; i++) {
        if (s->devices[i].num >= 0) {
            c->devices[c->ndevices++] = s->devices[i];
        }
    }
    memcpy(c->images, s->images, s->nimages * sizeof *c->images);
    c->nimages = s->nimages;
    c->nregions = 0;
    for (uint32_t i = 0; i < s->max_regions && c->nregions < s->live_regions; i++) {
        if (s->regions[i].number != 0) {
            c->regions[c->nregions++] = s->regions[i];
        }
    }
    for (uint32_t i = 0; i < s->nmappings; i++) {
        c->mappings[i] = s->mappings[s->by_host[i]];
    }
    c->nmappings = s->nmappings;
}

void offload_copy_sort(offload_copy *c) {
    qsort(c->regions, c->nregions, sizeof *c->regions, cmp_region_number);
}

void offload_copy_free(offload_copy *c) {
    free(c->devices);
    free(c->images);
    free(c->regions);
    free(c->mappings);
    memset(c, 0, sizeof *c);
}

const char *offload_kind_name(int kind, char *buf, size_t n) {
    switch (kind) {
    case ompt_target: return "target";
    case ompt_target_enter_data: return "enter_data";
    case ompt_target_exit_data: return "exit_data";
    case ompt_target_update: return "update";
    case ompt_target_nowait: return "target_nowait";
    case ompt_target_enter_data_nowait: return "enter_data_nowait";
    case ompt_target_exit_data_nowait: return "exit_data_nowait";
    case ompt_target_update_nowait: return "update_nowait";
    default: snprintf(buf, n, "kind-%d", kind); return buf;
    }
}
