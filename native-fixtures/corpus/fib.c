/*
 * Recursive Fibonacci with one task per call and a taskwait, as in the Barcelona OpenMP Tasks Suite (BOTS).
 *
 * usage: fib [untied|tied|final|mergeable] [n] [cutoff]
 *   untied     untied tasks (BOTS' default), no cut-off
 *   tied       tied tasks, no cut-off
 *   final      untied tasks with final(depth > cutoff): below the cut-off every task is included
 *   mergeable  final(depth > cutoff) mergeable: included tasks may share their parent's data environment
 * Prints "fib(n) = value". The first task at depth 12 asks for a snapshot (corpus_flush).
 */
#include "corpus.h"

enum { FLUSH_DEPTH = 12 };

static int cutoff;

static long fib_untied(int n, int depth) {
    if (depth == FLUSH_DEPTH) {
        corpus_flush();
    }
    if (n < 2) {
        return n;
    }
    long x, y;
#pragma omp task untied shared(x) firstprivate(n, depth)
    x = fib_untied(n - 1, depth + 1);
#pragma omp task untied shared(y) firstprivate(n, depth)
    y = fib_untied(n - 2, depth + 1);
#pragma omp taskwait
    return x + y;
}

static long fib_tied(int n, int depth) {
    if (depth == FLUSH_DEPTH) {
        corpus_flush();
    }
    if (n < 2) {
        return n;
    }
    long x, y;
#pragma omp task shared(x) firstprivate(n, depth)
    x = fib_tied(n - 1, depth + 1);
#pragma omp task shared(y) firstprivate(n, depth)
    y = fib_tied(n - 2, depth + 1);
#pragma omp taskwait
    return x + y;
}

static long fib_final(int n, int depth) {
    if (depth == FLUSH_DEPTH) {
        corpus_flush();
    }
    if (n < 2) {
        return n;
    }
    long x, y;
#pragma omp task untied shared(x) firstprivate(n, depth) final(depth > cutoff)
    x = fib_final(n - 1, depth + 1);
#pragma omp task untied shared(y) firstprivate(n, depth) final(depth > cutoff)
    y = fib_final(n - 2, depth + 1);
#pragma omp taskwait
    return x + y;
}

static long fib_mergeable(int n, int depth) {
    if (depth == FLUSH_DEPTH) {
        corpus_flush();
    }
    if (n < 2) {
        return n;
    }
    long x, y;
#pragma omp task shared(x) firstprivate(n, depth) final(depth > cutoff) mergeable
    x = fib_mergeable(n - 1, depth + 1);
#pragma omp task shared(y) firstprivate(n, depth) final(depth > cutoff) mergeable
    y = fib_mergeable(n - 2, depth + 1);
#pragma omp taskwait
    return x + y;
}

int main(int argc, char **argv) {
    const char *variant = argc > 1 ? argv[1] : "untied";
    int n = (int)corpus_arg(argc, argv, 2, 27);
    cutoff = (int)corpus_arg(argc, argv, 3, 8);
    long (*fib)(int, int);
    if (strcmp(variant, "untied") == 0) {
        fib = fib_untied;
    } else if (strcmp(variant, "tied") == 0) {
        fib = fib_tied;
    } else if (strcmp(variant, "final") == 0) {
        fib = fib_final;
    } else if (strcmp(variant, "mergeable") == 0) {
        fib = fib_mergeable;
    } else {
        fprintf(stderr, "usage: %s [untied|tied|final|mergeable] [n] [cutoff]\n", argv[0]);
        return 2;
    }
    long result = 0;
#pragma omp parallel
#pragma omp single
    result = fib(n, 0);
    printf("fib(%d) = %ld\n", n, result);
    return 0;
}
