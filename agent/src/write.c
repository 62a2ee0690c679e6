/* Renders a stopped-world copy as a snapshot in format 1.4 (docs/snapshot-format.md) and writes the file.
 *
 * Runs after the threads were released, so it may allocate, call dladdr and do IO. Every link it writes
 * names an entity present in the same file; a link whose target is gone is left out, and view.c has
 * broken any cycle. */
#include "render.h"
#include "gzip.h"
#include "output.h"
#include "sites.h"
#include "symbols.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *snapshot_render(world_copy *w, const char *label, size_t *len) {
    render r;
    if (render_prepare(&r, w) != 0) {
        return NULL;
    }
    sites_count(w);
    sites_drop_runtime_sync_sites(w);

    json j;
    json_init(&j);
    json_begin_object(&j);
    json_key(&j, "format");
    json_string(&j, "ompd-explorer-snapshot");
    json_key(&j, "version");
    json_string(&j, "1.4");
    write_capture(&j, w, label);
    write_runtime(&j);
    write_address_spaces(&j, &r);
    write_modules(&j, &r);
    write_catalogues(&j);
    write_threads(&j, &r);
    write_regions(&j, &r);
    write_tasks(&j, &r);
    write_target_regions(&j, &r);
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

int snapshot_write(world_copy *w, const char *label, unsigned seq, char *written, size_t n) {
    if (n > 0) {
        written[0] = '\0';
    }
    size_t len = 0;
    char *text = snapshot_render(w, label, &len);
    if (text == NULL) {
        agent_log("out of memory while rendering snapshot %u; none written", seq);
        return -1;
    }
    const char *ext = ".json";
    if (agent_cfg.compress) {
        size_t packed_len = 0;
        char *packed = gzip_compress(text, len, &packed_len);
        if (packed != NULL) {
            free(text);
            text = packed;
            len = packed_len;
            ext = ".json.gz";
        } else {
            agent_log("could not compress snapshot %u (out of memory); it is written as plain JSON", seq);
        }
    }
    char name[OUTPUT_NAME_MAX + 1], tmp_base[OUTPUT_TMP_MAX];
    int pid = (int)getpid();
    int rc = -1;
    if (snapshot_file_name(agent_cfg.dir, &agent_cfg.job, pid, seq, label, ext, name, sizeof name) != 0) {
        agent_log("cannot write snapshot %u: the directory name OMPD_EXPLORER_DIR=%.200s... is too long for a file "
                  "name to fit PATH_MAX; the program continues (choose a shorter directory)", seq, agent_cfg.dir);
    } else {
        snapshot_tmp_base(&agent_cfg.job, pid, seq, tmp_base, sizeof tmp_base);
        rc = output_write(agent_cfg.dir, name, tmp_base, text, len);
    }
    if (rc == 0 && n > 0) {
        snprintf(written, n, "%s", name);
    }
    if (rc == 0 && agent_cfg.verbose) {
        agent_log("wrote %s/%s (%zu threads, %zu regions, %zu tasks; threads stopped for %.2f ms)", agent_cfg.dir,
                  name, w->nthreads, w->nregions, w->ntasks, (double)w->stopped_ns / 1e6);
    }
    free(text);
    return rc;
}
