/* Address spaces (the process, with what is known of its offload runtime, and one per device: images, the
 * mapping table, transfers) and target regions, from a stopped-world copy (docs/snapshot-format.md, 1.1).
 * Device address space ids are 1, 2, … in device-number order; a link to a construct or a task that the copy
 * does not hold is left out. */
#include "render.h"

#include <link.h>
#include <stdio.h>
#include <string.h>

/* The id of the address space of device device_num, or 0 when it is not a device of the copy (the host). */
static uint64_t device_space(const offload_copy *c, int32_t device_num) {
    for (size_t i = 0; i < c->ndevices; i++) {
        if (c->devices[i].num == device_num) {
            return i + 1;
        }
    }
    return 0;
}

static int has_region(const offload_copy *c, uint64_t number) {
    size_t lo = 0, hi = c->nregions;
    while (number != 0 && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->regions[mid].number == number) {
            return 1;
        }
        if (c->regions[mid].number < number) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return 0;
}

static void field_hex(json *j, const char *key, uint64_t v) {
    json_key(j, key);
    json_hex(j, v);
}

static void field_uint(json *j, const char *key, uint64_t v) {
    json_key(j, key);
    json_uint(j, v);
}

static void write_transfers(json *j, const offload_xfer *x) {
    json_begin_object(j);
    field_uint(j, "toDeviceBytes", x->to_bytes);
    field_uint(j, "toDeviceOps", x->to_ops);
    field_uint(j, "fromDeviceBytes", x->from_bytes);
    field_uint(j, "fromDeviceOps", x->from_ops);
    json_end_object(j);
}

struct runtime_search { char path[1024]; };

static int find_offload_runtime(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct runtime_search *s = data;
    const char *name = info->dlpi_name;
    const char *base = name != NULL ? strrchr(name, '/') : NULL;
    base = base != NULL ? base + 1 : name;
    if (base != NULL && strncmp(base, "libomptarget.so", 15) == 0) {
        snprintf(s->path, sizeof s->path, "%s", name);
        return 1;
    }
    return 0;
}

static void write_offload(json *j, const offload_copy *c, const char *runtime) {
    json_key(j, "offload");
    json_begin_object(j);
    if (runtime[0] != '\0') {
        json_key(j, "runtime");
        json_string(j, runtime);
    }
    json_key(j, "deviceCount");
    if (c->ndevices > 0) {
        json_uint(j, c->ndevices);
    } else {
        write_unavailable(j, "unavailable", "no device initialized yet (the offload runtime initializes its devices "
                                            "at the first target construct or device routine)");
    }
    if (c->initial_device >= 0) {
        json_key(j, "initialDevice");
        json_int(j, c->initial_device);
    }
    const char (*triples)[OFFLOAD_TRIPLE_MAX];
    size_t ntriples = offload_exe_triples(&triples);
    if (ntriples > 0) {
        json_key(j, "imageTriples");
        json_begin_array(j);
        for (size_t i = 0; i < ntriples; i++) {
            json_string(j, triples[i]);
        }
        json_end_array(j);
    }
    json_end_object(j);
}

static void write_images(json *j, const offload_copy *c, int32_t device_num) {
    json_key(j, "images");
    json_begin_array(j);
    for (size_t i = 0; i < c->nimages; i++) {
        const offload_image *im = &c->images[i];
        if (im->device_num != device_num) {
            continue;
        }
        json_newline(j);
        json_begin_object(j);
        if (im->has_file) {
            json_key(j, "file");
            json_string(j, im->file);
        }
        json_key(j, "offsetInFile");
        json_int(j, im->offset);
        field_hex(j, "vmaInFile", im->vma);
        field_uint(j, "bytes", im->bytes);
        field_hex(j, "hostAddress", im->host_addr);
        field_hex(j, "deviceAddress", im->device_addr);
        field_uint(j, "moduleId", im->module_id);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

static void write_mappings(json *j, const offload_copy *c, int32_t device_num) {
    json_key(j, "mappings");
    json_begin_array(j);
    for (size_t i = 0; i < c->nmappings; i++) {
        const offload_mapping *m = &c->mappings[i];
        if (m->device_num != device_num) {
            continue;
        }
        json_newline(j);
        json_begin_object(j);
        field_hex(j, "hostAddress", m->host);
        field_hex(j, "deviceAddress", m->device_addr);
        field_uint(j, "bytes", m->bytes);
        json_key(j, "refCount");
        json_int(j, m->refs);
        if (has_region(c, m->owner)) {
            field_uint(j, "mappedBy", m->owner);
        }
        json_key(j, "transfers");
        write_transfers(j, &m->transfers);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

void write_address_spaces(json *j, const render *r) {
    const offload_copy *c = &r->w->offload;
    struct runtime_search runtime = {""};
    dl_iterate_phdr(find_offload_runtime, &runtime);
    json_newline(j);
    json_key(j, "addressSpaces");
    json_begin_array(j);
    json_newline(j);
    json_begin_object(j);
    json_key(j, "id");
    json_int(j, 0);
    /* A program that never offloaded keeps the 1.0 shape; one built for offload says what it knows. */
    if (c->present || runtime.path[0] != '\0') {
        write_offload(j, c, runtime.path);
    }
    json_end_object(j);
    for (size_t i = 0; i < c->ndevices; i++) {
        const offload_device *d = &c->devices[i];
        json_newline(j);
        json_begin_object(j);
        field_uint(j, "id", i + 1);
        json_key(j, "parent");
        json_int(j, 0);
        json_key(j, "deviceNum");
        json_int(j, d->num);
        json_key(j, "deviceType");
        json_string(j, d->type);
        write_images(j, c, d->num);
        write_mappings(j, c, d->num);
        json_key(j, "transfers");
        write_transfers(j, &d->transfers);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

void write_target_regions(json *j, const render *r) {
    const world_copy *w = r->w;
    const offload_copy *c = &w->offload;
    if (!c->present) {
        return;
    }
    char buf[32];
    json_newline(j);
    json_key(j, "targetRegions");
    json_begin_array(j);
    for (size_t i = 0; i < c->nregions; i++) {
        const offload_region *g = &c->regions[i];
        json_newline(j);
        json_begin_object(j);
        field_uint(j, "id", g->number);
        json_key(j, "kind");
        json_string(j, offload_kind_name(g->kind, buf, sizeof buf));
        uint64_t space = device_space(c, g->device_num);
        if (space != 0) {
            field_uint(j, "device", space);
        }
        json_key(j, "deviceNum");
        json_int(j, g->device_num);
        json_key(j, "inFlight");
        json_bool(j, g->in_flight);
        if (find_task(w, g->encountering) != NOT_FOUND) {
            field_uint(j, "encounteringTask", g->encountering);
        }
        if (find_task(w, g->target_task) != NOT_FOUND) {
            field_uint(j, "targetTask", g->target_task);
        }
        if (g->codeptr != NULL) {
            json_key(j, "creationSite");
            write_code(j, g->codeptr);
        }
        json_key(j, "kernels");
        json_begin_array(j);
        for (unsigned k = 0; k < g->nkernels; k++) {
            json_begin_object(j);
            field_uint(j, "requestedTeams", g->teams[k]);
            json_end_object(j);
        }
        json_end_array(j);
        field_uint(j, "kernelsSubmitted", g->kernels_submitted);
        json_key(j, "transfers");
        write_transfers(j, &g->transfers);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

size_t offload_describe(const offload_copy *c, char *buf, size_t n) {
    const offload_counters *k = &c->counters;
    size_t d = 0;
    const struct { uint64_t count; const char *what; } FACTS[] = {
        {k->regions_dropped, "target constructs were not recorded (the table of OMPD_EXPLORER_MAX_TARGET_REGIONS was "
                             "full of constructs in flight)"},
        {k->regions_evicted, "ended target constructs were forgotten to make room; their mappings show no mappedBy"},
        {k->mappings_dropped, "mappings were not recorded (the table of OMPD_EXPLORER_MAX_MAPPINGS was full)"},
        {k->mappings_replaced, "recorded mappings were overlapped by a new allocation and removed as stale"},
        {k->ops_unmatched, "data operations named no recorded mapping"},
        {k->images_dropped, "code images were not recorded"},
        {k->devices_dropped, "device events named a device number above 63"},
    };
    for (size_t i = 0; i < sizeof FACTS / sizeof FACTS[0] && d < n; i++) {
        if (FACTS[i].count > 0) {
            d += (size_t)snprintf(buf + d, n - d, "%s[agent: %llu %s]", d > 0 ? " " : "",
                                  (unsigned long long)FACTS[i].count, FACTS[i].what);
        }
    }
    return d < n ? d : n > 0 ? n - 1 : 0;
}
