/* The renderer's model of a stopped-world copy: sorted, indexed, with what the stopped threads reported
 * about themselves laid over the records (view.c). */
#ifndef OMPD_EXPLORER_VIEW_H
#define OMPD_EXPLORER_VIEW_H

#include "agent.h"

#define NOT_FOUND ((size_t)-1)

/* What the render adds to a task record: the probes' view where a stopped thread holds the task. */
typedef struct task_view {
    uint8_t lifecycle;
    uint8_t on_stack;      /* seen on a stopped thread's stack */
    uint8_t has_frame;
    uint8_t member;        /* listed in its region's members */
    int32_t max_active_levels; /* read by the stopped thread that runs it, -1 = not read */
    uint64_t scheduling;
    uint64_t thread;
    const probe_task *frame;
} task_view;

/* A stopped thread in the middle of a task switch: it runs a task, but which one is not known. */
enum switching {
    SWITCH_NONE = 0,
    SWITCH_IN_AGENT,       /* stopped inside the agent's callback: the task's record was not published yet, or
                            * already released */
    SWITCH_UNANNOUNCED,    /* the runtime made a task current but had not reported it to the tool yet */
};

/* The detail of the unavailable currentTask of a thread switching tasks, or NULL for SWITCH_NONE. */
const char *switching_detail(int why);

typedef struct member { size_t region, task; int32_t thread_num; } member;

typedef struct render {
    world_copy *w;
    task_view *views;
    member *members;
    size_t nmembers;
    size_t *member_start;  /* per region: first index in members, and member_start[r+1] the end */
    uint64_t *current;     /* per thread (sorted like the copy): its current task, 0 = none */
    uint8_t *switching;    /* per thread: why its current task is not known (enum switching), 0 = it is */
    code_range *modules;   /* the ranges of the modules written in "modules", in their order (render_modules.c) */
    size_t nmodules;
} render;

/* Sorts the copy, overlays the probes, breaks scheduling cycles and collects each region's team.
 * 0 on success, -1 when out of memory. */
int render_prepare(render *r, world_copy *w);
void render_free(render *r);

/* Positions in the sorted copy, or NOT_FOUND (also for number 0). O(log n). */
size_t find_task(const world_copy *w, uint64_t n);
size_t find_region(const world_copy *w, uint64_t n);
int has_thread(const world_copy *w, uint64_t ordinal);

#endif
