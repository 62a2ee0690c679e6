/* Lesson: a taskgroup with untied, final and mergeable tasks.
 *
 * Inside a taskgroup, the single thread creates three tasks:
 *   - an untied task, which the other thread picks up and runs (an untied task may resume on another
 *     thread after it is suspended; a tied task, the default, always resumes on the same one);
 *   - a mergeable task, still queued when the snapshot is taken;
 *   - a final task. Every task created inside a final task is "included": it is run at once, by the
 *     thread that creates it, instead of being queued, and it is final itself. The final task here
 *     creates one such task (also mergeable, so the runtime may merge it into its parent) and that
 *     included task takes the snapshot.
 * The end of the taskgroup waits for all of them (and their descendants): while waiting, the thread runs
 * queued tasks, most recent first, so the final task runs before the mergeable one.
 *
 * Look at each task's flags, its lifecycle (running, suspended, queued) and the schedulingTask chain on
 * the first thread: included task -> final task -> implicit task (suspended at the end of the taskgroup).
 * What the runtime tells a tool: libomp (LLVM 19) reports untied, final and undeferred; it does not pass
 * the mergeable flag for these tasks, and "included" is the agent's inference (the task was created by a
 * final task), not an OMPT flag. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int untied_started;
static atomic_int snapshot_taken;
static int work[3];

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp taskgroup
        {
#pragma omp task untied
            {
                atomic_store(&untied_started, 1);
                while (!atomic_load(&snapshot_taken)) {
                }
                work[0] = 1;
            }
            while (!atomic_load(&untied_started)) {
                /* wait until the other thread runs the untied task */
            }
#pragma omp task mergeable
            work[1] = 2;
#pragma omp task final(1)
            {
#pragma omp task mergeable
                {
                    omp_control_tool(omp_control_tool_flush, 0,
                                     "A taskgroup with untied, final and mergeable tasks");
                    atomic_store(&snapshot_taken, 1);
                }
                work[2] = 3;
            }
        } /* end of taskgroup: waits for all three */
    }
    printf("work = %d %d %d\n", work[0], work[1], work[2]);
    return 0;
}
