/* Which build of the OpenMP runtime started the tool. Every LLVM release's libomp passes ompt_start_tool the same
 * runtime_version ("LLVM OMP version: 5.0.20140926" from LLVM 14 to 19: the version of kmp_version.cpp, not of
 * LLVM), so a snapshot could not tell a libomp 14 from a 19. The runtime carries its own build banner among the
 * "@(#) LLVM OMP ..." strings KMP_VERSION=1 prints: "LLVM OMP build compiler: Clang 16.0". It is a local symbol
 * (not in .dynsym, and Debian's libomp is stripped), so it is found in the library's loaded read-only data; Debian
 * builds each llvm-toolchain-N's libomp with that release's clang, so it names the LLVM release. */
#include "runtime_build.h"

#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char MARKER[] = "@(#) LLVM OMP build compiler: ";
static const size_t PREFIX = 5; /* "@(#) ", left out of what is recorded */
static const size_t LONGEST = 128;

int runtime_build_find(const char *mem, size_t n, char *out, size_t cap) {
    size_t marker = sizeof MARKER - 1;
    const char *at = memmem(mem, n, MARKER, marker);
    if (at == NULL || cap == 0) {
        return 0;
    }
    size_t left = n - (size_t)(at - mem);
    const char *end = memchr(at, '\0', left < LONGEST ? left : LONGEST);
    if (end == NULL || (size_t)(end - at) == marker) {
        return 0;
    }
    for (const char *c = at + marker; c < end; c++) {
        if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) {
            return 0;
        }
    }
    size_t len = (size_t)(end - at) - PREFIX;
    if (len > cap - 1) {
        len = cap - 1;
    }
    memcpy(out, at + PREFIX, len);
    out[len] = '\0';
    return 1;
}

typedef struct search {
    uintptr_t in_runtime;
    char *out;
    size_t cap;
    int found;
} search;

static int holds(const struct dl_phdr_info *info, uintptr_t address) {
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + p->p_vaddr;
        if (p->p_type == PT_LOAD && address >= start && address - start < p->p_memsz) {
            return 1;
        }
    }
    return 0;
}

/* Scans the read-only segments of the object that holds the runtime's function; a read-only PT_LOAD is mapped
 * whole from the file (its p_memsz is its p_filesz), so every byte in it can be read. */
static int scan_object(struct dl_phdr_info *info, size_t size, void *arg) {
    (void)size;
    search *s = arg;
    if (!holds(info, s->in_runtime)) {
        return 0;
    }
    for (int i = 0; i < info->dlpi_phnum && !s->found; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type == PT_LOAD && (p->p_flags & PF_R) && !(p->p_flags & PF_W)) {
            const char *start = (const char *)(info->dlpi_addr + p->p_vaddr);
            s->found = runtime_build_find(start, p->p_filesz < p->p_memsz ? p->p_filesz : p->p_memsz, s->out, s->cap);
        }
    }
    return 1; /* the object that holds it: stop */
}

int runtime_build_read(const void *in_runtime, char *out, size_t cap) {
    if (cap > 0) {
        out[0] = '\0';
    }
    if (in_runtime == NULL || cap == 0) {
        return 0;
    }
    search s = {(uintptr_t)in_runtime, out, cap, 0};
    dl_iterate_phdr(scan_object, &s);
    return s.found;
}

void runtime_build_describe(const char *runtime_version, const char *banner, char *out, size_t cap) {
    if (banner[0] == '\0') {
        snprintf(out, cap, "%s", runtime_version);
    } else if (runtime_version[0] == '\0') {
        snprintf(out, cap, "(%s)", banner);
    } else {
        snprintf(out, cap, "%s (%s)", runtime_version, banner);
    }
}
