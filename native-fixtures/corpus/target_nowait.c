/*
 * Deferred target regions: `target nowait` with depend clauses on the default device, built for the host device
 * (clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu; run with libomptarget on LD_LIBRARY_PATH). Each of
 * CHUNKS chunks of an array goes through STEPS target regions chained by depend(inout) on the chunk, each
 * mapping the chunk to and from the device; a host task reads each chunk after its last step; the producer's
 * taskwait waits for them all. libomp runs the target tasks on its hidden helper threads.
 *
 * usage: target_nowait [steps] [chunk elements]     Prints a checksum of the array. A host task created with
 * the first step asks for a snapshot while target tasks are in flight.
 */
#include "corpus.h"

enum { CHUNKS = 16 };

int main(int argc, char **argv) {
    long steps = corpus_arg(argc, argv, 1, 400);
    long chunk = corpus_arg(argc, argv, 2, 20000);
    if (omp_get_num_devices() < 1) {
        fprintf(stderr, "target_nowait: no offload device (is libomptarget on LD_LIBRARY_PATH?)\n");
        return 2;
    }
    long n = CHUNKS * chunk;
    uint64_t *a = malloc((size_t)n * sizeof *a);
    uint64_t partial[CHUNKS] = {0};
    if (a == NULL) {
        fprintf(stderr, "target_nowait: out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++) {
        a[i] = (uint64_t)i;
    }
#pragma omp parallel
#pragma omp single
    {
        for (long s = 0; s < steps; s++) {
            for (int c = 0; c < CHUNKS; c++) {
                uint64_t *p = a + c * chunk;
#pragma omp target nowait map(tofrom : p[0:chunk]) depend(inout : p[0]) firstprivate(s, chunk)
                for (long i = 0; i < chunk; i++) {
                    p[i] = p[i] * 6364136223846793005ULL + (uint64_t)s + 1442695040888963407ULL;
                }
                if (s == 0 && c == CHUNKS - 1) {
#pragma omp task
                    corpus_flush();
                }
            }
        }
        for (int c = 0; c < CHUNKS; c++) {
            uint64_t *p = a + c * chunk;
#pragma omp task depend(in : p[0]) firstprivate(p, c, chunk) shared(partial)
            {
                uint64_t sum = 0;
                for (long i = 0; i < chunk; i++) {
                    sum = sum * 31 + p[i];
                }
                partial[c] = sum;
            }
        }
#pragma omp taskwait
    }
    uint64_t sum = 0;
    for (int c = 0; c < CHUNKS; c++) {
        sum = sum * 1099511628211ULL + partial[c];
    }
    printf("target_nowait(%ld steps of %d chunks of %ld) checksum %016llx\n", steps, CHUNKS, chunk,
           (unsigned long long)sum);
    free(a);
    return 0;
}
