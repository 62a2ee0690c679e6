/* The whole recording (docs/recording-format.md): the header with the module map of the recorded code addresses, the
 * events of every buffer merged by time with the snapshot events, the trailer; rendered in memory (the tests,
 * compression) or streamed through the safe writer in large pieces. */
#include "record_store.h"
#include "agent.h"
#include "gzip.h"
#include "json.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a recording is written into: a buffer that grows (file NULL), or one of SINK_PIECE bytes written to the
 * file whenever the next line may not fit. */
typedef struct sink {
    char *buf;
    size_t len, cap;
    output_file *file;
    int failed;
} sink;

#define SINK_PIECE ((size_t)1 << 20)

/* Room for n more bytes at s->buf + s->len; NULL when out of memory or the file failed. */
static char *room(sink *s, size_t n) {
    if (s->failed) {
        return NULL;
    }
    if (s->len + n > s->cap) {
        if (s->file != NULL && n <= s->cap) {
            if (output_append(s->file, s->buf, s->len) != 0) {
                s->failed = 1;
                return NULL;
            }
            s->len = 0;
        } else {
            size_t cap = s->cap == 0 ? SINK_PIECE : s->cap;
            while (s->len + n > cap) {
                cap *= 2;
            }
            char *grown = realloc(s->buf, cap);
            if (grown == NULL) {
                s->failed = 1;
                return NULL;
            }
            s->buf = grown;
            s->cap = cap;
        }
    }
    return s->buf + s->len;
}

static void put(sink *s, const char *text, size_t n) {
    char *p = room(s, n);
    if (p != NULL) {
        memcpy(p, text, n);
        s->len += n;
    }
}

#define LINE(s, ...) do { char l_[256]; int k_ = snprintf(l_, sizeof l_, __VA_ARGS__); put(s, l_, (size_t)k_); } while (0)

static void render_snapshot(sink *s, const record_snap *snap) {
    LINE(s, "{\"t\":%" PRIu64 ",\"th\":0,\"e\":\"snapshot\",\"label\":", record_rel(snap->t));
    json one;
    json_init(&one);
    json_string(&one, snap->label);
    json_raw(&one, ",\"file\":", 8);
    json_string(&one, snap->file);
    if (one.failed) {
        s->failed = 1;
    } else {
        put(s, one.data, one.len);
    }
    json_free(&one);
    put(s, "}\n", 2);
}

static void render_trailer(sink *s, const record_cursor *cs, size_t nb, uint64_t events) {
    LINE(s, "{\"e\":\"end\",\"t\":%" PRIu64 ",\"events\":%" PRIu64 ",\"dropped\":[", record_rel(record_now()), events);
    int first = 1;
    for (size_t i = 0; i < nb; i++) {
        uint64_t d = atomic_load(&cs[i].b->dropped);
        if (d > 0) {
            LINE(s, "%s{\"what\":\"events\",\"count\":%" PRIu64 ",\"bound\":\"OMPD_EXPLORER_RECORD_MAX=%" PRIu64
                 "\",\"thread\":%" PRIu64 ",\"from\":%" PRIu64 "}", first ? "" : ",", d, cs[i].b->max,
                 cs[i].b->thread, record_rel(atomic_load(&cs[i].b->drop_from)));
            first = 0;
        }
    }
    uint64_t from = 0, lost = record_lost(&from);
    if (lost > 0) {
        LINE(s, "%s{\"what\":\"events\",\"count\":%" PRIu64 ",\"bound\":\"no-thread\",\"from\":%" PRIu64 "}",
             first ? "" : ",", lost, record_rel(from));
    }
    put(s, "]}\n", 3);
}

/* The recording so far into s. */
static void render_recording(sink *s) {
    size_t nb = 0;
    for (record_buffer *b = record_buffers(); b != NULL; b = b->next) {
        nb++;
    }
    record_cursor *cs = calloc(nb + 1, sizeof *cs);
    if (cs == NULL) {
        s->failed = 1;
        return;
    }
    /* Oldest buffer first, so that events at the same t keep the threads' begin order. */
    size_t k = nb;
    for (record_buffer *b = record_buffers(); b != NULL; b = b->next) {
        cs[--k] = (record_cursor){b, 0, atomic_load_explicit(&b->count, memory_order_acquire)};
    }
    size_t nsnaps = 0;
    const record_snap *snaps = record_snaps_lock(&nsnaps);
    size_t header_len = 0;
    char *header = record_header(cs, nb, &header_len);
    if (header == NULL) {
        s->failed = 1;
    } else {
        put(s, header, header_len);
        free(header);
    }
    uint64_t events = 0;
    size_t si = 0;
    for (;;) {
        record_cursor *best = NULL;
        uint64_t best_t = UINT64_MAX;
        for (size_t i = 0; i < nb; i++) {
            if (cs[i].i < cs[i].n && (best == NULL || record_at(&cs[i], cs[i].i)->t < best_t)) {
                best = &cs[i];
                best_t = record_at(best, best->i)->t;
            }
        }
        if (si < nsnaps && (best == NULL || snaps[si].t <= best_t)) {
            render_snapshot(s, &snaps[si++]);
            events++;
            continue;
        }
        if (best == NULL) {
            break;
        }
        /* The lines of this buffer up to the next one's time, without looking at the others again. */
        uint64_t until = si < nsnaps ? snaps[si].t : UINT64_MAX;
        for (size_t i = 0; i < nb; i++) {
            if (&cs[i] != best && cs[i].i < cs[i].n && record_at(&cs[i], cs[i].i)->t < until) {
                /* an equal t goes to the older buffer first: stop before it when that one is older */
                uint64_t t = record_at(&cs[i], cs[i].i)->t;
                until = &cs[i] < best ? t : t + 1;
            }
        }
        do {
            char *p = room(s, RECORD_LINE_MAX);
            if (p == NULL) {
                break;
            }
            s->len += record_encode(p, best);
            events++;
        } while (best->i < best->n && record_at(best, best->i)->t < until);
        if (s->failed) {
            break;
        }
    }
    record_snaps_unlock();
    render_trailer(s, cs, nb, events);
    free(cs);
}

char *record_render(size_t *len) {
    sink s = {0};
    render_recording(&s);
    if (room(&s, 1) == NULL) {
        free(s.buf);
        return NULL;
    }
    s.buf[s.len] = '\0'; /* a string as well, not counted in len */
    *len = s.len;
    return s.buf;
}

void record_file_name(char *out, size_t n) {
    const char *ext = agent_cfg.compress ? ".ndjson.gz" : ".ndjson";
    if (agent_cfg.job.present && snapshot_file_name(agent_cfg.dir, &agent_cfg.job, (int)getpid(), 0, "recording",
                                                    ext, out, n) == 0) {
        return;
    }
    snprintf(out, n, "ompd-explorer-%d-recording%s", (int)getpid(), ext);
}

/* Compressed: rendered whole, then gzip'd and written at once. */
static int write_compressed(const char *name, const char *tmp) {
    size_t len = 0;
    char *text = record_render(&len);
    if (text == NULL) {
        agent_log("out of memory while rendering the recording; none written (lower OMPD_EXPLORER_RECORD_MAX)");
        return -1;
    }
    size_t packed_len = 0;
    char *packed = gzip_compress(text, len, &packed_len);
    if (packed != NULL) {
        free(text);
        text = packed;
        len = packed_len;
    } /* else zlib is not there: plain NDJSON under the .gz name, as before; the reader looks at the bytes */
    int rc = output_write(agent_cfg.dir, name, tmp, text, len);
    free(text);
    return rc;
}

/* Streamed: rendered a piece at a time into the temporary file, renamed when whole. */
static int write_streamed(const char *name, const char *tmp) {
    output_file f;
    if (output_open(&f, agent_cfg.dir, name, tmp) != 0) {
        return -1;
    }
    sink s = {0};
    s.file = &f;
    s.buf = malloc(SINK_PIECE);
    s.cap = s.buf != NULL ? SINK_PIECE : 0;
    s.failed = s.buf == NULL;
    render_recording(&s);
    if (!s.failed) {
        output_append(&f, s.buf, s.len);
    } else if (f.failed == 0) {
        f.failed = ENOMEM; /* output_commit says so and removes the file */
    }
    free(s.buf);
    return output_commit(&f);
}

int record_write(void) {
    static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;
    if (!record_enabled) {
        return 0;
    }
    pthread_mutex_lock(&write_lock);
    char name[OUTPUT_NAME_MAX + 1], tmp[OUTPUT_TMP_MAX];
    record_file_name(name, sizeof name);
    snprintf(tmp, sizeof tmp, ".ompd-explorer-%d-recording", (int)getpid());
    int rc = agent_cfg.compress ? write_compressed(name, tmp) : write_streamed(name, tmp);
    if (rc == 0 && agent_cfg.verbose) {
        agent_log("wrote %s/%s", agent_cfg.dir, name);
    }
    pthread_mutex_unlock(&write_lock);
    return rc;
}

void record_write_once(void) {
    static _Atomic int written;
    if (record_enabled && !atomic_exchange(&written, 1)) {
        record_write();
    }
}
