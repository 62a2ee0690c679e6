/* The published device table (device_table.h). Written only from device_initialize/device_finalize and the
 * first data operation, never on a task path; a program that never offloads leaves it with count 0. */
#include "device_table.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

/* Initialized data, so that the magic and the layout fields are in the file's .data and in every core, whether
 * or not a device was ever initialized. */
__attribute__((visibility("default"), used)) struct ompd_explorer_device_table ompd_explorer_devices = {
    .magic = {'O', 'M', 'P', 'D', 'X', 'D', 'E', 'V'},
    .version = DEVICE_TABLE_VERSION,
    .entry_size = sizeof(struct ompd_explorer_device_entry),
    .capacity = DEVICE_TABLE_CAPACITY,
    .count = 0,
    .initial_device = -1,
    .reserved = 0,
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint64_t dropped;

static struct ompd_explorer_device_entry *entry_of(int device_num, uint32_t count) {
    for (uint32_t i = 0; i < count; i++) {
        if (ompd_explorer_devices.entries[i].device_num == device_num) {
            return &ompd_explorer_devices.entries[i];
        }
    }
    return NULL;
}

void device_table_initialize(int device_num, const char *type) {
    pthread_mutex_lock(&table_lock);
    uint32_t count = __atomic_load_n(&ompd_explorer_devices.count, __ATOMIC_RELAXED);
    struct ompd_explorer_device_entry *e = entry_of(device_num, count);
    int added = 0;
    if (e == NULL && count < DEVICE_TABLE_CAPACITY) {
        e = &ompd_explorer_devices.entries[count];
        added = 1;
    }
    if (e == NULL) {
        atomic_fetch_add(&dropped, 1);
    } else {
        e->device_num = device_num;
        size_t n = type != NULL ? strnlen(type, sizeof e->type - 1) : 0;
        memset(e->type, 0, sizeof e->type);
        if (n > 0) {
            memcpy(e->type, type, n);
        }
        __atomic_store_n(&e->flags, DEVICE_FLAG_INITIALIZED, __ATOMIC_RELEASE);
        if (added) {
            /* Last: a reader that sees the new count sees the whole entry. */
            __atomic_store_n(&ompd_explorer_devices.count, count + 1, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&table_lock);
}

void device_table_finalize(int device_num) {
    pthread_mutex_lock(&table_lock);
    uint32_t count = __atomic_load_n(&ompd_explorer_devices.count, __ATOMIC_RELAXED);
    struct ompd_explorer_device_entry *e = entry_of(device_num, count);
    if (e != NULL) {
        __atomic_store_n(&e->flags, e->flags | DEVICE_FLAG_FINALIZED, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&table_lock);
}

void device_table_set_initial(int device_num) {
    __atomic_store_n(&ompd_explorer_devices.initial_device, (int32_t)device_num, __ATOMIC_RELEASE);
}

uint64_t device_table_dropped(void) { return atomic_load(&dropped); }
