/*
 * taskgroup: a recursive search whose tasks never wait for their children — only the taskgroup around the
 * whole search waits, for all descendants — with a task reduction (taskgroup task_reduction, tasks
 * in_reduction) counting the visited nodes and summing their hashes. Then a second phase: a taskgroup per
 * level of a loop of independent tasks, the next level's tasks created only when the group ended.
 *
 * usage: taskgroup [depth] [levels] [tasks per level]     Prints both results. The first task at depth 8
 * asks for a snapshot.
 */
#include "corpus.h"

static uint64_t nodes, hashes;

static void search(uint64_t state, int depth, int max_depth) {
#pragma omp task in_reduction(+ : nodes, hashes) firstprivate(state, depth, max_depth)
    {
        if (depth == 8) {
            corpus_flush();
        }
        nodes += 1;
        hashes += corpus_work(state, 30);
        if (depth < max_depth) {
            int children = 1 + (int)(corpus_mix(state) % 3); /* 1 to 3 children: a bushy, uneven tree */
            for (int c = 0; c < children; c++) {
                search(corpus_mix(state + (uint64_t)c + 1), depth + 1, max_depth);
            }
        }
    }
}

int main(int argc, char **argv) {
    int depth = (int)corpus_arg(argc, argv, 1, 17);
    long levels = corpus_arg(argc, argv, 2, 60);
    long per_level = corpus_arg(argc, argv, 3, 8000);
    uint64_t chain = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+ : nodes, hashes)
        search(7, 0, depth);
        for (long l = 0; l < levels; l++) {
            uint64_t level_sum = 0;
#pragma omp taskgroup task_reduction(+ : level_sum)
            for (long t = 0; t < per_level; t++) {
#pragma omp task in_reduction(+ : level_sum) firstprivate(t, chain)
                level_sum += corpus_work(chain + (uint64_t)t, 50);
            }
            chain = corpus_mix(chain ^ level_sum);
        }
    }
    printf("taskgroup(depth %d) = %llu nodes, hash sum %016llx; %ld levels of %ld tasks chain %016llx\n", depth,
           (unsigned long long)nodes, (unsigned long long)hashes, levels, per_level, (unsigned long long)chain);
    return 0;
}
