/* The snapshot series (OMPD_EXPLORER_INTERVAL): a timer thread takes a snapshot labelled "interval" every
 * interval, at most OMPD_EXPLORER_MAX_SNAPSHOTS of them, through the same stop-the-world path as every other
 * trigger. Without the variable none of this runs: no thread, no lock, nothing on the callbacks' paths.
 *
 * The timer never holds its lock while it takes a snapshot, so stopping it (at the program's end, from the
 * thread that ends the initial task or from the finalizer) never waits for one; a snapshot already under way
 * ends as any other does at exit (stop.c refuses new ones after finalize, output.c bounds the write). */
#include "agent.h"

#include <errno.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t timer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_wake;      /* on CLOCK_MONOTONIC: a change of the wall clock moves no tick */
static struct timespec first_tick;
static int started, stopping;

static void add_ms(struct timespec *t, unsigned ms) {
    t->tv_sec += ms / 1000;
    t->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

static int before(const struct timespec *a, const struct timespec *b) {
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *timer_main(void *arg) {
    (void)arg;
    struct timespec tick = first_tick;
    unsigned taken = 0;
    pthread_mutex_lock(&timer_lock);
    for (;;) {
        while (!stopping && pthread_cond_timedwait(&timer_wake, &timer_lock, &tick) == 0) {
            /* woken early, but not stopped */
        }
        if (stopping) {
            break;
        }
        pthread_mutex_unlock(&timer_lock);
        snapshot_take("interval", NULL, ++taken);
        pthread_mutex_lock(&timer_lock);
        if (taken == agent_cfg.max_snapshots) {
            if (!stopping) {
                agent_log("took %u interval snapshots (OMPD_EXPLORER_MAX_SNAPSHOTS); the series ends", taken);
            }
            break;
        }
        /* Fixed rate; after a snapshot that outlasted the interval, the next one waits a whole interval
         * instead of following at once. */
        add_ms(&tick, agent_cfg.interval_ms);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (before(&tick, &now)) {
            tick = now;
            add_ms(&tick, agent_cfg.interval_ms);
        }
    }
    pthread_mutex_unlock(&timer_lock);
    return NULL;
}

static void after_fork_in_child(void) {
    /* The timer is not in the child (it may have held the lock): the child takes no series. */
    pthread_mutex_init(&timer_lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&timer_wake, &attr);
    pthread_condattr_destroy(&attr);
    stopping = 1;
}

/* At tool initialize: the first snapshot comes one interval later. */
void series_start(void) {
    if (agent_cfg.interval_ms == 0 || started) {
        return;
    }
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&timer_wake, &attr);
    pthread_condattr_destroy(&attr);
    clock_gettime(CLOCK_MONOTONIC, &first_tick);
    add_ms(&first_tick, agent_cfg.interval_ms);
    pthread_atfork(NULL, NULL, after_fork_in_child);
    if (stop_start_helper(timer_main, "ompd-x-series") != 0) {
        agent_log("cannot start the snapshot series (%s); other snapshots still work", strerror(errno));
        return;
    }
    started = 1;
    if (agent_cfg.verbose) {
        agent_log("a snapshot every %u ms, at most %u", agent_cfg.interval_ms, agent_cfg.max_snapshots);
    }
}

/* At the program's end: the timer takes no more snapshots (one it has begun still finishes). */
void series_stop(void) {
    if (!started) {
        return;
    }
    pthread_mutex_lock(&timer_lock);
    stopping = 1;
    pthread_cond_broadcast(&timer_wake);
    pthread_mutex_unlock(&timer_lock);
}
