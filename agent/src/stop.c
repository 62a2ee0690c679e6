/* Consistent snapshots: stop every OpenMP thread at a known point, copy the records, let them go.
 *
 * The writer (the thread in omp_control_tool, the finalizer, the helper thread woken by the trigger signal, or
 * the series timer) holds `lock`, sends the internal stop signal to each registered thread and waits. Each
 * thread, in the signal handler, records its own state with the async-signal-safe OMPT inquiry functions,
 * acknowledges and waits on its semaphore. The writer copies the rings into buffers it allocated beforehand
 * (a stopped thread may hold the malloc lock), releases the threads, and only then formats and writes the file.
 * thread_begin/thread_end take `lock` too, so a thread never starts or ends in the middle of a snapshot. */
#include "agent.h"
#include "output.h"

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 16384

extern _Atomic int64_t agent_dep_entries, agent_edge_entries;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static thread_rec **registry;
static size_t reg_len, reg_cap;
static int registry_full_reported;
static _Atomic uint64_t stop_gen, resume_gen;
static sem_t ack_sem;
static _Atomic int snap_active;
static _Atomic(void *) deferred;
static int pipe_fds[2] = {-1, -1};
static _Atomic int trigger_fd = -1;
static int finalized;
/* The program has ended (stop_program_ended): set without the lock, which exit() may reach while a snapshot holds it. */
static _Atomic int program_ended;
static int stop_ready;                 /* the stop signal's handler is installed: only then is the signal sent */
static unsigned snapshot_seq;
static int alloc_failure_reported;
static thread_rec *forked_self;        /* in a child of fork(): the forking thread's record from the parent */

static void snapshot_locked(const char *label, thread_rec *caller, unsigned series);

/* ---- frees while a snapshot may be reading ---- */

struct deferred_block { struct deferred_block *next; };

/* free(), except while a snapshot copies records: a thread that did not stop may be reading the block. */
void agent_free(void *p) {
    if (p == NULL) {
        return;
    }
    if (atomic_load(&snap_active)) {
        struct deferred_block *b = p;
        void *head = atomic_load(&deferred);
        do {
            b->next = head;
        } while (!atomic_compare_exchange_weak(&deferred, &head, b));
        return;
    }
    free(p);
}

static void free_deferred(void) {
    struct deferred_block *b = atomic_exchange(&deferred, NULL);
    while (b != NULL) {
        struct deferred_block *next = b->next;
        free(b);
        b = next;
    }
}

/* ---- the registry ---- */

void stop_register_thread(thread_rec *t) {
    pthread_mutex_lock(&lock);
    /* After fork() the child's runtime announces the forking thread again: its record from the parent goes. */
    if (forked_self != NULL && pthread_equal(forked_self->pthread, t->pthread)) {
        for (size_t i = 0; i < reg_len; i++) {
            if (registry[i] == forked_self) {
                registry[i] = registry[--reg_len];
                break;
            }
        }
        forked_self = NULL;
    }
    if (reg_len == reg_cap && reg_cap < MAX_THREADS) {
        size_t cap = reg_cap == 0 ? 64 : reg_cap * 2;
        thread_rec **grown = realloc(registry, cap * sizeof *grown);
        if (grown != NULL) {
            registry = grown;
            reg_cap = cap;
        }
    }
    if (reg_len < reg_cap) {
        registry[reg_len++] = t;
    } else if (!registry_full_reported) {
        registry_full_reported = 1;
        agent_log("more than %d OpenMP threads: later threads are left out of snapshots", MAX_THREADS);
    }
    pthread_mutex_unlock(&lock);
}

void stop_unregister_thread(thread_rec *t) {
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < reg_len; i++) {
        if (registry[i] == t) {
            registry[i] = registry[--reg_len];
            break;
        }
    }
    pthread_mutex_unlock(&lock);
}

/* ---- signal handlers ---- */

static void on_stop_signal(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    int saved = errno;
    thread_rec *t = agent_self;
    uint64_t gen = atomic_load(&stop_gen);
    if (t != NULL && gen != 0 && atomic_load(&resume_gen) < gen && atomic_load(&t->probe_gen) != gen) {
        probe_self(t);
        /* Inside one of the agent's callbacks the thread's records are half updated (a task record claimed but not
         * yet published, the thread's current task not yet stored): the writer says what is not known. */
        t->probe.in_agent = stack_interrupted_in_agent(context);
        /* its own return addresses, from where the signal interrupted it (nothing when stacks are off) */
        stack_record_interrupted(&t->stack, context);
        atomic_store_explicit(&t->probe_gen, gen, memory_order_release);
        sem_post(&ack_sem);
        while (atomic_load(&resume_gen) < gen) {
            if (sem_wait(&t->resume) != 0 && errno != EINTR) {
                break;
            }
        }
    }
    errno = saved;
}

/* Trigger handlers still running: the thread the kernel chose for the trigger signal is stopped for the snapshot
 * only once its handler has returned, so that its stack is walked from the program's own code, not from write(). */
static _Atomic int triggers_running;

static void on_trigger_signal(int sig) {
    (void)sig;
    int saved = errno;
    atomic_fetch_add(&triggers_running, 1);
    int fd = atomic_load(&trigger_fd);
    if (fd >= 0) {
        char c = 1;
        ssize_t w = write(fd, &c, 1); /* non-blocking; a full pipe already holds a pending request */
        (void)w;
    }
    atomic_fetch_sub(&triggers_running, 1);
    errno = saved;
}

/* Waits (at most 50 ms: a handler that never returns must not stop the snapshot) until no trigger handler runs. */
static void await_trigger_handlers(void) {
    struct timespec tick = {.tv_sec = 0, .tv_nsec = 100 * 1000};
    for (int i = 0; i < 500 && atomic_load(&triggers_running) > 0; i++) {
        nanosleep(&tick, NULL);
    }
}

/* ---- the helper thread for the trigger signal ---- */

static void *helper_main(void *arg) {
    (void)arg;
    char buf[64];
    for (;;) {
        ssize_t n = read(pipe_fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return NULL;
        }
        await_trigger_handlers();
        snapshot_take("signal", NULL, 0);
        /* Signals that arrived during the snapshot are merged into it. */
        struct pollfd pfd = {.fd = pipe_fds[0], .events = POLLIN};
        while (poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN)) {
            if (read(pipe_fds[0], buf, sizeof buf) <= 0) {
                break;
            }
        }
    }
}

static void after_fork_in_child(void) {
    /* Only the forking thread lives on; the helper thread is gone, and with it any snapshot it was taking
     * (holding the lock). */
    pthread_mutex_init(&lock, NULL);
    thread_rec *self = agent_self;
    reg_len = 0;
    if (self != NULL && reg_cap > 0) {
        registry[reg_len++] = self;
    }
    forked_self = self;
    atomic_store(&snap_active, 0);
    atomic_store(&resume_gen, atomic_load(&stop_gen));
    atomic_store(&trigger_fd, -1);
}

/* Registered when the library loads, before the runtime registers its own handlers: the child's runtime
 * announces the forking thread from its handler (thread_begin takes the lock), so the lock must be new by then. */
__attribute__((constructor)) static void stop_atfork(void) {
    pthread_atfork(NULL, NULL, after_fork_in_child);
}

/* Starts a detached agent thread (the trigger's helper, the series timer), named for `top -H` and the tests. It
 * blocks every signal, so neither the trigger nor the stop signal lands on it, and is not registered, so a
 * snapshot never stops it. Returns 0, or -1 with errno set. */
int stop_start_helper(void *(*run)(void *), const char *name) {
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    pthread_t helper;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    int rc = pthread_create(&helper, &attr, run, NULL);
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    pthread_setname_np(helper, name);
    return 0;
}

static int start_trigger(int sig) {
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0) {
        return -1;
    }
    if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler != SIG_DFL) {
        agent_log("signal %d already has a handler or is ignored in this program; the signal trigger is off "
                  "(choose another with OMPD_EXPLORER_SIGNAL)", sig);
        return 0;
    }
    if (old.sa_flags & SA_SIGINFO) {
        agent_log("signal %d already has a handler in this program; the signal trigger is off "
                  "(choose another with OMPD_EXPLORER_SIGNAL)", sig);
        return 0;
    }
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        return -1;
    }
    fcntl(pipe_fds[1], F_SETFL, fcntl(pipe_fds[1], F_GETFL) | O_NONBLOCK);
    if (stop_start_helper(helper_main, "ompd-x-signal") != 0) {
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        pipe_fds[0] = pipe_fds[1] = -1;
        return -1;
    }
    atomic_store(&trigger_fd, pipe_fds[1]);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_trigger_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

int stop_init(void) {
    if (sem_init(&ack_sem, 0, 0) != 0) {
        return -1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_stop_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(agent_cfg.stop_signal, &sa, NULL) != 0) {
        return -1;
    }
    stop_ready = 1;
    if (agent_cfg.trigger_signal != 0 && start_trigger(agent_cfg.trigger_signal) != 0) {
        agent_log("cannot set up the signal trigger (%s); omp_control_tool snapshots still work", strerror(errno));
    }
    return 0;
}

void stop_program_ended(void) {
    atomic_store(&program_ended, 1);
}

void stop_finalize(void) {
    pthread_mutex_lock(&lock);
    finalized = 1;
    atomic_store(&trigger_fd, -1);
    pthread_mutex_unlock(&lock);
}

/* ---- taking a snapshot ---- */

static size_t with_margin(int64_t live, size_t cap) {
    size_t n = live > 0 ? (size_t)live : 0;
    n += n / 4 + 256;
    return n < cap ? n : cap;
}

static void copy_rings(world_copy *w) {
    for (size_t i = 0, used = ring_used(&agent_tasks); i < used; i++) {
        task_rec *t = ring_slot(&agent_tasks, i);
        if (atomic_load_explicit(&t->h.state, memory_order_acquire) != RING_LIVE) {
            continue;
        }
        if (w->ntasks == w->cap_tasks) {
            w->truncated++;
            continue;
        }
        copy_task *c = &w->tasks[w->ntasks++];
        memcpy(&c->rec, t, sizeof *t);
        c->dep_off = (uint32_t)w->ndeps;
        c->dep_n = 0;
        dep_list *d = atomic_load_explicit(&t->deps, memory_order_acquire);
        if (d != NULL && w->ndeps + d->count <= w->cap_deps) {
            memcpy(&w->deps[w->ndeps], d->entries, d->count * sizeof d->entries[0]);
            w->ndeps += d->count;
            c->dep_n = d->count;
        } else if (d != NULL) {
            w->deps_lost += d->count;
        }
        c->edge_off = (uint32_t)w->nedges;
        c->edge_n = 0;
        edge_list *e = atomic_load_explicit(&t->depends_on, memory_order_acquire);
        if (e != NULL && w->nedges + e->count <= w->cap_edges) {
            for (uint32_t k = 0; k < e->count; k++) {
                w->edges[w->nedges++] = e->edges[k].number;
            }
            c->edge_n = e->count;
        } else if (e != NULL) {
            w->edges_lost += e->count;
        }
    }
    for (size_t i = 0, used = ring_used(&agent_regions); i < used; i++) {
        region_rec *r = ring_slot(&agent_regions, i);
        if (atomic_load_explicit(&r->h.state, memory_order_acquire) != RING_LIVE) {
            continue;
        }
        if (w->nregions == w->cap_regions) {
            w->truncated++;
            continue;
        }
        memcpy(&w->regions[w->nregions++], r, sizeof *r);
    }
    w->untracked_tasks = atomic_load(&agent_tasks.dropped);
    w->untracked_regions = atomic_load(&agent_regions.dropped);
}

static void copy_thread_state(copy_thread *c, thread_rec *t, int acked) {
    c->ordinal = t->ordinal;
    c->kind = t->kind;
    c->lwp = t->lwp;
    c->pthread = (uint64_t)t->pthread;
    c->current_task = atomic_load(&t->current_task);
    c->sync_kind = track_sync_region(t, &c->sync_site);
    c->sync_waiting = atomic_load(&t->sync_waiting);
    c->acked = acked;
    c->stack.n = 0;
    c->stack.partial = STACK_NOT_TAKEN;
    if (acked) {
        memcpy(&c->probe, &t->probe, sizeof t->probe);
        uint32_t n = t->stack.n <= STACK_MAX_FRAMES ? t->stack.n : STACK_MAX_FRAMES;
        memcpy(&c->stack, &t->stack, offsetof(thread_stack, frames) + n * sizeof t->stack.frames[0]);
        c->stack.n = n;
    }
}

static void free_copy(world_copy *w) {
    offload_copy_free(&w->offload);
    free(w->tasks);
    free(w->regions);
    free(w->threads);
    free(w->deps);
    free(w->edges);
}

/* This thread is taking a snapshot (it holds the lock). */
static _Thread_local int holding_lock __attribute__((tls_model("initial-exec")));

static void unlock_snapshot(void) {
    holding_lock = 0;
    pthread_mutex_unlock(&lock);
}

/* Waits for the lock for at most twice the stop timeout and a second: a snapshot holds it while it stops the threads
 * and copies the records, never while it writes. 0, or -1 when it was not free by then. */
static int lock_bounded(void) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    unsigned ms = 2 * agent_cfg.stop_timeout_ms + 1000;
    deadline.tv_sec += ms / 1000;
    deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    int rc;
    while ((rc = pthread_mutex_timedlock(&lock, &deadline)) == EINTR) {
    }
    return rc == 0 ? 0 : -1;
}

/* At exit() the lock may be held by the very thread that calls it (exit() from a signal handler that interrupted a
 * snapshot), or by a snapshot that will never end: the wait is bounded, and the at-exit snapshot left out. */
void snapshot_take_at_exit(thread_rec *caller) {
    if (holding_lock) {
        agent_log("the at-exit snapshot was not taken: exit() was called by a thread while it was taking a snapshot "
                  "(from a signal handler), which ends unfinished");
        return;
    }
    if (lock_bounded() != 0) {
        agent_log("the at-exit snapshot was not taken: another snapshot did not finish within %u ms",
                  2 * agent_cfg.stop_timeout_ms + 1000);
        return;
    }
    holding_lock = 1;
    snapshot_locked("exit", caller, 0);
}

void snapshot_take(const char *label, thread_rec *caller, unsigned series) {
    pthread_mutex_lock(&lock);
    holding_lock = 1;
    snapshot_locked(label, caller, series);
}

/* Takes a snapshot with the lock held; releases it. */
static void snapshot_locked(const char *label, thread_rec *caller, unsigned series) {
    if ((finalized || atomic_load(&program_ended)) && caller == NULL) {
        unlock_snapshot();
        return;
    }
    /* Everything the copy needs is allocated before any thread stops. */
    world_copy w;
    memset(&w, 0, sizeof w);
    w.series = series;
    /* As large as the rings: only the pages the copy fills get committed. */
    w.cap_tasks = ring_capacity(&agent_tasks);
    w.cap_regions = ring_capacity(&agent_regions);
    w.cap_deps = with_margin(atomic_load(&agent_dep_entries), (size_t)1 << 24);
    w.cap_edges = with_margin(atomic_load(&agent_edge_entries), (size_t)1 << 24);
    w.tasks = malloc(w.cap_tasks * sizeof *w.tasks);
    w.regions = malloc(w.cap_regions * sizeof *w.regions);
    w.threads = calloc(reg_len + 1, sizeof *w.threads);
    w.deps = malloc(w.cap_deps * sizeof *w.deps);
    w.edges = malloc(w.cap_edges * sizeof *w.edges);
    if (w.tasks == NULL || w.regions == NULL || w.threads == NULL || w.deps == NULL || w.edges == NULL) {
        unlock_snapshot();
        if (!alloc_failure_reported) {
            alloc_failure_reported = 1;
            agent_log("out of memory for a snapshot; none taken");
        }
        free_copy(&w);
        return;
    }
    /* Call stacks: the thread taking the snapshot unwinds itself now, through .eh_frame (the unwinder takes the
     * loader's lock, which a stopped thread might hold); the others check their return addresses against the code
     * ranges of the loaded modules, collected now for the same reason. */
    int stacks = agent_cfg.stacks && stack_ranges_prepare() == 0;
    if (caller != NULL) {
        if (stacks) {
            stack_record_self(&caller->stack);
        } else {
            caller->stack.n = 0;
            caller->stack.partial = STACK_NOT_TAKEN;
        }
    }
    /* Locks the offload tables (when the program has any) until the threads run again. */
    offload_snapshot_prepare(&w.offload);

    struct timespec stop_start, stop_end;
    clock_gettime(CLOCK_MONOTONIC, &stop_start);
    while (sem_trywait(&ack_sem) == 0) {
        /* acknowledgements that came too late for an earlier snapshot */
    }
    atomic_store(&snap_active, 1);
    uint64_t gen = atomic_fetch_add(&stop_gen, 1) + 1;
    size_t expected = 0;
    for (size_t i = 0; i < reg_len; i++) {
        thread_rec *t = registry[i];
        t->signalled = 0;
        if (t != caller && stop_ready && pthread_kill(t->pthread, agent_cfg.stop_signal) == 0) {
            t->signalled = 1;
            expected++;
        }
    }
    if (caller != NULL) {
        probe_self(caller);
        caller->probe.in_agent = 0; /* in the agent's callback, but between updates: its records are whole */
        atomic_store(&caller->probe_gen, gen);
    }
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += agent_cfg.stop_timeout_ms / 1000;
    deadline.tv_nsec += (long)(agent_cfg.stop_timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    size_t acked = 0;
    for (;;) {
        acked = 0;
        for (size_t i = 0; i < reg_len; i++) {
            if (registry[i]->signalled && atomic_load_explicit(&registry[i]->probe_gen, memory_order_acquire) == gen) {
                acked++;
            }
        }
        if (acked == expected) {
            break;
        }
        if (sem_timedwait(&ack_sem, &deadline) != 0 && errno == ETIMEDOUT) {
            break;
        }
    }

    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    w.time_sec = now.tv_sec;
    w.time_nsec = (int32_t)now.tv_nsec;
    uint64_t recorded_at = record_now();
    copy_rings(&w);
    offload_snapshot_copy(&w.offload);
    for (size_t i = 0; i < reg_len; i++) {
        thread_rec *t = registry[i];
        int ok = (t == caller || t->signalled)
                 && atomic_load_explicit(&t->probe_gen, memory_order_acquire) == gen;
        copy_thread_state(&w.threads[w.nthreads++], t, ok);
    }

    atomic_store(&resume_gen, gen);
    for (size_t i = 0; i < reg_len; i++) {
        if (registry[i]->signalled) {
            sem_post(&registry[i]->resume);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &stop_end);
    w.stopped_ns = (stop_end.tv_sec - stop_start.tv_sec) * 1000000000LL + (stop_end.tv_nsec - stop_start.tv_nsec);
    atomic_store(&snap_active, 0);
    if (stacks) {
        stack_ranges_release();
    }
    offload_snapshot_release(&w.offload);
    free_deferred();
    unsigned seq = ++snapshot_seq;
    unlock_snapshot();

    if (acked < expected) {
        agent_log("%zu of %zu threads did not stop within %u ms; their state is marked unavailable",
                  expected - acked, expected, agent_cfg.stop_timeout_ms);
    }
    if (w.truncated > 0) {
        agent_log("snapshot %u: %zu records did not fit the copy and were left out", seq, w.truncated);
    }
    char written[OUTPUT_NAME_MAX + 1];
    snapshot_write(&w, label, seq, written, sizeof written);
    free_copy(&w);
    if (record_enabled) {
        /* The recording so far, with this snapshot's moment in it. */
        record_snapshot(recorded_at, label, written);
        if (strcmp(label, "exit") == 0) {
            record_write_once(); /* the program's end: not again at the finalizer */
        } else {
            record_write();
        }
    }
}
