/* Where a taskloop's tasks were created, in the user's code.
 *
 * libomp 19 reports a taskloop's tasks (task_create) and the construct itself (work, ompt_work_taskloop) with the
 * same codeptr_ra: a return address inside __kmpc_taskloop (its internal __kmp_taskloop is not inlined). So:
 *  - the work callback's begin, which runs on the encountering thread inside __kmpc_taskloop, unwinds the stack
 *    (backtrace(), through the runtime's .eh_frame: libomp keeps no frame pointers) to the frame after that
 *    address, the return address of the call to __kmpc_taskloop in user code, and keeps it for the thread until
 *    the work callback's end;
 *  - at the first such taskloop, task_create and task_schedule are registered again, each with a function in front
 *    of the agent's own (track.c). The one for task_create gives a task created at that runtime address the
 *    user's address: the thread's taskloop's while it is in one; else the creation site of the task the thread
 *    runs (kept by the one for task_schedule), which is then one of the helper tasks libomp splits a big taskloop
 *    into (more than min(10 x team size, 256) tasks), made by the taskloop and given its site in the same way; the
 *    nested helper tasks and the tasks they make, on any thread, get it from their helper in turn. (The runtime's
 *    own current task will not do: libomp makes a nested helper with the taskloop's encountering task set current.)
 * A task left with the runtime's address (the unwind found no user frame) is counted in the snapshot's
 * description. Programs without taskloops pay nothing: nothing is registered in front of the agent's callbacks
 * until a taskloop begins; after that, a comparison per task created and a record lookup per task switch. */
#include "sites.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <stdatomic.h>

#define OPEN_DEPTH 8
#define FRAMES 16
#define RUNTIME_RAS 4

static const void *runtime_base;
static ompt_get_callback_t get_callback;
/* The agent's own callbacks (track.c), stored before the functions in front of them are registered. */
static _Atomic(ompt_callback_task_create_t) agent_task_create;
static _Atomic(ompt_callback_task_schedule_t) agent_task_schedule;
static atomic_int wrapped;
/* The runtime's taskloop addresses seen (__kmpc_taskloop, __kmpc_taskloop_5): few, never removed. */
static _Atomic(const void *) runtime_ras[RUNTIME_RAS];
static size_t unresolved;

/* The taskloops this thread is in (nested ones, innermost last); only the first OPEN_DEPTH are kept. */
static _Thread_local struct open_taskloop { const void *runtime_ra, *user_ra; } open_taskloops[OPEN_DEPTH]
    __attribute__((tls_model("initial-exec")));
static _Thread_local int open_depth __attribute__((tls_model("initial-exec")));
/* The creation site of the task this thread runs, from its last task switch (once the wrappers are in place). */
static _Thread_local const void *running_site __attribute__((tls_model("initial-exec")));

static int is_runtime_ra(const void *codeptr) {
    for (int i = 0; i < RUNTIME_RAS; i++) {
        const void *r = atomic_load_explicit(&runtime_ras[i], memory_order_relaxed);
        if (r == NULL) {
            return 0;
        }
        if (r == codeptr) {
            return 1;
        }
    }
    return 0;
}

static void note_runtime_ra(const void *codeptr) {
    for (int i = 0; i < RUNTIME_RAS; i++) {
        const void *expected = NULL;
        if (atomic_compare_exchange_strong(&runtime_ras[i], &expected, codeptr) || expected == codeptr) {
            return;
        }
    }
}

/* The return address after `runtime_ra` on this thread's stack: the call into the runtime from user code. */
static const void *user_call_site(const void *runtime_ra) {
    void *frames[FRAMES];
    int n = backtrace(frames, FRAMES);
    for (int i = 0; i + 1 < n; i++) {
        if (frames[i] == runtime_ra) {
            Dl_info d;
            /* the next frame must be outside the runtime, or it is not the user's call */
            if (dladdr(frames[i + 1], &d) != 0 && d.dli_fbase == runtime_base) {
                return NULL;
            }
            return frames[i + 1];
        }
    }
    return NULL;
}

void sites_taskloop_begin(const void *runtime_ra, const void *user_ra) {
    note_runtime_ra(runtime_ra);
    if (open_depth < OPEN_DEPTH) {
        open_taskloops[open_depth].runtime_ra = runtime_ra;
        open_taskloops[open_depth].user_ra = user_ra;
    }
    open_depth++;
}

void sites_taskloop_end(const void *runtime_ra) {
    if (open_depth > OPEN_DEPTH) {
        open_depth--;
    } else if (open_depth > 0 && open_taskloops[open_depth - 1].runtime_ra == runtime_ra) {
        open_depth--;
    }
}

const void *sites_creation_site(const void *codeptr_ra) {
    if (!is_runtime_ra(codeptr_ra)) {
        return codeptr_ra;
    }
    if (open_depth > 0 && open_depth <= OPEN_DEPTH && open_taskloops[open_depth - 1].runtime_ra == codeptr_ra) {
        const void *site = open_taskloops[open_depth - 1].user_ra;
        return site != NULL ? site : codeptr_ra;
    }
    /* Outside the construct only a helper task of it makes its tasks: the task this thread runs. */
    return running_site != NULL && !is_runtime_ra(running_site) ? running_site : codeptr_ra;
}

void sites_task_switched(const void *running) {
    running_site = running;
}

static void on_task_create(ompt_data_t *encountering_task_data, const ompt_frame_t *encountering_task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences, const void *codeptr_ra) {
    ompt_callback_task_create_t next = atomic_load_explicit(&agent_task_create, memory_order_acquire);
    next(encountering_task_data, encountering_task_frame, new_task_data, flags, has_dependences,
         sites_creation_site(codeptr_ra));
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data) {
    ompt_callback_task_schedule_t next = atomic_load_explicit(&agent_task_schedule, memory_order_acquire);
    next(prior_task_data, prior_task_status, next_task_data);
    uint64_t v = next_task_data != NULL ? next_task_data->value : 0;
    const task_rec *t = v != 0 && (v & UNTRACKED_BIT) == 0 ? ring_find(&agent_tasks, v) : NULL;
    sites_task_switched(t != NULL ? t->codeptr : NULL);
}

static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr_ra) {
    (void)parallel_data;
    (void)task_data;
    (void)count;
    if (work_type != ompt_work_taskloop || codeptr_ra == NULL) {
        return;
    }
    if (endpoint != ompt_scope_begin) {
        sites_taskloop_end(codeptr_ra);
        return;
    }
    Dl_info d;
    if (runtime_base == NULL || dladdr(codeptr_ra, &d) == 0 || d.dli_fbase != runtime_base) {
        return; /* a runtime that reports the user's address already */
    }
    if (!atomic_exchange(&wrapped, 1)) {
        /* ompt_get_callback answers once the tool initializer has returned (libomp), so it is asked here */
        ompt_callback_t create = NULL, schedule = NULL;
        if (get_callback != NULL && get_callback(ompt_callback_task_create, &create) == 1 && create != NULL
            && get_callback(ompt_callback_task_schedule, &schedule) == 1 && schedule != NULL) {
            atomic_store_explicit(&agent_task_create, (ompt_callback_task_create_t)create, memory_order_release);
            atomic_store_explicit(&agent_task_schedule, (ompt_callback_task_schedule_t)schedule,
                                  memory_order_release);
            /* libomp stores the pointers: threads now call the agent's own or the function in front, both right */
            agent_ompt.set_callback(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
            agent_ompt.set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create);
        }
    }
    sites_taskloop_begin(codeptr_ra, user_call_site(codeptr_ra));
}

void sites_drop_runtime_sync_sites(world_copy *w) {
    Dl_info d;
    for (size_t i = 0; runtime_base != NULL && i < w->nthreads; i++) {
        const void *site = w->threads[i].sync_site;
        if (site != NULL && dladdr(site, &d) != 0 && d.dli_fbase == runtime_base) {
            w->threads[i].sync_site = NULL;
        }
    }
}

int sites_init(ompt_function_lookup_t lookup) {
    Dl_info d;
    void *in_runtime = (void *)lookup("ompt_set_callback");
    if (in_runtime != NULL && dladdr(in_runtime, &d) != 0) {
        runtime_base = d.dli_fbase;
    }
    get_callback = (ompt_get_callback_t)lookup("ompt_get_callback");
    if (get_callback == NULL) {
        return 0; /* taskloop tasks keep the runtime's address */
    }
    /* backtrace() loads libgcc_s on its first call: do that now, not inside a taskloop */
    void *frames[2];
    backtrace(frames, 2);
    return track_set_callback(ompt_callback_work, (ompt_callback_t)on_work, "ompt_callback_work", 0);
}

void sites_count(const world_copy *w) {
    unresolved = 0;
    for (size_t i = 0; i < w->ntasks && atomic_load_explicit(&runtime_ras[0], memory_order_relaxed) != NULL; i++) {
        unresolved += (size_t)is_runtime_ra(w->tasks[i].rec.codeptr);
    }
}

size_t sites_unresolved(void) {
    return unresolved;
}
