/* The task callbacks driven by hand, as libomp calls them on one thread: the records they leave (every field a
 * snapshot reads), their release, and the reuse of record slots. OMPT data values are ring values (number and
 * slot); records hold plain numbers. */
#include "agent.h"
#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ompt_callback_t registered[64];

static ompt_set_result_t fake_set_callback(ompt_callbacks_t event, ompt_callback_t cb) {
    if ((unsigned)event < sizeof registered / sizeof registered[0]) {
        registered[event] = cb;
    }
    return ompt_set_always;
}

static ompt_callback_implicit_task_t implicit_task;
static ompt_callback_task_create_t task_create;
static ompt_callback_task_schedule_t task_schedule;

#define NUM(data) ((data).value & RING_NUMBER_MASK)

/* The live record whose OMPT data value is v, found by its number in every slot (independently of the lookup
 * paths under test). */
static task_rec *live_task(uint64_t v) {
    uint64_t n = v & RING_NUMBER_MASK;
    for (size_t i = 0; i < ring_capacity(&agent_tasks); i++) {
        task_rec *t = ring_slot(&agent_tasks, i);
        if (atomic_load(&t->h.state) == RING_LIVE && atomic_load(&t->h.number) == n) {
            return t;
        }
    }
    return NULL;
}

static size_t live_tasks(void) {
    size_t n = 0;
    for (size_t i = 0; i < ring_capacity(&agent_tasks); i++) {
        n += atomic_load(&((task_rec *)ring_slot(&agent_tasks, i))->h.state) == RING_LIVE;
    }
    return n;
}

static void create(ompt_data_t *parent, ompt_data_t *child) {
    child->value = 0;
    task_create(parent, NULL, child, ompt_task_explicit, 0, (const void *)0x1234);
}

/* A child runs on top of its parent and completes. */
static void run_to_end(ompt_data_t *parent, ompt_data_t *child) {
    task_schedule(parent, ompt_task_switch, child);
    task_schedule(child, ompt_task_complete, parent);
}

void test_track(void) {
    ring saved_tasks, saved_regions;
    memcpy(&saved_tasks, &agent_tasks, sizeof saved_tasks);
    memcpy(&saved_regions, &agent_regions, sizeof saved_regions);
    ompt_api saved_api = agent_ompt;
    uint64_t saved_block = agent_cfg.number_block;
    thread_rec *saved_self = agent_self;

    CHECK(ring_init(&agent_tasks, 128, 64) == 0);
    CHECK(ring_init(&agent_regions, 128, 64) == 0);
    agent_cfg.number_block = 4;
    agent_ompt.set_callback = fake_set_callback;
    CHECK(track_register_callbacks() == 0);
    implicit_task = (ompt_callback_implicit_task_t)registered[ompt_callback_implicit_task];
    task_create = (ompt_callback_task_create_t)registered[ompt_callback_task_create];
    task_schedule = (ompt_callback_task_schedule_t)registered[ompt_callback_task_schedule];
    CHECK(implicit_task != NULL && task_create != NULL && task_schedule != NULL);

    thread_rec *self = calloc(1, sizeof *self);
    self->ordinal = 1;
    agent_self = self;

    /* The initial task and its implicit region. */
    ompt_data_t region = {0}, initial = {0};
    implicit_task(ompt_scope_begin, &region, &initial, 1, 1, ompt_task_initial);
    task_rec *it = live_task(initial.value);
    CHECK(it != NULL && it->kind == TK_INITIAL && atomic_load(&it->lifecycle) == LC_RUNNING);
    CHECK(atomic_load(&self->current_task) == NUM(initial));

    /* Two children, as fib creates them: every field of a new record is set. */
    ompt_data_t a, b;
    create(&initial, &a);
    create(&initial, &b);
    task_rec *ra = live_task(a.value), *rb = live_task(b.value);
    CHECK(ra != NULL && rb != NULL && NUM(b) == NUM(a) + 1);
    CHECK(ra->kind == TK_EXPLICIT && ra->flags == ompt_task_explicit && ra->thread_num == -1);
    CHECK(ra->generating == NUM(initial) && ra->gen_rec == it && ra->codeptr == (const void *)0x1234);
    CHECK(ra->region == NUM(region) && ra->region_rec == it->region_rec && ra->included == 0);
    CHECK(atomic_load(&ra->lifecycle) == LC_QUEUED && atomic_load(&ra->scheduling) == 0);
    CHECK(atomic_load(&ra->thread) == 0 && atomic_load(&ra->deps) == NULL && atomic_load(&ra->depends_on) == NULL);
    CHECK(ra->kids == 0 && ra->kids_done == 0 && ra->finished == 0 && atomic_load(&ra->h.refs) == TASK_BIAS);
    CHECK(it->kids == 2);

    /* b runs on top of the initial task (b is the task last created), then completes. */
    task_schedule(&initial, ompt_task_switch, &b);
    CHECK(atomic_load(&rb->lifecycle) == LC_RUNNING && atomic_load(&rb->scheduling) == NUM(initial));
    CHECK(atomic_load(&rb->thread) == 1 && atomic_load(&it->lifecycle) == LC_SUSPENDED);
    CHECK(atomic_load(&self->current_task) == NUM(b));
    task_schedule(&b, ompt_task_complete, &initial);
    CHECK(live_task(b.value) == NULL && it->kids_done == 1 && atomic_load(&it->lifecycle) == LC_RUNNING);
    CHECK(atomic_load(&self->current_task) == NUM(initial));

    /* a stays queued while ten rings' worth of tasks come and go: its record stays put, every other task finds
     * room (records do not depend on numbers), and the freed slots are reused. */
    ompt_data_t c;
    for (int k = 0; k < 640; k++) {
        create(&initial, &c);
        run_to_end(&initial, &c);
    }
    CHECK(live_task(a.value) == ra && agent_tasks.dropped == 0);
    CHECK(ring_used(&agent_tasks) <= 2 * RING_BATCH);
    create(&initial, &c);
    task_rec *rc = live_task(c.value);
    CHECK(rc != NULL && rc != ra);
    task_schedule(&initial, ompt_task_switch, &c);
    CHECK(atomic_load(&rc->lifecycle) == LC_RUNNING && atomic_load(&rc->scheduling) == NUM(initial));
    task_schedule(&c, ompt_task_yield, &initial);
    CHECK(atomic_load(&rc->lifecycle) == LC_SUSPENDED);
    task_schedule(&initial, ompt_task_switch, &c);
    CHECK(atomic_load(&rc->lifecycle) == LC_RUNNING && atomic_load(&self->current_task) == NUM(c));
    task_schedule(&c, ompt_task_complete, &initial);
    CHECK(live_task(c.value) == NULL && live_task(a.value) == ra);

    /* a runs last; its parent has released every child on this thread. */
    run_to_end(&initial, &a);
    CHECK(live_task(a.value) == NULL && it->kids == it->kids_done);
    /* An untied task's part ends with a switch back to the task it was scheduled on (libomp 19, from
     * __kmpc_omp_task): its continuation goes back to a queue, held by no thread, and the resumed task keeps its
     * own scheduling link (no link from a parent to its child). */
    ompt_data_t u = {0};
    task_create(&initial, NULL, &u, ompt_task_explicit | ompt_task_untied, 0, (const void *)0x1234);
    task_rec *ru = live_task(u.value);
    uint64_t initial_sched = atomic_load(&it->scheduling);
    task_schedule(&initial, ompt_task_switch, &u);
    CHECK(atomic_load(&ru->scheduling) == NUM(initial) && atomic_load(&it->lifecycle) == LC_SUSPENDED);
    task_schedule(&u, ompt_task_switch, &initial);
    CHECK(atomic_load(&ru->lifecycle) == LC_SUSPENDED && atomic_load(&ru->thread) == 0);
    CHECK(atomic_load(&ru->scheduling) == 0);
    CHECK(atomic_load(&it->lifecycle) == LC_RUNNING && atomic_load(&it->scheduling) == initial_sched);
    /* A continuation the runtime runs at once on the same thread: a switch from the task to itself. */
    task_schedule(&u, ompt_task_switch, &u);
    CHECK(atomic_load(&ru->lifecycle) == LC_RUNNING && atomic_load(&ru->thread) == 1);
    task_schedule(&u, ompt_task_complete, &initial);
    CHECK(live_task(u.value) == NULL);

    /* A detached task: its body ends before its event is fulfilled; no thread holds it until late_fulfill. */
    ompt_data_t d = {0};
    create(&initial, &d);
    task_rec *rd = live_task(d.value);
    task_schedule(&initial, ompt_task_switch, &d);
    task_schedule(&d, ompt_task_detach, &initial);
    CHECK(live_task(d.value) == rd && atomic_load(&rd->lifecycle) == LC_DETACHED);
    CHECK(atomic_load(&rd->thread) == 0 && atomic_load(&it->lifecycle) == LC_RUNNING);
    task_schedule(&d, ompt_task_late_fulfill, NULL);
    CHECK(live_task(d.value) == NULL);
    CHECK(live_tasks() == 1); /* the initial task */
    CHECK(agent_tasks.dropped == 0);

    agent_self = saved_self;
    free(self);
    ring_destroy(&agent_tasks);
    ring_destroy(&agent_regions);
    memcpy(&agent_tasks, &saved_tasks, sizeof saved_tasks);
    memcpy(&agent_regions, &saved_regions, sizeof saved_regions);
    agent_ompt = saved_api;
    agent_cfg.number_block = saved_block;
}

/* The innermost sync region of a thread, as the sync_region callback leaves it: regions nest (a barrier, a task run in
 * it, that task's taskwait), each end restores the enclosing one; nesting deeper than the record keeps is counted. The
 * snapshot writes a stopped thread's innermost as its syncRegion, and lists its site in the module map. */
static void sync_site_here(void) {}

void test_sync_regions(void) {
    ompt_api saved_api = agent_ompt;
    thread_rec *saved_self = agent_self;
    agent_ompt.set_callback = fake_set_callback;
    CHECK(track_register_callbacks() == 0);
    ompt_callback_sync_region_t sync = (ompt_callback_sync_region_t)registered[ompt_callback_sync_region];
    CHECK(sync != NULL);
    thread_rec *self = calloc(1, sizeof *self);
    agent_self = self;
    const void *site = NULL;
    CHECK(track_sync_region(self, &site) == 0 && site == NULL);

    sync(ompt_sync_region_barrier_explicit, ompt_scope_begin, NULL, NULL, (const void *)0xb1);
    CHECK(track_sync_region(self, &site) == ompt_sync_region_barrier_explicit && site == (const void *)0xb1);
    sync(ompt_sync_region_taskwait, ompt_scope_begin, NULL, NULL, (const void *)0xc2);
    CHECK(track_sync_region(self, &site) == ompt_sync_region_taskwait && site == (const void *)0xc2);
    sync(ompt_sync_region_taskwait, ompt_scope_end, NULL, NULL, (const void *)0xc2);
    CHECK(track_sync_region(self, &site) == ompt_sync_region_barrier_explicit && site == (const void *)0xb1);
    sync(ompt_sync_region_barrier_explicit, ompt_scope_end, NULL, NULL, (const void *)0xb1);
    CHECK(track_sync_region(self, &site) == 0 && site == NULL);
    /* an end without a begin (a worker's first implicit barrier end) leaves nothing below zero */
    sync(ompt_sync_region_barrier_implicit_parallel, ompt_scope_end, NULL, NULL, NULL);
    CHECK(track_sync_region(self, &site) == 0);
    sync(ompt_sync_region_taskgroup, ompt_scope_begin, NULL, NULL, (const void *)0xd3);
    CHECK(track_sync_region(self, &site) == ompt_sync_region_taskgroup && site == (const void *)0xd3);

    /* Deeper than SYNC_DEPTH: the innermost is not known, and is again once the thread is back within the depth. */
    for (uintptr_t i = 1; i < SYNC_DEPTH + 2; i++) {
        sync(ompt_sync_region_taskwait, ompt_scope_begin, NULL, NULL, (const void *)(0x1000 + i));
    }
    CHECK(track_sync_region(self, &site) == 0 && site == NULL);
    sync(ompt_sync_region_taskwait, ompt_scope_end, NULL, NULL, NULL);
    CHECK(track_sync_region(self, &site) == 0);
    sync(ompt_sync_region_taskwait, ompt_scope_end, NULL, NULL, NULL);
    CHECK(track_sync_region(self, &site) == ompt_sync_region_taskwait
          && site == (const void *)(0x1000 + SYNC_DEPTH - 1));

    /* The snapshot: a stopped thread in an explicit barrier names it and its site, which the module map covers. */
    copy_thread th = {.ordinal = 1, .acked = 1, .kind = ompt_thread_initial};
    th.probe.state = ompt_state_wait_barrier_explicit;
    th.sync_kind = ompt_sync_region_barrier_explicit;
    th.sync_site = (const void *)(uintptr_t)sync_site_here;
    world_copy w = {.threads = &th, .nthreads = 1};
    size_t len = 0;
    char *text = snapshot_render(&w, "sync", &len);
    char want[128];
    snprintf(want, sizeof want,
             "\"syncRegion\": {\"kind\": \"barrier_explicit\",\"site\": {\"address\": \"0x%" PRIxPTR "\"",
             (uintptr_t)sync_site_here);
    CHECK(text != NULL && strstr(text, want) != NULL);
    snprintf(want, sizeof want, "\"codeAddresses\": [\"0x%" PRIxPTR "\"]", (uintptr_t)sync_site_here);
    CHECK(text != NULL && strstr(text, want) != NULL);
    free(text);
    /* a kind this build does not know keeps its number; a region without a site (a worker's implicit barrier) has
     * none */
    th.sync_kind = 99;
    th.sync_site = NULL;
    text = snapshot_render(&w, "sync", &len);
    CHECK(text != NULL && strstr(text, "\"syncRegion\": {\"kind\": \"kind-99\"}") != NULL);
    free(text);
    /* a thread in none, or one that did not stop, has no syncRegion */
    th.sync_kind = 0;
    text = snapshot_render(&w, "sync", &len);
    CHECK(text != NULL && strstr(text, "syncRegion") == NULL);
    free(text);
    th.sync_kind = ompt_sync_region_barrier_explicit;
    th.acked = 0;
    text = snapshot_render(&w, "sync", &len);
    CHECK(text != NULL && strstr(text, "syncRegion") == NULL && strstr(text, "last in an explicit barrier") != NULL);
    free(text);

    agent_self = saved_self;
    free(self);
    agent_ompt = saved_api;
}
