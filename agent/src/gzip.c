/* Compresses a rendered snapshot with the system's zlib, found at run time.
 *
 * The agent links nothing but libc, libdl and libpthread, so that it loads into any program; zlib is opened
 * with dlopen only when OMPD_EXPLORER_COMPRESS=1 asks for it, and its absence costs one log line and plain
 * JSON files. The prototypes below are zlib's stable ABI (z_stream and deflateInit2_ have not changed since
 * zlib 1.2.0; the version string and the struct size are passed so that zlib checks them itself). */
#include "agent.h"
#include "gzip.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

/* zlib's z_stream, field for field. */
typedef struct zstream {
    const unsigned char *next_in;
    unsigned avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} zstream;

#define Z_OK 0
#define Z_STREAM_END 1
#define Z_FINISH 4
#define Z_DEFLATED 8
#define Z_DEFAULT_COMPRESSION (-1)
#define Z_DEFAULT_STRATEGY 0
/* 15 bits of window, +16: a gzip header and trailer rather than zlib's. */
#define GZIP_WINDOW_BITS (15 + 16)
#define MEM_LEVEL 8

static struct {
    int (*deflate_init2)(zstream *, int, int, int, int, int, const char *, int);
    int (*deflate)(zstream *, int);
    int (*deflate_end)(zstream *);
    const char *(*version)(void);
} z;

int gzip_load(const char *library) {
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        const char *why = dlerror();
        agent_log("OMPD_EXPLORER_COMPRESS=1 but %s cannot be loaded (%s); snapshots are written as plain JSON "
                  "(install zlib, e.g. apt-get install zlib1g)", library, why != NULL ? why : "not found");
        return -1;
    }
    *(void **)&z.deflate_init2 = dlsym(lib, "deflateInit2_");
    *(void **)&z.deflate = dlsym(lib, "deflate");
    *(void **)&z.deflate_end = dlsym(lib, "deflateEnd");
    *(void **)&z.version = dlsym(lib, "zlibVersion");
    if (z.deflate_init2 == NULL || z.deflate == NULL || z.deflate_end == NULL || z.version == NULL) {
        agent_log("OMPD_EXPLORER_COMPRESS=1 but %s is not zlib (no deflateInit2_, deflate, deflateEnd or "
                  "zlibVersion); snapshots are written as plain JSON", library);
        z.deflate_init2 = NULL;
        dlclose(lib);
        return -1;
    }
    return 0; /* kept open for the life of the process */
}

char *gzip_compress(const char *data, size_t len, size_t *out_len) {
    if (z.deflate_init2 == NULL) {
        return NULL;
    }
    zstream s = {0};
    if (z.deflate_init2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, GZIP_WINDOW_BITS, MEM_LEVEL, Z_DEFAULT_STRATEGY,
                        z.version(), (int)sizeof s) != Z_OK) {
        return NULL;
    }
    /* JSON shrinks several times over; the buffer grows in the rare case it does not. */
    size_t cap = len / 4 + 4096;
    unsigned char *out = malloc(cap);
    size_t used = 0;
    int rc = Z_OK;
    const unsigned char *in = (const unsigned char *)data;
    size_t left = len;
    while (out != NULL && rc == Z_OK) {
        if (used == cap) {
            unsigned char *bigger = realloc(out, cap * 2);
            if (bigger == NULL) {
                break;
            }
            out = bigger;
            cap *= 2;
        }
        /* avail_in and avail_out are 32 bits: a larger snapshot goes in slices. */
        size_t in_now = left < UINT_MAX ? left : UINT_MAX;
        size_t out_now = cap - used < UINT_MAX ? cap - used : UINT_MAX;
        s.next_in = in;
        s.avail_in = (unsigned)in_now;
        s.next_out = out + used;
        s.avail_out = (unsigned)out_now;
        rc = z.deflate(&s, in_now == left ? Z_FINISH : 0);
        in += in_now - s.avail_in;
        left -= in_now - s.avail_in;
        used += out_now - s.avail_out;
        if (rc == -5 /* Z_BUF_ERROR */ && s.avail_out == 0) {
            rc = Z_OK; /* no room was left: the buffer grows */
        }
    }
    z.deflate_end(&s);
    if (rc != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    *out_len = used;
    return (char *)out;
}
