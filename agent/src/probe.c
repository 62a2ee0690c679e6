/* What a stopped thread records of itself in the stop signal's handler (stop.c): its state and wait id, its task
 * and region levels through the async-signal-safe OMPT inquiry functions, every value behind a pointer the
 * runtime hands out read without faulting, and the max-active-levels-var of the task it runs. */
#include "agent.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static _Atomic int safe_read_unavailable; /* process_vm_readv refused (a seccomp filter): plain loads then */
static _Atomic(int (*)(void)) max_active_levels_routine;
static _Atomic int runtime_state;         /* 0 starting, 1 initialized, 2 ending */

void probe_use_runtime(int (*max_active_levels)(void)) {
    atomic_store(&max_active_levels_routine, max_active_levels);
    atomic_store(&runtime_state, 0);
}

/* Called at every parallel_begin: libomp begins one only after its initialization ended and released its lock. */
void probe_runtime_initialized(void) {
    if (atomic_load_explicit(&runtime_state, memory_order_relaxed) == 0) {
        int starting = 0;
        atomic_compare_exchange_strong(&runtime_state, &starting, 1);
    }
}

void probe_runtime_ending(void) {
    atomic_store(&runtime_state, 2);
}

/* Copies n bytes at addr without faulting. A thread stopped while libomp forms or ends a team can be handed
 * pointers to data not yet filled or already freed (seen: a parallel's ompt_data_t in __kmp_fork_call); a plain
 * load of one killed the program with SIGSEGV. process_vm_readv on our own process returns EFAULT instead, and a
 * system call is async-signal-safe. Returns 0, or -1 when the memory cannot be read. */
int agent_safe_read(const void *addr, void *out, size_t n) {
    if (addr == NULL) {
        return -1;
    }
    if (!atomic_load_explicit(&safe_read_unavailable, memory_order_relaxed)) {
        struct iovec local = {out, n};
        struct iovec remote = {(void *)addr, n};
        ssize_t got = syscall(SYS_process_vm_readv, (long)getpid(), &local, 1UL, &remote, 1UL, 0UL);
        if (got == (ssize_t)n) {
            return 0;
        }
        if (got < 0 && (errno == ENOSYS || errno == EPERM)) {
            atomic_store(&safe_read_unavailable, 1);
        } else {
            return -1;
        }
    }
    memcpy(out, addr, n);
    return 0;
}

/* The value of an ompt_data_t the runtime handed out, or 0 when it cannot be read. */
static uint64_t data_value(const ompt_data_t *d) {
    uint64_t v = 0;
    return d != NULL && agent_safe_read(&d->value, &v, sizeof v) == 0 ? v : 0;
}

void probe_self(thread_rec *t) {
    probe *p = &t->probe;
    ompt_wait_id_t wait = 0;
    p->state = agent_ompt.get_state(&wait);
    p->wait_id = wait;
    int k = 0;
    for (; k < PROBE_TASK_LEVELS; k++) {
        int flags = 0, thread_num = -1;
        ompt_data_t *task = NULL, *parallel = NULL;
        ompt_frame_t *frame = NULL;
        int rc = agent_ompt.get_task_info(k, &flags, &task, &frame, &parallel, &thread_num);
        if (rc == 0) {
            break;
        }
        probe_task *pt = &p->tasks[k];
        pt->rc = rc;
        pt->flags = flags;
        pt->thread_num = thread_num;
        pt->task = data_number(data_value(task));
        pt->region = data_number(data_value(parallel));
        ompt_frame_t f;
        pt->has_frame = frame != NULL && agent_safe_read(frame, &f, sizeof f) == 0;
        if (pt->has_frame) {
            pt->exit_frame = (uint64_t)(uintptr_t)f.exit_frame.ptr;
            pt->enter_frame = (uint64_t)(uintptr_t)f.enter_frame.ptr;
            pt->exit_flags = f.exit_frame_flags;
            pt->enter_flags = f.enter_frame_flags;
        }
    }
    p->task_levels = k;
    p->truncated = k == PROBE_TASK_LEVELS;
    /* OMPT has no ICV inquiry. libomp's omp_get_max_active_levels reads the calling thread's current task's ICVs:
     * no lock for a thread the runtime knows (every stopped thread) once the runtime is initialized; before that it
     * initializes the runtime under a lock the interrupted thread may hold (seen: a deadlock in __kmp_fork_call).
     * The current task is level 0: without one the routine would read through a null task. */
    int (*max_active_levels)(void) = atomic_load(&max_active_levels_routine);
    int ready = atomic_load(&runtime_state) == 1;
    p->max_active_levels = k > 0 && ready && max_active_levels != NULL ? max_active_levels() : -1;
    int j = 0;
    for (; j < PROBE_REGION_LEVELS; j++) {
        ompt_data_t *parallel = NULL;
        int team_size = 0;
        int rc = agent_ompt.get_parallel_info(j, &parallel, &team_size);
        if (rc == 0) {
            break;
        }
        p->regions[j].rc = rc;
        p->regions[j].region = data_number(data_value(parallel));
        p->regions[j].team_size = team_size;
    }
    p->region_levels = j;
    ompt_data_t *td = agent_ompt.get_thread_data();
    p->thread_value = data_value(td);
}
