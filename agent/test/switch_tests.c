/* Unit tests of the snapshot renderer's view of threads stopped in the middle of a task switch (view.c,
 * render_entities.c): which current task such a thread is written with. Run from agent_tests.c's main. */
#include "agent.h"
#include "check.h"
#include "view.h"

#include <stdlib.h>
#include <string.h>

/* A thread stopped in the middle of a task switch runs a task that is not known: its currentTask is unavailable, with
 * why, never left out (a thread in a working state without one breaks OpenMP's rules). Thread 1 is the primary
 * thread stopped in implicit_task begin, thread 2 a worker stopped before the runtime reported its implicit task. */
void test_switching(void) {
    world_copy w;
    memset(&w, 0, sizeof w);
    copy_task tasks[2];
    memset(tasks, 0, sizeof tasks);
    region_rec regions[2];
    memset(regions, 0, sizeof regions);
    copy_thread threads[3];
    memset(threads, 0, sizeof threads);
    /* 1 the initial task, suspended on thread 1 since parallel_begin of region 2; 2 a worker's last implicit task,
     * completed */
    atomic_store(&regions[0].h.number, 1);
    atomic_store(&regions[0].team_size, 1);
    regions[0].initial = 1;
    atomic_store(&regions[1].h.number, 2);
    atomic_store(&regions[1].team_size, 2);
    regions[1].level = 1;
    regions[1].encountering = 1;
    atomic_store(&tasks[0].rec.h.number, 1);
    tasks[0].rec.kind = TK_INITIAL;
    tasks[0].rec.flags = ompt_task_initial;
    tasks[0].rec.region = 1;
    atomic_store(&tasks[0].rec.thread, 1);
    atomic_store(&tasks[0].rec.lifecycle, LC_SUSPENDED);
    atomic_store(&tasks[1].rec.h.number, 2);
    tasks[1].rec.kind = TK_IMPLICIT;
    tasks[1].rec.flags = ompt_task_implicit;
    tasks[1].rec.thread_num = 1;
    atomic_store(&tasks[1].rec.lifecycle, LC_COMPLETED);

    /* thread 1: level 0 its new implicit task, numbered 9, whose record the interrupted callback had not published;
     * level 1 the initial task it encountered */
    threads[0].ordinal = 1;
    threads[0].acked = 1;
    threads[0].probe.state = ompt_state_work_parallel;
    threads[0].probe.in_agent = 1;
    threads[0].probe.task_levels = 2;
    threads[0].probe.tasks[0] = (probe_task){.task = 9, .region = 2, .flags = ompt_task_implicit, .rc = 2};
    threads[0].probe.tasks[1] = (probe_task){.task = 1, .region = 1, .flags = ompt_task_initial, .rc = 2};
    threads[0].probe.region_levels = 1;
    threads[0].probe.regions[0] = (probe_region){.region = 2, .team_size = 2, .rc = 2};
    threads[0].current_task = 1; /* the events' last switch */
    /* thread 2: level 0 a task the runtime made current without reporting it (data 0), in the runtime's code */
    threads[1].ordinal = 2;
    threads[1].acked = 1;
    threads[1].probe.state = ompt_state_work_parallel;
    threads[1].probe.task_levels = 1;
    threads[1].probe.tasks[0] = (probe_task){.task = 0, .region = 2, .flags = ompt_task_implicit, .thread_num = 1,
                                             .rc = 2};
    threads[1].current_task = 2;
    /* thread 3: at work, level 0 a task the agent holds no record of (its pc in libc, called from a callback: the
     * agent's check cannot place it) and nothing below it: it runs a task, which one is not known */
    threads[2].ordinal = 3;
    threads[2].acked = 1;
    threads[2].probe.state = ompt_state_work_parallel;
    threads[2].probe.task_levels = 1;
    threads[2].probe.tasks[0] = (probe_task){.task = 17, .region = 2, .flags = ompt_task_implicit, .thread_num = 1,
                                             .rc = 2};
    w.tasks = tasks;
    w.ntasks = 2;
    w.regions = regions;
    w.nregions = 2;
    w.threads = threads;
    w.nthreads = 3;

    render r;
    CHECK(render_prepare(&r, &w) == 0);
    CHECK(r.current[0] == 0 && r.switching[0] == SWITCH_IN_AGENT);
    CHECK(r.current[1] == 0 && r.switching[1] == SWITCH_UNANNOUNCED);
    /* the initial task stays suspended on thread 1, below the task it switches to: not made current */
    CHECK(r.views[0].lifecycle == LC_SUSPENDED && r.views[0].on_stack && r.views[0].thread == 1);
    render_free(&r);
    size_t len = 0;
    char *text = snapshot_render(&w, "switching", &len);
    CHECK(text != NULL);
    if (text != NULL) {
        CHECK(strstr(text, "\"currentTask\": {\"unavailable\": \"unavailable\",\"detail\": \"stopped inside the "
                           "capture agent's callback; the thread was switching tasks\"},\"currentRegion\": 2") != NULL);
        CHECK(strstr(text, "\"currentTask\": {\"unavailable\": \"unavailable\",\"detail\": \"stopped while the "
                           "runtime switched the thread to a task it had not reported to the tool yet\"}") != NULL);
        const char *unannounced = "stopped while the runtime switched the thread to a task it had not reported";
        const char *first = strstr(text, unannounced);
        CHECK(first != NULL && strstr(first + 1, unannounced) != NULL); /* threads 2 and 3 */
        CHECK(strstr(text, "\"id\": 1,\"kind\": \"initial\"") != NULL
              && strstr(text, "\"lifecycle\": \"suspended\"") != NULL);
    }
    free(text);

    /* Outside the agent, a top task with data but no record was finished and released after its callback: passed
     * over, as before; the thread runs the task below. */
    threads[0].probe.in_agent = 0;
    CHECK(render_prepare(&r, &w) == 0);
    CHECK(r.current[0] == 1 && r.switching[0] == SWITCH_NONE);
    render_free(&r);
    /* Inside the agent with a live record on top: the runtime's current task is known, the thread names it. */
    threads[0].probe.in_agent = 1;
    threads[0].probe.tasks[0].task = 1;
    threads[0].probe.task_levels = 1;
    CHECK(render_prepare(&r, &w) == 0);
    CHECK(r.current[0] == 1 && r.switching[0] == SWITCH_NONE);
    render_free(&r);
    /* A thread that did not stop says nothing it did not see: no unavailable current task */
    threads[1].acked = 0;
    threads[2].acked = 0;
    text = snapshot_render(&w, "switching", &len);
    CHECK(text != NULL && strstr(text, "had not reported to the tool yet") == NULL);
    free(text);
}
