/*
 * Task priorities, as in the OpenMP Examples (task_priority.1): one thread creates a task per slice of an array
 * with priority(i % levels), the others run them; with OMP_MAX_TASK_PRIORITY set the runtime prefers higher
 * priorities (the runner sets it). Each slice's result depends only on its index, so the order does not change
 * the checksum.
 *
 * usage: priority [slices] [slice length]     Prints a checksum of the array. Slice slices/2 asks for a snapshot.
 */
#include "corpus.h"

enum { LEVELS = 10 };

int main(int argc, char **argv) {
    long slices = corpus_arg(argc, argv, 1, 100000);
    long len = corpus_arg(argc, argv, 2, 64);
    uint64_t *a = malloc((size_t)(slices * len) * sizeof *a);
    if (a == NULL) {
        fprintf(stderr, "priority: out of memory\n");
        return 1;
    }
#pragma omp parallel
#pragma omp single
    for (long i = 0; i < slices; i++) {
#pragma omp task priority(i % LEVELS) firstprivate(i)
        {
            if (i == slices / 2) {
                corpus_flush();
            }
            for (long k = 0; k < len; k++) {
                a[i * len + k] = corpus_work((uint64_t)(i * len + k), 16);
            }
        }
    }
    uint64_t sum = 0;
    for (long k = 0; k < slices * len; k++) {
        sum = sum * 31 + a[k];
    }
    printf("priority(%ld slices of %ld, max priority %d) checksum %016llx\n", slices, len, omp_get_max_task_priority(),
           (unsigned long long)sum);
    free(a);
    return 0;
}
