/* Many small target regions: `target map(tofrom: x)` on device 0, n times per repetition. Each one is a
 * target construct with an allocation, a transfer each way, a kernel and a delete: the offload events a tool
 * follows, at the highest rate a program makes them. Built for the host device
 * (-fopenmp-targets=x86_64-pc-linux-gnu); used by offload-overhead.sh. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000;
    int reps = argc > 2 ? atoi(argv[2]) : 1;
    long x = 0;
    for (int r = 0; r < reps; r++) {
        for (long i = 0; i < n; i++) {
#pragma omp target map(tofrom: x) device(0)
            x++;
        }
    }
    printf("%ld\n", x);
    return x == n * reps ? 0 : 1;
}
