/* Renders a stopped-world copy as a snapshot in format v1 (docs/snapshot-format.md) and writes the file.
 *
 * Runs after the threads were released, so it may allocate, call dladdr and do IO. Every link it writes
 * names an entity present in the same file; a link whose target is gone is left out, and view.c has
 * broken any cycle. */
#include "json.h"
#include "symbols.h"
#include "view.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum { ICV_TEAM_SIZE = 1, ICV_LEVELS = 2, ICV_ACTIVE_LEVELS = 3, ICV_THREAD_NUM = 4 };

static const struct { int id; const char *name; const char *scope; } ICVS[] = {
    {ICV_TEAM_SIZE, "team-size-var", "parallel"},
    {ICV_LEVELS, "levels-var", "parallel"},
    {ICV_ACTIVE_LEVELS, "active-levels-var", "parallel"},
    {ICV_THREAD_NUM, "thread-num-var", "task"},
};

static const char *const FUNCTION_DETAIL = "OMPT does not report a task's entry function";

/* ---- names ---- */

static const char *name_of_state(int value, char *buf, size_t n) {
    for (int i = 0; i < agent_state_count; i++) {
        if (agent_states[i].value == value) {
            return agent_states[i].name;
        }
    }
#define STATE_CASE(name, v)                                                                                     \
    if (value == (v)) {                                                                                         \
        return #name;                                                                                           \
    }
    FOREACH_OMPT_STATE(STATE_CASE)
#undef STATE_CASE
    snprintf(buf, n, "state-0x%x", (unsigned)value);
    return buf;
}

static const char *lifecycle_name(int lc) {
    switch (lc) {
    case LC_QUEUED: return "queued";
    case LC_RUNNING: return "running";
    case LC_SUSPENDED: return "suspended";
    case LC_COMPLETED: return "completed";
    default: return NULL;
    }
}

static const char *task_kind_name(int k) {
    switch (k) {
    case TK_IMPLICIT: return "implicit";
    case TK_INITIAL: return "initial";
    case TK_TARGET: return "target";
    default: return "explicit";
    }
}

static const char *thread_kind_name(int k) {
    switch (k) {
    case ompt_thread_initial: return "initial";
    case ompt_thread_worker: return "worker";
    case ompt_thread_other: return "other";
    default: return "unknown";
    }
}

static const char *dependence_name(uint32_t t, char *buf, size_t n) {
    switch (t) {
    case ompt_dependence_type_in: return "in";
    case ompt_dependence_type_out: return "out";
    case ompt_dependence_type_inout: return "inout";
    case ompt_dependence_type_mutexinoutset: return "mutexinoutset";
    case ompt_dependence_type_source: return "source";
    case ompt_dependence_type_sink: return "sink";
    case ompt_dependence_type_inoutset: return "inoutset";
    case ompt_dependence_type_out_all_memory: return "out_all_memory";
    case ompt_dependence_type_inout_all_memory: return "inout_all_memory";
    default: snprintf(buf, n, "type-%u", t); return buf;
    }
}

/* ---- JSON pieces ---- */

static void write_unavailable(json *j, const char *rc, const char *detail) {
    json_begin_object(j);
    json_key(j, "unavailable");
    json_string(j, rc);
    if (detail != NULL) {
        json_key(j, "detail");
        json_string(j, detail);
    }
    json_end_object(j);
}

static void write_tool_data(json *j, uint64_t value) {
    json_begin_object(j);
    json_key(j, "value");
    json_uint(j, value);
    json_key(j, "ptr");
    json_hex(j, value);
    json_end_object(j);
}

static void write_code(json *j, const void *codeptr) {
    uint64_t addr = (uint64_t)(uintptr_t)codeptr;
    char name[256];
    json_begin_object(j);
    json_key(j, "address");
    json_hex(j, addr);
    if (symbolize(addr, name, sizeof name)) {
        json_key(j, "symbol");
        json_string(j, name);
    }
    json_end_object(j);
}

static void write_icv(json *j, int icv, int64_t value) {
    json_begin_object(j);
    json_key(j, "icv");
    json_int(j, icv);
    json_key(j, "value");
    json_int(j, value);
    json_end_object(j);
}

static void write_frame(json *j, uint64_t address, int flags) {
    json_begin_object(j);
    json_key(j, "address");
    json_hex(j, address);
    json_key(j, "flags");
    json_int(j, flags);
    json_end_object(j);
}

static void write_capture(json *j, const world_copy *w, const char *label) {
    char program[4096];
    ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
    program[n > 0 ? n : 0] = '\0';
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    struct tm tm;
    time_t secs = (time_t)w->time_sec;
    gmtime_r(&secs, &tm);
    char when[64];
    size_t k = strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(when + k, sizeof when - k, ".%03dZ", (int)(w->time_nsec / 1000000));

    char description[4096];
    size_t d = (size_t)snprintf(description, sizeof description, "%s", agent_cfg.description);
    if (w->untracked_tasks > 0 && d < sizeof description) {
        d += (size_t)snprintf(description + d, sizeof description - d,
                              "%s[agent: %zu tasks were created while the record ring was full and are not shown; "
                              "raise OMPD_EXPLORER_MAX_TASKS]", d > 0 ? " " : "", w->untracked_tasks);
    }
    if (w->truncated > 0 && d < sizeof description) {
        snprintf(description + d, sizeof description - d, "%s[agent: %zu records did not fit the copy]",
                 d > 0 ? " " : "", w->truncated);
    }

    json_newline(j);
    json_key(j, "capture");
    json_begin_object(j);
    json_key(j, "source");
    json_string(j, "ompt-agent");
    json_key(j, "program");
    json_string(j, program);
    json_key(j, "pid");
    json_int(j, getpid());
    json_key(j, "host");
    json_string(j, host);
    json_key(j, "time");
    json_string(j, when);
    json_key(j, "label");
    json_string(j, label);
    if (description[0] != '\0') {
        json_key(j, "description");
        json_string(j, description);
    }
    json_key(j, "producer");
    json_string(j, AGENT_NAME " " AGENT_VERSION);
    json_end_object(j);
}

static void write_runtime(json *j) {
    json_newline(j);
    json_key(j, "runtime");
    json_begin_object(j);
    json_key(j, "ompVersion");
    json_uint(j, agent_omp_version);
    json_key(j, "ompVersionString");
    json_string(j, agent_runtime_version);
    json_key(j, "ompdApiVersion");
    write_unavailable(j, "unsupported", "captured through OMPT; OMPD was not used");
    json_key(j, "ompdVersionString");
    write_unavailable(j, "unsupported", "captured through OMPT; OMPD was not used");
    json_end_object(j);
}

static void write_catalogues(json *j) {
    char buf[32];
    json_newline(j);
    json_key(j, "addressSpaces");
    json_begin_array(j);
    json_begin_object(j);
    json_key(j, "id");
    json_int(j, 0);
    json_end_object(j);
    json_end_array(j);

    json_newline(j);
    json_key(j, "states");
    json_begin_array(j);
    for (int i = 0; i < agent_state_count; i++) {
        json_newline(j);
        json_begin_object(j);
        json_key(j, "value");
        json_int(j, agent_states[i].value);
        json_key(j, "name");
        json_string(j, name_of_state(agent_states[i].value, buf, sizeof buf));
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);

    json_newline(j);
    json_key(j, "icvs");
    json_begin_array(j);
    for (size_t i = 0; i < sizeof ICVS / sizeof ICVS[0]; i++) {
        json_newline(j);
        json_begin_object(j);
        json_key(j, "id");
        json_int(j, ICVS[i].id);
        json_key(j, "name");
        json_string(j, ICVS[i].name);
        json_key(j, "scope");
        json_string(j, ICVS[i].scope);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);

    json_newline(j);
    json_key(j, "displayControlVars");
    json_begin_array(j);
    for (char **e = environ; e != NULL && *e != NULL; e++) {
        if (strncmp(*e, "OMP_", 4) == 0 || strncmp(*e, "KMP_", 4) == 0) {
            json_newline(j);
            json_string(j, *e);
        }
    }
    json_break(j);
    json_end_array(j);
}

/* Why a thread has no state, with what its last sync_region events said. */
static const char *not_stopped_detail(const copy_thread *th, char *buf, size_t n) {
    static const char *const KINDS[] = {
        [ompt_sync_region_barrier] = "a barrier", [ompt_sync_region_barrier_implicit] = "an implicit barrier",
        [ompt_sync_region_barrier_explicit] = "an explicit barrier",
        [ompt_sync_region_barrier_implementation] = "a barrier", [ompt_sync_region_taskwait] = "a taskwait",
        [ompt_sync_region_taskgroup] = "a taskgroup", [ompt_sync_region_reduction] = "a reduction",
        [ompt_sync_region_barrier_implicit_workshare] = "an implicit barrier",
        [ompt_sync_region_barrier_implicit_parallel] = "an implicit barrier",
        [ompt_sync_region_barrier_teams] = "a teams barrier",
    };
    const char *kind = th->sync_kind > 0 && (size_t)th->sync_kind < sizeof KINDS / sizeof KINDS[0]
                           ? KINDS[th->sync_kind] : NULL;
    if (kind == NULL) {
        return "the thread did not stop for the snapshot";
    }
    snprintf(buf, n, "the thread did not stop for the snapshot; it was last %s %s",
             th->sync_waiting ? "waiting in" : "in", kind);
    return buf;
}

static void write_threads(json *j, const render *r) {
    const world_copy *w = r->w;
    char buf[128];
    json_newline(j);
    json_key(j, "threads");
    json_begin_array(j);
    for (size_t i = 0; i < w->nthreads; i++) {
        const copy_thread *th = &w->threads[i];
        json_newline(j);
        json_begin_object(j);
        json_key(j, "id");
        json_uint(j, th->ordinal);
        json_key(j, "addressSpace");
        json_int(j, 0);
        json_key(j, "osIds");
        json_begin_object(j);
        json_key(j, "pthread");
        json_hex(j, th->pthread);
        json_key(j, "lwp");
        json_int(j, th->lwp);
        json_end_object(j);
        json_key(j, "kind");
        json_string(j, thread_kind_name(th->kind));
        uint64_t current = 0;
        uint64_t region = 0;
        if (th->acked) {
            json_key(j, "state");
            json_begin_object(j);
            json_key(j, "value");
            json_int(j, th->probe.state);
            json_key(j, "name");
            json_string(j, name_of_state(th->probe.state, buf, sizeof buf));
            json_end_object(j);
            json_key(j, "waitId");
            json_hex(j, th->probe.wait_id);
            if (th->probe.task_levels > 0) {
                current = th->probe.tasks[0].task;
            }
            if (th->probe.region_levels > 0) {
                region = th->probe.regions[0].region;
            }
        } else {
            json_key(j, "state");
            write_unavailable(j, "unavailable", not_stopped_detail(th, buf, sizeof buf));
            current = th->current_task;
        }
        if (current != 0 && !(current & UNTRACKED_BIT) && find_task(w, current) != NOT_FOUND) {
            json_key(j, "currentTask");
            json_uint(j, current);
        }
        if (region != 0 && !(region & UNTRACKED_BIT) && find_region(w, region) != NOT_FOUND) {
            json_key(j, "currentRegion");
            json_uint(j, region);
        }
        json_key(j, "toolData");
        write_tool_data(j, th->acked && th->probe.thread_value != 0 ? th->probe.thread_value : th->ordinal);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

static void write_regions(json *j, const render *r) {
    const world_copy *w = r->w;
    json_newline(j);
    json_key(j, "parallelRegions");
    json_begin_array(j);
    for (size_t i = 0; i < w->nregions; i++) {
        const region_rec *reg = &w->regions[i];
        uint32_t team = atomic_load(&reg->team_size);
        int32_t active = reg->enclosing_active + (team > 1 ? 1 : 0);
        json_newline(j);
        json_begin_object(j);
        json_key(j, "id");
        json_uint(j, reg->h.number);
        json_key(j, "addressSpace");
        json_int(j, 0);
        if (find_region(w, reg->enclosing) != NOT_FOUND) {
            json_key(j, "enclosingRegion");
            json_uint(j, reg->enclosing);
        }
        if (team > 0) {
            json_key(j, "teamSize");
            json_uint(j, team);
        }
        json_key(j, "level");
        json_int(j, reg->level);
        if (team > 0) {
            json_key(j, "activeLevel");
            json_int(j, active);
        }
        json_key(j, "members");
        json_begin_array(j);
        if (r->member_start != NULL) {
            for (size_t m = r->member_start[i]; m < r->member_start[i + 1]; m++) {
                const member *mb = &r->members[m];
                const task_rec *t = &w->tasks[mb->task].rec;
                json_begin_object(j);
                json_key(j, "threadNum");
                json_int(j, mb->thread_num);
                uint64_t thread = r->views[mb->task].thread;
                if (has_thread(w, thread)) {
                    json_key(j, "thread");
                    json_uint(j, thread);
                }
                json_key(j, "implicitTask");
                json_uint(j, t->h.number);
                json_end_object(j);
            }
        }
        json_end_array(j);
        if (find_task(w, reg->encountering) != NOT_FOUND) {
            json_key(j, "encounteringTask");
            json_uint(j, reg->encountering);
        }
        if (reg->codeptr != NULL) {
            json_key(j, "creationSite");
            write_code(j, reg->codeptr);
        }
        json_key(j, "toolData");
        write_tool_data(j, reg->h.number);
        json_key(j, "icvs");
        json_begin_array(j);
        if (team > 0) {
            write_icv(j, ICV_TEAM_SIZE, team);
        }
        write_icv(j, ICV_LEVELS, reg->level);
        if (team > 0) {
            write_icv(j, ICV_ACTIVE_LEVELS, active);
        }
        json_end_array(j);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

static void write_flags(json *j, const task_rec *t) {
    static const struct { uint32_t bit; const char *name; } FLAGS[] = {
        {ompt_task_undeferred, "undeferred"}, {ompt_task_untied, "untied"}, {ompt_task_final, "final"},
        {ompt_task_mergeable, "mergeable"}, {ompt_task_merged, "merged"}, {ompt_task_taskwait, "taskwait"},
    };
    json_begin_array(j);
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
        if (t->flags & FLAGS[i].bit) {
            json_string(j, FLAGS[i].name);
        }
    }
    if (t->included) {
        json_string(j, "included");
    }
    json_end_array(j);
}

static void write_tasks(json *j, const render *r) {
    const world_copy *w = r->w;
    char buf[32];
    json_newline(j);
    json_key(j, "tasks");
    json_begin_array(j);
    for (size_t i = 0; i < w->ntasks; i++) {
        const copy_task *c = &w->tasks[i];
        const task_rec *t = &c->rec;
        const task_view *v = &r->views[i];
        uint64_t number = t->h.number;
        json_newline(j);
        json_begin_object(j);
        json_key(j, "id");
        json_uint(j, number);
        json_key(j, "kind");
        json_string(j, task_kind_name(t->kind));
        if (t->generating != number && find_task(w, t->generating) != NOT_FOUND) {
            json_key(j, "generatingTask");
            json_uint(j, t->generating);
        }
        if (v->scheduling != number && find_task(w, v->scheduling) != NOT_FOUND) {
            json_key(j, "schedulingTask");
            json_uint(j, v->scheduling);
        }
        size_t reg = find_region(w, t->region);
        if (reg != NOT_FOUND) {
            json_key(j, "parallelRegion");
            json_uint(j, t->region);
        }
        if (has_thread(w, v->thread)) {
            json_key(j, "thread");
            json_uint(j, v->thread);
        }
        int implicit = t->kind == TK_IMPLICIT || t->kind == TK_INITIAL;
        int thread_num_ok = implicit && t->thread_num >= 0 && (reg == NOT_FOUND || v->member);
        if (thread_num_ok) {
            json_key(j, "threadNum");
            json_int(j, t->thread_num);
        }
        json_key(j, "function");
        write_unavailable(j, "unsupported", FUNCTION_DETAIL);
        if (t->codeptr != NULL) {
            json_key(j, "creationSite");
            write_code(j, t->codeptr);
        }
        json_key(j, "frames");
        if (v->has_frame) {
            json_begin_object(j);
            json_key(j, "exit");
            write_frame(j, v->frame->exit_frame, v->frame->exit_flags);
            json_key(j, "enter");
            write_frame(j, v->frame->enter_frame, v->frame->enter_flags);
            json_end_object(j);
        } else if (v->lifecycle == LC_QUEUED) {
            write_unavailable(j, "unavailable", "not started yet");
        } else if (v->lifecycle == LC_COMPLETED) {
            write_unavailable(j, "unavailable", "completed");
        } else {
            write_unavailable(j, "unavailable", "not on the task stack of a stopped thread");
        }
        json_key(j, "toolData");
        write_tool_data(j, number);
        json_key(j, "icvs");
        json_begin_array(j);
        if (thread_num_ok) {
            write_icv(j, ICV_THREAD_NUM, t->thread_num);
        }
        json_end_array(j);
        const char *lc = lifecycle_name(v->lifecycle);
        if (lc != NULL) {
            json_key(j, "lifecycle");
            json_string(j, lc);
        }
        json_key(j, "flags");
        write_flags(j, t);
        if (c->dep_n > 0) {
            json_key(j, "dependences");
            json_begin_array(j);
            for (uint32_t k = 0; k < c->dep_n; k++) {
                const struct dep_entry *d = &w->deps[c->dep_off + k];
                json_begin_object(j);
                json_key(j, "type");
                json_string(j, dependence_name(d->type, buf, sizeof buf));
                json_key(j, "address");
                json_hex(j, d->address);
                json_end_object(j);
            }
            json_end_array(j);
        }
        if (c->edge_n > 0 && v->lifecycle == LC_QUEUED) {
            json_key(j, "dependsOn");
            json_begin_array(j);
            for (uint32_t k = 0; k < c->edge_n; k++) {
                uint64_t src = w->edges[c->edge_off + k];
                if (src != number && find_task(w, src) != NOT_FOUND) {
                    json_uint(j, src);
                }
            }
            json_end_array(j);
        }
        json_key(j, "creationOrder");
        json_uint(j, number);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

char *snapshot_render(world_copy *w, const char *label, size_t *len) {
    render r;
    if (render_prepare(&r, w) != 0) {
        return NULL;
    }

    json j;
    json_init(&j);
    json_begin_object(&j);
    json_key(&j, "format");
    json_string(&j, "ompd-explorer-snapshot");
    json_key(&j, "version");
    json_string(&j, "1.0");
    write_capture(&j, w, label);
    write_runtime(&j);
    write_catalogues(&j);
    write_threads(&j, &r);
    write_regions(&j, &r);
    write_tasks(&j, &r);
    json_break(&j);
    json_end_object(&j);
    json_raw(&j, "\n", 1);

    render_free(&r);
    if (j.failed) {
        json_free(&j);
        return NULL;
    }
    *len = j.len;
    return j.data;
}

/* Keeps [A-Za-z0-9._-] of a label for the file name; the rest becomes '-'. */
void label_for_file(const char *label, char *out, size_t n) {
    size_t k = 0;
    for (const char *p = label; *p != '\0' && k + 1 < n && k < 48; p++) {
        char c = *p;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                 || c == '_' || c == '-';
        if (!ok) {
            c = '-';
        }
        if (c == '-' && k > 0 && out[k - 1] == '-') {
            continue;
        }
        if (k == 0 && c == '.') {
            c = '_';
        }
        out[k++] = c;
    }
    while (k > 0 && out[k - 1] == '-') {
        k--;
    }
    if (k == 0) {
        snprintf(out, n, "snapshot");
        return;
    }
    out[k] = '\0';
}

static int write_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

int snapshot_write(world_copy *w, const char *label, unsigned seq) {
    static _Atomic int write_failure_reported;
    size_t len = 0;
    char *text = snapshot_render(w, label, &len);
    if (text == NULL) {
        agent_log("out of memory while rendering snapshot %u; none written", seq);
        return -1;
    }
    char safe[64], path[4400], tmp[4400];
    label_for_file(label, safe, sizeof safe);
    snprintf(path, sizeof path, "%s/ompd-explorer-%d-%u-%s.json", agent_cfg.dir, (int)getpid(), seq, safe);
    snprintf(tmp, sizeof tmp, "%s/.ompd-explorer-%d-%u.json.tmp", agent_cfg.dir, (int)getpid(), seq);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int rc = -1;
    if (fd >= 0) {
        rc = write_all(fd, text, len);
        if (close(fd) != 0) {
            rc = -1;
        }
        if (rc == 0) {
            rc = rename(tmp, path);
        }
        if (rc != 0) {
            int saved = errno;
            unlink(tmp);
            errno = saved;
        }
    }
    if (rc != 0) {
        if (!atomic_exchange(&write_failure_reported, 1)) {
            agent_log("cannot write snapshot %s: %s; the program continues (set OMPD_EXPLORER_DIR to a writable "
                      "directory)", path, strerror(errno));
        }
    } else if (agent_cfg.verbose) {
        agent_log("wrote %s (%zu threads, %zu regions, %zu tasks; threads stopped for %.2f ms)", path, w->nthreads,
                  w->nregions, w->ntasks, (double)w->stopped_ns / 1e6);
    }
    free(text);
    return rc;
}
