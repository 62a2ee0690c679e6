/* Record mode: per-thread event buffers and their rendering as a recording (record.h, docs/recording-format.md). */
#include "record.h"
#include "agent.h"
#include "gzip.h"
#include "json.h"
#include "output.h"
#include "render.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int record_enabled;
static uint64_t record_max = RECORD_DEFAULT_MAX;
static uint64_t record_start;
static int64_t record_start_real_sec;
static int32_t record_start_real_nsec;
static _Atomic(record_buffer *) buffers;
static _Atomic uint64_t lost;      /* events of threads without a buffer */
static _Atomic uint64_t lost_from;

typedef struct snap_event { uint64_t t; char label[128]; char file[OUTPUT_NAME_MAX + 1]; } snap_event;
static pthread_mutex_t snap_lock = PTHREAD_MUTEX_INITIALIZER;
static snap_event *snaps;
static size_t nsnaps, cap_snaps;

void record_init(uint64_t max, uint64_t start_ns) {
    record_buffer *b = atomic_exchange(&buffers, NULL);
    while (b != NULL) {
        record_buffer *next = b->next;
        for (uint64_t i = 0; i < (b->max + RECORD_CHUNK - 1) / RECORD_CHUNK; i++) {
            free(b->chunks[i]);
        }
        free(b->chunks);
        free(b);
        b = next;
    }
    pthread_mutex_lock(&snap_lock);
    free(snaps);
    snaps = NULL;
    nsnaps = cap_snaps = 0;
    pthread_mutex_unlock(&snap_lock);
    atomic_store(&lost, 0);
    atomic_store(&lost_from, 0);
    record_max = max > 0 ? max : RECORD_DEFAULT_MAX;
    record_start = start_ns;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    record_start_real_sec = now.tv_sec;
    record_start_real_nsec = (int32_t)now.tv_nsec;
    record_enabled = 1;
}

record_buffer *record_thread(uint64_t thread) {
    record_buffer *b = calloc(1, sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    b->thread = thread;
    b->max = record_max;
    b->chunks = calloc((size_t)((record_max + RECORD_CHUNK - 1) / RECORD_CHUNK), sizeof *b->chunks);
    if (b->chunks == NULL) {
        free(b);
        return NULL;
    }
    record_buffer *head = atomic_load(&buffers);
    do {
        b->next = head;
    } while (!atomic_compare_exchange_weak(&buffers, &head, b));
    return b;
}

__attribute__((noinline, cold)) static void drop(_Atomic uint64_t *count, _Atomic uint64_t *from, uint64_t t) {
    uint64_t none = 0;
    atomic_compare_exchange_strong_explicit(from, &none, t, memory_order_relaxed, memory_order_relaxed);
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed);
}

void record_append(record_buffer *b, const record_event *e) {
    if (__builtin_expect(b == NULL, 0)) {
        drop(&lost, &lost_from, e->t);
        return;
    }
    uint64_t n = atomic_load_explicit(&b->count, memory_order_relaxed);
    if (__builtin_expect(n >= b->max, 0)) {
        if (atomic_load_explicit(&b->dropped, memory_order_relaxed) == 0) {
            atomic_store_explicit(&b->drop_from, e->t, memory_order_relaxed);
        }
        atomic_store_explicit(&b->dropped, atomic_load_explicit(&b->dropped, memory_order_relaxed) + 1,
                              memory_order_relaxed);
        return;
    }
    record_event *chunk = b->chunks[n / RECORD_CHUNK];
    if (__builtin_expect(chunk == NULL, 0)) {
        chunk = malloc(RECORD_CHUNK * sizeof *chunk);
        if (chunk == NULL) {
            b->max = n; /* out of memory: the buffer is full here (the owner alone reads max on the hot path) */
            record_append(b, e);
            return;
        }
        b->chunks[n / RECORD_CHUNK] = chunk;
    }
    chunk[n % RECORD_CHUNK] = *e;
    atomic_store_explicit(&b->count, n + 1, memory_order_release);
}

void record_snapshot(uint64_t t, const char *label, const char *file) {
    pthread_mutex_lock(&snap_lock);
    if (nsnaps == cap_snaps) {
        size_t cap = cap_snaps == 0 ? 16 : cap_snaps * 2;
        snap_event *s = realloc(snaps, cap * sizeof *s);
        if (s == NULL) {
            pthread_mutex_unlock(&snap_lock);
            return;
        }
        snaps = s;
        cap_snaps = cap;
    }
    snap_event *s = &snaps[nsnaps++];
    s->t = t;
    snprintf(s->label, sizeof s->label, "%s", label != NULL ? label : "");
    snprintf(s->file, sizeof s->file, "%s", file != NULL ? file : "");
    pthread_mutex_unlock(&snap_lock);
}

/* ---- rendering ---- */

static const char *thread_kind(uint32_t k) {
    switch (k) {
    case ompt_thread_initial: return "initial";
    case ompt_thread_worker: return "worker";
    default: return "other";
    }
}

static const char *status_name(uint32_t s) {
    switch (s) {
    case ompt_task_complete: return "complete";
    case ompt_task_yield: return "yield";
    case ompt_task_cancel: return "cancel";
    case ompt_task_detach: return "detach";
    case ompt_task_early_fulfill: return "early_fulfill";
    case ompt_task_late_fulfill: return "late_fulfill";
    case ompt_task_switch: return "switch";
    case ompt_taskwait_complete: return "taskwait_complete";
    default: return "unknown";
    }
}

static const char *dep_name(uint32_t d) {
    switch (d) {
    case ompt_dependence_type_in: return "in";
    case ompt_dependence_type_out: return "out";
    case ompt_dependence_type_inout: return "inout";
    case ompt_dependence_type_mutexinoutset: return "mutexinoutset";
    case ompt_dependence_type_source: return "source";
    case ompt_dependence_type_sink: return "sink";
    case ompt_dependence_type_inoutset: return "inoutset";
    default: return "depobj";
    }
}

static const char *target_name(uint32_t k) {
    switch (k) {
    case ompt_target: return "target";
    case ompt_target_enter_data: return "target_enter_data";
    case ompt_target_exit_data: return "target_exit_data";
    case ompt_target_update: return "target_update";
    case ompt_target_nowait: return "target_nowait";
    case ompt_target_enter_data_nowait: return "target_enter_data_nowait";
    case ompt_target_exit_data_nowait: return "target_exit_data_nowait";
    case ompt_target_update_nowait: return "target_update_nowait";
    default: return "unknown";
    }
}

static const struct { uint32_t bit; const char *name; } FLAGS[] = {
    {ompt_task_initial, "initial"}, {ompt_task_implicit, "implicit"}, {ompt_task_explicit, "explicit"},
    {ompt_task_target, "target"}, {ompt_task_taskwait, "taskwait"}, {ompt_task_undeferred, "undeferred"},
    {ompt_task_untied, "untied"}, {ompt_task_final, "final"}, {ompt_task_mergeable, "mergeable"},
    {ompt_task_merged, "merged"},
};

static uint64_t rel(uint64_t t) { return t > record_start ? t - record_start : 0; }

/* A cursor over one buffer's published events. */
typedef struct cursor { record_buffer *b; uint64_t i, n; } cursor;

static const record_event *at(const cursor *c, uint64_t i) {
    return &c->b->chunks[i / RECORD_CHUNK][i % RECORD_CHUNK];
}

/* A line under construction: plain appends, no format parsing (a recording has millions of lines). */
typedef struct line_buf { char b[512]; size_t n; } line_buf;

static void put(line_buf *l, const char *s) {
    while (*s != '\0' && l->n < sizeof l->b) {
        l->b[l->n++] = *s++;
    }
}

static void put_u(line_buf *l, uint64_t v) {
    char d[24];
    int k = 0;
    do {
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (k > 0 && l->n < sizeof l->b) {
        l->b[l->n++] = d[--k];
    }
}

static void put_i(line_buf *l, int64_t v) {
    if (v < 0) {
        put(l, "-");
        put_u(l, (uint64_t)0 - (uint64_t)v);
    } else {
        put_u(l, (uint64_t)v);
    }
}

static void put_hex(line_buf *l, uint64_t v) {
    static const char HEX[] = "0123456789abcdef";
    char d[16];
    int k = 0;
    do {
        d[k++] = HEX[v & 15];
        v >>= 4;
    } while (v != 0);
    put(l, "\"0x");
    while (k > 0 && l->n < sizeof l->b) {
        l->b[l->n++] = d[--k];
    }
    put(l, "\"");
}

/* ,"key":<unsigned> */
static void field_u(line_buf *l, const char *key, uint64_t v) {
    put(l, ",\"");
    put(l, key);
    put(l, "\":");
    put_u(l, v);
}

static void field_s(line_buf *l, const char *key, const char *v) {
    put(l, ",\"");
    put(l, key);
    put(l, "\":\"");
    put(l, v);
    put(l, "\"");
}

static void field_hex(line_buf *l, const char *key, uint64_t v) {
    put(l, ",\"");
    put(l, key);
    put(l, "\":");
    put_hex(l, v);
}

static const char *const KIND_NAMES[RE_KIND_COUNT] = {
    [RE_THREAD_BEGIN] = "thread-begin", [RE_THREAD_END] = "thread-end", [RE_PARALLEL_BEGIN] = "parallel-begin",
    [RE_PARALLEL_END] = "parallel-end", [RE_IMPLICIT_BEGIN] = "implicit-begin", [RE_IMPLICIT_END] = "implicit-end",
    [RE_TASK_CREATE] = "task-create", [RE_DEPENDENCE] = "task-deps", [RE_TASK_DEP] = "task-dep",
    [RE_SCHEDULE] = "schedule", [RE_SYNC_BEGIN] = "sync-begin", [RE_SYNC_END] = "sync-end",
    [RE_WAIT_BEGIN] = "wait-begin", [RE_WAIT_END] = "wait-end", [RE_TARGET_BEGIN] = "target-begin",
    [RE_TARGET_END] = "target-end",
};

static void put_dep(line_buf *l, const record_event *d, int first) {
    put(l, first ? "{\"addr\":" : ",{\"addr\":");
    put_hex(l, d->b);
    put(l, ",\"type\":\"");
    put(l, dep_name(d->x));
    put(l, "\"}");
}

/* One event's line (its dependences follow a task-create in its own buffer: they are consumed with it; a task-create
 * line with more dependences than a line holds continues them in task-deps lines). */
static void render_event(json *j, cursor *c) {
    line_buf l;
    l.n = 0;
    char kind[24]; /* an unknown sync region's name, kind-N */
    const record_event *e = at(c, c->i++);
    put(&l, "{\"t\":");
    put_u(&l, rel(e->t));
    field_u(&l, "th", c->b->thread);
    field_s(&l, "e", e->kind < RE_KIND_COUNT && KIND_NAMES[e->kind] != NULL ? KIND_NAMES[e->kind] : "unknown");
    switch (e->kind) {
    case RE_THREAD_BEGIN: field_s(&l, "kind", thread_kind(e->x)); break;
    case RE_PARALLEL_BEGIN:
        field_u(&l, "region", e->a);
        field_u(&l, "task", e->b);
        field_u(&l, "requested", e->x);
        field_hex(&l, "site", e->site);
        break;
    case RE_PARALLEL_END: field_u(&l, "region", e->a); break;
    case RE_IMPLICIT_BEGIN:
        field_u(&l, "task", e->a);
        field_u(&l, "region", e->b);
        field_u(&l, "num", e->x);
        field_u(&l, "size", e->c);
        if (e->y) {
            put(&l, ",\"initial\":true");
        }
        break;
    case RE_IMPLICIT_END: field_u(&l, "task", e->a); break;
    case RE_TASK_CREATE: {
        field_u(&l, "task", e->a);
        field_u(&l, "gen", e->b);
        field_hex(&l, "site", e->site);
        put(&l, ",\"flags\":[");
        int first = 1;
        for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
            if (e->x & FLAGS[i].bit) {
                put(&l, first ? "\"" : ",\"");
                put(&l, FLAGS[i].name);
                put(&l, "\"");
                first = 0;
            }
        }
        put(&l, "],\"deps\":[");
        first = 1;
        while (c->i < c->n && at(c, c->i)->kind == RE_DEPENDENCE && at(c, c->i)->a == e->a
               && l.n + 96 < sizeof l.b) {
            put_dep(&l, at(c, c->i++), first);
            first = 0;
        }
        put(&l, "]");
        break;
    }
    case RE_DEPENDENCE: /* dependences whose task-create line is full or not right before them */
        field_u(&l, "task", e->a);
        put(&l, ",\"deps\":[");
        put_dep(&l, e, 1);
        while (c->i < c->n && at(c, c->i)->kind == RE_DEPENDENCE && at(c, c->i)->a == e->a
               && l.n + 96 < sizeof l.b) {
            put_dep(&l, at(c, c->i++), 0);
        }
        put(&l, "]");
        break;
    case RE_TASK_DEP:
        field_u(&l, "from", e->a);
        field_u(&l, "to", e->b);
        break;
    case RE_SCHEDULE:
        field_u(&l, "prior", e->a);
        field_s(&l, "status", status_name(e->x));
        field_u(&l, "next", e->b);
        break;
    case RE_SYNC_BEGIN:
    case RE_SYNC_END:
        field_s(&l, "kind", sync_region_name((int)e->x, kind, sizeof kind)); /* the snapshots' names */
        field_u(&l, "task", e->a);
        field_hex(&l, "site", e->site);
        break;
    case RE_WAIT_BEGIN:
    case RE_WAIT_END:
        field_s(&l, "kind", sync_region_name((int)e->x, kind, sizeof kind));
        field_u(&l, "task", e->a);
        break;
    case RE_TARGET_BEGIN:
    case RE_TARGET_END:
        field_u(&l, "target", e->a);
        put(&l, ",\"device\":");
        put_i(&l, (int64_t)e->b);
        field_s(&l, "kind", target_name(e->x));
        field_u(&l, "task", e->c);
        field_hex(&l, "site", e->site);
        break;
    default: break;
    }
    put(&l, "}\n");
    json_raw(j, l.b, l.n);
}

#define LINE(...) do { int k_ = snprintf(line, sizeof line, __VA_ARGS__); json_raw(j, line, (size_t)k_); } while (0)

static void render_snapshot(json *j, const snap_event *s) {
    char line[128];
    LINE("{\"t\":%" PRIu64 ",\"th\":0,\"e\":\"snapshot\",\"label\":", rel(s->t));
    json one;
    json_init(&one);
    json_string(&one, s->label);
    json_raw(&one, ",\"file\":", 8);
    json_string(&one, s->file);
    if (one.failed) {
        j->failed = 1;
    } else {
        json_raw(j, one.data, one.len);
    }
    json_free(&one);
    LINE("}\n");
}

/* The header on one line: the snapshot writer's capture and runtime blocks, with their line breaks (never inside a
 * string: JSON escapes those) and indentation taken out. */
static void render_header(json *out) {
    json h;
    json *j = &h;
    json_init(j);
    world_copy w;
    memset(&w, 0, sizeof w);
    w.time_sec = record_start_real_sec;
    w.time_nsec = record_start_real_nsec;
    json_begin_object(j);
    json_key(j, "format");
    json_string(j, "ompd-explorer-recording");
    json_key(j, "version");
    json_string(j, "1.0");
    write_capture(j, &w, "recording");
    write_runtime(j);
    json_key(j, "clock");
    json_string(j, "monotonic-ns");
    json_key(j, "start");
    json_uint(j, record_start);
    json_end_object(j);
    if (h.failed) {
        out->failed = 1;
    }
    for (size_t i = 0; i < h.len && !h.failed;) {
        if (h.data[i] == '\n') {
            for (i++; i < h.len && h.data[i] == ' '; i++) {
            }
            continue;
        }
        size_t k = i;
        while (k < h.len && h.data[k] != '\n') {
            k++;
        }
        json_raw(out, h.data + i, k - i);
        i = k;
    }
    json_free(&h);
}

char *record_render(size_t *len) {
    size_t nb = 0;
    for (record_buffer *b = atomic_load(&buffers); b != NULL; b = b->next) {
        nb++;
    }
    cursor *cs = calloc(nb + 1, sizeof *cs);
    if (cs == NULL) {
        return NULL;
    }
    /* Oldest buffer first, so that events at the same t keep the threads' begin order. */
    size_t k = nb;
    for (record_buffer *b = atomic_load(&buffers); b != NULL; b = b->next) {
        cs[--k] = (cursor){b, 0, atomic_load_explicit(&b->count, memory_order_acquire)};
    }
    pthread_mutex_lock(&snap_lock);
    json j;
    json_init(&j);
    render_header(&j);
    /* json_raw after the top-level object: one line each, no separators. */
    json_raw(&j, "\n", 1);
    uint64_t events = 0;
    size_t si = 0;
    for (;;) {
        cursor *best = NULL;
        for (size_t i = 0; i < nb; i++) {
            if (cs[i].i < cs[i].n && (best == NULL || at(&cs[i], cs[i].i)->t < at(best, best->i)->t)) {
                best = &cs[i];
            }
        }
        if (si < nsnaps && (best == NULL || snaps[si].t <= at(best, best->i)->t)) {
            render_snapshot(&j, &snaps[si++]);
            events++;
            continue;
        }
        if (best == NULL) {
            break;
        }
        render_event(&j, best);
        events++;
    }
    pthread_mutex_unlock(&snap_lock);
    char line[256];
    json *jp = &j;
    {
        json *j = jp;
        LINE("{\"e\":\"end\",\"t\":%" PRIu64 ",\"events\":%" PRIu64 ",\"dropped\":[", rel(record_now()), events);
        int first = 1;
        for (size_t i = 0; i < nb; i++) {
            uint64_t d = atomic_load(&cs[i].b->dropped);
            if (d > 0) {
                LINE("%s{\"what\":\"events\",\"count\":%" PRIu64 ",\"bound\":\"OMPD_EXPLORER_RECORD_MAX=%" PRIu64
                     "\",\"thread\":%" PRIu64 ",\"from\":%" PRIu64 "}", first ? "" : ",", d, cs[i].b->max,
                     cs[i].b->thread, rel(atomic_load(&cs[i].b->drop_from)));
                first = 0;
            }
        }
        uint64_t l = atomic_load(&lost);
        if (l > 0) {
            LINE("%s{\"what\":\"events\",\"count\":%" PRIu64 ",\"bound\":\"no-thread\",\"from\":%" PRIu64 "}",
                 first ? "" : ",", l, rel(atomic_load(&lost_from)));
        }
        LINE("]}\n");
    }
    free(cs);
    if (j.failed) {
        json_free(&j);
        return NULL;
    }
    *len = j.len;
    return j.data;
}

void record_file_name(char *out, size_t n) {
    const char *ext = agent_cfg.compress ? ".ndjson.gz" : ".ndjson";
    if (agent_cfg.job.present && snapshot_file_name(agent_cfg.dir, &agent_cfg.job, (int)getpid(), 0, "recording",
                                                    ext, out, n) == 0) {
        return;
    }
    snprintf(out, n, "ompd-explorer-%d-recording%s", (int)getpid(), ext);
}

int record_write(void) {
    static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;
    if (!record_enabled) {
        return 0;
    }
    pthread_mutex_lock(&write_lock);
    size_t len = 0;
    char *text = record_render(&len);
    int rc = -1;
    if (text == NULL) {
        agent_log("out of memory while rendering the recording; none written (lower OMPD_EXPLORER_RECORD_MAX)");
    } else {
        if (agent_cfg.compress) {
            size_t packed_len = 0;
            char *packed = gzip_compress(text, len, &packed_len);
            if (packed != NULL) {
                free(text);
                text = packed;
                len = packed_len;
            }
        }
        char name[OUTPUT_NAME_MAX + 1], tmp[OUTPUT_TMP_MAX];
        record_file_name(name, sizeof name);
        snprintf(tmp, sizeof tmp, ".ompd-explorer-%d-recording", (int)getpid());
        rc = output_write(agent_cfg.dir, name, tmp, text, len);
        if (rc == 0 && agent_cfg.verbose) {
            agent_log("wrote %s/%s", agent_cfg.dir, name);
        }
        free(text);
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
