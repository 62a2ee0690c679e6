/*
 * Parallel merge sort with untied tasks (after BOTS sort, without its parallel merge): each half sorted in a
 * task, a taskwait, then a sequential merge; below the cut-off an insertion sort.
 *
 * usage: sort [elements] [cutoff]     Prints whether the result is sorted and a checksum of it. The first task
 * sorting fewer than 8 cut-offs' worth asks for a snapshot.
 */
#include "corpus.h"

static long cutoff;

static void insertion(uint32_t *a, long n) {
    for (long i = 1; i < n; i++) {
        uint32_t v = a[i];
        long j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void merge(const uint32_t *a, long na, const uint32_t *b, long nb, uint32_t *out) {
    long i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    }
    while (i < na) {
        out[k++] = a[i++];
    }
    while (j < nb) {
        out[k++] = b[j++];
    }
}

static void sort(uint32_t *a, uint32_t *tmp, long n) {
    if (n <= cutoff) {
        insertion(a, n);
        return;
    }
    if (n < 8 * cutoff) {
        corpus_flush();
    }
    long half = n / 2;
#pragma omp task untied firstprivate(a, tmp, half)
    sort(a, tmp, half);
#pragma omp task untied firstprivate(a, tmp, half, n)
    sort(a + half, tmp + half, n - half);
#pragma omp taskwait
    merge(a, half, a + half, n - half, tmp);
    memcpy(a, tmp, (size_t)n * sizeof *a);
}

int main(int argc, char **argv) {
    long n = corpus_arg(argc, argv, 1, 4000000);
    cutoff = corpus_arg(argc, argv, 2, 256);
    uint32_t *a = malloc((size_t)n * sizeof *a);
    uint32_t *tmp = malloc((size_t)n * sizeof *tmp);
    if (a == NULL || tmp == NULL) {
        fprintf(stderr, "sort: out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++) {
        a[i] = (uint32_t)corpus_mix((uint64_t)i);
    }
#pragma omp parallel
#pragma omp single
    sort(a, tmp, n);
    int sorted = 1;
    uint64_t sum = 0;
    for (long i = 0; i < n; i++) {
        if (i > 0 && a[i - 1] > a[i]) {
            sorted = 0;
        }
        sum = sum * 31 + a[i];
    }
    printf("sort(%ld) %s, checksum %016llx\n", n, sorted ? "sorted" : "NOT SORTED", (unsigned long long)sum);
    free(a);
    free(tmp);
    return sorted ? 0 : 1;
}
