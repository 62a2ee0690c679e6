/* Names of OMPT vocabularies and the small value shapes of the snapshot format. */
#include "render.h"
#include "symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names ---- */

const char *name_of_state(int value, char *buf, size_t n) {
    for (int i = 0; i < agent_state_count; i++) {
        if (agent_states[i].value == value) {
            return agent_states[i].name;
        }
    }
#define STATE_CASE(name, v)                                                                                     \
    if (value == (v)) {                                                                                         \
        return #name;                                                                                           \
    }
    FOREACH_OMPT_STATE(STATE_CASE)
#undef STATE_CASE
    snprintf(buf, n, "state-0x%x", (unsigned)value);
    return buf;
}

const char *lifecycle_name(int lc) {
    switch (lc) {
    case LC_QUEUED: return "queued";
    case LC_RUNNING: return "running";
    case LC_SUSPENDED: return "suspended";
    case LC_COMPLETED: return "completed";
    case LC_DETACHED: return "detached";
    default: return NULL;
    }
}

const char *task_kind_name(int k) {
    switch (k) {
    case TK_IMPLICIT: return "implicit";
    case TK_INITIAL: return "initial";
    case TK_TARGET: return "target";
    default: return "explicit";
    }
}

const char *thread_kind_name(int k) {
    switch (k) {
    case ompt_thread_initial: return "initial";
    case ompt_thread_worker: return "worker";
    case ompt_thread_other: return "other";
    default: return "unknown";
    }
}

const char *sync_region_name(int k, char *buf, size_t n) {
    switch (k) {
    case ompt_sync_region_barrier: return "barrier";
    case ompt_sync_region_barrier_implicit: return "barrier_implicit";
    case ompt_sync_region_barrier_explicit: return "barrier_explicit";
    case ompt_sync_region_barrier_implementation: return "barrier_implementation";
    case ompt_sync_region_taskwait: return "taskwait";
    case ompt_sync_region_taskgroup: return "taskgroup";
    case ompt_sync_region_reduction: return "reduction";
    case ompt_sync_region_barrier_implicit_workshare: return "barrier_implicit_workshare";
    case ompt_sync_region_barrier_implicit_parallel: return "barrier_implicit_parallel";
    case ompt_sync_region_barrier_teams: return "barrier_teams";
    default: snprintf(buf, n, "kind-%d", k); return buf;
    }
}

const char *dependence_name(uint32_t t, char *buf, size_t n) {
    switch (t) {
    case ompt_dependence_type_in: return "in";
    case ompt_dependence_type_out: return "out";
    case ompt_dependence_type_inout: return "inout";
    case ompt_dependence_type_mutexinoutset: return "mutexinoutset";
    case ompt_dependence_type_source: return "source";
    case ompt_dependence_type_sink: return "sink";
    case ompt_dependence_type_inoutset: return "inoutset";
    case ompt_dependence_type_out_all_memory: return "out_all_memory";
    case ompt_dependence_type_inout_all_memory: return "inout_all_memory";
    default: snprintf(buf, n, "type-%u", t); return buf;
    }
}

/* ---- JSON pieces ---- */

void write_unavailable(json *j, const char *rc, const char *detail) {
    json_begin_object(j);
    json_key(j, "unavailable");
    json_string(j, rc);
    if (detail != NULL) {
        json_key(j, "detail");
        json_string(j, detail);
    }
    json_end_object(j);
}

void write_tool_data(json *j, uint64_t value) {
    json_begin_object(j);
    json_key(j, "value");
    json_uint(j, value);
    json_key(j, "ptr");
    json_hex(j, value);
    json_end_object(j);
}

void write_code(json *j, const void *codeptr) {
    uint64_t addr = (uint64_t)(uintptr_t)codeptr;
    char name[256];
    json_begin_object(j);
    json_key(j, "address");
    json_hex(j, addr);
    if (symbolize(addr, name, sizeof name)) {
        json_key(j, "symbol");
        json_string(j, name);
    }
    json_end_object(j);
}

void write_icv(json *j, int icv, int64_t value) {
    json_begin_object(j);
    json_key(j, "icv");
    json_int(j, icv);
    json_key(j, "value");
    json_int(j, value);
    json_end_object(j);
}

void write_frame(json *j, uint64_t address, int flags) {
    json_begin_object(j);
    json_key(j, "address");
    json_hex(j, address);
    json_key(j, "flags");
    json_int(j, flags);
    json_end_object(j);
}
