/* The OMPT entry point: ompt_start_tool, the tool initializer and finalizer. */
#include "agent.h"
#include "runtime_build.h"
#include "sites.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

agent_config agent_cfg;
ompt_api agent_ompt;
unsigned agent_omp_version;
const char *agent_runtime_version;
state_name agent_states[64];
int agent_state_count;

static ompt_start_tool_result_t start_result;
static char runtime_version_text[256]; /* runtime_version and the runtime's build banner (runtime_build.c) */
static void at_program_exit(void);
static int started, active;

#define LOOKUP(field, type, name)                                                                               \
    do {                                                                                                        \
        agent_ompt.field = (type)lookup(name);                                                                  \
        if (agent_ompt.field == NULL) {                                                                         \
            agent_log("this OpenMP runtime has no OMPT entry point %s; the agent is inactive", name);           \
            return 0;                                                                                           \
        }                                                                                                       \
    } while (0)

/* An OpenMP API routine of the runtime that started the tool (the library holding its lookup function), not of
 * whichever library comes first in the process; NULL when it has none. */
static void *runtime_routine(ompt_function_lookup_t lookup, const char *name) {
    Dl_info info;
    if (dladdr(*(void **)&lookup, &info) == 0 || info.dli_fname == NULL) {
        return NULL;
    }
    void *runtime = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (runtime == NULL) {
        return NULL;
    }
    void *routine = dlsym(runtime, name);
    dlclose(runtime); /* RTLD_NOLOAD took a reference to a library that stays loaded */
    return routine;
}

static int on_initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data) {
    (void)initial_device_num;
    (void)tool_data;
    LOOKUP(set_callback, ompt_set_callback_t, "ompt_set_callback");
    LOOKUP(get_state, ompt_get_state_t, "ompt_get_state");
    LOOKUP(get_task_info, ompt_get_task_info_t, "ompt_get_task_info");
    LOOKUP(get_parallel_info, ompt_get_parallel_info_t, "ompt_get_parallel_info");
    LOOKUP(get_thread_data, ompt_get_thread_data_t, "ompt_get_thread_data");
    LOOKUP(enumerate_states, ompt_enumerate_states_t, "ompt_enumerate_states");

    /* Every LLVM release passes the same runtime_version; the runtime's build banner tells them apart. */
    char banner[128];
    runtime_build_read(*(const void **)&agent_ompt.set_callback, banner, sizeof banner);
    runtime_build_describe(agent_runtime_version, banner, runtime_version_text, sizeof runtime_version_text);
    agent_runtime_version = runtime_version_text;

    /* The runtime's thread states, in its enumeration order; the first call starts from ompt_state_undefined. */
    int state = ompt_state_undefined;
    const char *name = NULL;
    int more = agent_ompt.enumerate_states(state, &state, &name);
    agent_state_count = 0;
    while (more && agent_state_count < (int)(sizeof agent_states / sizeof agent_states[0])) {
        agent_states[agent_state_count].value = state;
        agent_states[agent_state_count].name = name;
        agent_state_count++;
        more = agent_ompt.enumerate_states(state, &state, &name);
    }

    if (ring_init(&agent_tasks, 128, agent_cfg.max_tasks) != 0
        || ring_init(&agent_regions, 128, agent_cfg.max_regions)
               != 0) {
        agent_log("cannot reserve memory for %zu task and %zu region records; the agent is inactive",
                  agent_cfg.max_tasks, agent_cfg.max_regions);
        return 0;
    }
    if (agent_cfg.record) {
        record_init(agent_cfg.record_max, record_now());
    }
    if (track_register_callbacks() != 0) {
        return 0;
    }
    sites_init(lookup);
    stacks_find_agent(); /* a thread stopped inside the agent's code is in the middle of a callback */
    if (agent_cfg.stacks) {
        stacks_init();
    }
    int (*max_active_levels)(void);
    *(void **)&max_active_levels = runtime_routine(lookup, "omp_get_max_active_levels");
    probe_use_runtime(max_active_levels);
    if (stop_init() != 0) {
        agent_log("cannot set up thread stopping; snapshots will lack thread states");
    }
    active = 1;
    /* exit() inside a parallel region or a task, on any thread, makes libomp 19 skip both the initial task's end
     * and the tool finalizer (its destructor finds the root still active, or runs on a worker, and only
     * unregisters): the program's end is taken in this handler, which exit() runs before any library destructor,
     * with the runtime and every thread still where they were. */
    if (atexit(at_program_exit) != 0 && agent_cfg.at_exit) {
        agent_log("cannot register an exit handler; the at-exit snapshot is taken only when the program returns "
                  "from main");
    }
    if (agent_cfg.verbose) {
        agent_log("active in %s (OpenMP %u); snapshots go to %s", agent_runtime_version, agent_omp_version,
                  agent_cfg.dir);
    }
    series_start();
    return 1;
}

/* The program ends (its initial task ends, or the finalizer runs when that was not reported): the series
 * stops, so that no interval snapshot starts while the runtime tears its threads down, and the at-exit
 * snapshot is taken. */
void agent_program_end(thread_rec *caller) {
    static _Atomic int taken;
    series_stop();
    if (!atomic_exchange(&taken, 1)) {
        if (agent_cfg.at_exit) {
            snapshot_take_at_exit(caller); /* writes the recording too, with the snapshot's moment */
        }
        record_write_once(); /* when there was no at-exit snapshot, or it was not taken */
    }
    /* No trigger snapshot after this: a signal that arrives while the runtime tears its threads down (between exit()
     * and the finalizer) would write a snapshot of no threads and no tasks, after the at-exit one. */
    stop_program_ended();
}

/* exit() was called (or main returned): the calling thread is stopped here, inside whatever task it runs. */
static void at_program_exit(void) {
    agent_program_end(agent_self);
}

static void on_finalize(ompt_data_t *tool_data) {
    (void)tool_data;
    if (!active) {
        return;
    }
    probe_runtime_ending();
    agent_program_end(agent_self); /* when the initial task's end was not reported */
    record_write_once();           /* when the program's end did not write it */
    stop_finalize();
}

__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                                                const char *runtime_version) {
    if (started) {
        return NULL; /* a second runtime in the same process: stay with the first */
    }
    started = 1;
    agent_omp_version = omp_version;
    agent_runtime_version = runtime_version != NULL ? runtime_version : "";
    config_read(&agent_cfg);
    start_result.initialize = on_initialize;
    start_result.finalize = on_finalize;
    start_result.tool_data.value = 0;
    return &start_result;
}

__attribute__((destructor)) static void report_never_started(void) {
    const char *tool = getenv("OMP_TOOL");
    if (!started && (tool == NULL || strcmp(tool, "disabled") != 0)) {
        agent_log("the OpenMP runtime never started this tool (a runtime without OMPT, or no OpenMP used); "
                  "no snapshots were taken");
    }
}
