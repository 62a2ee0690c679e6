/* The C unit tests' one assertion macro and counters (defined in agent_tests.c). */
#ifndef OMPD_EXPLORER_CHECK_H
#define OMPD_EXPLORER_CHECK_H

#include <stdio.h>

extern int passed, failed;

#define CHECK(cond)                                                                                             \
    do {                                                                                                        \
        if (cond) {                                                                                             \
            passed++;                                                                                           \
        } else {                                                                                                \
            failed++;                                                                                           \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                              \
        }                                                                                                       \
    } while (0)

void test_output(void);
void test_offload(void);
void test_track(void);
void test_sync_regions(void);
void test_sites(void);
void test_call_stacks(void);
void test_switching(void);
void test_runtime_build(void);
void test_job(void);
void test_record(void);

/* Agent log lines (stderr) go to a file from capture_log until captured_log, which returns them (static text) and
 * their number (output_tests.c). */
void capture_log(void);
const char *captured_log(int *lines);

#endif
