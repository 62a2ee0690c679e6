/* The snapshot's header sections: capture, runtime, the state and ICV catalogues, display control
 * variables (the program's OMP_* and KMP_* environment). */
#include "render.h"
#include "symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const struct { int id; const char *name; const char *scope; } ICVS[] = {
    {ICV_TEAM_SIZE, "team-size-var", "parallel"},
    {ICV_LEVELS, "levels-var", "parallel"},
    {ICV_ACTIVE_LEVELS, "active-levels-var", "parallel"},
    {ICV_THREAD_NUM, "thread-num-var", "task"},
};

void write_capture(json *j, const world_copy *w, const char *label) {
    char program[4096];
    ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
    program[n > 0 ? n : 0] = '\0';
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    struct tm tm;
    time_t secs = (time_t)w->time_sec;
    gmtime_r(&secs, &tm);
    char when[64];
    size_t k = strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(when + k, sizeof when - k, ".%03dZ", (int)(w->time_nsec / 1000000));

    char description[4096];
    size_t d = (size_t)snprintf(description, sizeof description, "%s", agent_cfg.description);
    if (w->untracked_tasks > 0 && d < sizeof description) {
        d += (size_t)snprintf(description + d, sizeof description - d,
                              "%s[agent: %zu tasks were created while the record ring was full and are not shown; "
                              "raise OMPD_EXPLORER_MAX_TASKS]", d > 0 ? " " : "", w->untracked_tasks);
    }
    if (w->truncated > 0 && d < sizeof description) {
        d += (size_t)snprintf(description + d, sizeof description - d, "%s[agent: %zu records did not fit the copy]",
                              d > 0 ? " " : "", w->truncated);
    }
    char facts[1024];
    if (w->offload.present && d < sizeof description && offload_describe(&w->offload, facts, sizeof facts) > 0) {
        d += (size_t)snprintf(description + d, sizeof description - d, "%s%s", d > 0 ? " " : "", facts);
    }
    /* The series position, in the prose field the format already has (the label stays "interval"). */
    if (w->series > 0 && d < sizeof description) {
        snprintf(description + d, sizeof description - d,
                 "%s[agent: interval snapshot %u of at most %u, one every %u ms]", d > 0 ? " " : "", w->series,
                 agent_cfg.max_snapshots, agent_cfg.interval_ms);
    }

    json_newline(j);
    json_key(j, "capture");
    json_begin_object(j);
    json_key(j, "source");
    json_string(j, "ompt-agent");
    json_key(j, "program");
    json_string(j, program);
    json_key(j, "pid");
    json_int(j, getpid());
    json_key(j, "host");
    json_string(j, host);
    json_key(j, "time");
    json_string(j, when);
    json_key(j, "label");
    json_string(j, label);
    if (description[0] != '\0') {
        json_key(j, "description");
        json_string(j, description);
    }
    json_key(j, "producer");
    json_string(j, AGENT_NAME " " AGENT_VERSION);
    json_end_object(j);
}

void write_runtime(json *j) {
    json_newline(j);
    json_key(j, "runtime");
    json_begin_object(j);
    json_key(j, "ompVersion");
    json_uint(j, agent_omp_version);
    json_key(j, "ompVersionString");
    json_string(j, agent_runtime_version);
    json_key(j, "ompdApiVersion");
    write_unavailable(j, "unsupported", "captured through OMPT; OMPD was not used");
    json_key(j, "ompdVersionString");
    write_unavailable(j, "unsupported", "captured through OMPT; OMPD was not used");
    json_end_object(j);
}

void write_catalogues(json *j) {
    char buf[32];
    json_newline(j);
    json_key(j, "states");
    json_begin_array(j);
    for (int i = 0; i < agent_state_count; i++) {
        json_newline(j);
        json_begin_object(j);
        json_key(j, "value");
        json_int(j, agent_states[i].value);
        json_key(j, "name");
        json_string(j, name_of_state(agent_states[i].value, buf, sizeof buf));
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);

    json_newline(j);
    json_key(j, "icvs");
    json_begin_array(j);
    for (size_t i = 0; i < sizeof ICVS / sizeof ICVS[0]; i++) {
        json_newline(j);
        json_begin_object(j);
        json_key(j, "id");
        json_int(j, ICVS[i].id);
        json_key(j, "name");
        json_string(j, ICVS[i].name);
        json_key(j, "scope");
        json_string(j, ICVS[i].scope);
        json_end_object(j);
    }
    json_break(j);
    json_end_array(j);

    json_newline(j);
    json_key(j, "displayControlVars");
    json_begin_array(j);
    for (char **e = environ; e != NULL && *e != NULL; e++) {
        if (strncmp(*e, "OMP_", 4) == 0 || strncmp(*e, "KMP_", 4) == 0) {
            json_newline(j);
            json_string(j, *e);
        }
    }
    json_break(j);
    json_end_array(j);
}
