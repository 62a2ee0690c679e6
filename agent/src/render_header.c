/* The snapshot's header sections: capture, runtime, the state and ICV catalogues, display control
 * variables (the program's OMP_* and KMP_* environment). */
#include "render.h"
#include "sites.h"
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
    {ICV_MAX_ACTIVE_LEVELS, "max-active-levels-var", "task"},
};

/* capture.lost: every record the agent could not keep, by kind, with the bound that was reached. */
static void write_lost(json *j, const world_copy *w) {
    char tasks[64], regions[64], levels[64];
    snprintf(tasks, sizeof tasks, "OMPD_EXPLORER_MAX_TASKS=%zu", ring_capacity(&agent_tasks));
    snprintf(regions, sizeof regions, "OMPD_EXPLORER_MAX_REGIONS=%zu", ring_capacity(&agent_regions));
    snprintf(levels, sizeof levels, "%d task levels a stopped thread records", PROBE_TASK_LEVELS);
    const struct { const char *what; size_t count; const char *bound; } lost[] = {
        {"tasks", w->untracked_tasks, tasks},
        {"parallel regions", w->untracked_regions, regions},
        {"dependences", w->deps_lost, "the snapshot's dependence buffer (live dependences + 25 %)"},
        {"dependence edges", w->edges_lost, "the snapshot's edge buffer (live edges + 25 %)"},
        {"records in the copy", w->truncated, tasks},
        {"threads whose task stack was cut", w->stacks_truncated, levels},
    };
    int any = 0;
    for (size_t i = 0; i < sizeof lost / sizeof lost[0]; i++) {
        if (lost[i].count == 0) {
            continue;
        }
        if (!any) {
            json_key(j, "lost");
            json_begin_array(j);
            any = 1;
        }
        json_begin_object(j);
        json_key(j, "what");
        json_string(j, lost[i].what);
        json_key(j, "count");
        json_uint(j, lost[i].count);
        json_key(j, "bound");
        json_string(j, lost[i].bound);
        json_end_object(j);
    }
    if (any) {
        json_end_array(j);
    }
}

/* capture.job (format 1.4): the rank, and what else the launcher said. */
static void write_job(json *j, const job_placement *job) {
    if (!job->present) {
        return;
    }
    json_key(j, "job");
    json_begin_object(j);
    json_key(j, "rank");
    json_int(j, job->rank);
    if (job->size > 0) {
        json_key(j, "size");
        json_int(j, job->size);
    }
    if (job->id[0] != '\0') {
        json_key(j, "id");
        json_string(j, job->id);
    }
    json_key(j, "launcher");
    json_string(j, job->launcher);
    json_end_object(j);
}

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
    if (sites_unresolved() > 0 && d < sizeof description) {
        d += (size_t)snprintf(description + d, sizeof description - d,
                              "%s[agent: %zu taskloop tasks show the runtime's __kmpc_taskloop as their creation site: "
                              "the call site of their taskloop was not found on the stack]", d > 0 ? " " : "",
                              sites_unresolved());
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
    write_lost(j, w);
    write_job(j, &agent_cfg.job);
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
