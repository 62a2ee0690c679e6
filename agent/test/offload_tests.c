/* Unit tests of the agent's offload parts: the published device table (its ABI layout and how it is written). */
#include "device_table.h"
#include "check.h"

#include <stddef.h>
#include <string.h>

static void test_device_table(void) {
    struct ompd_explorer_device_table *t = &ompd_explorer_devices;
    CHECK(memcmp(t->magic, "OMPDXDEV", 8) == 0);
    CHECK(t->version == 1 && t->entry_size == 64 && t->capacity == 64);
    CHECK(t->count == 0 && t->initial_device == -1 && t->reserved == 0);
    CHECK(offsetof(struct ompd_explorer_device_table, entries) == 32);

    device_table_initialize(0, "generic-64bit");
    device_table_initialize(1, "a-device-type-name-far-longer-than-the-fifty-six-bytes-an-entry-holds");
    CHECK(t->count == 2);
    CHECK(t->entries[0].device_num == 0 && t->entries[0].flags == DEVICE_FLAG_INITIALIZED);
    CHECK(strcmp(t->entries[0].type, "generic-64bit") == 0);
    CHECK(strlen(t->entries[1].type) == 55 && t->entries[1].type[55] == '\0');
    CHECK(strncmp(t->entries[1].type, "a-device-type-name", 18) == 0);

    device_table_finalize(1);
    CHECK(t->entries[1].flags == (DEVICE_FLAG_INITIALIZED | DEVICE_FLAG_FINALIZED));
    CHECK(t->entries[0].flags == DEVICE_FLAG_INITIALIZED);
    device_table_finalize(7); /* never initialized: nothing changes */
    CHECK(t->count == 2);

    /* A device initialized again keeps its entry, initialized (not finalized) again. */
    device_table_initialize(1, "generic-64bit");
    CHECK(t->count == 2 && t->entries[1].flags == DEVICE_FLAG_INITIALIZED);
    CHECK(strcmp(t->entries[1].type, "generic-64bit") == 0);
    device_table_initialize(2, NULL);
    CHECK(t->count == 3 && t->entries[2].type[0] == '\0');

    device_table_set_initial(4);
    CHECK(t->initial_device == 4);

    /* Full: later devices are counted, not written. */
    for (int d = 3; d < 70; d++) {
        device_table_initialize(d, "generic-64bit");
    }
    CHECK(t->count == 64 && device_table_dropped() == 6);
    CHECK(t->entries[63].device_num == 63);
}

void test_offload(void) {
    test_device_table();
}
