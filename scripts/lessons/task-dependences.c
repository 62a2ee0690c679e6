/* Lesson: dependences: in, out and inout; a chain and a diamond.
 *
 * depend clauses order sibling tasks by the memory they name: a task that reads x (in) waits for the last
 * task that wrote x (out or inout); a task that writes waits for the earlier readers and writers.
 *   producer:  depend(out: x)                 -- runs first, on the other thread, and is kept busy
 *   left:      depend(in: x) depend(out: a)   -- the diamond: waits for producer
 *   right:     depend(in: x) depend(out: b)   -- the diamond: waits for producer (readers do not wait for each other)
 *   join:      depend(in: a) depend(in: b)    -- the diamond's join: waits for left and right
 *   combine:   depend(in: x) depend(out: y)   -- the chain: waits for producer
 *   consumer:  depend(inout: y)               -- the chain: waits for combine
 * Steps: the producer running; every task created (the others wait, each with its declared dependences and
 * the tasks it waits for, dependsOn); the producer finished (the tasks that waited only for it are ready,
 * one of them running on the other thread; join and consumer still wait); all done after the taskwait.
 * The runtime reports out as inout: clang encodes the two the same way, and for ordering sibling tasks they
 * mean the same. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int producer_started;
static atomic_int release_producer;
static atomic_int successors_started;
static atomic_int release_successors;

static void step(const char *label) {
    omp_control_tool(omp_control_tool_flush, 0, (void *)label);
}

/* The body of each task that follows the producer: counted in, then held until the third step is taken. */
static void held(void) {
    atomic_fetch_add(&successors_started, 1);
    while (!atomic_load(&release_successors)) {
    }
}

int main(void) {
    int x = 0, a = 0, b = 0, y = 0, r = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task depend(out : x) shared(x)
        {
            atomic_store(&producer_started, 1);
            while (!atomic_load(&release_producer)) {
            }
            x = 42;
        }
        while (!atomic_load(&producer_started)) {
            /* wait until the other thread runs the producer */
        }
        step("The producer runs");
#pragma omp task depend(in : x) depend(out : a) shared(x, a)
        {
            held();
            a = x + 1;
        }
#pragma omp task depend(in : x) depend(out : b) shared(x, b)
        {
            held();
            b = x + 2;
        }
#pragma omp task depend(in : a) depend(in : b) shared(a, b, r)
        {
            held();
            r = a + b;
        }
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
        {
            held();
            y = x * 2;
        }
#pragma omp task depend(inout : y) shared(y)
        {
            held();
            y = y + 1;
        }
        step("Every task is created: five wait on dependences");
        atomic_store(&release_producer, 1);
        while (atomic_load(&successors_started) < 1) {
            /* wait until the other thread starts a task the producer released */
        }
        step("The producer finished: its successors are ready");
        atomic_store(&release_successors, 1);
#pragma omp taskwait
        step("After the taskwait: every task completed");
    }
    printf("x=%d a=%d b=%d r=%d y=%d\n", x, a, b, r, y);
    return 0;
}
