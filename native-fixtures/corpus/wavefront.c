/*
 * A dependence matrix (the OpenMP Examples' blocked wavefront): block (i, j) of an N x N grid is one task with
 * depend(in) on its upper and left neighbours and depend(out) on itself, so the blocks run as anti-diagonal
 * wavefronts; one thread creates every task of a sweep in row order, the others run them, a taskwait ends each
 * sweep. Each block's value mixes its neighbours' values and does some work.
 *
 * usage: wavefront [blocks per side] [sweeps] [work]     Prints the corner value and a checksum of the grid.
 * The middle block of sweep 1 asks for a snapshot (half the grid still waits on dependences).
 */
#include "corpus.h"

enum { MAX_N = 256 };

static uint64_t grid[MAX_N][MAX_N];

int main(int argc, char **argv) {
    int n = (int)corpus_arg(argc, argv, 1, 48);
    long sweeps = corpus_arg(argc, argv, 2, 12);
    int work = (int)corpus_arg(argc, argv, 3, 3000);
    if (n > MAX_N) {
        fprintf(stderr, "wavefront: at most %d blocks per side\n", MAX_N);
        return 2;
    }
#pragma omp parallel
#pragma omp single
    for (long s = 0; s < sweeps; s++) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i > 0 && j > 0) {
#pragma omp task depend(in : grid[i - 1][j], grid[i][j - 1]) depend(out : grid[i][j]) firstprivate(i, j, s)
                    {
                        if (s == 1 && i == n / 2 && j == n / 2) {
                            corpus_flush();
                        }
                        grid[i][j] = corpus_work(grid[i - 1][j] ^ (grid[i][j - 1] + grid[i][j] + (uint64_t)s), work);
                    }
                } else if (i > 0) {
#pragma omp task depend(in : grid[i - 1][j]) depend(out : grid[i][j]) firstprivate(i, j, s)
                    grid[i][j] = corpus_work(grid[i - 1][j] + (uint64_t)(s + 1), work);
                } else if (j > 0) {
#pragma omp task depend(in : grid[i][j - 1]) depend(out : grid[i][j]) firstprivate(i, j, s)
                    grid[i][j] = corpus_work(grid[i][j - 1] + (uint64_t)(s + 2), work);
                } else {
#pragma omp task depend(out : grid[0][0]) firstprivate(s)
                    grid[0][0] = corpus_work(grid[0][0] + (uint64_t)s, work);
                }
            }
        }
#pragma omp taskwait
    }
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            sum = sum * 31 + grid[i][j];
        }
    }
    printf("wavefront(%d x %d, %ld sweeps) corner %016llx checksum %016llx\n", n, n, sweeps,
           (unsigned long long)grid[n - 1][n - 1], (unsigned long long)sum);
    return 0;
}
