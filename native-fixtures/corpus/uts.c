/*
 * Unbalanced tree search, after UTS' geometric trees: each node's state is a hash of its parent's state and its
 * child index; its number of children is geometric with mean BRANCH (drawn from the state, so the tree is fixed
 * by the root seed) until the depth limit. One task per child and a taskwait, tied or untied; each node does a
 * little hashing as its "work". Subtree sizes vary wildly, so the schedule is all stealing.
 *
 * usage: uts [tied|untied] [depth] [root seed]     Prints the number of nodes, leaves, the deepest level and a
 * checksum of the node states. The first task at depth 6 asks for a snapshot.
 */
#include "corpus.h"

enum { BRANCH = 4, MAX_CHILDREN = 64, WORK = 40 };

typedef struct {
    uint64_t nodes, leaves, deepest, checksum;
} count_t;

static int max_depth;

static int children_of(uint64_t state, int depth) {
    if (depth >= max_depth) {
        return 0;
    }
    int n = 0;
    uint64_t r = state;
    for (;;) {
        r = corpus_mix(r);
        if (r % (BRANCH + 1) == 0 || n == MAX_CHILDREN) {
            return n; /* success probability 1/(BRANCH+1): mean BRANCH children */
        }
        n++;
    }
}

static void add(count_t *into, const count_t *c) {
    into->nodes += c->nodes;
    into->leaves += c->leaves;
    into->deepest = into->deepest > c->deepest ? into->deepest : c->deepest;
    into->checksum += c->checksum;
}

static count_t visit_tied(uint64_t state, int depth);
static count_t visit_untied(uint64_t state, int depth);

#define VISIT(NAME, UNTIED)                                                                     \
    static count_t NAME(uint64_t state, int depth) {                                          \
        if (depth == 6) {                                                                       \
            corpus_flush();                                                                     \
        }                                                                                       \
        count_t here = {1, 0, (uint64_t)depth, corpus_work(state, WORK)};                       \
        int n = children_of(state, depth);                                                      \
        if (n == 0) {                                                                           \
            here.leaves = 1;                                                                    \
            return here;                                                                        \
        }                                                                                       \
        count_t sub[MAX_CHILDREN];                                                              \
        for (int i = 0; i < n; i++) {                                                           \
            _Pragma(UNTIED) sub[i] = NAME(corpus_mix(state ^ (uint64_t)(i + 1) * 0x100000001b3ULL), \
                                          depth + 1);                                           \
        }                                                                                       \
        _Pragma("omp taskwait")                                                                 \
        for (int i = 0; i < n; i++) {                                                           \
            add(&here, &sub[i]);                                                                \
        }                                                                                       \
        return here;                                                                            \
    }

VISIT(visit_tied, "omp task firstprivate(i, state, depth) shared(sub)")
VISIT(visit_untied, "omp task untied firstprivate(i, state, depth) shared(sub)")

int main(int argc, char **argv) {
    const char *variant = argc > 1 ? argv[1] : "untied";
    max_depth = (int)corpus_arg(argc, argv, 2, 9);
    uint64_t seed = (uint64_t)corpus_arg(argc, argv, 3, 19);
    count_t (*visit)(uint64_t, int);
    if (strcmp(variant, "tied") == 0) {
        visit = visit_tied;
    } else if (strcmp(variant, "untied") == 0) {
        visit = visit_untied;
    } else {
        fprintf(stderr, "usage: %s [tied|untied] [depth] [root seed]\n", argv[0]);
        return 2;
    }
    count_t total = {0, 0, 0, 0};
#pragma omp parallel
#pragma omp single
    total = visit(corpus_mix(seed), 0);
    printf("uts(depth %d, seed %llu) = %llu nodes, %llu leaves, deepest %llu, checksum %016llx\n", max_depth,
           (unsigned long long)seed, (unsigned long long)total.nodes, (unsigned long long)total.leaves,
           (unsigned long long)total.deepest, (unsigned long long)total.checksum);
    return 0;
}
