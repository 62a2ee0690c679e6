/* The targets a program was built for: the `triple` strings of the offload binaries in its ELF section
 * `.llvm.offloading` (clang's offload packager: each binary starts with the magic 10 FF 10 AD, a version and its
 * size, and points to an entry with a table of key/value string offsets). Read once from /proc/self/exe, after
 * the threads of a snapshot run again. */
#include "offload.h"

#include <elf.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define BINARY_HEADER 32   /* magic, version, size, entry offset, entry size */
#define BINARY_ENTRY 40    /* image kind, offload kind, flags, string offset, string count, image offset, size */

static int in_bounds(size_t size, uint64_t off, uint64_t len) { return off <= size && len <= size - off; }

static uint64_t u64_at(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* The C string at off in [base, base+size), or NULL when it does not end inside. */
static const char *string_at(const unsigned char *base, size_t size, uint64_t off) {
    if (off >= size || memchr(base + off, '\0', size - off) == NULL) {
        return NULL;
    }
    return (const char *)base + off;
}

static size_t add_unique(char triples[][OFFLOAD_TRIPLE_MAX], size_t n, size_t max, const char *t) {
    if (t[0] == '\0' || strlen(t) >= OFFLOAD_TRIPLE_MAX) {
        return n;
    }
    for (size_t i = 0; i < n; i++) {
        if (strcmp(triples[i], t) == 0) {
            return n;
        }
    }
    if (n < max) {
        strcpy(triples[n++], t);
    }
    return n;
}

/* The triples of the binaries in one section's bytes. */
static size_t section_triples(const unsigned char *sec, size_t size, char triples[][OFFLOAD_TRIPLE_MAX], size_t max) {
    static const unsigned char MAGIC[4] = {0x10, 0xff, 0x10, 0xad};
    size_t n = 0;
    uint64_t at = 0;
    while (in_bounds(size, at, BINARY_HEADER)) {
        const unsigned char *bin = sec + at;
        if (memcmp(bin, MAGIC, sizeof MAGIC) != 0) {
            at += 8; /* padding between binaries keeps each 8-byte aligned */
            continue;
        }
        uint64_t total = u64_at(bin + 8), entry = u64_at(bin + 16);
        if (total < BINARY_HEADER || !in_bounds(size, at, total) || !in_bounds(total, entry, BINARY_ENTRY)) {
            break;
        }
        uint64_t strings = u64_at(bin + entry + 8), count = u64_at(bin + entry + 16);
        for (uint64_t k = 0; k < count && in_bounds(total, strings + k * 16, 16); k++) {
            const char *key = string_at(bin, total, u64_at(bin + strings + k * 16));
            const char *value = string_at(bin, total, u64_at(bin + strings + k * 16 + 8));
            if (key != NULL && value != NULL && strcmp(key, "triple") == 0) {
                n = add_unique(triples, n, max, value);
            }
        }
        at += (total + 7) & ~(uint64_t)7;
    }
    return n;
}

size_t offload_binary_triples(const unsigned char *image, size_t size, char triples[][OFFLOAD_TRIPLE_MAX],
                              size_t max) {
    if (size < sizeof(Elf64_Ehdr) || memcmp(image, ELFMAG, SELFMAG) != 0 || image[EI_CLASS] != ELFCLASS64) {
        return 0;
    }
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)image;
    if (eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shstrndx >= eh->e_shnum
        || !in_bounds(size, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr))) {
        return 0;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(image + eh->e_shoff);
    const Elf64_Shdr *names = &sh[eh->e_shstrndx];
    if (!in_bounds(size, names->sh_offset, names->sh_size)) {
        return 0;
    }
    size_t n = 0;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        const char *name = string_at(image + names->sh_offset, names->sh_size, sh[i].sh_name);
        if (name == NULL || strcmp(name, ".llvm.offloading") != 0 || sh[i].sh_type == SHT_NOBITS
            || !in_bounds(size, sh[i].sh_offset, sh[i].sh_size)) {
            continue;
        }
        n += section_triples(image + sh[i].sh_offset, sh[i].sh_size, triples + n, max - n);
    }
    return n;
}

static char exe_triples[OFFLOAD_MAX_TRIPLES][OFFLOAD_TRIPLE_MAX];
static size_t exe_ntriples;
static pthread_once_t exe_once = PTHREAD_ONCE_INIT;

static void read_exe(void) {
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            exe_ntriples = offload_binary_triples(p, (size_t)st.st_size, exe_triples, OFFLOAD_MAX_TRIPLES);
            munmap(p, (size_t)st.st_size);
        }
    }
    close(fd);
}

size_t offload_exe_triples(const char (**triples)[OFFLOAD_TRIPLE_MAX]) {
    pthread_once(&exe_once, read_exe);
    *triples = (const char (*)[OFFLOAD_TRIPLE_MAX])exe_triples;
    return exe_ntriples;
}
