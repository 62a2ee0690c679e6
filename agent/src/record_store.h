/* What record mode's parts share inside the agent (record.h is the rest of the agent's view): the list of every
 * thread's buffer, the events of threads without one, the snapshot events, and the recording's start.
 *   record_buffers.c  the per-thread buffers and the snapshot events (the hot path)
 *   record_encode.c   one event as its NDJSON line
 *   record_header.c   the header line, with the module map of the recorded sites
 *   record_write.c    the whole recording: header with the module map, events merged by time, trailer, the file */
#ifndef OMPD_EXPLORER_RECORD_STORE_H
#define OMPD_EXPLORER_RECORD_STORE_H

#include "output.h"
#include "record.h"

#include <stddef.h>
#include <stdint.h>

/* A snapshot the agent took while recording: its moment, label and file ("" = none was written). */
typedef struct record_snap {
    uint64_t t;
    char label[128];
    char file[OUTPUT_NAME_MAX + 1];
} record_snap;

/* The recording's start: CLOCK_MONOTONIC ns, and the wall clock then. */
typedef struct record_origin {
    uint64_t start;
    int64_t real_sec;
    int32_t real_nsec;
} record_origin;

extern record_origin record_origin_of_run;

/* The newest buffer (the list runs to the oldest through next). */
record_buffer *record_buffers(void);
/* Events of threads without a buffer, and the t of the first of them. */
uint64_t record_lost(uint64_t *from);
/* The snapshot events in the order taken; record_snaps_unlock ends the use of them. */
const record_snap *record_snaps_lock(size_t *n);
void record_snaps_unlock(void);

/* ns since the recording's start (0 for an earlier t). */
static inline uint64_t record_rel(uint64_t t) {
    return t > record_origin_of_run.start ? t - record_origin_of_run.start : 0;
}

/* A reader over one buffer's events published when the writing began. */
typedef struct record_cursor {
    const record_buffer *b;
    uint64_t i, n;
} record_cursor;

static inline const record_event *record_at(const record_cursor *c, uint64_t i) {
    return &c->b->chunks[i / RECORD_CHUNK][i % RECORD_CHUNK];
}

/* The longest line record_encode writes (a task-create's dependences continue on task-deps lines past it). */
#define RECORD_LINE_MAX 512

/* Writes the line of the event under c (and of the dependences that follow it in its buffer, as many as fit) into
 * out, which has RECORD_LINE_MAX bytes; moves c past them; the length written. */
size_t record_encode(char *out, record_cursor *c);

/* The header line (ending in a newline) for the events of the nb cursors, from malloc (*len bytes); NULL when out of
 * memory. */
char *record_header(const record_cursor *cs, size_t nb, size_t *len);

#endif
