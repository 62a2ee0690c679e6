/* What a stopped thread records of itself in the stop signal's handler (stop.c): its state and wait id, its task
 * and region levels through the async-signal-safe OMPT inquiry functions, and every value behind a pointer the
 * runtime hands out read without faulting. */
#include "agent.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static _Atomic int safe_read_unavailable; /* process_vm_readv refused (a seccomp filter): plain loads then */

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
