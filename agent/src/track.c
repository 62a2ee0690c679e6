/* OMPT callbacks: follow threads, parallel regions and tasks as the runtime reports them.
 *
 * Records are kept while referenced. A task is referenced by the runtime until it completes, by each child
 * (its generatingTask), by each region it encountered and by each queued task waiting on it (dependsOn,
 * dropped when that task starts); a region by the runtime until parallel_end, by its implicit tasks and by
 * the regions nested in it.
 *
 * Hot paths (task_create, task_schedule) avoid locked instructions, which cost as much as the rest of a
 * callback: a task's runtime reference is the large TASK_BIAS, so that children can be counted with a plain
 * counter by the thread running the task (`kids`) and moved into the atomic count once, when it completes;
 * a completed task that nobody else can reach any more is released without an atomic operation, and a
 * child released on its parent's thread is counted there too; numbers come from per-thread blocks. What
 * remains per task is the compare-and-swap that claims its slot.
 * No OpenMP API routine is called here. */
#include "agent.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

_Thread_local thread_rec *agent_self __attribute__((tls_model("initial-exec")));
ring agent_tasks, agent_regions;
_Atomic int64_t agent_dep_entries, agent_edge_entries;
static _Atomic uint64_t thread_counter = 1;
/* The number of the program's initial task (the first initial task), whose end is the program's end. */
static _Atomic uint64_t program_initial;

static inline int tracked(uint64_t v) { return v != 0 && (v & UNTRACKED_BIT) == 0; }

/* on_task_create writes each field of a new record itself: a field added to task_rec must be added there. */
_Static_assert(sizeof(task_rec) == 112 && offsetof(task_rec, waiting) == 108, "on_task_create sets every field");

/* The live task record whose value (number and slot, see ring.h) the runtime handed over, or NULL. */
static inline task_rec *task_of(const ompt_data_t *d) {
    return d != NULL && tracked(d->value) ? ring_find(&agent_tasks, d->value) : NULL;
}

static inline region_rec *region_of(const ompt_data_t *d) {
    return d != NULL && tracked(d->value) ? ring_find(&agent_regions, d->value) : NULL;
}

/* The calling thread's caches of free slots (NULL on a thread the agent does not know). */
static inline ring_cache *task_cache(thread_rec *self) { return self != NULL ? &self->task_slots : NULL; }
static inline ring_cache *region_cache(void) {
    thread_rec *self = agent_self;
    return self != NULL ? &self->region_slots : NULL;
}

static inline uint64_t number_of(const void *rec) {
    return atomic_load_explicit(&((const ring_hdr *)rec)->number, memory_order_relaxed);
}

/* active-levels-var inside r: its enclosing region's, plus one when r's team has more than one thread. */
static int32_t active_level_of(region_rec *r) {
    return r->enclosing_active + (atomic_load_explicit(&r->team_size, memory_order_relaxed) > 1 ? 1 : 0);
}

static void drop_edges(edge_list *e) {
    if (e == NULL) {
        return;
    }
    for (uint32_t i = 0; i < e->count; i++) {
        task_unref(e->edges[i].rec);
    }
    atomic_fetch_sub_explicit(&agent_edge_entries, e->count, memory_order_relaxed);
    agent_free(e);
}

/* A child of `parent` is released. While a tied parent has not finished, the thread it runs on counts its
 * own children's releases in a plain counter; others (and every release after the parent finished)
 * decrement the atomic count. Returns 1 when that released the parent's last reference. */
static inline int child_done(thread_rec *self, task_rec *parent) {
    if (self != NULL && !parent->finished && !(parent->flags & ompt_task_untied)
        && atomic_load_explicit(&parent->thread, memory_order_relaxed) == self->ordinal) {
        parent->kids_done++;
        return 0;
    }
    return ring_unref(parent);
}

/* Releases what a task record holds besides its generating task: dependences, dependsOn edges, its region. */
__attribute__((noinline, cold)) static void release_holdings(dep_list *deps, edge_list *edges, region_rec *region) {
    if (deps != NULL) {
        atomic_fetch_sub_explicit(&agent_dep_entries, deps->count, memory_order_relaxed);
        agent_free(deps);
    }
    drop_edges(edges);
    if (region != NULL) {
        region_unref(region);
    }
}

/* Releases a task whose last reference is gone, then its generating chain as far as that becomes unreferenced
 * (a loop, not recursion: chains of finished ancestors can be long). `self` is the calling thread's record. */
static inline void task_release_on(thread_rec *self, task_rec *t) {
    while (t != NULL) {
        task_rec *parent = t->gen_rec;
        /* Only implicit tasks hold their region: explicit ones all finish inside it (at its barrier). */
        region_rec *region = t->kind == TK_IMPLICIT || t->kind == TK_INITIAL ? t->region_rec : NULL;
        /* Most tasks have no dependences: a plain load avoids a locked exchange on the hot path. */
        dep_list *deps = atomic_load_explicit(&t->deps, memory_order_acquire);
        if (__builtin_expect(deps != NULL, 0)) {
            deps = atomic_exchange_explicit(&t->deps, NULL, memory_order_acq_rel);
        }
        edge_list *edges = atomic_load_explicit(&t->depends_on, memory_order_acquire);
        if (__builtin_expect(edges != NULL, 0)) {
            edges = atomic_exchange_explicit(&t->depends_on, NULL, memory_order_acq_rel);
        }
        ring_free(&agent_tasks, task_cache(self), t);
        if (__builtin_expect(deps != NULL || edges != NULL || region != NULL, 0)) {
            release_holdings(deps, edges, region);
        }
        t = parent != NULL && child_done(self, parent) ? parent : NULL;
    }
}

static void task_release(task_rec *t) {
    task_release_on(agent_self, t);
}

void task_unref(task_rec *t) {
    if (t != NULL && ring_unref(t)) {
        task_release(t);
    }
}

/* The runtime is done with t: trade its bias for the children it counted, release it if nothing is left. */
static inline void task_finish(thread_rec *self, task_rec *t) {
    t->finished = 1;
    int32_t kids = (int32_t)(t->kids - t->kids_done); /* children not released on this thread */
    /* Without dependences nobody can take a new reference to a finished task; when only the bias minus the
     * children already released is left, no other thread touches the count any more. */
    if (atomic_load_explicit(&t->deps, memory_order_relaxed) == NULL
        && atomic_load_explicit(&t->h.refs, memory_order_acquire) == TASK_BIAS - kids) {
        atomic_store_explicit(&t->h.refs, 0, memory_order_relaxed);
        task_release_on(self, t);
        return;
    }
    int32_t delta = kids - TASK_BIAS;
    if (atomic_fetch_add_explicit(&t->h.refs, delta, memory_order_acq_rel) + delta == 0) {
        task_release(t);
    }
}

void region_unref(region_rec *r) {
    while (r != NULL && ring_unref(r)) {
        region_rec *outer = r->encl_rec;
        task_rec *enc = r->enc_rec;
        ring_free(&agent_regions, region_cache(), r);
        task_unref(enc);
        r = outer;
    }
}

/* ---- threads ---- */

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
    thread_rec *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return;
    }
    t->ordinal = atomic_fetch_add(&thread_counter, 1);
    t->kind = (int32_t)type;
    t->lwp = (pid_t)syscall(SYS_gettid);
    t->pthread = pthread_self();
    t->thread_data = thread_data;
    sem_init(&t->resume, 0, 0);
    thread_data->value = t->ordinal;
    if (record_enabled) {
        t->rec = record_thread(t->ordinal);
    }
    agent_self = t;
    RECORD(t, RE_THREAD_BEGIN, 0, 0, 0, (uint32_t)type, 0, NULL);
    stop_register_thread(t);
}

static void on_thread_end(ompt_data_t *thread_data) {
    (void)thread_data;
    thread_rec *t = agent_self;
    if (t == NULL) {
        return;
    }
    RECORD(t, RE_THREAD_END, 0, 0, 0, 0, 0, NULL); /* its buffer stays for the recording */
    stop_unregister_thread(t); /* waits for a snapshot in progress */
    ring_flush(&agent_tasks, &t->task_slots);
    ring_flush(&agent_regions, &t->region_slots);
    agent_self = NULL;
    atomic_signal_fence(memory_order_seq_cst); /* a late stop signal now finds no record */
    sem_destroy(&t->resume);
    free(t);
}

/* ---- parallel regions ---- */

static region_rec *new_region(ompt_data_t *parallel_data) {
    uint64_t n = ring_next_number(&agent_regions);
    region_rec *r = ring_claim(&agent_regions, region_cache(), n);
    parallel_data->value = r != NULL ? ring_value(&agent_regions, r) : (n | UNTRACKED_BIT);
    return r;
}

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data, unsigned int requested_parallelism, int flags,
                              const void *codeptr_ra) {
    (void)encountering_task_frame;
    probe_runtime_initialized();
    region_rec *r = new_region(parallel_data);
    RECORD(agent_self, RE_PARALLEL_BEGIN, data_id(parallel_data), data_id(encountering_task_data), 0,
           requested_parallelism, 0, codeptr_ra);
    if (r == NULL) {
        return;
    }
    r->requested = requested_parallelism;
    r->flags = flags;
    r->codeptr = codeptr_ra;
    r->level = 1;
    task_rec *enc = task_of(encountering_task_data);
    if (enc != NULL) {
        ring_ref(enc);
        r->enc_rec = enc;
        r->encountering = number_of(enc);
        region_rec *outer = enc->region_rec;
        if (outer != NULL) {
            ring_ref(outer);
            r->encl_rec = outer;
            r->enclosing = number_of(outer);
            r->level = outer->level + 1;
            r->enclosing_active = active_level_of(outer);
        }
        atomic_store_explicit(&enc->lifecycle, LC_SUSPENDED, memory_order_relaxed);
    }
    ring_publish(r); /* the runtime's reference is the one ring_claim counted */
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data, int flags,
                            const void *codeptr_ra) {
    (void)flags;
    (void)codeptr_ra;
    RECORD(agent_self, RE_PARALLEL_END, data_id(parallel_data), 0, 0, 0, 0, NULL);
    task_rec *enc = task_of(encountering_task_data);
    if (enc != NULL) {
        atomic_store_explicit(&enc->lifecycle, LC_RUNNING, memory_order_relaxed);
    }
    region_rec *r = region_of(parallel_data);
    if (r != NULL && !atomic_exchange(&r->ended, 1)) {
        region_unref(r);
    }
}

/* ---- tasks ---- */

/* The next task number: from the calling thread's block, refilled from the global counter. */
static inline uint64_t next_task_number(thread_rec *self) {
    if (self == NULL || agent_cfg.number_block <= 1) {
        return ring_next_number(&agent_tasks);
    }
    if (__builtin_expect(self->numbers_next == self->numbers_end, 0)) {
        uint64_t base = atomic_fetch_add_explicit(&agent_tasks.next, agent_cfg.number_block, memory_order_relaxed);
        self->numbers_next = base;
        self->numbers_end = base + agent_cfg.number_block;
    }
    return self->numbers_next++;
}

/* A record for a new task, numbered and holding the runtime's reference, not yet published; NULL (and the
 * task marked untracked) when the ring has no room. The record is zeroed unless `dirty`: then the caller writes
 * every field itself (task_create does, to store each byte once). */
static inline task_rec *new_task(thread_rec *self, ompt_data_t *task_data, int dirty) {
    uint64_t n = next_task_number(self);
    task_rec *t = ring_claim_dirty(&agent_tasks, task_cache(self), n);
    if (__builtin_expect(t == NULL, 0)) {
        task_data->value = n | UNTRACKED_BIT;
        return NULL;
    }
    if (!dirty) {
        memset((char *)t + sizeof(ring_hdr), 0, sizeof(task_rec) - sizeof(ring_hdr));
    }
    task_data->value = ring_value(&agent_tasks, t);
    atomic_store_explicit(&t->h.refs, TASK_BIAS, memory_order_relaxed);
    return t;
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned int actual_parallelism, unsigned int index, int flags) {
    thread_rec *self = agent_self;
    if (endpoint == ompt_scope_end) {
        RECORD(self, RE_IMPLICIT_END, data_id(task_data), 0, 0, 0, 0, NULL);
        task_rec *t = task_of(task_data);
        if (t == NULL) {
            return;
        }
        if (t->kind == TK_INITIAL && number_of(t) == atomic_load_explicit(&program_initial, memory_order_relaxed)) {
            /* The program's end, before the runtime tears its threads down: the series stops, the at-exit
             * snapshot is taken. Only the program's own initial task: a target region run on the host device
             * runs under an initial task of its own, which ends mid-run. */
            agent_program_end(self);
        }
        atomic_store_explicit(&t->lifecycle, LC_COMPLETED, memory_order_relaxed);
        region_rec *r = t->region_rec;
        if (t->kind == TK_INITIAL && r != NULL && r->initial && !atomic_exchange(&r->ended, 1)) {
            region_unref(r);
        }
        task_finish(self, t);
        return;
    }
    region_rec *r = region_of(parallel_data);
    if (r == NULL && (flags & ompt_task_initial) && parallel_data != NULL && parallel_data->value == 0) {
        /* The implicit parallel region of the initial task: no parallel_begin announces it. */
        r = new_region(parallel_data);
        if (r != NULL) {
            r->initial = 1;
            r->level = 0;
            atomic_store_explicit(&r->team_size, 1, memory_order_relaxed);
            ring_publish(r);
        }
    }
    task_rec *t = new_task(self, task_data, 0);
    RECORD(self, RE_IMPLICIT_BEGIN, data_id(task_data), data_id(parallel_data), actual_parallelism,
           (flags & ompt_task_initial) ? 0 : index, (flags & ompt_task_initial) != 0, NULL);
    if (t == NULL) {
        return;
    }
    int initial = (flags & ompt_task_initial) != 0;
    if (initial) {
        uint64_t none = 0;
        atomic_compare_exchange_strong(&program_initial, &none, number_of(t)); /* the first is the program's */
    }
    t->kind = initial ? TK_INITIAL : TK_IMPLICIT;
    t->flags = (uint32_t)flags;
    t->thread_num = initial ? 0 : (int32_t)index;
    atomic_store_explicit(&t->lifecycle, LC_RUNNING, memory_order_relaxed);
    if (self != NULL) {
        atomic_store_explicit(&t->thread, self->ordinal, memory_order_relaxed);
        atomic_store_explicit(&self->current_task, number_of(t), memory_order_relaxed);
    }
    if (r != NULL) {
        ring_ref(r);
        t->region_rec = r;
        t->region = number_of(r);
        t->codeptr = r->codeptr;
        if (actual_parallelism > 0 && atomic_load_explicit(&r->team_size, memory_order_relaxed) == 0) {
            atomic_store_explicit(&r->team_size, actual_parallelism, memory_order_relaxed);
        }
        task_rec *enc = r->enc_rec;
        if (enc != NULL) {
            ring_ref(enc);
            t->gen_rec = enc;
            t->generating = number_of(enc);
            if (index == 0) {
                /* The primary thread runs its implicit task on top of the encountering task. */
                atomic_store_explicit(&t->scheduling, t->generating, memory_order_relaxed);
            }
        }
    }
    ring_publish(t);
}

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra) {
    (void)encountering_task_frame;
    (void)has_dependences;
    thread_rec *self = agent_self;
    task_rec *t = new_task(self, new_task_data, 1);
    RECORD(self, RE_TASK_CREATE, data_id(new_task_data), data_id(encountering_task_data), 0, (uint32_t)flags, 0,
           codeptr_ra);
    if (t == NULL) {
        return;
    }
    task_rec *parent = task_of(encountering_task_data);
    /* Every field once, in layout order (new_task did not zero the record). */
    if (parent != NULL) {
        parent->kids++; /* this thread runs the parent: see task_finish */
        t->generating = number_of(parent);
        t->gen_rec = parent;
        /* No reference to the region: it outlives its explicit tasks (and every hot-path task would contend on
         * its count). The pointer is only followed while this task runs inside the region. */
        t->region = parent->region;
        t->region_rec = parent->region_rec;
        t->included = (parent->flags & ompt_task_final) != 0 || parent->included;
    } else {
        t->generating = 0;
        t->gen_rec = NULL;
        t->region = 0;
        t->region_rec = NULL;
        t->included = 0;
    }
    t->codeptr = codeptr_ra;
    atomic_store_explicit(&t->deps, NULL, memory_order_relaxed);
    atomic_store_explicit(&t->depends_on, NULL, memory_order_relaxed);
    atomic_store_explicit(&t->scheduling, 0, memory_order_relaxed);
    atomic_store_explicit(&t->thread, 0, memory_order_relaxed);
    t->flags = (uint32_t)flags;
    t->kids = 0;
    t->kids_done = 0;
    t->thread_num = -1;
    atomic_store_explicit(&t->lifecycle, LC_QUEUED, memory_order_relaxed);
    t->kind = (flags & ompt_task_target) ? TK_TARGET : (flags & ompt_task_initial) ? TK_INITIAL : TK_EXPLICIT;
    t->finished = 0;
    atomic_store_explicit(&t->waiting, 0, memory_order_relaxed);
    ring_publish(t);
}

/* A queued task starts: it waits for nothing any more. */
__attribute__((noinline, cold)) static void drop_depends_on(task_rec *t) {
    drop_edges(atomic_exchange_explicit(&t->depends_on, NULL, memory_order_acq_rel));
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data) {
    thread_rec *self = agent_self;
    RECORD(self, RE_SCHEDULE, data_id(prior_task_data), data_id(next_task_data), 0, (uint32_t)prior_task_status, 0,
           NULL);
    task_rec *prior = task_of(prior_task_data);
    task_rec *next = task_of(next_task_data);
    int suspended = prior_task_status == ompt_task_switch || prior_task_status == ompt_task_yield;
    if (prior == next) {
        /* An untied task's continuation that the runtime could not queue runs at once on the thread whose part
         * just ended (libomp 19 reports it as a switch from the task to itself): it runs on here, on top of the
         * task that part's end resumed. */
        if (prior != NULL && suspended && self != NULL) {
            uint64_t below = atomic_load_explicit(&self->current_task, memory_order_relaxed);
            if (below != number_of(prior)) {
                atomic_store_explicit(&prior->scheduling, below, memory_order_relaxed);
            }
            atomic_store_explicit(&prior->lifecycle, LC_RUNNING, memory_order_relaxed);
            atomic_store_explicit(&prior->thread, self->ordinal, memory_order_relaxed);
            atomic_store_explicit(&self->current_task, number_of(prior), memory_order_relaxed);
        }
        return; /* nothing tracked, or a task switched to itself */
    }
    /* A switch back to the very task the prior one was scheduled on is no suspension: a part of an untied task
     * ended (libomp 19 reports it so from __kmpc_omp_task) and its continuation went back to a queue, held by no
     * thread, while the thread resumes the task below. The resumed task keeps its own scheduling link. */
    int part_ended = suspended && prior != NULL && next != NULL
                     && atomic_load_explicit(&prior->scheduling, memory_order_relaxed) == number_of(next);
    if (next != NULL) {
        if (suspended && prior != NULL && !part_ended) {
            atomic_store_explicit(&next->scheduling, number_of(prior), memory_order_relaxed);
        }
        if (atomic_load_explicit(&next->lifecycle, memory_order_relaxed) == LC_QUEUED
            && __builtin_expect(atomic_load_explicit(&next->depends_on, memory_order_acquire) != NULL, 0)) {
            drop_depends_on(next);
        }
        atomic_store_explicit(&next->lifecycle, LC_RUNNING, memory_order_relaxed);
        if (self != NULL) {
            atomic_store_explicit(&next->thread, self->ordinal, memory_order_relaxed);
            atomic_store_explicit(&self->current_task, number_of(next), memory_order_relaxed);
        }
    }
    if (prior != NULL) {
        switch (prior_task_status) {
        case ompt_task_complete:
        case ompt_task_cancel:
        case ompt_task_late_fulfill:
        case ompt_taskwait_complete:
            atomic_store_explicit(&prior->lifecycle, LC_COMPLETED, memory_order_relaxed);
            task_finish(self, prior);
            break;
        case ompt_task_detach:
            /* The body is done; the runtime keeps the task until its event is fulfilled (late_fulfill). No thread
             * holds it meanwhile. */
            atomic_store_explicit(&prior->lifecycle, LC_DETACHED, memory_order_relaxed);
            atomic_store_explicit(&prior->thread, 0, memory_order_relaxed);
            atomic_store_explicit(&prior->scheduling, 0, memory_order_relaxed);
            break;
        case ompt_task_switch:
        case ompt_task_yield:
            atomic_store_explicit(&prior->lifecycle, LC_SUSPENDED, memory_order_relaxed);
            if (part_ended) {
                atomic_store_explicit(&prior->thread, 0, memory_order_relaxed);
                atomic_store_explicit(&prior->scheduling, 0, memory_order_relaxed);
            }
            break;
        default:
            break;
        }
    }
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
    if (record_enabled && deps != NULL) {
        thread_rec *self = agent_self;
        for (int i = 0; i < ndeps; i++) {
            RECORD(self, RE_DEPENDENCE, data_id(task_data), deps[i].variable.value, 0,
                   (uint32_t)deps[i].dependence_type, 0, NULL);
        }
    }
    task_rec *t = task_of(task_data);
    if (t == NULL || ndeps <= 0 || deps == NULL) {
        return;
    }
    dep_list *d = malloc(sizeof *d + (size_t)ndeps * sizeof d->entries[0]);
    if (d == NULL) {
        return;
    }
    d->count = (uint32_t)ndeps;
    for (int i = 0; i < ndeps; i++) {
        d->entries[i].address = deps[i].variable.value;
        d->entries[i].type = (uint32_t)deps[i].dependence_type;
    }
    atomic_fetch_add_explicit(&agent_dep_entries, ndeps, memory_order_relaxed);
    dep_list *old = atomic_exchange_explicit(&t->deps, d, memory_order_acq_rel);
    if (old != NULL) {
        atomic_fetch_sub_explicit(&agent_dep_entries, old->count, memory_order_relaxed);
        agent_free(old);
    }
}

static void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data) {
    RECORD(agent_self, RE_TASK_DEP, data_id(src_task_data), data_id(sink_task_data), 0, 0, 0, NULL);
    task_rec *sink = task_of(sink_task_data);
    if (sink == NULL || src_task_data == NULL || !tracked(src_task_data->value)) {
        return;
    }
    /* The source may be finishing on another thread right now: take a reference only if it is still there. */
    void *mistaken;
    task_rec *src = ring_acquire(&agent_tasks, src_task_data->value, &mistaken);
    if (mistaken != NULL) {
        task_unref(mistaken);
    }
    if (src == NULL) {
        return;
    }
    edge_list *old = atomic_load_explicit(&sink->depends_on, memory_order_acquire);
    edge_list *e = old;
    if (e == NULL || e->count == e->capacity) {
        uint32_t cap = e == NULL ? 4 : e->capacity * 2;
        e = malloc(sizeof *e + cap * sizeof e->edges[0]);
        if (e == NULL) {
            task_unref(src);
            return;
        }
        e->capacity = cap;
        e->count = 0;
        if (old != NULL) {
            memcpy(e->edges, old->edges, old->count * sizeof old->edges[0]);
            e->count = old->count;
        }
    }
    e->edges[e->count].number = number_of(src);
    e->edges[e->count].rec = src;
    e->count++;
    atomic_fetch_add_explicit(&agent_edge_entries, 1, memory_order_relaxed);
    if (e != old) {
        atomic_store_explicit(&sink->depends_on, e, memory_order_release);
        agent_free(old);
    }
}

/* ---- synchronization, for the state of a thread that cannot be stopped ---- */

/* A thread enters a sync region: pushed on its record's stack (the entry is written before the depth that makes it the
 * innermost, so that the stop signal, arriving between two stores, finds a whole entry or the one before); it leaves
 * the innermost: popped, which makes the enclosing one innermost again. No lock, no allocation, no locked
 * instruction: only this thread writes them. */
static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                           ompt_data_t *task_data, const void *codeptr_ra) {
    (void)parallel_data;
    thread_rec *self = agent_self;
    RECORD(self, endpoint == ompt_scope_end ? RE_SYNC_END : RE_SYNC_BEGIN, data_id(task_data), 0, 0, (uint32_t)kind,
           0, codeptr_ra);
    if (self == NULL) {
        return;
    }
    uint32_t depth = atomic_load_explicit(&self->sync_depth, memory_order_relaxed);
    if (endpoint == ompt_scope_end) {
        if (depth > 0) {
            atomic_store_explicit(&self->sync_depth, depth - 1, memory_order_relaxed);
        }
        return;
    }
    if (depth < SYNC_DEPTH) {
        atomic_store_explicit(&self->sync[depth].kind, (int32_t)kind, memory_order_relaxed);
        atomic_store_explicit(&self->sync[depth].codeptr, codeptr_ra, memory_order_relaxed);
        atomic_signal_fence(memory_order_release);
    }
    atomic_store_explicit(&self->sync_depth, depth + 1, memory_order_relaxed);
}

int32_t track_sync_region(thread_rec *t, const void **codeptr) {
    uint32_t depth = atomic_load_explicit(&t->sync_depth, memory_order_relaxed);
    atomic_signal_fence(memory_order_acquire);
    if (depth == 0 || depth > SYNC_DEPTH) {
        *codeptr = NULL;
        return 0;
    }
    *codeptr = atomic_load_explicit(&t->sync[depth - 1].codeptr, memory_order_relaxed);
    return atomic_load_explicit(&t->sync[depth - 1].kind, memory_order_relaxed);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr_ra) {
    (void)parallel_data;
    (void)codeptr_ra;
    thread_rec *self = agent_self;
    RECORD(self, endpoint == ompt_scope_end ? RE_WAIT_END : RE_WAIT_BEGIN, data_id(task_data), 0, 0, (uint32_t)kind,
           0, NULL);
    if (self != NULL) {
        atomic_store_explicit(&self->sync_waiting, endpoint != ompt_scope_end, memory_order_relaxed);
    }
    /* libomp 19 leaves a thread that waits in a taskwait or taskgroup in a work state: the task that waits says so
     * (a thread runs other tasks on top of it meanwhile, which may wait in their own). */
    if (kind == ompt_sync_region_taskwait || kind == ompt_sync_region_taskgroup) {
        task_rec *t = task_of(task_data);
        if (t != NULL) {
            atomic_store_explicit(&t->waiting, endpoint == ompt_scope_end ? 0 : (uint8_t)kind, memory_order_relaxed);
        }
    }
}

/* ---- omp_control_tool ---- */

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr_ra) {
    (void)modifier;
    (void)codeptr_ra;
    if (command != 3 /* omp_control_tool_flush */) {
        return 1; /* omp_control_tool_ignored */
    }
    char label[128];
    const char *given = arg;
    size_t i = 0;
    if (given != NULL) {
        for (; i + 1 < sizeof label && given[i] != '\0'; i++) {
            label[i] = given[i];
        }
    }
    label[i] = '\0';
    snapshot_take(i > 0 ? label : "flush", agent_self, 0);
    return 0;
}

/* ---- registration ---- */

int track_set_callback(ompt_callbacks_t event, ompt_callback_t cb, const char *name, int required) {
    ompt_set_result_t rc = agent_ompt.set_callback(event, cb);
    if (rc == ompt_set_never || rc == ompt_set_error) {
        if (required) {
            agent_log("this OpenMP runtime never reports %s (OMPT set_callback returned %d); the agent is "
                      "inactive", name, (int)rc);
            return -1;
        }
        if (agent_cfg.verbose) {
            agent_log("this OpenMP runtime never reports %s; snapshots lack what it would give", name);
        }
    }
    return 0;
}

int track_register_callbacks(void) {
#define CB(event, fn, required)                                                                                 \
    if (track_set_callback(event, (ompt_callback_t)(fn), #event, required) != 0) {                                             \
        return -1;                                                                                              \
    }
    CB(ompt_callback_thread_begin, on_thread_begin, 1)
    CB(ompt_callback_thread_end, on_thread_end, 1)
    CB(ompt_callback_parallel_begin, on_parallel_begin, 1)
    CB(ompt_callback_parallel_end, on_parallel_end, 1)
    CB(ompt_callback_implicit_task, on_implicit_task, 1)
    CB(ompt_callback_task_create, on_task_create, 1)
    CB(ompt_callback_task_schedule, on_task_schedule, 1)
    CB(ompt_callback_dependences, on_dependences, 0)
    CB(ompt_callback_task_dependence, on_task_dependence, 0)
    CB(ompt_callback_sync_region, on_sync_region, 0)
    CB(ompt_callback_sync_region_wait, on_sync_region_wait, 0)
    CB(ompt_callback_control_tool, on_control_tool, 0)
#undef CB
    return offload_register_callbacks();
}
