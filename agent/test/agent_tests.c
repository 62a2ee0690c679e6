/* Unit tests of the agent's parts that do not need an OpenMP runtime: the JSON writer, the record ring,
 * configuration parsing, file names, ELF symbol lookup and the snapshot renderer's link rules.
 * Prints one line per failure and a summary "N passed, M failed"; exits 1 on any failure. */
#include "agent.h"
#include "json.h"
#include "output.h"
#include "symbols.h"
#include "check.h"
#include "view.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What tool.c defines in the library. */
agent_config agent_cfg;
ompt_api agent_ompt;
unsigned agent_omp_version = 201611;
const char *agent_runtime_version = "test runtime";
state_name agent_states[64] = {{0, "ompt_state_work_serial"}, {1, "ompt_state_work_parallel"}};
int agent_state_count = 2;
void agent_program_end(thread_rec *caller) { (void)caller; }

int passed, failed;

static void test_json(void) {
    json j;
    json_init(&j);
    json_begin_object(&j);
    json_key(&j, "a");
    json_int(&j, -3);
    json_key(&j, "s");
    json_string(&j, "q\"b\\\n\x01");
    json_key(&j, "arr");
    json_begin_array(&j);
    json_newline(&j);
    json_uint(&j, 1);
    json_newline(&j);
    json_hex(&j, 0xdeadbeefULL);
    json_begin_object(&j);
    json_end_object(&j);
    json_break(&j);
    json_end_array(&j);
    json_end_object(&j);
    CHECK(!j.failed);
    CHECK(strcmp(j.data, "{\"a\": -3,\"s\": \"q\\\"b\\\\\\n\\u0001\",\"arr\": [\n    1,\n    \"0xdeadbeef\",{}\n  ]}")
          == 0);
    json_free(&j);

    /* Invalid UTF-8 is replaced, valid multi-byte sequences are kept. */
    json_init(&j);
    json_string(&j, "\xc3\xa9-\xff-\xe2\x82");
    CHECK(strcmp(j.data, "\"\xc3\xa9-\\ufffd-\\ufffd\\ufffd\"") == 0);
    json_free(&j);

    json_init(&j);
    json_begin_array(&j);
    json_end_array(&j);
    CHECK(strcmp(j.data, "[]") == 0);
    json_free(&j);
}

/* Misuse and limits: the writer fails cleanly instead of writing out of bounds or emitting invalid JSON. */
static void test_json_limits(void) {
    json j;
    json_init(&j);
    for (int i = 0; i < JSON_MAX_DEPTH + 8; i++) {
        json_begin_array(&j); /* past the depth limit: failed, no write past need_comma[] */
    }
    CHECK(j.failed);
    json_free(&j);

    json_init(&j);
    json_end_object(&j); /* nothing open */
    CHECK(j.failed && j.depth == 0);
    json_free(&j);

    json_init(&j);
    json_raw(&j, "x", SIZE_MAX - 8); /* a length no buffer can hold: failed, not a wrapped size */
    CHECK(j.failed);
    json_free(&j);

    /* A newline between a key and its value is whitespace only (no comma). */
    json_init(&j);
    json_begin_object(&j);
    json_key(&j, "a");
    json_int(&j, 1);
    json_key(&j, "b");
    json_newline(&j);
    json_int(&j, 2);
    json_end_object(&j);
    CHECK(!j.failed && strcmp(j.data, "{\"a\": 1,\"b\": \n  2}") == 0);
    json_free(&j);

    /* A newline right before a closing bracket leaves no trailing comma. */
    json_init(&j);
    json_begin_array(&j);
    json_string(&j, "");
    json_newline(&j);
    json_end_array(&j);
    CHECK(!j.failed && strcmp(j.data, "[\"\"\n  ]") == 0);
    json_free(&j);
}

typedef struct test_rec { ring_hdr h; uint64_t payload; } test_rec;

static void test_ring(void) {
    ring r;
    CHECK(ring_init(&r, 64, 100) == 0);
    CHECK(ring_capacity(&r) == 100 && ring_used(&r) == 0);
    ring_cache cache = {0, 0};
    test_rec *a = ring_claim(&r, &cache, 5);
    CHECK(a != NULL && atomic_load(&a->h.refs) == 1 && a->payload == 0);
    CHECK(ring_used(&r) == RING_BATCH && cache.count == RING_BATCH - 1);
    uint64_t va = ring_value(&r, a);
    CHECK(ring_value_number(va) == 5 && (va >> RING_NUMBER_BITS) == ring_index(&r, a));
    a->payload = 55;
    CHECK(ring_find(&r, va) == a); /* claimed: found by its value */
    ring_publish(a);
    CHECK(ring_find(&r, va) == a);
    CHECK(ring_find(&r, 5) == NULL || ring_index(&r, a) == 0); /* the number alone names slot 0 */
    test_rec *b = ring_claim(&r, &cache, 5 + 128);
    CHECK(b != NULL && b != a);
    ring_publish(b);
    uint64_t vb = ring_value(&r, b);
    CHECK(ring_find(&r, vb) == b && ring_find(&r, va) == a);
    CHECK(ring_find(&r, (vb & ~RING_NUMBER_MASK) | 6) == NULL);          /* b's slot, another number */
    CHECK(ring_find(&r, (UINT64_C(1000) << RING_NUMBER_BITS) | 5) == NULL); /* no such slot */
    void *mistaken;
    CHECK(ring_acquire(&r, va, &mistaken) == a && mistaken == NULL && atomic_load(&a->h.refs) == 2);
    CHECK(!ring_unref(a));
    CHECK(ring_unref(a));
    ring_free(&r, &cache, a);
    CHECK(ring_find(&r, va) == NULL);
    CHECK(ring_acquire(&r, va, &mistaken) == NULL && mistaken == NULL);
    /* The freed slot is the next one handed out (the thread's own cache, most recent first). */
    test_rec *c = ring_claim(&r, &cache, 7);
    CHECK(c == a && ring_find(&r, va) == NULL && ring_value_number(ring_value(&r, c)) == 7);
    ring_destroy(&r);

    /* Room does not depend on how many records were made before: with 64 long-lived records spread over a
     * million numbers, short-lived ones come and go without a drop, on two caches (two threads) that free each
     * other's records, and with no cache at all. */
    CHECK(ring_init(&r, 64, 256) == 0);
    ring_cache one = {0, 0}, two = {0, 0};
    test_rec *kept[64];
    size_t nkept = 0;
    for (uint64_t n = 1; n <= 1000000; n++) {
        ring_cache *mine = (n & 1) ? &one : &two, *other = (n & 1) ? &two : &one;
        test_rec *t = ring_claim(&r, (n % 3) ? mine : NULL, n);
        if (t == NULL) {
            break;
        }
        ring_publish(t);
        if (n % 15625 == 0 && nkept < 64) {
            kept[nkept++] = t;
        } else {
            ring_free(&r, (n % 5) ? other : NULL, t);
        }
    }
    CHECK(atomic_load(&r.dropped) == 0 && nkept == 64);
    size_t live = 0;
    for (size_t i = 0; i < ring_used(&r); i++) {
        live += atomic_load(&((test_rec *)ring_slot(&r, i))->h.state) == RING_LIVE;
    }
    CHECK(live == 64);
    for (size_t i = 0; i < nkept; i++) {
        CHECK(ring_find(&r, ring_value(&r, kept[i])) == kept[i]);
    }
    /* Every free slot can be used again, also those in the caches once flushed: fill the ring to the brim. */
    ring_flush(&r, &one);
    ring_flush(&r, &two);
    size_t made = 0;
    while (ring_claim(&r, &one, 2000000 + made) != NULL) {
        made++;
    }
    CHECK(made == 256 - 64 && atomic_load(&r.dropped) == 1);
    ring_destroy(&r);

    /* A number that does not fit a value is dropped, never mistaken for another. */
    CHECK(ring_init(&r, 64, 64) == 0);
    CHECK(ring_claim(&r, NULL, RING_NUMBER_MASK + 1) == NULL && atomic_load(&r.dropped) == 1);
    CHECK(ring_claim(&r, NULL, RING_NUMBER_MASK) != NULL);
    ring_destroy(&r);
}

static void test_signals(void) {
    int s = -1;
    CHECK(config_parse_signal("none", &s) == 0 && s == 0);
    CHECK(config_parse_signal("SIGUSR2", &s) == 0 && s == SIGUSR2);
    CHECK(config_parse_signal("usr1", &s) == 0 && s == SIGUSR1);
    CHECK(config_parse_signal("12", &s) == 0 && s == 12);
    CHECK(config_parse_signal("SIGRTMIN+3", &s) == 0 && s == SIGRTMIN + 3);
    CHECK(config_parse_signal("RTMIN", &s) == 0 && s == SIGRTMIN);
    CHECK(config_parse_signal("SIGNOPE", &s) == -1);
    CHECK(config_parse_signal("", &s) == -1);
    CHECK(config_parse_signal("RTMIN+x", &s) == -1);
    CHECK(config_parse_signal("999", &s) == -1);
}

/* config_read with one variable set (NULL: unset); the number of log lines it wrote goes to *lines. */
static agent_config config_with(const char *name, const char *value, int *lines) {
    static agent_config cfg;
    if (value != NULL) {
        setenv(name, value, 1);
    } else {
        unsetenv(name);
    }
    capture_log();
    config_read(&cfg);
    const char *log = captured_log(lines);
    if (*lines > 0 && strstr(log, name) == NULL) {
        printf("log line does not name %s: %s", name, log);
        failed++;
    }
    unsetenv(name);
    return cfg;
}

static void test_series_config(void) {
    /* Only the variable under test may cause a log line. */
    extern char **environ;
    char name[128];
    for (size_t i = 0; environ[i] != NULL;) {
        size_t n = strcspn(environ[i], "=");
        if (strncmp(environ[i], "OMPD_EXPLORER_", 14) == 0 && n < sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)n, environ[i]);
            unsetenv(name);
        } else {
            i++;
        }
    }
    int lines = -1;
    const char *interval = "OMPD_EXPLORER_INTERVAL";
    CHECK(config_with(interval, NULL, &lines).interval_ms == 0 && lines == 0);      /* unset: no series */
    CHECK(config_with(interval, "", &lines).interval_ms == 0 && lines == 0);
    CHECK(config_with(interval, "0", &lines).interval_ms == 0 && lines == 0);       /* 0: off, said so in docs */
    CHECK(config_with(interval, "500", &lines).interval_ms == 500 && lines == 0);
    CHECK(config_with(interval, "10", &lines).interval_ms == 10 && lines == 0);     /* the floor itself */
    CHECK(config_with(interval, "86400000", &lines).interval_ms == 86400000 && lines == 0);
    CHECK(config_with(interval, "3", &lines).interval_ms == CONFIG_MIN_INTERVAL_MS && lines == 1); /* raised */
    CHECK(config_with(interval, "9", &lines).interval_ms == CONFIG_MIN_INTERVAL_MS && lines == 1);
    static const char *const bad_intervals[] = {"abc", "500ms", "1.5", "-5", "+5", " 5", "86400001",
                                                "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad_intervals / sizeof bad_intervals[0]; i++) {
        agent_config cfg = config_with(interval, bad_intervals[i], &lines);
        CHECK(cfg.interval_ms == 0 && lines == 1);                              /* one line, and off */
        if (cfg.interval_ms != 0 || lines != 1) {
            printf("  OMPD_EXPLORER_INTERVAL=%s\n", bad_intervals[i]);
        }
    }

    /* Call stacks are on unless OMPD_EXPLORER_STACKS turns them off. */
    const char *stacks = "OMPD_EXPLORER_STACKS";
    CHECK(config_with(stacks, NULL, &lines).stacks == 1 && lines == 0);
    CHECK(config_with(stacks, "", &lines).stacks == 1 && lines == 0);
    CHECK(config_with(stacks, "0", &lines).stacks == 0 && lines == 0);
    CHECK(config_with(stacks, "no", &lines).stacks == 0 && lines == 0);
    CHECK(config_with(stacks, "1", &lines).stacks == 1 && lines == 0);
    CHECK(config_with(stacks, "off", &lines).stacks == 1 && lines == 1);           /* not a switch value: on */

    const char *max = "OMPD_EXPLORER_MAX_SNAPSHOTS";
    CHECK(config_with(max, NULL, &lines).max_snapshots == 100 && lines == 0);       /* the default */
    CHECK(config_with(max, "3", &lines).max_snapshots == 3 && lines == 0);
    CHECK(config_with(max, "1", &lines).max_snapshots == 1 && lines == 0);
    CHECK(config_with(max, "100000", &lines).max_snapshots == 100000 && lines == 0);
    static const char *const bad_max[] = {"0", "-1", "many", "3x", "100001"};
    for (size_t i = 0; i < sizeof bad_max / sizeof bad_max[0]; i++) {
        agent_config cfg = config_with(max, bad_max[i], &lines);
        CHECK(cfg.max_snapshots == 100 && lines == 1);                          /* one line, the default */
    }
    /* The offload tables' sizes. */
    const char *targets = "OMPD_EXPLORER_MAX_TARGET_REGIONS", *mappings = "OMPD_EXPLORER_MAX_MAPPINGS";
    CHECK(config_with(targets, NULL, &lines).max_target_regions == 1024 && lines == 0);
    CHECK(config_with(targets, "1", &lines).max_target_regions == 1 && lines == 0);
    CHECK(config_with(targets, "524289", &lines).max_target_regions == 1024 && lines == 1);
    CHECK(config_with(mappings, NULL, &lines).max_mappings == 4096 && lines == 0);
    CHECK(config_with(mappings, "12", &lines).max_mappings == 12 && lines == 0);
    CHECK(config_with(mappings, "0", &lines).max_mappings == 4096 && lines == 1);
    /* Compressed snapshots: zlib is on this machine, so asking for them costs no line. */
    const char *compress = "OMPD_EXPLORER_COMPRESS";
    CHECK(config_with(compress, NULL, &lines).compress == 0 && lines == 0);
    CHECK(config_with(compress, "0", &lines).compress == 0 && lines == 0);
    CHECK(config_with(compress, "1", &lines).compress == 1 && lines == 0);
    CHECK(config_with(compress, "yes", &lines).compress == 1 && lines == 0);
    CHECK(config_with(compress, "gzip", &lines).compress == 0 && lines == 1);
}

/* config_read with one variable set: the value it chose, and whether it said so in exactly one line that names the
 * variable, the value and `instead` (what to use). */
static int refused_in_one_line(const char *name, const char *value, const char *instead) {
    if (value != NULL) {
        setenv(name, value, 1);
    }
    agent_config cfg;
    int lines = 0;
    capture_log();
    config_read(&cfg);
    const char *log = captured_log(&lines);
    unsetenv(name);
    char said[256];
    snprintf(said, sizeof said, "%s=%s ", name, value);
    int ok = lines == 1 && strstr(log, said) != NULL && strstr(log, instead) != NULL;
    if (!ok) {
        printf("  %s=%s: %d line(s): %s", name, value, lines, log);
    }
    return ok;
}

/* OMPD_EXPLORER_SIGNAL and OMPD_EXPLORER_STOP_SIGNAL: a signal the agent cannot use (uncatchable, raised by the
 * program's own faults, reserved by the C library) is refused by number as by name, and so is anything that is not
 * one signal; one line, and the default. */
static void test_signal_config(void) {
    int lines = -1;
    const char *trigger = "OMPD_EXPLORER_SIGNAL", *stop = "OMPD_EXPLORER_STOP_SIGNAL";
    CHECK(config_with(trigger, NULL, &lines).trigger_signal == SIGUSR2 && lines == 0);
    CHECK(config_with(trigger, "none", &lines).trigger_signal == 0 && lines == 0);
    CHECK(config_with(trigger, "0", &lines).trigger_signal == 0 && lines == 0);      /* 0 = none, as documented */
    CHECK(config_with(trigger, "10", &lines).trigger_signal == SIGUSR1 && lines == 0);
    CHECK(config_with(trigger, "SIGQUIT", &lines).trigger_signal == SIGQUIT && lines == 0);
    CHECK(config_with(trigger, "SIGRTMIN+4", &lines).trigger_signal == SIGRTMIN + 4 && lines == 0);
    char rtmax[16];
    snprintf(rtmax, sizeof rtmax, "%d", SIGRTMAX);
    CHECK(config_with(trigger, rtmax, &lines).trigger_signal == SIGRTMAX && lines == 0);
    CHECK(config_with(stop, NULL, &lines).stop_signal == SIGRTMIN + 5 && lines == 0);
    CHECK(config_with(stop, "SIGRTMIN+7", &lines).stop_signal == SIGRTMIN + 7 && lines == 0);
    CHECK(config_with(stop, "SIGUSR1", &lines).stop_signal == SIGUSR1 && lines == 0);

    char reserved[2][16], beyond[16];
    snprintf(reserved[0], sizeof reserved[0], "%d", SIGRTMIN - 1);      /* glibc's own real-time signals */
    snprintf(reserved[1], sizeof reserved[1], "%d", SIGRTMIN - 2);
    snprintf(beyond, sizeof beyond, "%d", SIGRTMAX + 1);
    const char *const bad[] = {
        "9", "19", "11", "7", "8", "4", "5", "31", "6",                     /* KILL STOP SEGV BUS FPE ILL TRAP SYS ABRT */
        "SIGKILL", "STOP", "SIGSEGV", "SIGBUS", "fpe", "SIGILL", "SIGTRAP", "SIGSYS", "sys", "SIGABRT",
        reserved[0], reserved[1], beyond, "65", "999", "-1", "-12", "+12", " 12", "12 ", "12x", "0x0c", "1e1",
        "99999999999999999999", "SIGRTMIN+99", "RTMIN+-1", "RTMIN+ 3", "RTMIN+", "RTMIN+99999999999999999999",
        "SIGRTMIN-1", "SIGUSR", "SIGUSR2x", "USR2 ",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        agent_config cfg;
        setenv(trigger, bad[i], 1);
        capture_log();
        config_read(&cfg);
        captured_log(&lines);
        unsetenv(trigger);
        CHECK(cfg.trigger_signal == SIGUSR2);
        CHECK(refused_in_one_line(trigger, bad[i], "using SIGUSR2"));
        setenv(stop, bad[i], 1);
        capture_log();
        config_read(&cfg);
        captured_log(&lines);
        unsetenv(stop);
        CHECK(cfg.stop_signal == SIGRTMIN + 5);
        CHECK(refused_in_one_line(stop, bad[i], "using SIGRTMIN+5"));
    }
    /* The stop signal must stop threads: "none" is no signal at all. */
    CHECK(config_with(stop, "none", &lines).stop_signal == SIGRTMIN + 5 && lines == 1);
    CHECK(refused_in_one_line(stop, "0", "using SIGRTMIN+5"));
}

/* The other numeric variables: a number outside the documented range is one line and the default, never a silent
 * change nor an unbounded wait. */
static void test_number_config(void) {
    int lines = -1;
    const char *timeout = "OMPD_EXPLORER_STOP_TIMEOUT_MS", *block = "OMPD_EXPLORER_NUMBER_BLOCK";
    CHECK(config_with(timeout, NULL, &lines).stop_timeout_ms == 2000 && lines == 0);
    CHECK(config_with(timeout, "1", &lines).stop_timeout_ms == 1 && lines == 0);
    CHECK(config_with(timeout, "60000", &lines).stop_timeout_ms == 60000 && lines == 0);
    static const char *const bad_timeouts[] = {"0", "-1", "60001", "4294967295", "2s", " 5"};
    for (size_t i = 0; i < sizeof bad_timeouts / sizeof bad_timeouts[0]; i++) {
        CHECK(config_with(timeout, bad_timeouts[i], &lines).stop_timeout_ms == 2000 && lines == 1);
    }
    CHECK(config_with(block, NULL, &lines).number_block == 64 && lines == 0);
    CHECK(config_with(block, "4096", &lines).number_block == 4096 && lines == 0);
    CHECK(config_with(block, "4097", &lines).number_block == 64 && lines == 1);
    CHECK(config_with(block, "0", &lines).number_block == 64 && lines == 1);
    const char *at_exit = "OMPD_EXPLORER_AT_EXIT";
    CHECK(config_with(at_exit, NULL, &lines).at_exit == 0 && lines == 0);
    CHECK(config_with(at_exit, "", &lines).at_exit == 0 && lines == 0);
    CHECK(config_with(at_exit, "0", &lines).at_exit == 0 && lines == 0);
    CHECK(config_with(at_exit, "no", &lines).at_exit == 0 && lines == 0);
    CHECK(config_with(at_exit, "1", &lines).at_exit == 1 && lines == 0);
    CHECK(config_with(at_exit, "TRUE", &lines).at_exit == 1 && lines == 0);
    CHECK(config_with(at_exit, "on", &lines).at_exit == 0 && lines == 1);       /* not a documented value: said */
    CHECK(config_with(at_exit, "2", &lines).at_exit == 0 && lines == 1);
    const char *verbose = "OMPD_EXPLORER_VERBOSE";
    CHECK(config_with(verbose, "1", &lines).verbose == 1 && lines == 0);
    CHECK(config_with(verbose, "0", &lines).verbose == 0 && lines == 0);
    CHECK(config_with(verbose, "yes", &lines).verbose == 1 && lines == 0);
    CHECK(config_with(verbose, "loud", &lines).verbose == 0 && lines == 1);
    /* The rings hold at most 2^23 records: a larger request is that, said in one line, not silently less. */
    const char *tasks = "OMPD_EXPLORER_MAX_TASKS", *regions = "OMPD_EXPLORER_MAX_REGIONS";
    CHECK(config_with(tasks, "8388608", &lines).max_tasks == RING_MAX_CAPACITY && lines == 0);
    CHECK(config_with(tasks, "8388609", &lines).max_tasks == RING_MAX_CAPACITY && lines == 1);
    CHECK(config_with(regions, "18446744073709551615", &lines).max_regions == RING_MAX_CAPACITY && lines == 1);
    CHECK(config_with(tasks, "63", &lines).max_tasks == 65536 && lines == 1);
    CHECK(config_with(regions, "99999999999999999999999", &lines).max_regions == 4096 && lines == 1);
}

/* Sequence numbers are zero-padded: names sort in the order the snapshots were taken. */
static void test_name_order(void) {
    static const unsigned seqs[] = {1, 2, 9, 10, 11, 99, 100, 101, 999, 1000, 12345, 999999};
    char names[sizeof seqs / sizeof seqs[0]][300];
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++) {
        CHECK(snapshot_file_name("/tmp", NULL, 4242, seqs[i], i % 2 ? "interval" : "signal", ".json", names[i],
                                 sizeof names[i]) == 0);
        if (i > 0) {
            CHECK(strcmp(names[i - 1], names[i]) < 0);
        }
    }
    CHECK(strcmp(names[0], "ompd-explorer-4242-000001-signal.json") == 0);
    CHECK(strcmp(names[3], "ompd-explorer-4242-000010-interval.json") == 0);
    CHECK(strcmp(names[11], "ompd-explorer-4242-999999-interval.json") == 0);
    /* Past six digits the number is written whole, never cut. */
    char big[300];
    CHECK(snapshot_file_name("/tmp", NULL, 1, 1234567, "x", ".json", big, sizeof big) == 0);
    CHECK(strcmp(big, "ompd-explorer-1-1234567-x.json") == 0);
}

/* The label part of a snapshot file name. */
static const char *label_part(const char *label) {
    static char name[300];
    CHECK(snapshot_file_name("/tmp", NULL, 42, 3, label, ".json", name, sizeof name) == 0);
    CHECK(strncmp(name, "ompd-explorer-42-000003-", 24) == 0 && strcmp(name + strlen(name) - 5, ".json") == 0);
    name[strlen(name) - 5] = '\0';
    return name + 24;
}

static void test_labels(void) {
    CHECK(strcmp(label_part("fib(5) mid-taskwait"), "fib-5-mid-taskwait") == 0);
    CHECK(strcmp(label_part(""), "snapshot") == 0);
    const char *up = label_part("../../etc/passwd");
    CHECK(strchr(up, '/') == NULL && up[0] != '.');
    CHECK(strcmp(label_part("a_b.c-d"), "a_b.c-d") == 0);
    CHECK(strlen(label_part("0123456789012345678901234567890123456789012345678901234567890123456789")) == 48);
}

__attribute__((noinline)) static int a_static_function(int x) {
    return x * 3 + 1;
}

static void test_symbols(void) {
    char name[256];
    volatile int keep = a_static_function(2);
    (void)keep;
    CHECK(symbolize((uint64_t)(uintptr_t)&a_static_function + 1, name, sizeof name) == 1);
    CHECK(strcmp(name, "a_static_function") == 0);
    CHECK(symbolize((uint64_t)(uintptr_t)&printf + 1, name, sizeof name) == 1); /* an exported symbol */
    CHECK(strstr(name, "printf") != NULL);
    CHECK(symbolize(0, name, sizeof name) == 0);
    unsigned char junk[64] = {0};
    CHECK(elf_function_at(junk, sizeof junk, 0, name, sizeof name) == 0);
}

/* A hand-built stopped-world copy: the renderer must keep links inside the file and break cycles. */
static void test_render(void) {
    agent_cfg.description[0] = '\0';
    world_copy w;
    memset(&w, 0, sizeof w);
    copy_task tasks[4];
    memset(tasks, 0, sizeof tasks);
    region_rec regions[1];
    memset(regions, 0, sizeof regions);
    copy_thread threads[1];
    memset(threads, 0, sizeof threads);

    atomic_store(&regions[0].h.number, 1);
    atomic_store(&regions[0].team_size, 2);
    regions[0].level = 1;
    regions[0].encountering = 99; /* not in the copy: left out */

    /* 3 and 4 schedule each other (a cycle); 2 is generated by 77, which is gone. */
    uint64_t numbers[4] = {1, 2, 3, 4};
    for (int i = 0; i < 4; i++) {
        atomic_store(&tasks[i].rec.h.number, numbers[i]);
        tasks[i].rec.thread_num = -1;
    }
    tasks[0].rec.kind = TK_IMPLICIT;
    tasks[0].rec.thread_num = 1;
    tasks[0].rec.region = 1;
    atomic_store(&tasks[0].rec.lifecycle, LC_RUNNING);
    atomic_store(&tasks[0].rec.thread, 1);
    tasks[1].rec.generating = 77;
    tasks[1].rec.region = 1;
    atomic_store(&tasks[1].rec.lifecycle, LC_QUEUED);
    atomic_store(&tasks[2].rec.scheduling, 4);
    atomic_store(&tasks[2].rec.lifecycle, LC_SUSPENDED);
    atomic_store(&tasks[3].rec.scheduling, 3);
    atomic_store(&tasks[3].rec.lifecycle, LC_SUSPENDED);
    tasks[3].rec.flags = ompt_task_explicit | ompt_task_untied;
    uint64_t edges[1] = {2};
    tasks[1].edge_off = 0;
    tasks[1].edge_n = 1; /* 2 waits for itself: dropped */

    threads[0].ordinal = 1;
    threads[0].acked = 1;
    threads[0].kind = ompt_thread_worker;
    threads[0].probe.state = 1;
    threads[0].probe.task_levels = 1;
    threads[0].probe.tasks[0].task = 1;
    threads[0].probe.tasks[0].flags = ompt_task_implicit;
    threads[0].probe.tasks[0].thread_num = 1;
    threads[0].probe.tasks[0].rc = 2;
    threads[0].probe.tasks[0].has_frame = 1;
    threads[0].probe.tasks[0].exit_frame = 0x1000;
    threads[0].probe.tasks[0].exit_flags = 0x21;
    threads[0].probe.region_levels = 1;
    threads[0].probe.regions[0].region = 1;
    threads[0].probe.regions[0].team_size = 2;
    threads[0].probe.max_active_levels = 3; /* omp_get_max_active_levels() of the task it runs */

    w.tasks = tasks;
    w.ntasks = 4;
    w.regions = regions;
    w.nregions = 1;
    w.threads = threads;
    w.nthreads = 1;
    w.edges = edges;
    w.nedges = 1;

    size_t len = 0;
    char *text = snapshot_render(&w, "unit \"test\"", &len);
    CHECK(text != NULL && len == strlen(text));
    if (text == NULL) {
        return;
    }
    CHECK(strstr(text, "\"label\": \"unit \\\"test\\\"\"") != NULL);
    CHECK(strstr(text, "\"source\": \"ompt-agent\"") != NULL);
    CHECK(strstr(text, "\"encounteringTask\": 99") == NULL); /* dangling encountering task left out */
    CHECK(strstr(text, "\"generatingTask\": 77") == NULL);  /* dangling generating task left out */
    CHECK(strstr(text, "\"dependsOn\"") == NULL || strstr(text, "\"dependsOn\": []") != NULL);
    int sched3 = strstr(text, "\"id\": 3,\"kind\": \"explicit\",\"schedulingTask\": 4") != NULL;
    int sched4 = strstr(text, "\"id\": 4,\"kind\": \"explicit\",\"schedulingTask\": 3") != NULL;
    CHECK(sched3 + sched4 == 0); /* neither is on a thread's stack, so neither has a scheduling link */
    /* #3 (tied) says suspended, yet no thread holds it: what it is is not known, so no lifecycle is written; #4
     * (untied) is a continuation waiting in a queue: suspended, on no thread. */
    CHECK(strstr(text, "\"id\": 4,\"kind\": \"explicit\",\"function\"") != NULL);
    CHECK(strstr(text, "\"lifecycle\": \"suspended\",\"flags\": [\"untied\"]") != NULL);
    CHECK(strstr(text, "\"lifecycle\": \"suspended\",\"flags\": []") == NULL);
    CHECK(strstr(text, "\"members\": [{\"threadNum\": 1,\"thread\": 1,\"implicitTask\": 1}]") != NULL);
    CHECK(strstr(text, "\"currentTask\": 1,\"currentRegion\": 1") != NULL);
    CHECK(strstr(text, "\"exit\": {\"address\": \"0x1000\",\"flags\": 33}") != NULL);
    CHECK(strstr(text, "\"flags\": [\"untied\"]") != NULL);
    CHECK(strstr(text, "\"lifecycle\": \"queued\"") != NULL);
    CHECK(strstr(text, "\"unsupported\",\"detail\": \"OMPT does not report a task's entry function\"") != NULL);
    CHECK(strstr(text, "{\"icv\": 4,\"value\": 1}") != NULL);  /* thread-num-var on the implicit task */
    /* max-active-levels-var: in the catalogue (task scope), on the task the stopped thread runs and on no other */
    CHECK(strstr(text, "{\"id\": 5,\"name\": \"max-active-levels-var\",\"scope\": \"task\"}") != NULL);
    CHECK(strstr(text, "\"icvs\": [{\"icv\": 4,\"value\": 1},{\"icv\": 5,\"value\": 3}]") != NULL);
    const char *first = strstr(text, "{\"icv\": 5,");
    CHECK(first != NULL && strstr(first + 1, "{\"icv\": 5,") == NULL);
    CHECK(strstr(text, "\"description\"") == NULL);
    free(text);

    /* What the agent could not keep is said, by kind, with the bound reached (capture.lost). */
    w.untracked_tasks = 350;
    w.deps_lost = 3;
    text = snapshot_render(&w, "lossy", &len);
    CHECK(text != NULL && strstr(text, "\"lost\": [{\"what\": \"tasks\",\"count\": 350,\"bound\": "
                                       "\"OMPD_EXPLORER_MAX_TASKS=") != NULL);
    CHECK(text != NULL && strstr(text, "{\"what\": \"dependences\",\"count\": 3,") != NULL);
    CHECK(text != NULL && strstr(text, "\"version\": \"1.4\"") != NULL);
    free(text);
    w.untracked_tasks = 0;
    w.deps_lost = 0;

    /* An interval snapshot: its position in the series goes to the description, the label stays. */
    w.series = 2;
    agent_cfg.max_snapshots = 3;
    agent_cfg.interval_ms = 50;
    text = snapshot_render(&w, "interval", &len);
    CHECK(text != NULL && strstr(text, "\"label\": \"interval\"") != NULL);
    CHECK(text != NULL
          && strstr(text, "\"description\": \"[agent: interval snapshot 2 of at most 3, one every 50 ms]\"") != NULL);
    free(text);
}


/* A pointer the runtime hands a stopped thread may point at memory already unmapped: reading it fails, not faults. */
/* Each thread's stack is the truth of what it holds (view.c): a probe whose untied task names itself at every level
 * below goes on as the events recorded the stack; a worker whose probe names the primary thread's task has its
 * stack from its events; a task the events left on a thread but not on its stack is held by no thread. */
static void test_stacks(void) {
    world_copy w;
    memset(&w, 0, sizeof w);
    enum { NT = 7 };
    copy_task tasks[NT];
    memset(tasks, 0, sizeof tasks);
    copy_thread threads[2];
    memset(threads, 0, sizeof threads);
    /* 1 initial, 2 implicit (primary), 3 and 4 untied explicit, 5 tied explicit left "running" on thread 1 by the
     * events, 6 untied left suspended on thread 1, 7 completed on thread 2. */
    for (int i = 0; i < NT; i++) {
        atomic_store(&tasks[i].rec.h.number, (uint64_t)(i + 1));
        tasks[i].rec.thread_num = -1;
        tasks[i].rec.kind = TK_EXPLICIT;
        tasks[i].rec.flags = ompt_task_explicit | ompt_task_untied;
        atomic_store(&tasks[i].rec.thread, 1);
        atomic_store(&tasks[i].rec.lifecycle, LC_SUSPENDED);
    }
    tasks[0].rec.kind = TK_INITIAL;
    tasks[0].rec.flags = ompt_task_initial;
    tasks[1].rec.kind = TK_IMPLICIT;
    tasks[1].rec.flags = ompt_task_implicit;
    tasks[1].rec.thread_num = 0;
    atomic_store(&tasks[1].rec.scheduling, 1);
    atomic_store(&tasks[2].rec.scheduling, 2);
    atomic_store(&tasks[3].rec.scheduling, 3);
    atomic_store(&tasks[3].rec.lifecycle, LC_RUNNING);
    tasks[4].rec.flags = ompt_task_explicit;
    atomic_store(&tasks[4].rec.lifecycle, LC_RUNNING);
    atomic_store(&tasks[6].rec.lifecycle, LC_COMPLETED);
    atomic_store(&tasks[6].rec.thread, 2);

    threads[0].ordinal = 1;
    threads[0].acked = 1;
    threads[0].probe.task_levels = PROBE_TASK_LEVELS; /* 4, then 4 again at every level */
    threads[0].probe.truncated = 1;
    for (int l = 0; l < PROBE_TASK_LEVELS; l++) {
        threads[0].probe.tasks[l].task = 4;
        threads[0].probe.tasks[l].flags = ompt_task_explicit | ompt_task_untied;
    }
    threads[1].ordinal = 2;
    threads[1].acked = 1;
    threads[1].probe.task_levels = 1; /* a worker not yet in its team names the primary thread's task */
    threads[1].probe.tasks[0].task = 1;
    threads[1].probe.tasks[0].flags = ompt_task_initial;
    w.tasks = tasks;
    w.ntasks = NT;
    w.threads = threads;
    w.nthreads = 2;

    render r;
    CHECK(render_prepare(&r, &w) == 0);
    CHECK(r.current[0] == 4 && r.current[1] == 0);
    CHECK(r.views[3].lifecycle == LC_RUNNING && r.views[3].thread == 1 && r.views[3].scheduling == 3);
    CHECK(r.views[2].lifecycle == LC_SUSPENDED && r.views[2].scheduling == 2);
    CHECK(r.views[1].lifecycle == LC_SUSPENDED && r.views[1].scheduling == 1);
    CHECK(r.views[0].lifecycle == LC_SUSPENDED && r.views[0].on_stack && r.views[0].scheduling == 0);
    CHECK(r.views[4].lifecycle == LC_NONE && r.views[4].thread == 0);      /* tied, not on the stack: not known */
    CHECK(r.views[5].lifecycle == LC_SUSPENDED && r.views[5].thread == 0); /* untied continuation in a queue */
    CHECK(r.views[6].lifecycle == LC_COMPLETED);
    CHECK(w.stacks_truncated == 0); /* a repeat is no cut stack */
    size_t len = 0;
    char *text = snapshot_render(&w, "stacks", &len);
    CHECK(text != NULL && strstr(text, "\"id\": 7,\"kind\": \"explicit\",\"thread\"") == NULL); /* completed: no thread */
    free(text);
    /* libomp 19 leaves a thread whose current task waits in a taskwait in a work state: the agent says it waits. */
    threads[0].probe.state = ompt_state_work_parallel;
    atomic_store(&tasks[3].rec.waiting, ompt_sync_region_taskwait);
    text = snapshot_render(&w, "stacks", &len);
    CHECK(text != NULL && strstr(text, "\"state\": {\"value\": 32,") != NULL);
    free(text);
    atomic_store(&tasks[3].rec.waiting, ompt_sync_region_taskgroup);
    text = snapshot_render(&w, "stacks", &len);
    CHECK(text != NULL && strstr(text, "\"state\": {\"value\": 33,") != NULL);
    free(text);
    render_free(&r);
}

static void test_safe_read(void) {
    uint64_t value = 0x1234567890abcdefULL, copy = 0;
    CHECK(agent_safe_read(&value, &copy, sizeof copy) == 0 && copy == value);
    long page = sysconf(_SC_PAGESIZE);
    void *gone = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(gone != MAP_FAILED);
    munmap(gone, (size_t)page);
    CHECK(agent_safe_read(gone, &copy, sizeof copy) == -1);
    CHECK(agent_safe_read(NULL, &copy, sizeof copy) == -1);
}

/* A stopped thread reads max-active-levels-var of the task it runs (the runtime's omp_get_max_active_levels) only
 * when the runtime names a task at level 0, the routine was found, and the runtime is initialized and not ending. */
static int fake_levels;        /* task levels the fake runtime reports */
static int fake_routine_calls;
static int fake_state(ompt_wait_id_t *wait) { *wait = 0; return ompt_state_work_parallel; }
static int fake_task_info(int level, int *flags, ompt_data_t **task, ompt_frame_t **frame, ompt_data_t **parallel,
                          int *thread_num) {
    static ompt_data_t data = {.value = 7};
    if (level >= fake_levels) {
        return 0;
    }
    *flags = ompt_task_implicit;
    *task = &data;
    *frame = NULL;
    *parallel = NULL;
    *thread_num = 0;
    return 2;
}
static int fake_parallel_info(int level, ompt_data_t **parallel, int *team_size) {
    (void)level;
    (void)parallel;
    (void)team_size;
    return 0;
}
static ompt_data_t *fake_thread_data(void) { return NULL; }
static int fake_max_active_levels(void) { fake_routine_calls++; return 4; }

static void test_probe_max_active_levels(void) {
    ompt_api saved = agent_ompt;
    agent_ompt.get_state = fake_state;
    agent_ompt.get_task_info = fake_task_info;
    agent_ompt.get_parallel_info = fake_parallel_info;
    agent_ompt.get_thread_data = fake_thread_data;
    static thread_rec t;
    fake_levels = 1;
    probe_use_runtime(fake_max_active_levels);
    probe_self(&t); /* no parallel region began yet: the routine would initialize the runtime, under its lock */
    CHECK(t.probe.task_levels == 1 && t.probe.max_active_levels == -1 && fake_routine_calls == 0);
    probe_runtime_initialized();
    probe_self(&t);
    CHECK(t.probe.task_levels == 1 && t.probe.max_active_levels == 4 && fake_routine_calls == 1);
    fake_levels = 0; /* no current task: the routine would read through a null task */
    probe_self(&t);
    CHECK(t.probe.max_active_levels == -1 && fake_routine_calls == 1);
    fake_levels = 1;
    probe_runtime_ending(); /* the finalizer: the routine could start the runtime again */
    probe_self(&t);
    CHECK(t.probe.max_active_levels == -1 && fake_routine_calls == 1);
    probe_use_runtime(NULL);
    agent_ompt = saved;
}

int main(void) {
    test_json();
    test_json_limits();
    test_ring();
    test_signals();
    test_series_config();
    test_signal_config();
    test_number_config();
    test_name_order();
    test_labels();
    test_symbols();
    test_render();
    test_stacks();
    test_switching();
    test_output();
    test_safe_read();
    test_probe_max_active_levels();
    test_offload();
    test_track();
    test_sync_regions();
    test_sites();
    test_call_stacks();
    test_runtime_build();
    test_job();
    test_record();
    printf("agent unit tests: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
