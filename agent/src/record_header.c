/* A recording's header line (docs/recording-format.md, "Header"): the snapshot writer's capture and runtime blocks,
 * the clock, and the module map of the recorded sites, on one line. */
#include "record_store.h"
#include "json.h"
#include "render.h"
#include "sites.h"

#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The distinct code addresses (sites) of the events below the cursors' ends, from malloc (*n of them); NULL with
 * *n 0 when there are none or memory ran out (the header then has no module map). Sites repeat a lot: a small
 * table of the last ones seen keeps the list short before it is sorted. */
static uint64_t *distinct_sites(const record_cursor *cs, size_t nb, size_t *n) {
    size_t len = 0, cap = 256;
    uint64_t *sites = malloc(cap * sizeof *sites);
    uint64_t recent[64] = {0};
    *n = 0;
    if (sites == NULL) {
        return NULL;
    }
    for (size_t k = 0; k < nb; k++) {
        for (uint64_t i = 0; i < cs[k].n; i++) {
            uint64_t site = record_at(&cs[k], i)->site;
            size_t slot = (size_t)((site >> 4) ^ (site >> 10)) & 63;
            if (site == 0 || recent[slot] == site) {
                continue;
            }
            recent[slot] = site;
            if (len == cap) {
                qsort(sites, len, sizeof *sites, cmp_u64);
                size_t d = 0;
                for (size_t j = 0; j < len; j++) {
                    d += d == 0 || sites[j] != sites[d - 1] ? (sites[d] = sites[j], 1) : 0;
                }
                len = d;
                if (len > cap / 2) {
                    uint64_t *grown = realloc(sites, 2 * cap * sizeof *sites);
                    if (grown == NULL) {
                        free(sites);
                        return NULL;
                    }
                    sites = grown;
                    cap *= 2;
                }
            }
            sites[len++] = site;
        }
    }
    *n = len;
    return sites;
}

char *record_header(const record_cursor *cs, size_t nb, size_t *len) {
    json h;
    json *j = &h;
    json_init(j);
    world_copy w;
    memset(&w, 0, sizeof w);
    w.time_sec = record_origin_of_run.real_sec;
    w.time_nsec = record_origin_of_run.real_nsec;
    json_begin_object(j);
    json_key(j, "format");
    json_string(j, "ompd-explorer-recording");
    json_key(j, "version");
    json_string(j, RECORD_FORMAT_VERSION);
    write_capture(j, &w, "recording");
    write_runtime(j);
    json_key(j, "clock");
    json_string(j, "monotonic-ns");
    json_key(j, "start");
    json_uint(j, record_origin_of_run.start);
    size_t nsites = 0;
    uint64_t *sites = distinct_sites(cs, nb, &nsites);
    write_code_modules(j, sites, nsites); /* the modules loaded now: the file is written whole each time */
    free(sites);
    json_end_object(j);
    if (h.failed) {
        json_free(&h);
        return NULL;
    }
    /* Line breaks are never inside a string (JSON escapes those): taking them and the indentation out in place. */
    size_t n = 0;
    for (size_t i = 0; i < h.len;) {
        if (h.data[i] == '\n') {
            for (i++; i < h.len && h.data[i] == ' '; i++) {
            }
            continue;
        }
        h.data[n++] = h.data[i++];
    }
    h.data[n++] = '\n'; /* json keeps a byte past its length */
    *len = n;
    return h.data;
}
