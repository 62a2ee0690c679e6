/*
 * One producer, millions of tiny tasks: a single thread (omp single) creates one task per item in a loop, the
 * other threads take them from its queue at the end of single. Each task adds a hash of its item to one of 64
 * counters. A taskwait every `batch` tasks bounds how many are alive at once; run with
 * KMP_ENABLE_TASK_THROTTLING=0 so that libomp queues a whole batch (thousands of live tasks) instead of
 * running tasks at once in the producer when its queue of 256 is full.
 *
 * usage: producer [tasks] [batch]     Prints the number of tasks and a checksum of the counters. Task number
 * tasks/2 asks for a snapshot.
 */
#include "corpus.h"

enum { SLOTS = 64 };

int main(int argc, char **argv) {
    long tasks = corpus_arg(argc, argv, 1, 1000000);
    long batch = corpus_arg(argc, argv, 2, 20000);
    static uint64_t slot[SLOTS];
#pragma omp parallel
#pragma omp single
    for (long i = 0; i < tasks; i++) {
#pragma omp task firstprivate(i) shared(slot)
        {
            if (i == tasks / 2) {
                corpus_flush();
            }
            uint64_t v = corpus_mix((uint64_t)i);
#pragma omp atomic
            slot[i % SLOTS] += v;
        }
        if ((i + 1) % batch == 0) {
#pragma omp taskwait
        }
    }
    uint64_t sum = 0;
    for (int s = 0; s < SLOTS; s++) {
        sum = sum * 1099511628211ULL + slot[s];
    }
    printf("producer(%ld tasks) checksum %016llx\n", tasks, (unsigned long long)sum);
    return 0;
}
