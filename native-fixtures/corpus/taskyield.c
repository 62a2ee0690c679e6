/*
 * taskyield, as in the OpenMP Examples (taskyield.1): tasks that need a lock try it with omp_test_lock and, while
 * it is taken, yield with taskyield so that their thread can run other tasks; the critical part updates a shared
 * state under the lock. The useful part before it is independent of the order.
 *
 * usage: taskyield [tasks] [work]     Prints the sum of the useful parts and the count and sum of the critical
 * updates. Task tasks/2 asks for a snapshot before it takes the lock.
 */
#include "corpus.h"

int main(int argc, char **argv) {
    long tasks = corpus_arg(argc, argv, 1, 120000);
    int work = (int)corpus_arg(argc, argv, 2, 400);
    omp_lock_t lock;
    omp_init_lock(&lock);
    uint64_t useful = 0, critical_count = 0, critical_sum = 0;
#pragma omp parallel
#pragma omp single
    for (long i = 0; i < tasks; i++) {
#pragma omp task firstprivate(i) shared(lock, useful, critical_count, critical_sum)
        {
            uint64_t mine = corpus_work((uint64_t)i, work);
#pragma omp atomic
            useful += mine;
            if (i == tasks / 2) {
                corpus_flush();
            }
            while (!omp_test_lock(&lock)) {
#pragma omp taskyield
            }
            critical_count++;
            critical_sum += corpus_work(mine, work / 4);
            omp_unset_lock(&lock);
        }
    }
    omp_destroy_lock(&lock);
    printf("taskyield(%ld tasks) useful %016llx, %llu critical updates, sum %016llx\n", tasks,
           (unsigned long long)useful, (unsigned long long)critical_count, (unsigned long long)critical_sum);
    return 0;
}
