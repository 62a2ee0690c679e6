/* Record mode's integration target: `fib N` (tasks with taskwait, a flush snapshot in the middle), `deps` (four
 * tasks on one variable: out, in, in, inout) and `storm N` (N small tasks from one thread). Prints "result <value>". */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long fib(int n) {
    if (n < 2) {
        return n;
    }
    long a, b;
#pragma omp task shared(a)
    a = fib(n - 1);
#pragma omp task shared(b)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "fib";
    long n = argc > 2 ? atol(argv[2]) : 8, result = 0;
    if (strcmp(mode, "fib") == 0) {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
            result = fib((int)n);
            omp_control_tool(omp_control_tool_flush, 0, "after-fib");
        }
    } else if (strcmp(mode, "deps") == 0) {
        long x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
        {
#pragma omp task depend(out : x)
            x = 1;
#pragma omp task depend(in : x)
            result += x;
#pragma omp task depend(in : x)
            result += x;
#pragma omp task depend(inout : x)
            x = 2;
        }
        result += x;
    } else {
        long sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
        for (long i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
            {
#pragma omp atomic
                sum += i;
            }
        }
        result = sum;
    }
    printf("result %ld\n", result);
    return 0;
}
