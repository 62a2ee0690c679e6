/* Renders a stopped-world copy as a snapshot in format v1 (docs/snapshot-format.md) and writes the file.
 *
 * Runs after the threads were released, so it may allocate, call dladdr and do IO. Every link it writes
 * names an entity present in the same file; a link whose target is gone is left out, and view.c has
 * broken any cycle. */
#include "render.h"
#include "symbols.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

char *snapshot_render(world_copy *w, const char *label, size_t *len) {
    render r;
    if (render_prepare(&r, w) != 0) {
        return NULL;
    }

    json j;
    json_init(&j);
    json_begin_object(&j);
    json_key(&j, "format");
    json_string(&j, "ompd-explorer-snapshot");
    json_key(&j, "version");
    json_string(&j, "1.0");
    write_capture(&j, w, label);
    write_runtime(&j);
    write_catalogues(&j);
    write_threads(&j, &r);
    write_regions(&j, &r);
    write_tasks(&j, &r);
    json_break(&j);
    json_end_object(&j);
    json_raw(&j, "\n", 1);

    render_free(&r);
    if (j.failed) {
        json_free(&j);
        return NULL;
    }
    *len = j.len;
    return j.data;
}

/* Keeps [A-Za-z0-9._-] of a label for the file name; the rest becomes '-'. */
void label_for_file(const char *label, char *out, size_t n) {
    size_t k = 0;
    for (const char *p = label; *p != '\0' && k + 1 < n && k < 48; p++) {
        char c = *p;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                 || c == '_' || c == '-';
        if (!ok) {
            c = '-';
        }
        if (c == '-' && k > 0 && out[k - 1] == '-') {
            continue;
        }
        if (k == 0 && c == '.') {
            c = '_';
        }
        out[k++] = c;
    }
    while (k > 0 && out[k - 1] == '-') {
        k--;
    }
    if (k == 0) {
        snprintf(out, n, "snapshot");
        return;
    }
    out[k] = '\0';
}

static int write_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

int snapshot_write(world_copy *w, const char *label, unsigned seq) {
    static _Atomic int write_failure_reported;
    size_t len = 0;
    char *text = snapshot_render(w, label, &len);
    if (text == NULL) {
        agent_log("out of memory while rendering snapshot %u; none written", seq);
        return -1;
    }
    char safe[64], path[4400], tmp[4400];
    label_for_file(label, safe, sizeof safe);
    snprintf(path, sizeof path, "%s/ompd-explorer-%d-%u-%s.json", agent_cfg.dir, (int)getpid(), seq, safe);
    snprintf(tmp, sizeof tmp, "%s/.ompd-explorer-%d-%u.json.tmp", agent_cfg.dir, (int)getpid(), seq);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int rc = -1;
    if (fd >= 0) {
        rc = write_all(fd, text, len);
        if (close(fd) != 0) {
            rc = -1;
        }
        if (rc == 0) {
            rc = rename(tmp, path);
        }
        if (rc != 0) {
            int saved = errno;
            unlink(tmp);
            errno = saved;
        }
    }
    if (rc != 0) {
        if (!atomic_exchange(&write_failure_reported, 1)) {
            agent_log("cannot write snapshot %s: %s; the program continues (set OMPD_EXPLORER_DIR to a writable "
                      "directory)", path, strerror(errno));
        }
    } else if (agent_cfg.verbose) {
        agent_log("wrote %s (%zu threads, %zu regions, %zu tasks; threads stopped for %.2f ms)", path, w->nthreads,
                  w->nregions, w->ntasks, (double)w->stopped_ns / 1e6);
    }
    free(text);
    return rc;
}
