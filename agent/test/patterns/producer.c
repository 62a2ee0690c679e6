/* One thread produces many tiny tasks (argv[1], default 50M); the team runs them. Every argv[2] tasks (default 4096)
 * the producer waits for them, so that thousands are alive at once and none for long. Prints the checksum. */
#include <stdio.h>
#include <stdlib.h>

static long sums[64];

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 50000000L;
    long batch = argc > 2 ? atol(argv[2]) : 4096;
#pragma omp parallel
#pragma omp single
    for (long i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
        {
#pragma omp atomic
            sums[i & 63] += i & 7;
        }
        if (i % batch == batch - 1) {
#pragma omp taskwait
        }
    }
    long s = 0;
    for (int k = 0; k < 64; k++) {
        s += sums[k];
    }
    printf("checksum %ld\n", s);
    return 0;
}
