/*
 * N-queens with untied tasks, after BOTS nqueens: one task per row placement that keeps the board legal, each
 * with its own copy of the board, counting solutions into per-task slots summed after a taskwait.
 *
 * usage: nqueens [n]     Prints "nqueens(n) = solutions". The first task at row 5 asks for a snapshot.
 */
#include "corpus.h"

static int legal(int row, const char *board) {
    for (int i = 0; i < row; i++) {
        int d = board[i] - board[row];
        if (d == 0 || d == row - i || d == i - row) {
            return 0;
        }
    }
    return 1;
}

static long solve(int n, int row, const char *board) {
    if (row == 5) {
        corpus_flush();
    }
    if (row == n) {
        return 1;
    }
    long counts[32] = {0};
    for (int col = 0; col < n; col++) {
#pragma omp task untied firstprivate(col) shared(counts)
        {
            char next[32];
            memcpy(next, board, (size_t)row);
            next[row] = (char)col;
            if (legal(row, next)) {
                counts[col] = solve(n, row + 1, next);
            }
        }
    }
#pragma omp taskwait
    long total = 0;
    for (int col = 0; col < n; col++) {
        total += counts[col];
    }
    return total;
}

int main(int argc, char **argv) {
    int n = (int)corpus_arg(argc, argv, 1, 11);
    if (n > 32) {
        fprintf(stderr, "nqueens: n must be at most 32\n");
        return 2;
    }
    long solutions = 0;
    char board[32];
#pragma omp parallel
#pragma omp single
    solutions = solve(n, 0, board);
    printf("nqueens(%d) = %ld\n", n, solutions);
    return 0;
}
