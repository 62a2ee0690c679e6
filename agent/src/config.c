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

static const struct { const char *name; int number; } SIGNALS[] = {
    {"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"USR1", SIGUSR1}, {"USR2", SIGUSR2},
    {"PIPE", SIGPIPE}, {"ALRM", SIGALRM}, {"TERM", SIGTERM}, {"CHLD", SIGCHLD}, {"CONT", SIGCONT},
    {"TSTP", SIGTSTP}, {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"URG", SIGURG}, {"XCPU", SIGXCPU},
    {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF}, {"WINCH", SIGWINCH}, {"IO", SIGIO},
    {"PWR", SIGPWR}, {"SYS", SIGSYS},
};

/* Accepts "none", "SIGUSR2", "USR2", "12", "SIGRTMIN+3", "RTMIN+3". Returns 0 and *out (0 = none) or -1. */
int config_parse_signal(const char *text, int *out) {
    if (text == NULL || *text == '\0') {
        return -1;
    }
    if (strcasecmp(text, "none") == 0 || strcmp(text, "0") == 0) {
        *out = 0;
        return 0;
    }
    if (isdigit((unsigned char)text[0])) {
        char *end;
        long n = strtol(text, &end, 10);
        if (*end != '\0' || n <= 0 || n >= NSIG) {
            return -1;
        }
        *out = (int)n;
        return 0;
    }
    const char *name = strncasecmp(text, "SIG", 3) == 0 ? text + 3 : text;
    if (strncasecmp(name, "RTMIN", 5) == 0) {
        long off = 0;
        if (name[5] == '+') {
            char *end;
            off = strtol(name + 6, &end, 10);
            if (*end != '\0' || end == name + 6) {
                return -1;
            }
        } else if (name[5] != '\0') {
            return -1;
        }
        if (off < 0 || SIGRTMIN + off > SIGRTMAX) {
            return -1;
        }
        *out = SIGRTMIN + (int)off;
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

void config_read(agent_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    const char *dir = getenv("OMPD_EXPLORER_DIR");
    snprintf(cfg->dir, sizeof cfg->dir, "%s", dir != NULL && *dir != '\0' ? dir : ".");

    cfg->trigger_signal = SIGUSR2;
    const char *sig = getenv("OMPD_EXPLORER_SIGNAL");
    if (sig != NULL && *sig != '\0' && config_parse_signal(sig, &cfg->trigger_signal) != 0) {
        agent_log("OMPD_EXPLORER_SIGNAL=%s is not a signal name (e.g. SIGUSR2, SIGRTMIN+4 or none); "
                  "using SIGUSR2", sig);
        cfg->trigger_signal = SIGUSR2;
    }
    /* The internal signal that stops each OpenMP thread during a snapshot. */
    cfg->stop_signal = SIGRTMIN + 5;
    const char *stop = getenv("OMPD_EXPLORER_STOP_SIGNAL");
    if (stop != NULL && *stop != '\0' && (config_parse_signal(stop, &cfg->stop_signal) != 0 || cfg->stop_signal == 0)) {
        agent_log("OMPD_EXPLORER_STOP_SIGNAL=%s is not a signal name; using SIGRTMIN+5", stop);
        cfg->stop_signal = SIGRTMIN + 5;
    }
    if (cfg->stop_signal == cfg->trigger_signal) {
        agent_log("OMPD_EXPLORER_SIGNAL and the stop signal are both %d; the signal trigger is disabled",
                  cfg->stop_signal);
        cfg->trigger_signal = 0;
    }
    const char *at_exit = getenv("OMPD_EXPLORER_AT_EXIT");
    cfg->at_exit = at_exit != NULL && (strcmp(at_exit, "1") == 0 || strcasecmp(at_exit, "true") == 0
                                       || strcasecmp(at_exit, "yes") == 0);
    const char *compress = getenv("OMPD_EXPLORER_COMPRESS");
    cfg->compress = compress != NULL && (strcmp(compress, "1") == 0 || strcasecmp(compress, "true") == 0
                                         || strcasecmp(compress, "yes") == 0);
    if (compress != NULL && !cfg->compress && *compress != '\0' && strcmp(compress, "0") != 0
        && strcasecmp(compress, "false") != 0 && strcasecmp(compress, "no") != 0) {
        agent_log("OMPD_EXPLORER_COMPRESS=%s is not 1 or 0; snapshots are written as plain JSON", compress);
    }
    if (cfg->compress && gzip_load(GZIP_LIBRARY) != 0) {
        cfg->compress = 0; /* gzip_load said so in one line */
    }
    const char *verbose = getenv("OMPD_EXPLORER_VERBOSE");
    cfg->verbose = verbose != NULL && strcmp(verbose, "1") == 0;
    cfg->max_tasks = env_size("OMPD_EXPLORER_MAX_TASKS", DEFAULT_MAX_TASKS, 64, SIZE_MAX);
    cfg->max_regions = env_size("OMPD_EXPLORER_MAX_REGIONS", DEFAULT_MAX_REGIONS, 64, SIZE_MAX);
    cfg->max_target_regions = env_size("OMPD_EXPLORER_MAX_TARGET_REGIONS", DEFAULT_MAX_TARGET_REGIONS, 1, 1u << 19);
    cfg->max_mappings = env_size("OMPD_EXPLORER_MAX_MAPPINGS", DEFAULT_MAX_MAPPINGS, 1, 1u << 24);
    cfg->number_block = env_size("OMPD_EXPLORER_NUMBER_BLOCK", 64, 1, SIZE_MAX);
    if (cfg->number_block > 4096) {
        cfg->number_block = 4096;
    }
    cfg->stop_timeout_ms = (unsigned)env_size("OMPD_EXPLORER_STOP_TIMEOUT_MS", 2000, 1, UINT32_MAX);
    cfg->interval_ms = interval_ms();
    cfg->max_snapshots = (unsigned)env_size("OMPD_EXPLORER_MAX_SNAPSHOTS", DEFAULT_MAX_SNAPSHOTS, 1,
                                            MAX_MAX_SNAPSHOTS);
    const char *desc = getenv("OMPD_EXPLORER_DESCRIPTION");
    snprintf(cfg->description, sizeof cfg->description, "%s", desc != NULL ? desc : "");
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
