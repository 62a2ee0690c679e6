/* Fine-grained benchmark: recursive Fibonacci with one explicit task per call (no cutoff), the textbook
 * worst case for a tool that follows every task. Usage: fib_tasks [n=27] [repetitions=3]. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
    if (n < 2) {
        return n;
    }
    long x, y;
#pragma omp task shared(x) firstprivate(n)
    x = fib(n - 1);
#pragma omp task shared(y) firstprivate(n)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 27;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    long result = 0;
    double start = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp parallel
#pragma omp single
        result = fib(n);
    }
    printf("fib(%d) = %ld in %.3f s\n", n, result, omp_get_wtime() - start);
    return 0;
}
