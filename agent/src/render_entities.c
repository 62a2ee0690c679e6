/* Threads, parallel regions and tasks of a stopped-world copy. Every link written names an entity present
 * in the same file; a link whose target is gone is left out, and view.c has broken any cycle. */
#include "render.h"
#include "sites.h"
#include "symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const FUNCTION_DETAIL = "OMPT does not report a task's entry function";
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

/* A stopped thread's state: what it reported, except that libomp 19 leaves a thread whose current task waits in a
 * taskwait or taskgroup in a work state, where OpenMP says it waits (ompt_state_wait_taskwait/_taskgroup). */
static int thread_state(const world_copy *w, const copy_thread *th, uint64_t current) {
    int state = th->probe.state;
    size_t idx = find_task(w, current);
    if ((state == ompt_state_work_serial || state == ompt_state_work_parallel) && idx != NOT_FOUND) {
        switch (atomic_load(&w->tasks[idx].rec.waiting)) {
        case ompt_sync_region_taskwait: return ompt_state_wait_taskwait;
        case ompt_sync_region_taskgroup: return ompt_state_wait_taskgroup;
        default: break;
        }
    }
    return state;
}

/* A stopped thread's call stack (format 1.3): raw frames, innermost first, each with its pc, its CFA when known, its
 * module's index in "modules"; the innermost an activation when a signal interrupted it there. */
static void write_stack(json *j, const render *r, const thread_stack *st) {
    json_key(j, "stack");
    json_begin_object(j);
    json_key(j, "frames");
    json_begin_array(j);
    for (uint32_t k = 0; k < st->n; k++) {
        const stack_frame *f = &st->frames[k];
        json_begin_object(j);
        json_key(j, "pc");
        json_hex(j, f->pc);
        if (f->cfa != 0) {
            json_key(j, "cfa");
            json_hex(j, f->cfa);
        }
        if (k == 0 && st->activation) {
            json_key(j, "activation");
            json_bool(j, 1);
        }
        int module = module_index(r, f->pc);
        if (module >= 0) {
            json_key(j, "module");
            json_int(j, module);
        }
        json_end_object(j);
    }
    json_end_array(j);
    const char *partial = stack_partial_text(st->partial);
    if (partial != NULL) {
        json_key(j, "partial");
        json_string(j, partial);
    }
    json_end_object(j);
}

/* The innermost sync region a stopped thread is inside (format 1.4): its kind and the construct's code address. */
static void write_sync_region(json *j, const copy_thread *th) {
    char buf[32];
    json_key(j, "syncRegion");
    json_begin_object(j);
    json_key(j, "kind");
    json_string(j, sync_region_name(th->sync_kind, buf, sizeof buf));
    if (th->sync_site != NULL) {
        json_key(j, "site");
        write_code(j, th->sync_site);
    }
    json_end_object(j);
}

void write_threads(json *j, const render *r) {
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
        int working = 0;
        if (th->acked) {
            current = r->current[i];
            int state = thread_state(w, th, current);
            working = state >= ompt_state_work_serial && state <= ompt_state_work_reduction;
            json_key(j, "state");
            json_begin_object(j);
            json_key(j, "value");
            json_int(j, state);
            json_key(j, "name");
            json_string(j, name_of_state(state, buf, sizeof buf));
            json_end_object(j);
            json_key(j, "waitId");
            json_hex(j, th->probe.wait_id);
            if (th->probe.region_levels > 0) {
                region = th->probe.regions[0].region;
            }
        } else {
            json_key(j, "state");
            write_unavailable(j, "unavailable", not_stopped_detail(th, buf, sizeof buf));
            current = r->current[i];
        }
        if (current != 0 && !(current & UNTRACKED_BIT) && find_task(w, current) != NOT_FOUND) {
            json_key(j, "currentTask");
            json_uint(j, current);
        } else if (th->acked && r->switching[i] != SWITCH_NONE) {
            /* stopped in the middle of a task switch: it runs a task, which one is not known */
            json_key(j, "currentTask");
            write_unavailable(j, "unavailable", switching_detail(r->switching[i]));
        } else if (th->acked && working) {
            /* A thread at work names no task the agent holds: stopped between the runtime's switch and the callback
             * that reports it, with its pc in code the agent's check cannot place (libc called from the callback).
             * It runs a task; which one is not known. */
            json_key(j, "currentTask");
            write_unavailable(j, "unavailable", switching_detail(SWITCH_UNANNOUNCED));
        }
        if (region != 0 && !(region & UNTRACKED_BIT) && find_region(w, region) != NOT_FOUND) {
            json_key(j, "currentRegion");
            json_uint(j, region);
        }
        if (th->acked && th->sync_kind > 0) {
            write_sync_region(j, th);
        }
        json_key(j, "toolData");
        write_tool_data(j, th->acked && th->probe.thread_value != 0 ? th->probe.thread_value : th->ordinal);
        if (th->acked && th->stack.n > 0) {
            write_stack(j, r, &th->stack);
        }
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);
}

void write_regions(json *j, const render *r) {
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

void write_tasks(json *j, const render *r) {
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
        /* Only a task a thread holds names it: one running or suspended on its stack. */
        if ((v->lifecycle == LC_RUNNING || v->lifecycle == LC_SUSPENDED) && has_thread(w, v->thread)) {
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
        if (v->max_active_levels >= 0) {
            write_icv(j, ICV_MAX_ACTIVE_LEVELS, v->max_active_levels);
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
