/* Rendering a stopped-world copy as snapshot format v1 (docs/snapshot-format.md), in parts:
 * render_values.c  names of OMPT vocabularies and the small value shapes (unavailable, code, frame, ICV)
 * render_header.c  capture, runtime, the state and ICV catalogues, display control variables
 * render_entities.c threads, parallel regions, tasks
 * render_offload.c  address spaces (the process and its devices) and target regions
 * write.c          the whole document, and the file (temp + rename) */
#ifndef OMPD_EXPLORER_RENDER_H
#define OMPD_EXPLORER_RENDER_H

#include "json.h"
#include "view.h"

#include <stddef.h>
#include <stdint.h>

/* The ICVs the agent records, by their id in the snapshot's ICV catalogue: four OMPT reveals, and
 * max-active-levels-var, which a stopped thread reads with omp_get_max_active_levels (probe.c). */
enum { ICV_TEAM_SIZE = 1, ICV_LEVELS = 2, ICV_ACTIVE_LEVELS = 3, ICV_THREAD_NUM = 4, ICV_MAX_ACTIVE_LEVELS = 5 };

const char *name_of_state(int value, char *buf, size_t n);
const char *lifecycle_name(int lc);
const char *task_kind_name(int k);
const char *thread_kind_name(int k);
const char *dependence_name(uint32_t t, char *buf, size_t n);
/* The OMPT name of an ompt_sync_region_t without its prefix ("barrier_explicit", "taskwait"); "kind-N" in buf for a
 * value this build does not know. */
const char *sync_region_name(int k, char *buf, size_t n);

void write_unavailable(json *j, const char *rc, const char *detail);
void write_tool_data(json *j, uint64_t value);
void write_code(json *j, const void *codeptr);
void write_icv(json *j, int icv, int64_t value);
void write_frame(json *j, uint64_t address, int flags);

void write_capture(json *j, const world_copy *w, const char *label);
void write_runtime(json *j);
void write_catalogues(json *j);

void write_threads(json *j, const render *r);
void write_regions(json *j, const render *r);
void write_tasks(json *j, const render *r);

void write_address_spaces(json *j, const render *r);
void write_target_regions(json *j, const render *r);
/* What the offload tables could not keep, as "[agent: …]" sentences; the length written. */
size_t offload_describe(const offload_copy *c, char *buf, size_t n);

#endif
