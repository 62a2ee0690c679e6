/*
 * Shared scaffolding for the real-program corpus (docs/agent.md, "Real-program corpus").
 *
 * Every corpus program is an ordinary OpenMP program: it computes something, prints a deterministic result
 * on stdout (the runner compares it with and without the capture agent) and nothing else there. Two helpers:
 *   corpus_arg      an optional numeric argument, so that sizes can be changed from the command line;
 *   corpus_flush    asks a tool for one snapshot labelled "corpus", the first time it is called: the programs
 *                   call it from inside an explicit task, so that snapshot always shows one running. Without
 *                   a tool omp_control_tool does nothing (it returns omp_control_tool_notool).
 */
#ifndef OMPD_CORPUS_H
#define OMPD_CORPUS_H

#define _POSIX_C_SOURCE 200809L

#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline long corpus_arg(int argc, char **argv, int i, long fallback) {
    if (argc <= i) {
        return fallback;
    }
    char *end;
    long v = strtol(argv[i], &end, 10);
    if (*end != '\0' || v <= 0) {
        fprintf(stderr, "%s: argument %d must be a positive number, not '%s'\n", argv[0], i, argv[i]);
        exit(2);
    }
    return v;
}

static atomic_int corpus_flushed;

static inline void corpus_flush(void) {
    if (atomic_exchange(&corpus_flushed, 1) == 0) {
        omp_control_tool(omp_control_tool_flush, 0, "corpus");
    }
}

/* splitmix64: the programs' deterministic data and "work". */
static inline uint64_t corpus_mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Some work whose result depends on every round, so that the compiler keeps it. */
static inline uint64_t corpus_work(uint64_t x, int rounds) {
    for (int i = 0; i < rounds; i++) {
        x = corpus_mix(x);
    }
    return x;
}

/* Sleeps ms milliseconds of wall time: the agent's stop signal ends nanosleep early, so it sleeps again. */
static inline void corpus_sleep_ms(long ms) {
    struct timespec left = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&left, &left) != 0) {
    }
}

#endif
