/* Lesson: tasks waiting on their dependences.
 *
 * depend clauses order sibling tasks by the memory they name: a task that reads x (in) waits for the last
 * task that wrote x (out or inout); a task that writes waits for the earlier readers and writers.
 *   producer:  depend(out: x)              -- runs first, on the other thread, and is kept busy
 *   reader1:   depend(in: x)               -- waits for producer
 *   reader2:   depend(in: x)               -- waits for producer (readers do not wait for each other)
 *   combine:   depend(in: x) depend(out: y) -- waits for producer
 *   consumer:  depend(inout: y)            -- waits for combine
 * The snapshot, taken by the creating thread after all five exist, shows the producer running and the
 * four others queued, each with its declared dependences (type and address) and the tasks it waits for
 * (dependsOn): the dependence graph as the runtime built it. The runtime reports out as inout: clang
 * encodes the two the same way, and for ordering sibling tasks they mean the same. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int producer_started;
static atomic_int snapshot_taken;

int main(void) {
    int x = 0, y = 0, r1 = 0, r2 = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x)
        {
            atomic_store(&producer_started, 1);
            while (!atomic_load(&snapshot_taken)) {
            }
            x = 42;
        }
        while (!atomic_load(&producer_started)) {
            /* wait until the other thread runs the producer */
        }
#pragma omp task depend(in : x) shared(x, r1)
        r1 = x + 1;
#pragma omp task depend(in : x) shared(x, r2)
        r2 = x + 2;
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
        y = x * 2;
#pragma omp task depend(inout : y) shared(y)
        y = y + 1;
        omp_control_tool(omp_control_tool_flush, 0, "Tasks waiting on dependences");
        atomic_store(&snapshot_taken, 1);
#pragma omp taskwait
    }
    printf("x=%d r1=%d r2=%d y=%d\n", x, r1, r2, y);
    return 0;
}
