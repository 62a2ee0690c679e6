/* Unit tests of the agent's offload parts: the published device table (its ABI layout and how it is written), the
 * mapping table and target constructs (offload_state.c: allocation, transfers, deletion, reference counts,
 * overlaps, the caps and what they count), the snapshot copy and the offload-binary triple reader. */
#include "device_table.h"
#include "offload.h"
#include "check.h"

#include <elf.h>
#include <omp-tools.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define HOST 4 /* the host's device number, as omp_get_initial_device() with four devices */

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

/* A construct's data operations, as libomptarget 19 reports them (offload_state.c). */
static void op_alloc(offload_state *s, uint64_t h, int dev, uint64_t host, uint64_t daddr, uint64_t bytes) {
    offload_data_op(s, h, ompt_target_data_alloc, host, HOST, daddr, dev, bytes);
}
static void op_to(offload_state *s, uint64_t h, int dev, uint64_t host, uint64_t daddr, uint64_t bytes) {
    offload_data_op(s, h, ompt_target_data_transfer_to_device, host, HOST, daddr, dev, bytes);
}
static void op_from(offload_state *s, uint64_t h, int dev, uint64_t daddr, uint64_t host, uint64_t bytes) {
    offload_data_op(s, h, ompt_target_data_transfer_from_device, daddr, dev, host, HOST, bytes);
}
static void op_delete(offload_state *s, uint64_t h, int dev, uint64_t daddr) {
    offload_data_op(s, h, ompt_target_data_delete, daddr, dev, 0, -1, 0);
}

static void test_mappings(void) {
    offload_state s;
    CHECK(offload_state_init(&s, 8, 16) == 0);
    offload_device_initialize(&s, 0, "generic-64bit");
    offload_device_initialize(&s, 1, "generic-64bit");
    CHECK(s.initial_device == -1);

    /* target enter data map(to: big[0:4096]) of double: alloc then transfer, the construct ends and stays. */
    uint64_t enter = offload_target_begin(&s, ompt_target_enter_data, 0, 1, 0, (void *)0x400100);
    CHECK(enter != 0);
    op_alloc(&s, enter, 0, 0x10000, 0xd0000, 32768);
    op_to(&s, enter, 0, 0x10000, 0xd0000, 32768);
    offload_target_end(&s, enter);
    CHECK(s.initial_device == HOST);
    CHECK(s.nmappings == 1 && s.live_regions == 1);
    offload_mapping *big = offload_mapping_at(&s, 0, 0x10000 + 100);
    CHECK(big != NULL && big->bytes == 32768 && big->device_addr == 0xd0000 && big->refs == 1);
    CHECK(big != NULL && big->transfers.to_bytes == 32768 && big->transfers.to_ops == 1);
    offload_region *er = offload_region_of(&s, enter);
    CHECK(er != NULL && !er->in_flight && er->owned == 1 && er->transfers.to_bytes == 32768);
    CHECK(offload_mapping_at(&s, 0, 0x10000 + 32768) == NULL); /* one past the end */
    CHECK(offload_mapping_at(&s, 1, 0x10000) == NULL);          /* another device */

    /* target map(to: a[0:1000]) map(from: b[0:1000]): two ranges, a kernel, b back, both deleted at the end. */
    uint64_t t = offload_target_begin(&s, ompt_target, 0, 2, 0, NULL);
    op_alloc(&s, t, 0, 0x20000, 0xe0000, 8000);
    op_to(&s, t, 0, 0x20000, 0xe0000, 8000);
    op_alloc(&s, t, 0, 0x30000, 0xf0000, 8000);
    offload_kernel_begin(&s, t, 1);
    offload_region *tr = offload_region_of(&s, t);
    CHECK(tr != NULL && tr->nkernels == 1 && tr->teams[0] == 1 && tr->kernels_submitted == 1 && tr->owned == 2);
    CHECK(s.nmappings == 3);
    offload_copy c;
    CHECK(offload_copy_alloc(&s, &c) == 0);
    offload_copy_fill(&s, &c);
    offload_copy_sort(&c);
    CHECK(c.ndevices == 2 && c.devices[0].num == 0 && c.devices[1].num == 1);
    CHECK(c.nmappings == 3 && c.mappings[0].host == 0x10000 && c.mappings[1].host == 0x20000
          && c.mappings[2].host == 0x30000);
    CHECK(c.nregions == 2 && c.regions[0].kind == ompt_target_enter_data && c.regions[1].in_flight);
    CHECK(c.initial_device == HOST && c.devices[0].transfers.to_bytes == 40768 && c.devices[0].transfers.to_ops == 2);
    offload_copy_free(&c);
    offload_kernel_end(&s, t);
    CHECK(tr->nkernels == 0 && tr->kernels_submitted == 1);
    op_from(&s, t, 0, 0xf0000 + 800, 0x30000 + 800, 80); /* inside the range: found by containment */
    op_delete(&s, t, 0, 0xf0000);
    op_delete(&s, t, 0, 0xe0000);
    offload_target_end(&s, t);
    CHECK(s.nmappings == 1 && s.live_regions == 1 && offload_region_of(&s, t) == NULL);
    CHECK(s.devices[0].transfers.from_bytes == 80 && s.devices[0].transfers.from_ops == 1);

    /* target exit data map(from: big): transfer back, delete; the enter construct goes with its last mapping. */
    uint64_t ex = offload_target_begin(&s, ompt_target_exit_data, 0, 1, 0, NULL);
    op_from(&s, ex, 0, 0xd0000, 0x10000, 32768);
    CHECK(big->transfers.from_bytes == 32768 && offload_region_of(&s, ex)->transfers.from_bytes == 32768);
    op_delete(&s, ex, 0, 0xd0000);
    CHECK(s.nmappings == 0 && offload_region_of(&s, enter) == NULL);
    offload_target_end(&s, ex);
    CHECK(s.live_regions == 0 && s.counters.ops_unmatched == 0);

    /* Operations for no recorded mapping are counted; a device never initialized has no table. */
    op_delete(&s, 0, 0, 0x12345);
    op_to(&s, 0, 0, 0x50000, 0x60000, 8);
    CHECK(s.counters.ops_unmatched == 2 && s.devices[0].transfers.to_bytes == 40776);
    op_alloc(&s, 0, 7, 0x70000, 0x80000, 8);
    CHECK(s.nmappings == 0 && s.counters.ops_unmatched == 3);
    offload_state_free(&s);
}

static void test_refcounts_and_overlaps(void) {
    offload_state s;
    CHECK(offload_state_init(&s, 8, 16) == 0);
    offload_device_initialize(&s, 0, "generic-64bit");
    /* omp_target_associate_ptr twice for one range: +1 each, -1 per disassociate, gone at 0. */
    for (int i = 0; i < 2; i++) {
        offload_data_op(&s, 0, ompt_target_data_associate, 0x1000, -1, 0x9000, 0, 256);
    }
    offload_mapping *m = offload_mapping_at(&s, 0, 0x1000);
    CHECK(m != NULL && m->refs == 2 && m->owner == 0 && s.initial_device == -1);
    offload_data_op(&s, 0, ompt_target_data_disassociate, 0x1000, -1, 0x9000, 0, 256);
    CHECK(offload_mapping_at(&s, 0, 0x1000) != NULL && m->refs == 1);
    offload_data_op(&s, 0, ompt_target_data_disassociate, 0x1000, -1, 0x9000, 0, 256);
    CHECK(offload_mapping_at(&s, 0, 0x1000) == NULL && s.nmappings == 0);

    /* An allocation over recorded ranges (host or device side) replaces them: they were stale. */
    op_alloc(&s, 0, 0, 0x1000, 0x9000, 0x100);
    op_alloc(&s, 0, 0, 0x1100, 0x9100, 0x100);
    op_alloc(&s, 0, 0, 0x1400, 0x9400, 0x100);
    CHECK(s.nmappings == 3);
    op_alloc(&s, 0, 0, 0x10f0, 0xa000, 0x20); /* overlaps the ends of the first two host ranges */
    CHECK(s.nmappings == 2 && s.counters.mappings_replaced == 2);
    CHECK(offload_mapping_at(&s, 0, 0x1000) == NULL && offload_mapping_at(&s, 0, 0x10f0)->bytes == 0x20);
    op_alloc(&s, 0, 0, 0x5000, 0x9410, 0x10); /* reuses device memory of the 0x1400 range */
    CHECK(s.nmappings == 2 && s.counters.mappings_replaced == 3 && offload_mapping_at(&s, 0, 0x1400) == NULL);
    /* Ranges that only touch do not overlap; a zero-length range names its address. */
    op_alloc(&s, 0, 0, 0x1110, 0xa020, 0);
    CHECK(s.nmappings == 3 && s.counters.mappings_replaced == 3 && offload_mapping_at(&s, 0, 0x1110) != NULL);
    /* The same range allocated again (an event repeated) counts a reference. */
    op_alloc(&s, 0, 0, 0x5000, 0x9410, 0x10);
    CHECK(s.nmappings == 3 && offload_mapping_at(&s, 0, 0x5000)->refs == 2);

    /* device_finalize: the device's mappings and images are gone. */
    offload_image_load(&s, 0, "/prog", 0, 0, 15720, 0x4000, 0, 1);
    offload_image_load(&s, 0, NULL, 0, 0, 100, 0x8000, 0, 2);
    CHECK(s.nimages == 2 && s.images[0].has_file && !s.images[1].has_file);
    offload_image_unload(&s, 0, 2);
    CHECK(s.nimages == 1 && s.images[0].module_id == 1);
    offload_device_finalize(&s, 0);
    CHECK(s.nmappings == 0 && s.nimages == 0 && s.devices[0].finalized);
    offload_state_free(&s);
}

static void test_caps(void) {
    offload_state s;
    CHECK(offload_state_init(&s, 2, 2) == 0);
    offload_device_initialize(&s, 0, "generic-64bit");
    offload_device_initialize(&s, 64, "generic-64bit");
    CHECK(s.counters.devices_dropped == 1);

    /* Two ended constructs own a mapping each: a third construct evicts the oldest, whose mapping keeps its
     * place but loses mappedBy. */
    uint64_t e1 = offload_target_begin(&s, ompt_target_enter_data, 0, 1, 0, NULL);
    op_alloc(&s, e1, 0, 0x1000, 0x9000, 8);
    offload_target_end(&s, e1);
    uint64_t e2 = offload_target_begin(&s, ompt_target_enter_data, 0, 1, 0, NULL);
    op_alloc(&s, e2, 0, 0x2000, 0xa000, 8);
    offload_target_end(&s, e2);
    uint64_t t3 = offload_target_begin(&s, ompt_target, 0, 1, 0, NULL);
    CHECK(t3 != 0 && s.counters.regions_evicted == 1 && offload_region_of(&s, e1) == NULL);
    CHECK(offload_region_of(&s, e2) != NULL);
    /* The mapping table is full: the next allocation is counted, not recorded. */
    op_alloc(&s, t3, 0, 0x3000, 0xb000, 8);
    CHECK(s.nmappings == 2 && s.counters.mappings_dropped == 1 && offload_region_of(&s, t3)->owned == 0);
    /* Deleting the evicted construct's mapping touches the construct now in its slot not at all. */
    op_delete(&s, t3, 0, 0x9000);
    CHECK(s.nmappings == 1 && offload_region_of(&s, t3) != NULL && offload_region_of(&s, t3)->in_flight);
    /* Both slots in flight: a third construct is counted, and its operations go to the device only. */
    uint64_t t4 = offload_target_begin(&s, ompt_target, 0, 1, 0, NULL);
    CHECK(t4 != 0);
    uint64_t t5 = offload_target_begin(&s, ompt_target, 0, 1, 0, NULL);
    CHECK(t5 == 0 && s.counters.regions_dropped == 1);
    CHECK(offload_region_of(&s, e2) == NULL && s.counters.regions_evicted == 2);
    op_to(&s, t5, 0, 0x2000, 0xa000, 8);
    CHECK(s.devices[0].transfers.to_bytes == 8 && offload_mapping_at(&s, 0, 0x2000)->transfers.to_ops == 1);
    offload_target_end(&s, t5);
    offload_target_end(&s, t4);
    offload_target_end(&s, t3);
    CHECK(s.live_regions == 0);
    /* A stale handle (its slot reused) names nothing. */
    uint64_t t6 = offload_target_begin(&s, ompt_target, 0, 1, 0, NULL);
    CHECK(offload_region_of(&s, t3) == NULL && offload_region_of(&s, t6) != NULL);

    /* Kernels beyond the kept slots are counted in flight and out again. */
    for (int k = 0; k < OFFLOAD_KERNEL_SLOTS + 2; k++) {
        offload_kernel_begin(&s, t6, (unsigned)k + 1);
    }
    offload_region *r6 = offload_region_of(&s, t6);
    CHECK(r6->nkernels == OFFLOAD_KERNEL_SLOTS && r6->kernels_unkept == 2 && r6->kernels_submitted == 6);
    for (int k = 0; k < 3; k++) {
        offload_kernel_end(&s, t6);
    }
    CHECK(r6->nkernels == OFFLOAD_KERNEL_SLOTS - 1 && r6->kernels_unkept == 0);
    offload_state_free(&s);

    /* Image table: full at OFFLOAD_MAX_IMAGES. */
    CHECK(offload_state_init(&s, 1, 1) == 0);
    offload_device_initialize(&s, 3, "x");
    for (int i = 0; i < OFFLOAD_MAX_IMAGES + 3; i++) {
        offload_image_load(&s, 3, NULL, 0, 0, 1, 0, 0, (uint64_t)i);
    }
    offload_image_load(&s, 5, NULL, 0, 0, 1, 0, 0, 0); /* no such device */
    CHECK(s.nimages == OFFLOAD_MAX_IMAGES && s.counters.images_dropped == 4);
    offload_state_free(&s);
}

/* An ELF file with a .llvm.offloading section holding two offload binaries (x86_64 twice, one nvptx64). */
static size_t offload_elf(unsigned char *buf, size_t cap) {
    memset(buf, 0, cap);
    const char shstr[] = "\0.shstrtab\0.llvm.offloading\0";
    size_t sec_off = 64, at = sec_off;
    const char *triples[3] = {"x86_64-pc-linux-gnu", "nvptx64-nvidia-cuda", "x86_64-pc-linux-gnu"};
    for (int b = 0; b < 3; b++) {
        unsigned char *bin = buf + at;
        /* header 32, entry 40 at 32, string table (2 entries) at 72, strings at 104 */
        const char *strs[4] = {"triple", triples[b], "arch", "generic"};
        uint64_t off[4], p = 104;
        for (int i = 0; i < 4; i++) {
            off[i] = p;
            memcpy(bin + p, strs[i], strlen(strs[i]) + 1);
            p += strlen(strs[i]) + 1;
        }
        uint64_t total = (p + 7) & ~(uint64_t)7, entry = 32, stroff = 72, nstr = 2;
        memcpy(bin, "\x10\xff\x10\xad", 4);
        uint32_t version = 1;
        memcpy(bin + 4, &version, 4);
        memcpy(bin + 8, &total, 8);
        memcpy(bin + 16, &entry, 8);
        uint64_t esize = 40;
        memcpy(bin + 24, &esize, 8);
        memcpy(bin + 32 + 8, &stroff, 8);
        memcpy(bin + 32 + 16, &nstr, 8);
        uint64_t kv[4] = {off[2], off[3], off[0], off[1]}; /* "arch" first: the reader looks for the key */
        memcpy(bin + 72, kv, sizeof kv);
        at += total;
    }
    size_t sec_size = at - sec_off;
    size_t str_off = at;
    memcpy(buf + str_off, shstr, sizeof shstr);
    size_t sh_off = (str_off + sizeof shstr + 7) & ~(size_t)7;
    Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
    memcpy(eh->e_ident, ELFMAG, SELFMAG);
    eh->e_ident[EI_CLASS] = ELFCLASS64;
    eh->e_shoff = sh_off;
    eh->e_shentsize = sizeof(Elf64_Shdr);
    eh->e_shnum = 3;
    eh->e_shstrndx = 1;
    Elf64_Shdr *sh = (Elf64_Shdr *)(buf + sh_off);
    sh[1].sh_name = 1;
    sh[1].sh_type = SHT_STRTAB;
    sh[1].sh_offset = str_off;
    sh[1].sh_size = sizeof shstr;
    sh[2].sh_name = 11;
    sh[2].sh_type = SHT_PROGBITS;
    sh[2].sh_offset = sec_off;
    sh[2].sh_size = sec_size;
    return sh_off + 3 * sizeof(Elf64_Shdr);
}

static void test_triples(void) {
    unsigned char *elf = calloc(1, 4096);
    size_t size = offload_elf(elf, 4096);
    char triples[4][OFFLOAD_TRIPLE_MAX];
    CHECK(offload_binary_triples(elf, size, triples, 4) == 2);
    CHECK(strcmp(triples[0], "x86_64-pc-linux-gnu") == 0 && strcmp(triples[1], "nvptx64-nvidia-cuda") == 0);
    CHECK(offload_binary_triples(elf, size, triples, 1) == 1);
    /* Cut anywhere, the reader stays inside the bytes it has and finds at most what is whole. */
    int bounded = 1;
    for (size_t cut = 0; cut < size; cut += 7) {
        bounded &= offload_binary_triples(elf, cut, triples, 4) <= 2;
    }
    CHECK(bounded);
    /* A binary whose size runs past the section is not read. */
    uint64_t huge = 1u << 20;
    memcpy(elf + 64 + 8, &huge, 8);
    CHECK(offload_binary_triples(elf, size, triples, 4) == 0);
    CHECK(offload_binary_triples((const unsigned char *)"not an ELF file", 15, triples, 4) == 0);
    free(elf);

    char name[32];
    CHECK(strcmp(offload_kind_name(ompt_target_enter_data, name, sizeof name), "enter_data") == 0);
    CHECK(strcmp(offload_kind_name(ompt_target_update_nowait, name, sizeof name), "update_nowait") == 0);
    CHECK(strcmp(offload_kind_name(77, name, sizeof name), "kind-77") == 0);
}

void test_offload(void) {
    test_device_table();
    test_mappings();
    test_refcounts_and_overlaps();
    test_caps();
    test_triples();
}
