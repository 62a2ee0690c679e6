/* Writing a snapshot file without ever losing or clobbering one (docs/agent.md, "Files"). */
#ifndef OMPD_EXPLORER_OUTPUT_H
#define OMPD_EXPLORER_OUTPUT_H

#include <stddef.h>

#include "job.h"

/* Longest file name most Linux file systems accept (NAME_MAX). */
#define OUTPUT_NAME_MAX 255
/* The temporary name: "<tmp_base>[-k].tmp"; tmp_base must be shorter than this. */
#define OUTPUT_TMP_MAX 64

/* Writes data to dir/name: a temporary file dir/<tmp_base>.tmp created exclusively without following a symbolic
 * link, written, fsynced, renamed to name (which may replace a regular file only), then the directory fsynced.
 * Returns 0, or -1 after one log line naming the file (an identical failure right after is not logged again);
 * the temporary file never remains. */
int output_write(const char *dir, const char *name, const char *tmp_base, const char *data, size_t len);

/* A file being written in parts, by the same rules as output_write: nothing is visible under its name until
 * output_commit, and a failure leaves no temporary file. */
typedef struct output_file {
    const char *dir, *name;            /* as given to output_open: they must outlive the file */
    int dirfd, fd, slot;
    int failed;                        /* the errno of a failed output_append, 0 while none failed */
    size_t written, flushed;           /* bytes appended, and those whose writeback was started */
    char tmp[OUTPUT_TMP_MAX + 8];
} output_file;

/* Creates the temporary file for dir/name; 0, or -1 after one log line (f then needs nothing more). */
int output_open(output_file *f, const char *dir, const char *name, const char *tmp_base);
/* Appends len bytes; 0, or -1 once a write failed (output_commit then reports it and removes the file). */
int output_append(output_file *f, const char *data, size_t len);
/* Flushes the file to disk and renames it to its name (as output_write); 0, or -1 after one log line. Either way
 * the temporary file is gone and f is finished. */
int output_commit(output_file *f);

/* How a file name writes the snapshot's sequence number: zero-padded, so that names sort in time. */
#define SNAPSHOT_SEQ_FORMAT "%06u"

/* The name of snapshot seq of process pid, "ompd-explorer-<pid>-<seq>-<label><ext>", or for a process in a job
 * (job present) "ompd-explorer-[<job id>-]r<rank>-<seq>-<pid>-<label><ext>" (job_file_prefix); seq in at least 6
 * digits, ext ".json" or ".json.gz", the label reduced to [A-Za-z0-9._-] and cut so that the name has at most
 * OUTPUT_NAME_MAX bytes and dir/name (and dir/temporary) fits PATH_MAX. job may be NULL. Returns 0, or -1 when dir
 * alone leaves no room for a name. */
int snapshot_file_name(const char *dir, const job_placement *job, int pid, unsigned seq, const char *label,
                       const char *ext, char *out, size_t n);

/* The temporary name's base for output_write: short (it never holds the label or the job id, so it always fits
 * OUTPUT_TMP_MAX) and hidden, so that a reader skips it; ".ompd-explorer-<pid>-<seq>", or in a job
 * ".ompd-explorer-r<rank>-<pid>-<seq>": ranks on different hosts may share a pid and a directory. */
void snapshot_tmp_base(const job_placement *job, int pid, unsigned seq, char *out, size_t n);

/* Keeps [A-Za-z0-9._-] of text for a file name, at most max bytes (out holds max + 1); the rest becomes '-', runs
 * of '-' become one, none is left at the end, and a leading '.' becomes '_'. */
void file_name_part(const char *text, char *out, size_t max);

/* At exit: waits briefly for a write in progress on another thread, then removes its temporary file and refuses
 * later writes. Called by the library's destructor; exposed for the tests. */
void output_at_exit(void);

#endif
