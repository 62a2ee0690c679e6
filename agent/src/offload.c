/* OMPT device and target callbacks: devices, code images, target constructs, kernels and the mapping table
 * (offload_state.c), and the published device table (device_table.c).
 *
 * Only the runtime's offload layer (libomptarget) calls these callbacks: a program that never offloads never
 * enters this file, and the task paths (track.c) know nothing of it. The tables are allocated at the first device
 * event and guarded by one mutex; a snapshot's writer holds that mutex from before it stops the threads until
 * they run again, so the copy is consistent with the task records and no stopped thread holds it. No OpenMP
 * routine is called here. */
#include "agent.h"
#include "device_table.h"

#include <stdlib.h>
#include <string.h>

static pthread_mutex_t offload_lock = PTHREAD_MUTEX_INITIALIZER;
static offload_state state;
/* 0 = no device event yet, 1 = tables ready, -1 = they could not be allocated (said once). */
static _Atomic int state_ready;

/* With offload_lock held: the tables, allocated on first use. */
static offload_state *tables(void) {
    int ready = atomic_load_explicit(&state_ready, memory_order_relaxed);
    if (ready == 0) {
        if (offload_state_init(&state, (uint32_t)agent_cfg.max_target_regions, (uint32_t)agent_cfg.max_mappings)
            != 0) {
            agent_log("cannot allocate the offload tables (%zu target constructs, %zu mappings); snapshots show no "
                      "devices", agent_cfg.max_target_regions, agent_cfg.max_mappings);
            ready = -1;
        } else {
            ready = 1;
        }
        atomic_store_explicit(&state_ready, ready, memory_order_release);
    }
    return ready == 1 ? &state : NULL;
}

static void publish_initial_device(const offload_state *s) {
    if (s->initial_device >= 0 && ompd_explorer_devices.initial_device != s->initial_device) {
        device_table_set_initial(s->initial_device);
    }
}

/* The child of fork() has only the forking thread: a lock another thread held is free there. */
static void after_fork_in_child(void) { pthread_mutex_init(&offload_lock, NULL); }

__attribute__((constructor)) static void offload_atfork(void) { pthread_atfork(NULL, NULL, after_fork_in_child); }

/* ---- devices and images ---- */

static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
    (void)device;
    (void)lookup;
    (void)documentation;
    device_table_initialize(device_num, type);
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        offload_device_initialize(s, device_num, type);
    }
    pthread_mutex_unlock(&offload_lock);
}

static void on_device_finalize(int device_num) {
    device_table_finalize(device_num);
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        offload_device_finalize(s, device_num);
    }
    pthread_mutex_unlock(&offload_lock);
}

static void on_device_load(int device_num, const char *filename, int64_t offset_in_file, void *vma_in_file,
                           size_t bytes, void *host_addr, void *device_addr, uint64_t module_id) {
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        offload_image_load(s, device_num, filename, offset_in_file, (uint64_t)(uintptr_t)vma_in_file, bytes,
                           (uint64_t)(uintptr_t)host_addr, (uint64_t)(uintptr_t)device_addr, module_id);
    }
    pthread_mutex_unlock(&offload_lock);
}

static void on_device_unload(int device_num, uint64_t module_id) {
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        offload_image_unload(s, device_num, module_id);
    }
    pthread_mutex_unlock(&offload_lock);
}

/* ---- target constructs ---- */

/* A tracked task's OMPT data value (its number and slot), or 0. */
static uint64_t task_value(const ompt_data_t *d) {
    return d != NULL && d->value != 0 && (d->value & UNTRACKED_BIT) == 0 ? d->value : 0;
}

/* The construct's encountering task and its target task, and whether the construct is deferred. libomp 19
 * runs a deferred (nowait) construct in a target task (ompt_task_target, not undeferred) and passes that task
 * as task_data, with a non-NULL target_task_data that is the thread's own slot, value 0; the specification's
 * form (target_task_data naming the target task) is taken when a runtime gives it. A target task's encountering
 * task is the task that created it (its generating task). */
static int construct_tasks(const ompt_data_t *task_data, const ompt_data_t *target_task_data, uint64_t *encountering,
                           uint64_t *target_task) {
    uint64_t given = task_value(task_data), target = task_value(target_task_data);
    *encountering = ring_value_number(given);
    *target_task = 0;
    uint64_t candidates[2] = {target, given};
    for (int i = 0; i < 2; i++) {
        if (candidates[i] == 0) {
            continue;
        }
        /* The calling thread runs this task (or the target task it executes): its record is alive. */
        task_rec *t = ring_find(&agent_tasks, candidates[i]);
        if (t != NULL && t->kind == TK_TARGET) {
            *target_task = ring_value_number(candidates[i]);
            *encountering = t->generating;
            return (t->flags & ompt_task_undeferred) == 0;
        }
    }
    return 0;
}

/* libomp 19 reports ompt_target (enter_data, exit_data, update) for a deferred construct too: its nowait form,
 * which OpenMP 5.1 added for this, says that the encountering task does not wait on it. */
static int deferred_kind(int kind) {
    switch (kind) {
    case ompt_target: return ompt_target_nowait;
    case ompt_target_enter_data: return ompt_target_enter_data_nowait;
    case ompt_target_exit_data: return ompt_target_exit_data_nowait;
    case ompt_target_update: return ompt_target_update_nowait;
    default: return kind;
    }
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num, ompt_data_t *task_data,
                          ompt_data_t *target_task_data, ompt_data_t *target_data, const void *codeptr_ra) {
    if (target_data == NULL) {
        return;
    }
    if (endpoint == ompt_scope_begin) {
        uint64_t encountering, target_task;
        int deferred = construct_tasks(task_data, target_task_data, &encountering, &target_task);
        pthread_mutex_lock(&offload_lock);
        offload_state *s = tables();
        uint64_t handle = s != NULL ? offload_target_begin(s, deferred ? deferred_kind((int)kind) : (int)kind,
                                                           device_num, encountering, target_task, codeptr_ra)
                                    : 0;
        pthread_mutex_unlock(&offload_lock);
        target_data->value = handle;
        RECORD(agent_self, RE_TARGET_BEGIN, handle, (uint64_t)(int64_t)device_num, data_id(task_data), (uint32_t)kind,
               0, codeptr_ra);
    } else if (endpoint == ompt_scope_end) {
        RECORD(agent_self, RE_TARGET_END, target_data->value, (uint64_t)(int64_t)device_num, data_id(task_data),
               (uint32_t)kind, 0, codeptr_ra);
        pthread_mutex_lock(&offload_lock);
        offload_state *s = tables();
        if (s != NULL) {
            offload_target_end(s, target_data->value);
        }
        pthread_mutex_unlock(&offload_lock);
        /* libomptarget keeps one target_data per thread: a device routine's data operation after this construct
         * must not be counted as the construct's. */
        target_data->value = 0;
    }
}

static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                                  void *src_addr, int src_device_num, void *dest_addr, int dest_device_num,
                                  size_t bytes, const void *codeptr_ra) {
    (void)target_task_data;
    (void)host_op_id;
    (void)codeptr_ra;
    /* At the end the operation is done: the allocation's device address is known, the bytes have moved. */
    if (endpoint == ompt_scope_begin) {
        return;
    }
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        offload_data_op(s, target_data != NULL ? target_data->value : 0, (int)optype,
                        (uint64_t)(uintptr_t)src_addr, src_device_num, (uint64_t)(uintptr_t)dest_addr,
                        dest_device_num, bytes);
        publish_initial_device(s);
    }
    pthread_mutex_unlock(&offload_lock);
}

static void on_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data, ompt_id_t *host_op_id,
                                 unsigned int requested_num_teams) {
    (void)host_op_id;
    if (target_data == NULL) {
        return;
    }
    pthread_mutex_lock(&offload_lock);
    offload_state *s = tables();
    if (s != NULL) {
        if (endpoint == ompt_scope_begin) {
            offload_kernel_begin(s, target_data->value, requested_num_teams);
        } else if (endpoint == ompt_scope_end) {
            offload_kernel_end(s, target_data->value);
        }
    }
    pthread_mutex_unlock(&offload_lock);
}

/* ---- snapshots ---- */

void offload_snapshot_prepare(offload_copy *c) {
    memset(c, 0, sizeof *c);
    /* A program that never offloaded: no lock, no allocation. */
    if (atomic_load_explicit(&state_ready, memory_order_acquire) != 1) {
        return;
    }
    pthread_mutex_lock(&offload_lock);
    if (offload_copy_alloc(&state, c) != 0) {
        pthread_mutex_unlock(&offload_lock);
        agent_log("out of memory for the offload part of a snapshot; it shows no devices");
    }
}

void offload_snapshot_copy(offload_copy *c) {
    if (c->present) {
        offload_copy_fill(&state, c);
    }
}

void offload_snapshot_release(offload_copy *c) {
    if (c->present) {
        pthread_mutex_unlock(&offload_lock);
        offload_copy_sort(c);
    }
}

/* ---- registration ---- */

int offload_register_callbacks(void) {
    /* Optional all: a runtime without offload support never calls them (libomp 19 answers ompt_set_never for
     * device_unload and target_map_emi; the agent has no use for the latter, which repeats what data operations
     * say). */
#define CB(event, fn) track_set_callback(event, (ompt_callback_t)(fn), #event, 0);
    CB(ompt_callback_device_initialize, on_device_initialize)
    CB(ompt_callback_device_finalize, on_device_finalize)
    CB(ompt_callback_device_load, on_device_load)
    CB(ompt_callback_device_unload, on_device_unload)
    CB(ompt_callback_target_emi, on_target_emi)
    CB(ompt_callback_target_data_op_emi, on_target_data_op_emi)
    CB(ompt_callback_target_submit_emi, on_target_submit_emi)
#undef CB
    return 0;
}
