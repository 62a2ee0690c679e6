/*
 * Sparse LU factorisation with tasks, after BOTS sparselu ("single" version): a matrix of NB x NB blocks of
 * BS x BS floats, about half of them empty; for each diagonal block kk, lu0 factors it, then fwd tasks (row kk)
 * and bdiv tasks (column kk) run, a taskwait, then one bmod task per (ii, jj) updates — allocating the block
 * when it was empty (fill-in) — and a taskwait. Untied tasks, as BOTS has them. Each block is written by
 * one task per step, so the result does not depend on the schedule.
 *
 * usage: sparselu [blocks] [block size]     Prints the number of blocks and a checksum of the factors. The
 * first bmod task of step 1 asks for a snapshot.
 */
#include "corpus.h"

static int nb, bs;

static float *block_new(void) {
    float *b = calloc((size_t)bs * (size_t)bs, sizeof *b);
    if (b == NULL) {
        fprintf(stderr, "sparselu: out of memory\n");
        exit(1);
    }
    return b;
}

/* BOTS' pattern of non-empty blocks, with values from a fixed generator. */
static void genmat(float **m) {
    uint64_t seed = 1325;
    for (int ii = 0; ii < nb; ii++) {
        for (int jj = 0; jj < nb; jj++) {
            int null_entry = 0;
            if ((ii < jj) && (ii % 3 != 0)) null_entry = 1;
            if ((ii > jj) && (jj % 3 != 0)) null_entry = 1;
            if (ii % 2 == 1) null_entry = 1;
            if (jj % 2 == 1) null_entry = 1;
            if (ii == jj) null_entry = 0;
            if (ii == jj - 1) null_entry = 0;
            if (ii - 1 == jj) null_entry = 0;
            if (null_entry) {
                m[ii * nb + jj] = NULL;
                continue;
            }
            float *b = block_new();
            for (int k = 0; k < bs * bs; k++) {
                seed = corpus_mix(seed);
                b[k] = (float)((seed >> 40) % 1000) / 100.0f + (k % (bs + 1) == 0 ? 100.0f : 0.0f);
            }
            m[ii * nb + jj] = b;
        }
    }
}

static void lu0(float *diag) {
    for (int k = 0; k < bs; k++)
        for (int i = k + 1; i < bs; i++) {
            diag[i * bs + k] = diag[i * bs + k] / diag[k * bs + k];
            for (int j = k + 1; j < bs; j++)
                diag[i * bs + j] = diag[i * bs + j] - diag[i * bs + k] * diag[k * bs + j];
        }
}

static void bdiv(const float *diag, float *row) {
    for (int i = 0; i < bs; i++)
        for (int k = 0; k < bs; k++) {
            row[i * bs + k] = row[i * bs + k] / diag[k * bs + k];
            for (int j = k + 1; j < bs; j++)
                row[i * bs + j] = row[i * bs + j] - row[i * bs + k] * diag[k * bs + j];
        }
}

static void bmod(const float *row, const float *col, float *inner) {
    for (int i = 0; i < bs; i++)
        for (int j = 0; j < bs; j++)
            for (int k = 0; k < bs; k++)
                inner[i * bs + j] = inner[i * bs + j] - row[i * bs + k] * col[k * bs + j];
}

static void fwd(const float *diag, float *col) {
    for (int j = 0; j < bs; j++)
        for (int k = 0; k < bs; k++)
            for (int i = k + 1; i < bs; i++)
                col[i * bs + j] = col[i * bs + j] - diag[i * bs + k] * col[k * bs + j];
}

static void sparselu(float **m) {
    for (int kk = 0; kk < nb; kk++) {
        lu0(m[kk * nb + kk]);
        for (int jj = kk + 1; jj < nb; jj++)
            if (m[kk * nb + jj] != NULL) {
#pragma omp task untied firstprivate(kk, jj) shared(m)
                fwd(m[kk * nb + kk], m[kk * nb + jj]);
            }
        for (int ii = kk + 1; ii < nb; ii++)
            if (m[ii * nb + kk] != NULL) {
#pragma omp task untied firstprivate(kk, ii) shared(m)
                bdiv(m[kk * nb + kk], m[ii * nb + kk]);
            }
#pragma omp taskwait
        for (int ii = kk + 1; ii < nb; ii++)
            if (m[ii * nb + kk] != NULL)
                for (int jj = kk + 1; jj < nb; jj++)
                    if (m[kk * nb + jj] != NULL) {
#pragma omp task untied firstprivate(kk, jj, ii) shared(m)
                        {
                            if (kk == 1) {
                                corpus_flush();
                            }
                            if (m[ii * nb + jj] == NULL) {
                                m[ii * nb + jj] = block_new();
                            }
                            bmod(m[ii * nb + kk], m[kk * nb + jj], m[ii * nb + jj]);
                        }
                    }
#pragma omp taskwait
    }
}

int main(int argc, char **argv) {
    nb = (int)corpus_arg(argc, argv, 1, 60);
    bs = (int)corpus_arg(argc, argv, 2, 40);
    float **m = calloc((size_t)nb * (size_t)nb, sizeof *m);
    if (m == NULL) {
        fprintf(stderr, "sparselu: out of memory\n");
        return 1;
    }
    genmat(m);
#pragma omp parallel
#pragma omp single
    sparselu(m);
    int blocks = 0;
    double sum = 0;
    for (int b = 0; b < nb * nb; b++) {
        if (m[b] == NULL) {
            continue;
        }
        blocks++;
        for (int k = 0; k < bs * bs; k++) {
            sum += m[b][k] * (double)(1 + (b + k) % 7);
        }
        free(m[b]);
    }
    free(m);
    printf("sparselu(%d x %d blocks of %d) = %d blocks, checksum %.9e\n", nb, nb, bs, blocks, sum);
    return 0;
}
