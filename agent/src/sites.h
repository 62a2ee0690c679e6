/* Code sites: the snapshot's module map (render_modules.c) and the user's call site of a taskloop's tasks
 * (sites.c). See docs/agent.md, "Creation sites". */
#ifndef OMPD_EXPLORER_SITES_H
#define OMPD_EXPLORER_SITES_H

#include "render.h"

#include <stddef.h>
#include <stdint.h>

/* Registers the work callback that finds taskloop call sites; lookup is the tool initializer's. 0, or -1. */
int sites_init(ompt_function_lookup_t lookup);
/* The creation site to record for a task the runtime reports at codeptr_ra: the user's call site of its taskloop
 * when codeptr_ra is inside __kmpc_taskloop (see sites.c), else codeptr_ra itself. */
const void *sites_creation_site(const void *codeptr_ra);
/* The calling thread enters a taskloop the runtime reports at runtime_ra, called from user_ra (NULL = not found),
 * and leaves it. The work callback calls them; tests too. */
void sites_taskloop_begin(const void *runtime_ra, const void *user_ra);
void sites_taskloop_end(const void *runtime_ra);
/* The calling thread switched to a task created at `running` (NULL: unknown). The task_schedule wrapper calls it;
 * tests too. */
void sites_task_switched(const void *running);
/* Counts the tasks of the copy still at a taskloop's runtime address; sites_unresolved says how many. */
void sites_count(const world_copy *w);
size_t sites_unresolved(void);
/* Leaves out the sync-region sites of the copy that lie in the OpenMP runtime itself (the taskgroup libomp opens in
 * __kmpc_taskloop): a site says where the program's construct is. After the threads are released (dladdr). */
void sites_drop_runtime_sync_sites(world_copy *w);

/* "modules": the executables and shared objects that hold a code address (a creation site) or a frame pc of the
 * copy; notes their ranges in r->modules, in the order written, for the frames' module index. */
void write_modules(json *j, render *r);
/* "modules" for the n code addresses alone (sorted in place, repeats dropped): a recording's header. */
void write_code_modules(json *j, uint64_t *addrs, size_t n);
/* The index in "modules" of the module holding pc, or -1. */
int module_index(const render *r, uint64_t pc);
/* The GNU build-id among ELF notes [notes, notes + size) as hex into hex; its length, or 0 when none. */
size_t module_build_id(const unsigned char *notes, size_t size, char *hex, size_t hex_size);

#endif
