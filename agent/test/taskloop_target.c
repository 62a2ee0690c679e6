/* Taskloops for integration.py: thread 1 is held in a task while thread 0 runs taskloop constructs, so that their
 * tasks are queued at the snapshot. argv[1] = "small": a taskloop of 4 tasks (no helper tasks); "split": one of 60
 * tasks, which libomp splits into helper tasks, released before the snapshot so that thread 1 runs them and makes
 * the rest of the tasks (reported with the same encountering task); "two": two such taskloops at two call sites.
 * The tasks spin until the snapshot is taken, so none completes before it. */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static atomic_int busy, release_busy, release_tasks;
static volatile long sink;

__attribute__((noinline)) static void work(int i) {
    while (!atomic_load(&release_tasks)) {
    }
    sink += i;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "small";
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task
        {
            atomic_store(&busy, 1);
            while (!atomic_load(&release_busy)) {
            }
        }
        while (!atomic_load(&busy)) {
        }
        if (strcmp(mode, "small") == 0) {
#pragma omp taskloop grainsize(4) nogroup
            for (int i = 0; i < 16; i++) {
                work(i);
            }
        } else {
#pragma omp taskloop num_tasks(60) nogroup
            for (int i = 0; i < 600; i++) {
                work(i);
            }
            if (strcmp(mode, "two") == 0) {
#pragma omp taskloop num_tasks(60) nogroup
                for (int i = 0; i < 600; i++) {
                    work(i);
                }
            }
            atomic_store(&release_busy, 1);
            usleep(300000); /* thread 1 runs the first helper task, which makes its half of the tasks */
        }
        omp_control_tool(omp_control_tool_flush, 0, (void *)mode);
        atomic_store(&release_busy, 1);
        atomic_store(&release_tasks, 1);
    }
    return 0;
}
