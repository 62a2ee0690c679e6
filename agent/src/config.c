/* Configuration from the environment and the agent's one-line diagnostics. */
#include "agent.h"
#include "gzip.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define DEFAULT_MAX_TASKS (1u << 16)
#define DEFAULT_MAX_REGIONS (1u << 12)
#define DEFAULT_MAX_TARGET_REGIONS 1024
#define DEFAULT_MAX_MAPPINGS 4096
#define DEFAULT_MAX_SNAPSHOTS 100
/* Well within the six digits of a file name's sequence number (names sort in time up to 999999). */
#define MAX_MAX_SNAPSHOTS 100000
#define MAX_INTERVAL_MS 86400000u
#define MAX_NUMBER_BLOCK 4096
#define MAX_STOP_TIMEOUT_MS 60000

static const struct { const char *name; int number; } SIGNALS[] = {
    {"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"USR1", SIGUSR1}, {"USR2", SIGUSR2},
    {"PIPE", SIGPIPE}, {"ALRM", SIGALRM}, {"TERM", SIGTERM}, {"CHLD", SIGCHLD}, {"CONT", SIGCONT},
    {"TSTP", SIGTSTP}, {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"URG", SIGURG}, {"XCPU", SIGXCPU},
    {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF}, {"WINCH", SIGWINCH}, {"IO", SIGIO},
    {"PWR", SIGPWR},
    /* Named so that they can be refused by name as by number (config_signal_refusal). */
    {"KILL", SIGKILL}, {"STOP", SIGSTOP}, {"SEGV", SIGSEGV}, {"BUS", SIGBUS}, {"FPE", SIGFPE}, {"ILL", SIGILL},
    {"TRAP", SIGTRAP}, {"SYS", SIGSYS}, {"ABRT", SIGABRT},
};

/* 0 and *out when text is a whole decimal number within [0, max] (no sign, space, or anything after it); else -1. */
static int parse_small(const char *text, long max, long *out) {
    if (!isdigit((unsigned char)text[0])) {
        return -1;
    }
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || n > max) {
        return -1;
    }
    *out = n;
    return 0;
}

/* Accepts "none", "0", "SIGUSR2", "USR2", "12", "SIGRTMIN+3", "RTMIN+3" (case-insensitive). Returns 0 and *out
 * (0 = none), or -1 when text is not one signal of this system. Whether the agent can use it is
 * config_signal_refusal's question. */
int config_parse_signal(const char *text, int *out) {
    if (text == NULL || *text == '\0') {
        return -1;
    }
    if (strcasecmp(text, "none") == 0) {
        *out = 0;
        return 0;
    }
    long n;
    if (isdigit((unsigned char)text[0])) {
        if (parse_small(text, SIGRTMAX, &n) != 0) {
            return -1;
        }
        *out = (int)n;
        return 0;
    }
    const char *name = strncasecmp(text, "SIG", 3) == 0 ? text + 3 : text;
    if (strncasecmp(name, "RTMIN", 5) == 0) {
        n = 0;
        if ((name[5] == '+' && parse_small(name + 6, SIGRTMAX - SIGRTMIN, &n) != 0)
            || (name[5] != '+' && name[5] != '\0')) {
            return -1;
        }
        *out = SIGRTMIN + (int)n;
        return 0;
    }
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
        if (strcasecmp(name, SIGNALS[i].name) == 0) {
            *out = SIGNALS[i].number;
            return 0;
        }
    }
    return -1;
}

/* Why the agent cannot use signal sig (a trigger or stop signal needs a handler that returns), or NULL when it can.
 * A fault signal would loop: the handler returns and the faulting instruction runs again, for ever. */
const char *config_signal_refusal(int sig) {
    switch (sig) {
    case SIGKILL: return "SIGKILL, which cannot be caught";
    case SIGSTOP: return "SIGSTOP, which cannot be caught";
    case SIGSEGV: return "SIGSEGV, which the program's own faults raise";
    case SIGBUS: return "SIGBUS, which the program's own faults raise";
    case SIGFPE: return "SIGFPE, which the program's own faults raise";
    case SIGILL: return "SIGILL, which the program's own faults raise";
    case SIGTRAP: return "SIGTRAP, which breakpoints and the program's own traps raise";
    case SIGSYS: return "SIGSYS, which the program's own bad system calls raise";
    case SIGABRT: return "SIGABRT, which abort() raises to end the program at once";
    default: break;
    }
    if (sig > 0 && sig < SIGRTMIN && sig > SIGSYS) {
        return "a real-time signal the C library keeps for itself";
    }
    return NULL;
}

/* OMPD_EXPLORER_SIGNAL or _STOP_SIGNAL: *sig keeps its default unless the variable names a signal the agent can
 * use; anything else is one line that says what was wrong and what to set instead. */
static void env_signal(const char *var, int *sig, int none_allowed, const char *fallback, const char *examples) {
    const char *v = getenv(var);
    if (v == NULL || *v == '\0') {
        return;
    }
    int parsed;
    const char *why;
    if (config_parse_signal(v, &parsed) != 0) {
        agent_log("%s=%s is not a signal (a name like %s, or a number from 1 to %d); using %s", var, v, examples,
                  SIGRTMAX, fallback);
    } else if (parsed == 0 && !none_allowed) {
        agent_log("%s=%s names no signal, and threads cannot be stopped without one; using %s (or choose %s)", var,
                  v, fallback, examples);
    } else if (parsed != 0 && (why = config_signal_refusal(parsed)) != NULL) {
        agent_log("%s=%s is %s: the agent cannot use it; using %s (or choose %s)", var, v, why, fallback, examples);
    } else {
        *sig = parsed;
    }
}

/* A whole decimal number (strtoull alone would take "-1", " 5" or "+5"); 0, or -1 when text is not one. */
static int parse_whole(const char *text, unsigned long long *out) {
    if (!isdigit((unsigned char)text[0])) {
        return -1;
    }
    char *end;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' ? 0 : -1;
}

static size_t env_size(const char *name, size_t fallback, size_t min, size_t max) {
    const char *v = getenv(name);
    if (v == NULL || *v == '\0') {
        return fallback;
    }
    unsigned long long n;
    if (parse_whole(v, &n) != 0 || n < min || n > max) {
        if (max == SIZE_MAX) {
            agent_log("%s=%s is not a number >= %zu; using %zu", name, v, min, fallback);
        } else {
            agent_log("%s=%s is not a number from %zu to %zu; using %zu", name, v, min, max, fallback);
        }
        return fallback;
    }
    return (size_t)n;
}

/* OMPD_EXPLORER_MAX_TASKS or _REGIONS: at least 64; more than a ring holds is the most it holds, said in one line. */
static size_t env_records(const char *name, size_t fallback) {
    size_t n = env_size(name, fallback, 64, SIZE_MAX);
    if (n > RING_MAX_CAPACITY) {
        agent_log("%s=%s is more than the agent keeps; using %llu", name, getenv(name),
                  (unsigned long long)RING_MAX_CAPACITY);
        n = RING_MAX_CAPACITY;
    }
    return n;
}

/* OMPD_EXPLORER_INTERVAL: milliseconds between series snapshots; unset, empty or 0 = no series. */
static unsigned interval_ms(void) {
    const char *v = getenv("OMPD_EXPLORER_INTERVAL");
    unsigned long long n = 0;
    if (v == NULL || *v == '\0') {
        return 0;
    }
    if (parse_whole(v, &n) != 0 || n > MAX_INTERVAL_MS) {
        agent_log("OMPD_EXPLORER_INTERVAL=%s is not a number of milliseconds from %u to %u (e.g. 500); "
                  "no series is taken", v, CONFIG_MIN_INTERVAL_MS, MAX_INTERVAL_MS);
        return 0;
    }
    /* Each snapshot stops every thread and writes a file: a shorter interval would mostly measure the agent. */
    if (n > 0 && n < CONFIG_MIN_INTERVAL_MS) {
        agent_log("OMPD_EXPLORER_INTERVAL=%s is below the minimum; a snapshot every %u ms", v,
                  CONFIG_MIN_INTERVAL_MS);
        n = CONFIG_MIN_INTERVAL_MS;
    }
    return (unsigned)n;
}

/* An on/off variable: 1, true, yes = on; 0, false, no = off; unset or empty = fallback; anything else = fallback,
 * with one line saying what that means. */
static int env_switch_default(const char *var, int fallback, const char *fallback_means) {
    const char *v = getenv(var);
    if (v == NULL || *v == '\0') {
        return fallback;
    }
    if (strcmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "no") == 0) {
        return 0;
    }
    if (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0 || strcasecmp(v, "yes") == 0) {
        return 1;
    }
    agent_log("%s=%s is not 1 or 0 (true/false, yes/no); %s", var, v, fallback_means);
    return fallback;
}

/* An on/off variable that is off unless set: see env_switch_default. */
static int env_switch(const char *var, const char *off_means) {
    return env_switch_default(var, 0, off_means);
}

static const char *env_lookup(const char *name) { return getenv(name); }

void config_read(agent_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    const char *dir = getenv("OMPD_EXPLORER_DIR");
    snprintf(cfg->dir, sizeof cfg->dir, "%s", dir != NULL && *dir != '\0' ? dir : ".");

    cfg->trigger_signal = SIGUSR2;
    env_signal("OMPD_EXPLORER_SIGNAL", &cfg->trigger_signal, 1, "SIGUSR2", "SIGUSR1, SIGUSR2, SIGRTMIN+4 or none");
    /* The internal signal that stops each OpenMP thread during a snapshot. */
    cfg->stop_signal = SIGRTMIN + 5;
    env_signal("OMPD_EXPLORER_STOP_SIGNAL", &cfg->stop_signal, 0, "SIGRTMIN+5", "SIGRTMIN+6 or another SIGRTMIN+n");
    if (cfg->stop_signal == cfg->trigger_signal) {
        agent_log("OMPD_EXPLORER_SIGNAL and the stop signal are both %d; the signal trigger is disabled",
                  cfg->stop_signal);
        cfg->trigger_signal = 0;
    }
    cfg->at_exit = env_switch("OMPD_EXPLORER_AT_EXIT", "no snapshot is taken at exit");
    cfg->compress = env_switch("OMPD_EXPLORER_COMPRESS", "snapshots are written as plain JSON");
    if (cfg->compress && gzip_load(GZIP_LIBRARY) != 0) {
        cfg->compress = 0; /* gzip_load said so in one line */
    }
    cfg->verbose = env_switch("OMPD_EXPLORER_VERBOSE", "the agent stays quiet");
    cfg->stacks = env_switch_default("OMPD_EXPLORER_STACKS", 1, "each thread's call stack is recorded");
    cfg->max_tasks = env_records("OMPD_EXPLORER_MAX_TASKS", DEFAULT_MAX_TASKS);
    cfg->max_regions = env_records("OMPD_EXPLORER_MAX_REGIONS", DEFAULT_MAX_REGIONS);
    cfg->max_target_regions = env_size("OMPD_EXPLORER_MAX_TARGET_REGIONS", DEFAULT_MAX_TARGET_REGIONS, 1, 1u << 19);
    cfg->max_mappings = env_size("OMPD_EXPLORER_MAX_MAPPINGS", DEFAULT_MAX_MAPPINGS, 1, 1u << 24);
    cfg->number_block = env_size("OMPD_EXPLORER_NUMBER_BLOCK", 64, 1, MAX_NUMBER_BLOCK);
    /* A snapshot waits this long for threads that do not stop: the program stands still meanwhile. */
    cfg->stop_timeout_ms = (unsigned)env_size("OMPD_EXPLORER_STOP_TIMEOUT_MS", 2000, 1, MAX_STOP_TIMEOUT_MS);
    cfg->interval_ms = interval_ms();
    cfg->max_snapshots = (unsigned)env_size("OMPD_EXPLORER_MAX_SNAPSHOTS", DEFAULT_MAX_SNAPSHOTS, 1,
                                            MAX_MAX_SNAPSHOTS);
    cfg->record = env_switch("OMPD_EXPLORER_RECORD", "no recording is written");
    cfg->record_max = env_size("OMPD_EXPLORER_RECORD_MAX", RECORD_DEFAULT_MAX, 1, (size_t)1 << 32);
    const char *desc = getenv("OMPD_EXPLORER_DESCRIPTION");
    snprintf(cfg->description, sizeof cfg->description, "%s", desc != NULL ? desc : "");
    /* Once, here: the signal handler and the writer only read the result. */
    char why[256];
    job_read(&cfg->job, env_lookup, why, sizeof why);
    if (why[0] != '\0' && cfg->verbose) {
        /* Quiet unless asked: every rank of a large job would say the same. */
        agent_log("%s; snapshots carry no job placement and are named as for a single process", why);
    }
}

void agent_log(const char *fmt, ...) {
    char line[1024];
    int n = snprintf(line, sizeof line, AGENT_NAME ": ");
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    size_t len = (size_t)n + (m < 0 ? 0 : ((size_t)m < sizeof line - (size_t)n - 1 ? (size_t)m
                                                                                   : sizeof line - (size_t)n - 2));
    line[len++] = '\n';
    /* One write, so that lines from several threads do not interleave. */
    ssize_t w = write(STDERR_FILENO, line, len);
    (void)w;
}
