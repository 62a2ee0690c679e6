/* Coarse-grained benchmark: a parallel loop over large independent chunks of floating-point work, repeated;
 * a handful of OMPT events per second. Usage: coarse_loop [iterations=4000000] [repetitions=20]. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long iters = argc > 1 ? atol(argv[1]) : 4000000;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    double sum = 0;
    double start = omp_get_wtime();
    for (int r = 0; r < reps; r++) {
#pragma omp parallel for reduction(+ : sum) schedule(static)
        for (long i = 0; i < iters; i++) {
            double x = (double)(i % 1000) * 1e-3 + r;
            sum += sin(x) * cos(x) + sqrt(x + 1.0);
        }
    }
    printf("sum = %.6f in %.3f s\n", sum, omp_get_wtime() - start);
    return 0;
}
