#include "symbols.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAPPED_FILES 16
#define CACHE_SLOTS 512

/* Recent answers: a snapshot names few distinct creation sites, each for many tasks. */
static struct cached { uint64_t addr; int found; char name[160]; } cache[CACHE_SLOTS];

/* Object files mapped once for their .symtab, for the life of the process (a handful of files). */
static struct mapped { char path[512]; const unsigned char *image; size_t size; } mapped[MAPPED_FILES];
static int nmapped;
static pthread_mutex_t mapped_lock = PTHREAD_MUTEX_INITIALIZER;

static int in_bounds(size_t size, uint64_t off, uint64_t len) {
    return off <= size && len <= size - off;
}

int elf_function_at(const unsigned char *image, size_t size, uint64_t rel, char *out, size_t out_size) {
    if (size < sizeof(Elf64_Ehdr) || memcmp(image, ELFMAG, SELFMAG) != 0 || image[EI_CLASS] != ELFCLASS64) {
        return 0;
    }
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)image;
    if (eh->e_shentsize != sizeof(Elf64_Shdr)
        || !in_bounds(size, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr))) {
        return 0;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(image + eh->e_shoff);
    /* Prefer the full symbol table; a stripped file still has .dynsym. */
    for (int pass = 0; pass < 2; pass++) {
        uint32_t want = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;
        for (unsigned i = 0; i < eh->e_shnum; i++) {
            if (sh[i].sh_type != want || sh[i].sh_entsize != sizeof(Elf64_Sym) || sh[i].sh_link >= eh->e_shnum) {
                continue;
            }
            const Elf64_Shdr *strs = &sh[sh[i].sh_link];
            if (!in_bounds(size, sh[i].sh_offset, sh[i].sh_size) || !in_bounds(size, strs->sh_offset, strs->sh_size)) {
                continue;
            }
            const Elf64_Sym *syms = (const Elf64_Sym *)(image + sh[i].sh_offset);
            size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
            for (size_t k = 0; k < n; k++) {
                const Elf64_Sym *s = &syms[k];
                if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_size == 0 || s->st_shndx == SHN_UNDEF) {
                    continue;
                }
                if (rel >= s->st_value && rel - s->st_value < s->st_size && s->st_name < strs->sh_size) {
                    const char *name = (const char *)image + strs->sh_offset + s->st_name;
                    size_t max = strs->sh_size - s->st_name;
                    size_t len = strnlen(name, max);
                    if (len == max || len == 0) {
                        continue;
                    }
                    snprintf(out, out_size, "%.*s", (int)len, name);
                    return 1;
                }
            }
        }
    }
    return 0;
}

static const struct mapped *map_file(const char *path) {
    for (int i = 0; i < nmapped; i++) {
        if (strcmp(mapped[i].path, path) == 0) {
            return mapped[i].image != NULL ? &mapped[i] : NULL;
        }
    }
    if (nmapped == MAPPED_FILES) {
        return NULL;
    }
    struct mapped *m = &mapped[nmapped++];
    snprintf(m->path, sizeof m->path, "%s", path);
    m->image = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            m->image = p;
            m->size = (size_t)st.st_size;
        }
    }
    close(fd);
    return m->image != NULL ? m : NULL;
}

struct main_probe { uint64_t addr; int seen, inside; };

/* dl_iterate_phdr reports the main program first. */
static int main_program_contains(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct main_probe *p = data;
    if (p->seen++) {
        return 1;
    }
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uint64_t start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && p->addr >= start && p->addr - start < ph->p_memsz) {
            p->inside = 1;
        }
    }
    return 1;
}

static int lookup(uint64_t addr, char *out, size_t out_size) {
    Dl_info info;
    if (dladdr((void *)(uintptr_t)addr, &info) == 0) {
        return 0;
    }
    if (info.dli_sname != NULL && info.dli_saddr != NULL) {
        snprintf(out, out_size, "%s", info.dli_sname);
        return 1;
    }
    /* dladdr names the main program by argv[0] (maybe relative); /proc/self/exe always opens it. */
    struct main_probe probe = {addr, 0, 0};
    dl_iterate_phdr(main_program_contains, &probe);
    const char *path = probe.inside || info.dli_fname == NULL || info.dli_fname[0] == '\0' ? "/proc/self/exe"
                                                                                           : info.dli_fname;
    const struct mapped *m = map_file(path);
    if (m == NULL) {
        return 0;
    }
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)m->image;
    uint64_t rel = m->size >= sizeof *eh && eh->e_type == ET_DYN ? addr - (uint64_t)(uintptr_t)info.dli_fbase : addr;
    return elf_function_at(m->image, m->size, rel, out, out_size);
}

int symbolize(uint64_t addr, char *out, size_t out_size) {
    if (addr == 0) {
        return 0;
    }
    pthread_mutex_lock(&mapped_lock);
    struct cached *c = &cache[(addr ^ (addr >> 9)) % CACHE_SLOTS];
    if (c->addr != addr) {
        c->addr = addr;
        c->found = lookup(addr, c->name, sizeof c->name);
    }
    int found = c->found;
    if (found) {
        snprintf(out, out_size, "%s", c->name);
    }
    pthread_mutex_unlock(&mapped_lock);
    return found;
}
