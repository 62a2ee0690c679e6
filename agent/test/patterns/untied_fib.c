/* Recursive fib with untied tasks, as task benchmark suites write it, with an optional final/mergeable cut-off
 * (argv[2] = depth, 0 = none). Prints "fib(n) = r". */
#include <stdio.h>
#include <stdlib.h>

static int cutoff;

static long fib(int n, int depth) {
    if (n < 2) {
        return n;
    }
    long a, b;
#pragma omp task untied shared(a) final(cutoff > 0 && depth >= cutoff) mergeable
    a = fib(n - 1, depth + 1);
#pragma omp task untied shared(b) final(cutoff > 0 && depth >= cutoff) mergeable
    b = fib(n - 2, depth + 1);
#pragma omp taskwait
    return a + b;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 30;
    cutoff = argc > 2 ? atoi(argv[2]) : 0;
    long r = 0;
#pragma omp parallel
#pragma omp single
    r = fib(n, 0);
    printf("fib(%d) = %ld\n", n, r);
    return 0;
}
