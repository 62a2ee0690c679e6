/* Lesson: a task stolen by another thread.
 *
 * The first thread of a team of two creates a task. It goes into that thread's own queue; the first thread
 * keeps working (it spins, which is not a task scheduling point), so it cannot run the task itself. The
 * second thread reaches a barrier, where an idle thread looks for work: it steals the task from the first
 * thread's queue and runs it. The task's generatingTask is the first thread's implicit task, its
 * schedulingTask is the second thread's implicit task (suspended at the barrier): the two links differ.
 *
 * Steps: the task created and queued; the task running on the other thread; after the first thread's
 * taskwait, the task completed. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int arrived;
static atomic_int created;
static atomic_int stolen;
static atomic_int release_task;

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
}

int main(void) {
    int ran_on = -1;
#pragma omp parallel num_threads(2) shared(ran_on)
    {
        if (omp_get_thread_num() == 0) {
            while (!atomic_load(&arrived)) {
                /* both threads are in the team before the task exists */
            }
#pragma omp task shared(ran_on)
            {
                ran_on = omp_get_thread_num();
                atomic_store(&stolen, 1);
                while (!atomic_load(&release_task)) {
                }
            }
            step("The task is created and queued");
            atomic_store(&created, 1);
            while (!atomic_load(&stolen)) {
                /* not a task scheduling point: only the other thread can run the task */
            }
            step("The other thread stole the task");
            atomic_store(&release_task, 1);
#pragma omp taskwait
            step("The task completed");
        } else {
            atomic_store(&arrived, 1);
            while (!atomic_load(&created)) {
                /* held until the first step is taken */
            }
        }
#pragma omp barrier
    }
    printf("the task ran on thread %d\n", ran_on);
    return 0;
}
