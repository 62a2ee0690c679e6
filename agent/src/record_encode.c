/* One recorded event as its NDJSON line (docs/recording-format.md, "Events"): appends into a buffer known to be big
 * enough, without format parsing or a bound check per byte — a recording has millions of lines. */
#include "record_store.h"
#include "agent.h"
#include "render.h"

#include <string.h>

/* Appends the string literal s (its length known at compile time). */
#define LIT(p, s) (memcpy((p), (s), sizeof(s) - 1), (p) += sizeof(s) - 1)

static const char DIGIT_PAIRS[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                     "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                     "8081828384858687888990919293949596979899";

static char *put_u(char *p, uint64_t v) {
    char d[20];
    char *e = d + sizeof d, *s = e;
    while (v >= 100) {
        s -= 2;
        memcpy(s, DIGIT_PAIRS + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        s -= 2;
        memcpy(s, DIGIT_PAIRS + 2 * v, 2);
    } else {
        *--s = (char)('0' + v);
    }
    memcpy(p, s, (size_t)(e - s));
    return p + (e - s);
}

static char *put_i(char *p, int64_t v) {
    if (v < 0) {
        *p++ = '-';
        return put_u(p, (uint64_t)0 - (uint64_t)v);
    }
    return put_u(p, (uint64_t)v);
}

/* "0x…" in lowercase hex, quoted. */
static char *put_hex(char *p, uint64_t v) {
    static const char HEX[] = "0123456789abcdef";
    int digits = v == 0 ? 1 : (64 - __builtin_clzll(v) + 3) / 4;
    LIT(p, "\"0x");
    for (int k = digits - 1; k >= 0; k--) {
        *p++ = HEX[(v >> (4 * k)) & 15];
    }
    *p++ = '"';
    return p;
}

static char *put_s(char *p, const char *s) {
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
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

/* ompt_task_flag_t's bits by their OMPT names. */
static const struct { uint32_t bit; const char *name; } FLAGS[] = {
    {ompt_task_initial, "initial"}, {ompt_task_implicit, "implicit"}, {ompt_task_explicit, "explicit"},
    {ompt_task_target, "target"}, {ompt_task_taskwait, "taskwait"}, {ompt_task_undeferred, "undeferred"},
    {ompt_task_untied, "untied"}, {ompt_task_final, "final"}, {ompt_task_mergeable, "mergeable"},
    {ompt_task_merged, "merged"},
};

/* Each kind's name with the quotes and comma around it: `,"e":"<name>"`. */
static const char *const KIND_FIELDS[RE_KIND_COUNT] = {
    [RE_THREAD_BEGIN] = ",\"e\":\"thread-begin\"", [RE_THREAD_END] = ",\"e\":\"thread-end\"",
    [RE_PARALLEL_BEGIN] = ",\"e\":\"parallel-begin\"", [RE_PARALLEL_END] = ",\"e\":\"parallel-end\"",
    [RE_IMPLICIT_BEGIN] = ",\"e\":\"implicit-begin\"", [RE_IMPLICIT_END] = ",\"e\":\"implicit-end\"",
    [RE_TASK_CREATE] = ",\"e\":\"task-create\"", [RE_DEPENDENCE] = ",\"e\":\"task-deps\"",
    [RE_TASK_DEP] = ",\"e\":\"task-dep\"", [RE_SCHEDULE] = ",\"e\":\"schedule\"",
    [RE_SYNC_BEGIN] = ",\"e\":\"sync-begin\"", [RE_SYNC_END] = ",\"e\":\"sync-end\"",
    [RE_WAIT_BEGIN] = ",\"e\":\"wait-begin\"", [RE_WAIT_END] = ",\"e\":\"wait-end\"",
    [RE_TARGET_BEGIN] = ",\"e\":\"target-begin\"", [RE_TARGET_END] = ",\"e\":\"target-end\"",
};

/* The widest dependence written: {"addr":"0x" 16 digits ","type":"…"} with a name of at most 24 bytes. */
#define DEP_MAX 64

static char *put_dep(char *p, const record_event *d, int first) {
    char unknown[24];
    p = first ? (LIT(p, "{\"addr\":"), p) : (LIT(p, ",{\"addr\":"), p);
    p = put_hex(p, d->b);
    LIT(p, ",\"type\":\"");
    p = put_s(p, dependence_name(d->x, unknown, sizeof unknown)); /* the snapshots' names */
    LIT(p, "\"}");
    return p;
}

/* The dependences of task that follow in c's buffer, as many as the line (ending at end) holds. */
static char *put_deps(char *p, const char *end, record_cursor *c, uint64_t task, int first) {
    while (c->i < c->n && record_at(c, c->i)->kind == RE_DEPENDENCE && record_at(c, c->i)->a == task
           && p + DEP_MAX + 8 < end) {
        p = put_dep(p, record_at(c, c->i++), first);
        first = 0;
    }
    return p;
}

static char *put_flags(char *p, uint32_t x) {
    LIT(p, ",\"flags\":[");
    int first = 1;
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
        if (x & FLAGS[i].bit) {
            if (!first) {
                *p++ = ',';
            }
            *p++ = '"';
            p = put_s(p, FLAGS[i].name);
            *p++ = '"';
            first = 0;
        }
    }
    *p++ = ']';
    return p;
}

size_t record_encode(char *out, record_cursor *c) {
    char *p = out;
    const char *end = out + RECORD_LINE_MAX;
    char name[24]; /* an unknown value's name, kind-N or type-N */
    const record_event *e = record_at(c, c->i++);
    LIT(p, "{\"t\":");
    p = put_u(p, record_rel(e->t));
    LIT(p, ",\"th\":");
    p = put_u(p, c->b->thread);
    p = put_s(p, e->kind < RE_KIND_COUNT && KIND_FIELDS[e->kind] != NULL ? KIND_FIELDS[e->kind]
                                                                        : ",\"e\":\"unknown\"");
    switch (e->kind) {
    case RE_THREAD_BEGIN:
        LIT(p, ",\"kind\":\"");
        p = put_s(p, thread_kind_name((int)e->x)); /* the snapshots' names */
        *p++ = '"';
        break;
    case RE_PARALLEL_BEGIN:
        LIT(p, ",\"region\":");
        p = put_u(p, e->a);
        LIT(p, ",\"task\":");
        p = put_u(p, e->b);
        LIT(p, ",\"requested\":");
        p = put_u(p, e->x);
        LIT(p, ",\"site\":");
        p = put_hex(p, e->site);
        break;
    case RE_PARALLEL_END:
        LIT(p, ",\"region\":");
        p = put_u(p, e->a);
        break;
    case RE_IMPLICIT_BEGIN:
        LIT(p, ",\"task\":");
        p = put_u(p, e->a);
        LIT(p, ",\"region\":");
        p = put_u(p, e->b);
        LIT(p, ",\"num\":");
        p = put_u(p, e->x);
        LIT(p, ",\"size\":");
        p = put_u(p, e->c);
        if (e->y) {
            LIT(p, ",\"initial\":true");
        }
        break;
    case RE_IMPLICIT_END:
        LIT(p, ",\"task\":");
        p = put_u(p, e->a);
        break;
    case RE_TASK_CREATE:
        LIT(p, ",\"task\":");
        p = put_u(p, e->a);
        LIT(p, ",\"gen\":");
        p = put_u(p, e->b);
        LIT(p, ",\"site\":");
        p = put_hex(p, e->site);
        p = put_flags(p, e->x);
        LIT(p, ",\"deps\":[");
        p = put_deps(p, end, c, e->a, 1);
        *p++ = ']';
        break;
    case RE_DEPENDENCE: /* dependences whose task-create line is full or not right before them */
        LIT(p, ",\"task\":");
        p = put_u(p, e->a);
        LIT(p, ",\"deps\":[");
        p = put_dep(p, e, 1);
        p = put_deps(p, end, c, e->a, 0);
        *p++ = ']';
        break;
    case RE_TASK_DEP:
        LIT(p, ",\"from\":");
        p = put_u(p, e->a);
        LIT(p, ",\"to\":");
        p = put_u(p, e->b);
        break;
    case RE_SCHEDULE:
        LIT(p, ",\"prior\":");
        p = put_u(p, e->a);
        LIT(p, ",\"status\":\"");
        p = put_s(p, status_name(e->x));
        LIT(p, "\",\"next\":");
        p = put_u(p, e->b);
        break;
    case RE_SYNC_BEGIN:
    case RE_SYNC_END:
    case RE_WAIT_BEGIN:
    case RE_WAIT_END:
        LIT(p, ",\"kind\":\"");
        p = put_s(p, sync_region_name((int)e->x, name, sizeof name)); /* the snapshots' names */
        LIT(p, "\",\"task\":");
        p = put_u(p, e->a);
        if (e->kind == RE_SYNC_BEGIN || e->kind == RE_SYNC_END) {
            LIT(p, ",\"site\":");
            p = put_hex(p, e->site);
        }
        break;
    case RE_TARGET_BEGIN:
    case RE_TARGET_END:
        LIT(p, ",\"target\":");
        p = put_u(p, e->a);
        LIT(p, ",\"device\":");
        p = put_i(p, (int64_t)e->b);
        LIT(p, ",\"kind\":\"");
        p = put_s(p, target_name(e->x));
        LIT(p, "\",\"task\":");
        p = put_u(p, e->c);
        LIT(p, ",\"site\":");
        p = put_hex(p, e->site);
        break;
    default: break;
    }
    LIT(p, "}\n");
    return (size_t)(p - out);
}
