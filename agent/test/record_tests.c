/* Record mode's buffers and rendering (record_*.c): bounds, drop counting, merge by time, every event kind, the module map. */
#include "agent.h"
#include "check.h"
#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put(record_buffer *b, uint64_t t, uint8_t kind, uint64_t a, uint64_t bb, uint64_t c, uint32_t x,
                uint16_t y, uint64_t site) {
    record_event e = {t, a, bb, c, site, x, y, kind, 0};
    record_append(b, &e);
}

/* The line of the recording that holds needle, or NULL. */
static const char *line_with(const char *text, const char *needle) {
    const char *p = strstr(text, needle);
    if (p == NULL) {
        return NULL;
    }
    while (p > text && p[-1] != '\n') {
        p--;
    }
    return p;
}

static int lines(const char *text) {
    int n = 0;
    for (const char *p = text; *p; p++) {
        n += *p == '\n';
    }
    return n;
}

static void test_bounds_and_drops(void) {
    record_init(5, 1000);
    record_buffer *b = record_thread(3);
    CHECK(b != NULL);
    for (uint64_t i = 0; i < 8; i++) {
        put(b, 1000 + 10 * i, RE_THREAD_END, 0, 0, 0, 0, 0, 0);
    }
    CHECK(atomic_load(&b->count) == 5);
    CHECK(atomic_load(&b->dropped) == 3);
    CHECK(atomic_load(&b->drop_from) == 1050);
    size_t len = 0;
    char *text = record_render(&len);
    CHECK(text != NULL && strlen(text) == len);
    CHECK(lines(text) == 1 + 5 + 1);
    const char *end = line_with(text, "\"e\":\"end\"");
    CHECK(end != NULL && strstr(end, "\"events\":5,") != NULL);
    CHECK(end != NULL && strstr(end, "{\"what\":\"events\",\"count\":3,\"bound\":\"OMPD_EXPLORER_RECORD_MAX=5\","
                                     "\"thread\":3,\"from\":50}") != NULL);
    free(text);
    /* Events of a thread without a buffer are counted too. */
    record_append(NULL, &(record_event){.t = 1200, .kind = RE_THREAD_END});
    text = record_render(&len);
    CHECK(text != NULL && strstr(text, "\"count\":1,\"bound\":\"no-thread\",\"from\":200}") != NULL);
    free(text);
}

static void test_chunks(void) {
    /* More than one chunk: every event kept, in order. */
    record_init(3 * RECORD_CHUNK, 0);
    record_buffer *b = record_thread(1);
    for (uint64_t i = 0; i < 2 * RECORD_CHUNK + 7; i++) {
        put(b, i, RE_PARALLEL_END, i, 0, 0, 0, 0, 0);
    }
    CHECK(atomic_load(&b->count) == 2 * RECORD_CHUNK + 7 && atomic_load(&b->dropped) == 0);
    CHECK(b->chunks[2] != NULL && b->chunks[2][6].a == 2 * RECORD_CHUNK + 6);
    size_t len;
    char *text = record_render(&len);
    char want[96];
    snprintf(want, sizeof want, "{\"t\":%u,\"th\":1,\"e\":\"parallel-end\",\"region\":%u}\n", 2 * RECORD_CHUNK + 6,
             2 * RECORD_CHUNK + 6);
    CHECK(text != NULL && strstr(text, want) != NULL);
    free(text);
}

static void test_merge_by_time(void) {
    record_init(100, 0);
    record_buffer *one = record_thread(1), *two = record_thread(2);
    put(one, 10, RE_TASK_DEP, 1, 2, 0, 0, 0, 0);
    put(one, 30, RE_TASK_DEP, 3, 4, 0, 0, 0, 0);
    put(two, 20, RE_TASK_DEP, 5, 6, 0, 0, 0, 0);
    put(two, 30, RE_TASK_DEP, 7, 8, 0, 0, 0, 0);
    record_snapshot(25, "sig\"nal", "ompd-explorer-1-000001-signal.json");
    size_t len;
    char *text = record_render(&len);
    CHECK(text != NULL);
    const char *a = strstr(text, "\"from\":1,"), *b = strstr(text, "\"from\":5,"),
               *s = strstr(text, "\"e\":\"snapshot\""), *c = strstr(text, "\"from\":3,"), *d = strstr(text, "\"from\":7,");
    CHECK(a != NULL && b != NULL && s != NULL && c != NULL && d != NULL);
    CHECK(a < b && b < s && s < c && c < d); /* by t; at equal t the older thread first */
    CHECK(strstr(text, "{\"t\":25,\"th\":0,\"e\":\"snapshot\",\"label\":\"sig\\\"nal\","
                       "\"file\":\"ompd-explorer-1-000001-signal.json\"}\n") != NULL);
    CHECK(strstr(text, "\"events\":5,\"dropped\":[]}") != NULL);
    free(text);
}

static void test_every_kind(void) {
    record_init(100, 100);
    record_buffer *b = record_thread(2);
    put(b, 101, RE_THREAD_BEGIN, 0, 0, 0, ompt_thread_worker, 0, 0);
    put(b, 102, RE_PARALLEL_BEGIN, 4, 1, 0, 2, 0, 0xabc);
    put(b, 103, RE_IMPLICIT_BEGIN, 5, 4, 2, 1, 0, 0);
    put(b, 104, RE_IMPLICIT_BEGIN, 1, 1, 1, 0, 1, 0);
    put(b, 105, RE_TASK_CREATE, 6, 5, 0, ompt_task_explicit | ompt_task_untied, 0, 0x10);
    put(b, 105, RE_DEPENDENCE, 6, 0x7f00, 0, ompt_dependence_type_in, 0, 0);
    put(b, 105, RE_DEPENDENCE, 6, 0x7f08, 0, ompt_dependence_type_inout, 0, 0);
    put(b, 106, RE_TASK_DEP, 3, 6, 0, 0, 0, 0);
    put(b, 107, RE_SCHEDULE, 5, 6, 0, ompt_task_switch, 0, 0);
    put(b, 108, RE_SYNC_BEGIN, 5, 0, 0, ompt_sync_region_taskwait, 0, 0x20);
    put(b, 109, RE_WAIT_BEGIN, 5, 0, 0, ompt_sync_region_taskwait, 0, 0);
    put(b, 110, RE_WAIT_END, 5, 0, 0, ompt_sync_region_taskwait, 0, 0);
    put(b, 111, RE_SYNC_END, 5, 0, 0, ompt_sync_region_taskwait, 0, 0x20);
    put(b, 112, RE_TARGET_BEGIN, 1, 0, 5, ompt_target, 0, 0x30);
    put(b, 113, RE_TARGET_END, 1, 0, 5, ompt_target, 0, 0x30);
    put(b, 114, RE_IMPLICIT_END, 5, 0, 0, 0, 0, 0);
    put(b, 115, RE_PARALLEL_END, 4, 0, 0, 0, 0, 0);
    put(b, 116, RE_THREAD_END, 0, 0, 0, 0, 0, 0);
    size_t len;
    char *text = record_render(&len);
    CHECK(text != NULL);
    if (text == NULL) {
        return;
    }
    /* The header: one line, the snapshot writer's style ("key": value). */
    const char *head = "{\"format\": \"ompd-explorer-recording\",\"version\": \"1.1\",\"capture\": {\"source\": \"ompt-agent\"";
    CHECK(strncmp(text, head, strlen(head)) == 0);
    const char *eol = strchr(text, '\n');
    /* No module holds the made-up sites: the map is empty. */
    const char *tail = "\"clock\": \"monotonic-ns\",\"start\": 100,\"modules\": []}\n";
    CHECK(eol != NULL && (size_t)(eol + 1 - text) > strlen(tail) && strncmp(eol + 1 - strlen(tail), tail, strlen(tail)) == 0);
    static const char *WANT[] = {
        "{\"t\":1,\"th\":2,\"e\":\"thread-begin\",\"kind\":\"worker\"}\n",
        "{\"t\":2,\"th\":2,\"e\":\"parallel-begin\",\"region\":4,\"task\":1,\"requested\":2,\"site\":\"0xabc\"}\n",
        "{\"t\":3,\"th\":2,\"e\":\"implicit-begin\",\"task\":5,\"region\":4,\"num\":1,\"size\":2}\n",
        "{\"t\":4,\"th\":2,\"e\":\"implicit-begin\",\"task\":1,\"region\":1,\"num\":0,\"size\":1,\"initial\":true}\n",
        ("{\"t\":5,\"th\":2,\"e\":\"task-create\",\"task\":6,\"gen\":5,\"site\":\"0x10\",\"flags\":[\"explicit\",\"untied\"],"
        "\"deps\":[{\"addr\":\"0x7f00\",\"type\":\"in\"},{\"addr\":\"0x7f08\",\"type\":\"inout\"}]}\n"),
        "{\"t\":6,\"th\":2,\"e\":\"task-dep\",\"from\":3,\"to\":6}\n",
        "{\"t\":7,\"th\":2,\"e\":\"schedule\",\"prior\":5,\"status\":\"switch\",\"next\":6}\n",
        "{\"t\":8,\"th\":2,\"e\":\"sync-begin\",\"kind\":\"taskwait\",\"task\":5,\"site\":\"0x20\"}\n",
        "{\"t\":9,\"th\":2,\"e\":\"wait-begin\",\"kind\":\"taskwait\",\"task\":5}\n",
        "{\"t\":10,\"th\":2,\"e\":\"wait-end\",\"kind\":\"taskwait\",\"task\":5}\n",
        "{\"t\":11,\"th\":2,\"e\":\"sync-end\",\"kind\":\"taskwait\",\"task\":5,\"site\":\"0x20\"}\n",
        "{\"t\":12,\"th\":2,\"e\":\"target-begin\",\"target\":1,\"device\":0,\"kind\":\"target\",\"task\":5,\"site\":\"0x30\"}\n",
        "{\"t\":13,\"th\":2,\"e\":\"target-end\",\"target\":1,\"device\":0,\"kind\":\"target\",\"task\":5,\"site\":\"0x30\"}\n",
        "{\"t\":14,\"th\":2,\"e\":\"implicit-end\",\"task\":5}\n",
        "{\"t\":15,\"th\":2,\"e\":\"parallel-end\",\"region\":4}\n",
        "{\"t\":16,\"th\":2,\"e\":\"thread-end\"}\n",
    };
    const char *at = strchr(text, '\n') + 1; /* after the header */
    for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
        size_t n = strlen(WANT[i]);
        int same = strncmp(at, WANT[i], n) == 0;
        CHECK(same);
        if (!same) {
            printf("  want %s  got  %.*s\n", WANT[i], (int)(strchr(at, '\n') - at + 1), at);
        }
        at = strchr(at, '\n') + 1;
    }
    CHECK(strncmp(at, "{\"e\":\"end\",", 11) == 0 && strstr(at, "\"events\":16,\"dropped\":[]}\n") != NULL);
    free(text);
}

/* The header's module map holds the module of a recorded site (this test program, with its path and the address
 * among its code addresses), once however often the site repeats, and nothing for an address in no module. */
static void test_module_map(void) {
    record_init(100, 0);
    record_buffer *b = record_thread(1);
    uint64_t here = (uint64_t)(uintptr_t)&test_module_map;
    put(b, 1, RE_TASK_CREATE, 2, 1, 0, ompt_task_explicit, 0, here);
    put(b, 2, RE_TASK_CREATE, 3, 1, 0, ompt_task_explicit, 0, here);
    put(b, 3, RE_SYNC_BEGIN, 1, 0, 0, ompt_sync_region_taskwait, 0, 0x10);
    size_t len;
    char *text = record_render(&len);
    CHECK(text != NULL);
    if (text == NULL) {
        return;
    }
    char *eol = strchr(text, '\n');
    *eol = '\0';
    char exe[4096], want[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    snprintf(want, sizeof want, "\"modules\": [{\"path\": \"%s\"", exe);
    const char *map = strstr(text, want);
    CHECK(map != NULL);
    char addr[40];
    snprintf(addr, sizeof addr, "\"codeAddresses\": [\"0x%" PRIx64 "\"]}]}", here);
    CHECK(map != NULL && strstr(map, addr) != NULL && strstr(map, "\"loadBias\": \"0x") != NULL);
    CHECK(strstr(text, "\"0x10\"") == NULL);
    if (map == NULL || strstr(map, addr) == NULL) {
        printf("  header %s\n", text);
    }
    free(text);
}

void test_record(void) {
    test_module_map();
    test_bounds_and_drops();
    test_chunks();
    test_merge_by_time();
    test_every_kind();
    record_enabled = 0;
}
