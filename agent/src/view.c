/* The renderer's model of a stopped-world copy: see view.h. */
#include "view.h"

#include <stdlib.h>
#include <stddef.h>
#include <string.h>

/* ---- lookups in the sorted copy ---- */

static int cmp_task(const void *a, const void *b) {
    uint64_t x = ((const copy_task *)a)->rec.h.number, y = ((const copy_task *)b)->rec.h.number;
    return x < y ? -1 : x > y;
}

static int cmp_region(const void *a, const void *b) {
    uint64_t x = ((const region_rec *)a)->h.number, y = ((const region_rec *)b)->h.number;
    return x < y ? -1 : x > y;
}

static int cmp_thread(const void *a, const void *b) {
    uint64_t x = ((const copy_thread *)a)->ordinal, y = ((const copy_thread *)b)->ordinal;
    return x < y ? -1 : x > y;
}

static int cmp_member(const void *a, const void *b) {
    const member *x = a, *y = b;
    if (x->region != y->region) {
        return x->region < y->region ? -1 : 1;
    }
    if (x->thread_num != y->thread_num) {
        return x->thread_num < y->thread_num ? -1 : 1;
    }
    return x->task < y->task ? -1 : x->task > y->task;
}

/* Binary search for key n in an array sorted by a uint64_t field at key_offset of each stride-byte element.
 * The copies are sorted by number (tasks, regions) or ordinal (threads); 0 is never a key. */
static size_t search_sorted(const void *base, size_t count, size_t stride, size_t key_offset, uint64_t n) {
    size_t lo = 0, hi = count;
    while (n != 0 && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint64_t m;
        memcpy(&m, (const char *)base + mid * stride + key_offset, sizeof m);
        if (m == n) {
            return mid;
        }
        if (m < n) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return NOT_FOUND;
}

size_t find_task(const world_copy *w, uint64_t n) {
    return search_sorted(w->tasks, w->ntasks, sizeof(copy_task), offsetof(copy_task, rec.h.number), n);
}

size_t find_region(const world_copy *w, uint64_t n) {
    return search_sorted(w->regions, w->nregions, sizeof(region_rec), offsetof(region_rec, h.number), n);
}

int has_thread(const world_copy *w, uint64_t ordinal) {
    return search_sorted(w->threads, w->nthreads, sizeof(copy_thread), offsetof(copy_thread, ordinal), ordinal)
           != NOT_FOUND;
}

/* ---- what the stopped threads reported ---- */

const char *switching_detail(int why) {
    switch (why) {
    case SWITCH_IN_AGENT:
        return "stopped inside the capture agent's callback; the thread was switching tasks";
    case SWITCH_UNANNOUNCED:
        return "stopped while the runtime switched the thread to a task it had not reported to the tool yet";
    default:
        return NULL;
    }
}

/* Places on thread th's stack, below `last` (NULL: at its top, running), the task numbered n and each task its
 * scheduling link names, as the events recorded them, as long as the events hold it on this thread. */
static void follow_events(render *r, const copy_thread *th, task_view *last, uint64_t n) {
    size_t idx;
    for (; n != 0 && (idx = find_task(r->w, n)) != NOT_FOUND; n = last->scheduling) {
        task_view *v = &r->views[idx];
        if (v->on_stack || v->thread != th->ordinal || (v->lifecycle != LC_RUNNING && v->lifecycle != LC_SUSPENDED)) {
            break;
        }
        if (last != NULL) {
            last->scheduling = n;
        }
        v->on_stack = 1;
        v->lifecycle = last == NULL ? LC_RUNNING : LC_SUSPENDED;
        last = v;
    }
    if (last != NULL && n != 0 && find_task(r->w, n) != NOT_FOUND) {
        last->scheduling = 0; /* names a task not held here */
    }
}

/* Lays one stopped thread's task stack (ompt_get_task_info levels) over the records: the top task runs, the ones
 * below are suspended on it, each scheduled on the next. The stack continues below an explicit task and below
 * the primary thread's implicit task (which runs on top of the encountering task); a worker's implicit task is
 * its bottom. A top task whose end the runtime already reported is passed over (the thread was stopped while
 * finishing it). libomp 19 names an untied task's continuation, run at once, as its own scheduling parent, at
 * every level below it: from there the stack goes on as the events recorded it. A task already on a stack ends
 * the walk; at the top it leaves the thread's stack unknown (a worker not yet in its team can still name the
 * primary thread's task), and its events then say (apply_event_stack). A thread stopped in the middle of a switch
 * — inside the agent's callback with no record of its top task, or with a top task the runtime has not reported yet
 * (its data still 0) — has a current task that is not known (r->switching says why); the levels below it are laid
 * as usual. Returns whether the stack settled the thread's current task (named it, or found it not known). */
static int apply_stack(render *r, size_t k) {
    world_copy *w = r->w;
    const copy_thread *th = &w->threads[k];
    const probe *p = &th->probe;
    task_view *prev = NULL;       /* the level above, when it has a record */
    uint64_t prev_events = 0;     /* its scheduling link as the events recorded it */
    uint64_t above = 0;           /* the number of the level above, record or not */
    int top = 1;                  /* still looking for the thread's current task */
    for (int level = 0; level < p->task_levels; level++) {
        const probe_task *pt = &p->tasks[level];
        if (level > 0 && pt->task == above) {
            if (prev != NULL) {
                follow_events(r, th, prev, prev_events);
            }
            return !top;
        }
        above = pt->task;
        int untracked = (pt->task & UNTRACKED_BIT) != 0;
        size_t idx = untracked ? NOT_FOUND : find_task(w, pt->task);
        task_view *v = idx != NOT_FOUND ? &r->views[idx] : NULL;
        if (top && !untracked && v == NULL && level == 0 && (p->in_agent || pt->task == 0)) {
            /* The thread is switching to (or from) this task: the runtime already made it current, but the agent
             * keeps no record of it yet (the callback that makes one was interrupted, or not called yet: its data
             * is still 0), or released it in the callback that was interrupted. What it runs is not known; the
             * tasks below it are suspended as usual. */
            r->switching[k] = p->in_agent ? SWITCH_IN_AGENT : SWITCH_UNANNOUNCED;
            top = 0;
        } else if (top && !untracked && (v == NULL || v->lifecycle == LC_COMPLETED)) {
            continue;
        }
        if (v != NULL && (v->on_stack || v->lifecycle == LC_COMPLETED)) {
            return !top;
        }
        if (top) {
            r->current[k] = untracked ? 0 : pt->task;
            top = 0;
        }
        if (prev != NULL) {
            prev->scheduling = pt->task; /* left out when rendered if the task has no record */
        }
        if (v != NULL) {
            if (!v->has_frame && pt->has_frame && pt->rc == 2) {
                v->has_frame = 1;
                v->frame = pt;
            }
            prev_events = v->scheduling;
            v->on_stack = 1;
            v->lifecycle = r->current[k] == pt->task ? LC_RUNNING : LC_SUSPENDED;
            v->thread = th->ordinal;
            v->scheduling = 0;
        }
        prev = v;
        int explicit_task = (pt->flags & (ompt_task_explicit | ompt_task_target)) != 0; /* a target task too */
        int primary_implicit = (pt->flags & ompt_task_implicit) != 0 && pt->thread_num == 0;
        if (!(explicit_task || primary_implicit)) {
            return !top;
        }
    }
    /* Every level taken and the stack goes on below them: it was cut (a repeat ends the walk before). */
    w->stacks_truncated += p->truncated;
    return !top;
}

/* The stack of a thread whose own stack is not known (it did not stop, or its stack named only finished tasks or
 * another thread's), from its events: the task it last switched to, then each scheduling link as long as it names
 * a task the events hold on this thread. Whatever else the events left on the thread is not on its stack (see
 * apply_probes). */
static void apply_event_stack(render *r, size_t k) {
    const copy_thread *th = &r->w->threads[k];
    size_t idx = find_task(r->w, th->current_task);
    task_view *v = idx != NOT_FOUND ? &r->views[idx] : NULL;
    int ok = v != NULL && !v->on_stack && v->thread == th->ordinal
             && (v->lifecycle == LC_RUNNING || v->lifecycle == LC_SUSPENDED);
    r->current[k] = ok ? th->current_task : 0;
    if (ok) {
        follow_events(r, th, NULL, th->current_task);
    }
}

static void apply_probes(render *r) {
    world_copy *w = r->w;
    for (size_t i = 0; i < w->ntasks; i++) {
        const task_rec *t = &w->tasks[i].rec;
        task_view *v = &r->views[i];
        v->lifecycle = atomic_load(&t->lifecycle);
        v->scheduling = atomic_load(&t->scheduling);
        v->thread = atomic_load(&t->thread);
        v->max_active_levels = -1;
        /* A worker reports the end of its implicit task late (when it is next used, or at shutdown); once the
         * region has ended, its implicit tasks are done. */
        size_t reg = find_region(w, t->region);
        if (t->kind == TK_IMPLICIT && reg != NOT_FOUND && atomic_load(&w->regions[reg].ended)) {
            v->lifecycle = LC_COMPLETED;
        }
    }
    for (size_t k = 0; k < w->nthreads; k++) {
        const copy_thread *th = &w->threads[k];
        if (!th->acked || !apply_stack(r, k)) {
            apply_event_stack(r, k);
        }
        /* The value the thread read belongs to its level-0 task: kept when that is the task it runs. */
        size_t idx = r->current[k] != 0 ? find_task(w, r->current[k]) : NOT_FOUND;
        if (th->acked && idx != NOT_FOUND && th->probe.task_levels > 0 && th->probe.tasks[0].task == r->current[k]) {
            r->views[idx].max_active_levels = th->probe.max_active_levels;
        }
    }
    /* A thread's stack is the truth of what it holds. A task the events last placed on a thread that is not on
     * its stack is held by no thread: an untied task whose part ended waits in a queue for its continuation
     * (suspended, on no thread); for any other task the events and the stack disagree, so what it is now is not
     * known and is not said. */
    for (size_t i = 0; i < w->ntasks; i++) {
        task_view *v = &r->views[i];
        if (v->on_stack || (v->lifecycle != LC_RUNNING && v->lifecycle != LC_SUSPENDED)) {
            continue;
        }
        const task_rec *t = &w->tasks[i].rec;
        v->lifecycle = t->kind == TK_EXPLICIT && (t->flags & ompt_task_untied) ? LC_SUSPENDED : LC_NONE;
        v->thread = 0;
        v->scheduling = 0;
    }
}

/* The encountering task of a target construct in flight that is not deferred (no _nowait kind) waits for it and
 * is suspended on it, whatever its thread's stack says: OMPT has no event for the host thread's wait, and on the
 * host device the kernel runs on that very thread, on top of the task. */
static void apply_target_waits(render *r) {
    const offload_copy *c = &r->w->offload;
    for (size_t i = 0; i < c->nregions; i++) {
        const offload_region *g = &c->regions[i];
        int waits = g->kind == ompt_target || g->kind == ompt_target_enter_data || g->kind == ompt_target_exit_data
                    || g->kind == ompt_target_update;
        if (!g->in_flight || !waits) {
            continue;
        }
        size_t idx = find_task(r->w, g->encountering);
        if (idx != NOT_FOUND && r->views[idx].lifecycle != LC_COMPLETED) {
            r->views[idx].lifecycle = LC_SUSPENDED;
        }
    }
}

/* The link field of entity i, for break_cycles. */
typedef uint64_t *(*link_field)(render *r, size_t i);

static uint64_t *scheduling_of(render *r, size_t i) { return &r->views[i].scheduling; }
static uint64_t *generating_of(render *r, size_t i) { return &r->w->tasks[i].rec.generating; }
static uint64_t *enclosing_of(render *r, size_t i) { return &r->w->regions[i].enclosing; }

/* Drops the link that closes a cycle. A thread may run an older task on top of a newer one, so scheduling
 * links can form one in a copy taken mid-switch; generating and enclosing links cannot (what they name
 * existed first), unless a thread that did not stop changed records during the copy. O(n log n). */
static void break_cycles(render *r, size_t n, link_field link, size_t (*find)(const world_copy *, uint64_t)) {
    uint32_t *walk = calloc(n + 1, sizeof *walk);
    if (walk == NULL) {
        return;
    }
    for (size_t start = 0; start < n; start++) {
        if (walk[start] != 0) {
            continue;
        }
        uint32_t id = (uint32_t)start + 1;
        size_t at = start, prev = NOT_FOUND;
        while (at != NOT_FOUND && walk[at] == 0) {
            walk[at] = id;
            prev = at;
            at = find(r->w, *link(r, at));
        }
        if (at != NOT_FOUND && walk[at] == id && prev != NOT_FOUND) {
            *link(r, prev) = 0;
        }
    }
    free(walk);
}

static void collect_members(render *r) {
    world_copy *w = r->w;
    for (size_t i = 0; i < w->ntasks; i++) {
        const task_rec *t = &w->tasks[i].rec;
        if (t->kind != TK_IMPLICIT && t->kind != TK_INITIAL) {
            continue;
        }
        size_t reg = find_region(w, t->region);
        if (reg == NOT_FOUND) {
            continue;
        }
        uint32_t team = atomic_load(&w->regions[reg].team_size);
        if (t->thread_num < 0 || (team > 0 && (uint32_t)t->thread_num >= team)) {
            continue;
        }
        r->members[r->nmembers++] = (member){reg, i, t->thread_num};
    }
    qsort(r->members, r->nmembers, sizeof *r->members, cmp_member);
    /* One member per thread number: the oldest implicit task holding it. */
    size_t out = 0;
    for (size_t i = 0; i < r->nmembers; i++) {
        if (out > 0 && r->members[out - 1].region == r->members[i].region
            && r->members[out - 1].thread_num == r->members[i].thread_num) {
            continue;
        }
        r->members[out++] = r->members[i];
    }
    r->nmembers = out;
    size_t m = 0;
    for (size_t reg = 0; reg < w->nregions; reg++) {
        r->member_start[reg] = m;
        while (m < r->nmembers && r->members[m].region == reg) {
            m++;
        }
    }
    r->member_start[w->nregions] = m;
    for (size_t i = 0; i < r->nmembers; i++) {
        r->views[r->members[i].task].member = 1;
    }
}

int render_prepare(render *r, world_copy *w) {
    memset(r, 0, sizeof *r);
    r->w = w;
    qsort(w->tasks, w->ntasks, sizeof *w->tasks, cmp_task);
    qsort(w->regions, w->nregions, sizeof *w->regions, cmp_region);
    qsort(w->threads, w->nthreads, sizeof *w->threads, cmp_thread);
    r->views = calloc(w->ntasks + 1, sizeof *r->views);
    r->members = malloc((w->ntasks + 1) * sizeof *r->members);
    r->member_start = calloc(w->nregions + 1, sizeof *r->member_start);
    r->current = calloc(w->nthreads + 1, sizeof *r->current);
    r->switching = calloc(w->nthreads + 1, sizeof *r->switching);
    if (r->views == NULL || r->members == NULL || r->member_start == NULL || r->current == NULL
        || r->switching == NULL) {
        render_free(r);
        return -1;
    }
    apply_probes(r);
    apply_target_waits(r);
    break_cycles(r, w->ntasks, scheduling_of, find_task);
    break_cycles(r, w->ntasks, generating_of, find_task);
    break_cycles(r, w->nregions, enclosing_of, find_region);
    collect_members(r);
    return 0;
}

void render_free(render *r) {
    free(r->views);
    free(r->members);
    free(r->member_start);
    free(r->current);
    free(r->switching);
    r->switching = NULL;
    free(r->modules);
    r->modules = NULL;
    r->nmodules = 0;
    r->current = NULL;
    r->views = NULL;
    r->members = NULL;
    r->member_start = NULL;
}
