/* Lesson: a taskgroup with untied, final and mergeable tasks.
 *
 * Inside a taskgroup, the single thread creates three tasks:
 *   - an untied task, which the other thread picks up and runs (an untied task may resume on another
 *     thread after it is suspended; a tied task, the default, always resumes on the same one);
 *   - a mergeable task, still queued when the included task runs;
 *   - a final task. Every task created inside a final task is "included": it is run at once, by the
 *     thread that creates it, instead of being queued, and it is final itself. The final task here
 *     creates one such task (also mergeable, so the runtime may merge it into its parent).
 * The end of the taskgroup waits for all of them (and their descendants): while waiting, the thread runs
 * queued tasks, most recent first, so the final task runs before the mergeable one.
 *
 * Steps: the untied task running on the other thread; the mergeable and the final task created; the included
 * task running on top of the final task (the chain included -> final -> implicit task, suspended at the end
 * of the taskgroup); after the taskgroup. What the runtime tells a tool: libomp (LLVM 19) reports untied,
 * final and undeferred; it does not pass the mergeable flag for these tasks, and "included" is the agent's
 * inference (the task was created by a final task), not an OMPT flag. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int untied_started;
static atomic_int release_untied;
static int work[3];

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
}

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp taskgroup
        {
#pragma omp task untied
            {
                atomic_store(&untied_started, 1);
                while (!atomic_load(&release_untied)) {
                }
                work[0] = 1;
            }
            while (!atomic_load(&untied_started)) {
                /* wait until the other thread runs the untied task */
            }
            step("An untied task runs on the other thread");
#pragma omp task mergeable
            work[1] = 2;
#pragma omp task final(1)
            {
#pragma omp task mergeable
                {
                    step("Inside the final task: an included task");
                    atomic_store(&release_untied, 1);
                }
                work[2] = 3;
            }
            step("A mergeable and a final task are queued");
        } /* end of taskgroup: waits for all three */
        step("After the taskgroup");
    }
    printf("work = %d %d %d\n", work[0], work[1], work[2]);
    return 0;
}
