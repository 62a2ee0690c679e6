/* The snapshot's module map (format 1.2; 1.3 adds the modules holding a frame pc of a thread's stack): each
 * executable or shared object that holds a code location of the snapshot (a creation site or a frame), with its
 * path, GNU build-id, load bias, mapped range, file size and the distinct creation sites in it, so that a reader
 * symbolizes the raw addresses (function, file:line) where the same files are, before it meets them, and knows when
 * the files are not there.
 * Runs on the writer's thread after the threads were released (dl_iterate_phdr takes the loader's lock). */
#include "sites.h"

#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BUILD_ID_MAX 64

typedef struct module_scan {
    const uint64_t *addrs;             /* the snapshot's code addresses, sorted */
    size_t naddrs;
    const uint64_t *pcs;               /* the pcs of its threads' frames, sorted */
    size_t npcs;
    json *j;
    int seen;                          /* objects visited: the first is the main program */
    render *r;                         /* gets the range of each module written */
    size_t limit;                      /* room in r->modules */
} module_scan;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The index of the first of the n sorted addresses at or above start. */
static size_t first_of(const uint64_t *addrs, size_t n, uint64_t start) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (addrs[mid] < start) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

size_t module_build_id(const unsigned char *notes, size_t size, char *hex, size_t hex_size) {
    size_t at = 0;
    while (at + sizeof(Elf64_Nhdr) <= size) {
        const Elf64_Nhdr *n = (const Elf64_Nhdr *)(notes + at);
        size_t name = (n->n_namesz + 3u) & ~3u, desc = (n->n_descsz + 3u) & ~3u;
        size_t body = at + sizeof *n;
        if (name > size - body || desc > size - body - name) {
            return 0;
        }
        if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && memcmp(notes + body, "GNU", 4) == 0
            && n->n_descsz > 0 && n->n_descsz <= BUILD_ID_MAX && hex_size > 2u * n->n_descsz) {
            const unsigned char *id = notes + body + name;
            for (size_t i = 0; i < n->n_descsz; i++) {
                snprintf(hex + 2 * i, 3, "%02x", id[i]);
            }
            return 2 * n->n_descsz;
        }
        at = body + name + desc;
    }
    return 0;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    module_scan *s = data;
    int main_program = s->seen++ == 0;
    uint64_t start = UINT64_MAX, end = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && ph->p_memsz > 0) {
            uint64_t from = info->dlpi_addr + ph->p_vaddr;
            if (from < start) {
                start = from;
            }
            if (from + ph->p_memsz > end) {
                end = from + ph->p_memsz;
            }
        }
    }
    size_t first = first_of(s->addrs, s->naddrs, start);
    size_t first_pc = first_of(s->pcs, s->npcs, start);
    int has_site = first < s->naddrs && s->addrs[first] < end;
    int has_frame = first_pc < s->npcs && s->pcs[first_pc] < end;
    if (start >= end || (!has_site && !has_frame) || s->r->nmodules == s->limit) {
        return 0;
    }
    s->r->modules[s->r->nmodules++] = (code_range){start, end};
    char path[4096];
    if (main_program || info->dlpi_name == NULL || info->dlpi_name[0] == '\0') {
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        path[n > 0 ? n : 0] = '\0';
    } else {
        snprintf(path, sizeof path, "%s", info->dlpi_name);
    }
    char build_id[2 * BUILD_ID_MAX + 1] = "";
    for (int i = 0; i < info->dlpi_phnum && build_id[0] == '\0'; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_NOTE) {
            /* the notes are in a loaded segment: read where the loader put them */
            module_build_id((const unsigned char *)(uintptr_t)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz,
                            build_id, sizeof build_id);
        }
    }
    json *j = s->j;
    json_newline(j);
    json_begin_object(j);
    json_key(j, "path");
    json_string(j, path);
    if (build_id[0] != '\0') {
        json_key(j, "buildId");
        json_string(j, build_id);
    }
    json_key(j, "loadBias");
    json_hex(j, info->dlpi_addr);
    json_key(j, "start");
    json_hex(j, start);
    json_key(j, "end");
    json_hex(j, end);
    struct stat st;
    if (path[0] != '\0' && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        json_key(j, "fileSize");
        json_uint(j, (uint64_t)st.st_size);
    }
    /* The distinct code addresses in it, so that a reader symbolizes them before the entities that hold them. */
    json_key(j, "codeAddresses");
    json_begin_array(j);
    for (size_t i = first; i < s->naddrs && s->addrs[i] < end; i++) {
        json_hex(j, s->addrs[i]);
    }
    json_end_array(j);
    json_end_object(j);
    return 0;
}

/* Sorts the n addresses and drops repeats; the number left. */
static size_t sort_distinct(uint64_t *addrs, size_t n) {
    if (n == 0) {
        return 0;
    }
    qsort(addrs, n, sizeof *addrs, cmp_u64);
    size_t distinct = 1;
    for (size_t i = 1; i < n; i++) {
        if (addrs[i] != addrs[distinct - 1]) {
            addrs[distinct++] = addrs[i];
        }
    }
    return distinct;
}

static int count_modules(struct dl_phdr_info *info, size_t size, void *data) {
    (void)info;
    (void)size;
    ++*(size_t *)data;
    return 0;
}

int module_index(const render *r, uint64_t pc) {
    for (size_t i = 0; i < r->nmodules; i++) {
        if (pc >= r->modules[i].lo && pc < r->modules[i].hi) {
            return (int)i;
        }
    }
    return -1;
}

static void write_map(json *j, render *r, uint64_t *addrs, size_t n, uint64_t *pcs, size_t npcs);

void write_modules(json *j, render *r) {
    const world_copy *w = r->w;
    size_t cap = w->ntasks + w->nregions + w->nthreads + (w->offload.present ? w->offload.nregions : 0), n = 0;
    size_t cap_pcs = 0, npcs = 0;
    for (size_t i = 0; i < w->nthreads; i++) {
        cap_pcs += w->threads[i].stack.n;
    }
    uint64_t *addrs = cap > 0 ? malloc(cap * sizeof *addrs) : NULL;
    uint64_t *pcs = cap_pcs > 0 ? malloc(cap_pcs * sizeof *pcs) : NULL;
    if ((cap > 0 && addrs == NULL) || (cap_pcs > 0 && pcs == NULL)) {
        free(addrs);
        free(pcs);
        j->failed = 1;
        return;
    }
    for (size_t i = 0; i < w->nthreads; i++) {
        for (uint32_t k = 0; k < w->threads[i].stack.n; k++) {
            pcs[npcs++] = w->threads[i].stack.frames[k].pc;
        }
    }
    for (size_t i = 0; i < w->ntasks; i++) {
        if (w->tasks[i].rec.codeptr != NULL) {
            addrs[n++] = (uint64_t)(uintptr_t)w->tasks[i].rec.codeptr;
        }
    }
    for (size_t i = 0; i < w->nthreads; i++) {
        if (w->threads[i].acked && w->threads[i].sync_kind > 0 && w->threads[i].sync_site != NULL) {
            addrs[n++] = (uint64_t)(uintptr_t)w->threads[i].sync_site;
        }
    }
    for (size_t i = 0; i < w->nregions; i++) {
        if (w->regions[i].codeptr != NULL) {
            addrs[n++] = (uint64_t)(uintptr_t)w->regions[i].codeptr;
        }
    }
    for (size_t i = 0; w->offload.present && i < w->offload.nregions; i++) {
        if (w->offload.regions[i].codeptr != NULL) {
            addrs[n++] = (uint64_t)(uintptr_t)w->offload.regions[i].codeptr;
        }
    }
    write_map(j, r, addrs, n, pcs, npcs);
    free(addrs);
    free(pcs);
}

/* Writes "modules" for the n code addresses and npcs frame pcs (both sorted in place, repeats dropped), the ranges
 * written into r->modules; nothing when there are none. */
static void write_map(json *j, render *r, uint64_t *addrs, size_t n, uint64_t *pcs, size_t npcs) {
    size_t distinct = sort_distinct(addrs, n);
    npcs = sort_distinct(pcs, npcs);
    size_t objects = 0;
    dl_iterate_phdr(count_modules, &objects);
    if (distinct + npcs == 0 || objects == 0) {
        return;
    }
    /* more than enough: a module loaded after the count above is not visited twice */
    r->modules = malloc((objects + 16) * sizeof *r->modules);
    if (r->modules == NULL) {
        j->failed = 1;
        return;
    }
    module_scan s = {addrs, distinct, pcs, npcs, j, 0, r, objects + 16};
    json_newline(j);
    json_key(j, "modules");
    json_begin_array(j);
    dl_iterate_phdr(visit, &s);
    json_break(j);
    json_end_array(j);
}

void write_code_modules(json *j, uint64_t *addrs, size_t n) {
    render r;
    memset(&r, 0, sizeof r);
    write_map(j, &r, addrs, n, NULL, 0);
    free(r.modules);
}
