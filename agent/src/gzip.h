/* gzip-compressed snapshots (OMPD_EXPLORER_COMPRESS=1) through the system's zlib, loaded at run time. */
#ifndef OMPD_EXPLORER_GZIP_H
#define OMPD_EXPLORER_GZIP_H

#include <stddef.h>

/* The zlib the agent looks for: the soname every Linux distribution ships. */
#define GZIP_LIBRARY "libz.so.1"

/* Loads zlib from library (dlopen, never linked) and looks up the four functions used. Returns 0, or -1 after
 * one log line saying that snapshots are written as plain JSON. Called once, at start-up. */
int gzip_load(const char *library);

/* The gzip file (one member, RFC 1952) of data, in memory from malloc, its length in *out_len; NULL when zlib is
 * not loaded or fails (out of memory). Not async-signal-safe: called where the snapshot is rendered. */
char *gzip_compress(const char *data, size_t len, size_t *out_len);

#endif
