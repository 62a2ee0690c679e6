/* What the agent keeps of target offload: devices, code images, target constructs, kernels in flight and each
 * device's mapping table (the host ranges present on it), with the bytes moved. Fixed-size tables allocated
 * once, at the first device event; every count of what did not fit is kept and shown.
 *
 * offload_state.c holds the logic, with no OMPT or locking in it (the unit tests drive it directly); offload.c
 * feeds it from the OMPT callbacks under one lock and copies it for a snapshot. */
#ifndef OMPD_EXPLORER_OFFLOAD_H
#define OMPD_EXPLORER_OFFLOAD_H

#include <stddef.h>
#include <stdint.h>

#define OFFLOAD_MAX_DEVICES 64   /* device numbers 0..63, as the published device table */
#define OFFLOAD_MAX_IMAGES 64    /* code images loaded at once, over all devices */
#define OFFLOAD_KERNEL_SLOTS 4   /* kernels in flight kept per construct (the host plugin runs one at a time) */
#define OFFLOAD_FILE_MAX 240
#define OFFLOAD_NONE UINT32_MAX

/* Data moved, by direction (transfer_to_device / transfer_from_device, and their _async forms). */
typedef struct offload_xfer { uint64_t to_bytes, to_ops, from_bytes, from_ops; } offload_xfer;

typedef struct offload_device {
    int32_t num;                       /* -1 = never initialized */
    uint8_t initialized, finalized;
    char type[56];
    offload_xfer transfers;
} offload_device;

typedef struct offload_image {
    int32_t device_num;
    int32_t has_file;
    uint64_t module_id;
    int64_t offset;
    uint64_t vma, bytes, host_addr, device_addr;
    char file[OFFLOAD_FILE_MAX];
} offload_image;

/* One target construct (target, target enter/exit data, target update), from target_emi begin; kept after its
 * end while a mapping it made is present (`owned` > 0). */
typedef struct offload_region {
    uint64_t number;                   /* begin order from 1; 0 = slot free */
    uint64_t encountering;             /* task numbers (the agent's OMPT task data), 0 = unknown */
    uint64_t target_task;
    const void *codeptr;
    int32_t kind;                      /* ompt_target_t */
    int32_t device_num;
    uint8_t in_flight;
    uint8_t nkernels;                  /* kernels in flight kept in `teams` */
    uint16_t kernels_unkept;           /* kernels in flight beyond OFFLOAD_KERNEL_SLOTS */
    uint32_t teams[OFFLOAD_KERNEL_SLOTS];
    uint64_t kernels_submitted;
    offload_xfer transfers;
    uint32_t owned;                    /* present mappings this construct made */
    uint32_t prev, next;               /* free list (next), or the ended-and-owning list (oldest first) */
} offload_region;

/* One host range present on a device. */
typedef struct offload_mapping {
    uint64_t host, device_addr, bytes;
    int32_t device_num;
    int32_t refs;
    uint64_t owner;                    /* number of the construct that mapped it, 0 = none */
    uint32_t owner_slot;               /* its slot; the owner is gone when the slot holds another number */
    uint32_t next_free;
    offload_xfer transfers;
} offload_mapping;

/* What did not fit, or did not match; each is shown in the snapshot's description. */
typedef struct offload_counters {
    uint64_t regions_dropped;          /* constructs not recorded: the table was full of constructs in flight */
    uint64_t regions_evicted;          /* ended constructs forgotten to make room (their mappings lose mappedBy) */
    uint64_t mappings_dropped;         /* allocations not recorded: the mapping table was full */
    uint64_t mappings_replaced;        /* stale entries removed because a new allocation overlapped them */
    uint64_t ops_unmatched;            /* transfers and deletes for no recorded mapping */
    uint64_t images_dropped;
    uint64_t devices_dropped;          /* events for device numbers outside 0..63 */
} offload_counters;

typedef struct offload_state {
    offload_device devices[OFFLOAD_MAX_DEVICES];
    offload_image images[OFFLOAD_MAX_IMAGES];
    uint32_t nimages;
    int32_t initial_device;            /* -1 until a data operation showed the host's device number */
    uint64_t next_number;
    offload_region *regions;
    uint32_t max_regions, live_regions, free_region, ended_head, ended_tail;
    offload_mapping *mappings;
    uint32_t max_mappings, nmappings, free_mapping;
    uint32_t *by_host;                 /* mapping slots sorted by (device, host address) */
    uint32_t *by_device;               /* mapping slots sorted by (device, device address) */
    offload_counters counters;
} offload_state;

/* Tables for max_regions constructs and max_mappings mappings (at least 1 each). 0, or -1 when out of memory. */
int offload_state_init(offload_state *s, uint32_t max_regions, uint32_t max_mappings);
void offload_state_free(offload_state *s);

void offload_device_initialize(offload_state *s, int device_num, const char *type);
/* The device's images and mappings are gone with it. */
void offload_device_finalize(offload_state *s, int device_num);
void offload_image_load(offload_state *s, int device_num, const char *file, int64_t offset, uint64_t vma,
                        uint64_t bytes, uint64_t host_addr, uint64_t device_addr, uint64_t module_id);
void offload_image_unload(offload_state *s, int device_num, uint64_t module_id);

/* A construct begins: its handle for the calls below (store it in the OMPT target_data), 0 when not recorded. */
uint64_t offload_target_begin(offload_state *s, int kind, int device_num, uint64_t encountering, uint64_t target_task,
                              const void *codeptr);
void offload_target_end(offload_state *s, uint64_t handle);
/* A finished data operation (ompt_target_data_op_t) of the construct `handle` (0 = none: a device routine). */
void offload_data_op(offload_state *s, uint64_t handle, int optype, uint64_t src, int src_device, uint64_t dest,
                     int dest_device, uint64_t bytes);
void offload_kernel_begin(offload_state *s, uint64_t handle, unsigned requested_teams);
void offload_kernel_end(offload_state *s, uint64_t handle);

/* The construct a handle names while it is recorded, else NULL. */
offload_region *offload_region_of(offload_state *s, uint64_t handle);
/* The mapping of device_num holding host address `host`, else NULL. */
offload_mapping *offload_mapping_at(offload_state *s, int device_num, uint64_t host);

/* A stopped-world copy: the devices that exist, in number order; the images; the recorded constructs in begin
 * order; the mappings in (device, host address) order. */
typedef struct offload_copy {
    int present;                       /* the program initialized a device or began a target construct (and,
                                        * between prepare and release, the state's lock is held) */
    int32_t initial_device;
    offload_device *devices; size_t ndevices;
    offload_image *images; size_t nimages;
    offload_region *regions; size_t nregions;
    offload_mapping *mappings; size_t nmappings;
    offload_counters counters;
} offload_copy;

/* Buffers for a copy of s as it is now (called with the state locked, before threads are stopped). */
int offload_copy_alloc(const offload_state *s, offload_copy *c);
/* Fills buffers from offload_copy_alloc; s must not have changed in between (the lock is held). */
void offload_copy_fill(const offload_state *s, offload_copy *c);
/* After the threads run again (qsort may allocate): the constructs in begin order. */
void offload_copy_sort(offload_copy *c);
void offload_copy_free(offload_copy *c);

/* offload.c: the agent's state, fed by the OMPT callbacks. For a snapshot (stop.c): offload_snapshot_prepare
 * locks the state (when it exists) and allocates the copy; offload_snapshot_copy copies it while the threads are
 * stopped; offload_snapshot_release unlocks. */
void offload_snapshot_prepare(offload_copy *c);
void offload_snapshot_copy(offload_copy *c);
void offload_snapshot_release(offload_copy *c);

/* offload_binary.c: the `triple` strings of the offload binaries in an ELF file's .llvm.offloading section (each
 * once, at most max), and those of this program (read once; after a snapshot's threads run again). */
#define OFFLOAD_TRIPLE_MAX 64
#define OFFLOAD_MAX_TRIPLES 8
size_t offload_binary_triples(const unsigned char *image, size_t size, char triples[][OFFLOAD_TRIPLE_MAX], size_t max);
size_t offload_exe_triples(const char (**triples)[OFFLOAD_TRIPLE_MAX]);

/* The name of an ompt_target_t (buf for an unknown value). */
const char *offload_kind_name(int kind, char *buf, size_t n);

#endif
