/* The published device table: a global a debugger reading a core (or a live process) finds by its symbol,
 * `ompd_explorer_devices`, without running any code in the process. Stable ABI, see docs/agent.md
 * ("Published device table"): fields are only ever added in `reserved` or after `entries`, with a new
 * `version`. */
#ifndef OMPD_EXPLORER_DEVICE_TABLE_H
#define OMPD_EXPLORER_DEVICE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define DEVICE_TABLE_CAPACITY 64
#define DEVICE_TABLE_VERSION 1
#define DEVICE_TABLE_MAGIC "OMPDXDEV"

enum { DEVICE_FLAG_INITIALIZED = 1u << 0, DEVICE_FLAG_FINALIZED = 1u << 1 };

struct ompd_explorer_device_entry {   /* 64 bytes */
    int32_t device_num;
    uint32_t flags;                   /* DEVICE_FLAG_* */
    char type[56];                    /* NUL-terminated, truncated */
};

struct ompd_explorer_device_table {
    char magic[8];                    /* "OMPDXDEV", no NUL */
    uint32_t version;                 /* DEVICE_TABLE_VERSION */
    uint32_t entry_size;              /* sizeof(struct ompd_explorer_device_entry) */
    uint32_t capacity;                /* DEVICE_TABLE_CAPACITY */
    uint32_t count;                   /* entries written; stored last, with release order */
    int32_t initial_device;           /* omp_get_initial_device() once known, else -1 */
    uint32_t reserved;                /* 0 */
    struct ompd_explorer_device_entry entries[DEVICE_TABLE_CAPACITY];
};

_Static_assert(sizeof(struct ompd_explorer_device_entry) == 64, "entry layout is ABI");
_Static_assert(offsetof(struct ompd_explorer_device_table, count) == 20, "table layout is ABI");
_Static_assert(offsetof(struct ompd_explorer_device_table, initial_device) == 24, "table layout is ABI");
_Static_assert(offsetof(struct ompd_explorer_device_table, entries) == 32, "table layout is ABI");
_Static_assert(sizeof(struct ompd_explorer_device_table) == 32 + 64 * 64, "table layout is ABI");

extern struct ompd_explorer_device_table ompd_explorer_devices;

/* device_initialize: adds (or, for a device number seen before, rewrites) the entry, marked initialized. */
void device_table_initialize(int device_num, const char *type);
/* device_finalize: marks the device's entry finalized. */
void device_table_finalize(int device_num);
/* The host's device number, once a data operation showed it. */
void device_table_set_initial(int device_num);
/* Entries the table had no room for. */
uint64_t device_table_dropped(void);

#endif
