/* Code sites: the module map's build-id reader and writer, and how taskloop windows give tasks their call site. */
#include "sites.h"
#include "check.h"

#include <elf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_build_id(void) {
    /* a GNU build-id note after another note, 4-byte aligned as in every PT_NOTE segment */
    unsigned char notes[64];
    memset(notes, 0, sizeof notes);
    Elf64_Nhdr other = {4, 4, 1};
    memcpy(notes, &other, sizeof other);
    memcpy(notes + 12, "GNU", 4);
    Elf64_Nhdr id = {4, 5, NT_GNU_BUILD_ID};
    memcpy(notes + 20, &id, sizeof id);
    memcpy(notes + 32, "GNU", 4);
    memcpy(notes + 36, "\x01\x23\xab\xcd\xef", 5);
    char hex[129];
    CHECK(module_build_id(notes, 44, hex, sizeof hex) == 10 && strcmp(hex, "0123abcdef") == 0);
    /* cut short anywhere inside the second note: no id, no read past the end */
    for (size_t size = 0; size < 41; size++) {
        CHECK(module_build_id(notes, size, hex, sizeof hex) == 0);
    }
    /* an output buffer too small for the id */
    CHECK(module_build_id(notes, 44, hex, 10) == 0);
}

static void test_modules(void) {
    /* a task whose creation site is in this test program: the map names it, with its range and build-id */
    world_copy w;
    memset(&w, 0, sizeof w);
    copy_task tasks[1];
    memset(tasks, 0, sizeof tasks);
    tasks[0].rec.codeptr = (const void *)(uintptr_t)&test_modules;
    w.tasks = tasks;
    w.ntasks = 1;
    render r;
    memset(&r, 0, sizeof r);
    r.w = &w;
    json j;
    json_init(&j);
    json_begin_object(&j);
    write_modules(&j, &r);
    json_end_object(&j);
    CHECK(!j.failed);
    CHECK(strstr(j.data, "\"modules\": [") != NULL);
    CHECK(strstr(j.data, "agent-tests\"") != NULL);
    CHECK(strstr(j.data, "\"loadBias\": \"0x") != NULL && strstr(j.data, "\"start\": \"0x") != NULL
          && strstr(j.data, "\"end\": \"0x") != NULL && strstr(j.data, "\"fileSize\": ") != NULL);
    CHECK(strstr(j.data, "libc.so") == NULL); /* only modules that hold a code address */
    char listed[128];
    snprintf(listed, sizeof listed, "\"codeAddresses\": [\"0x%" PRIx64 "\"]", (uint64_t)(uintptr_t)&test_modules);
    CHECK(strstr(j.data, listed) != NULL);
    json_free(&j);

    /* two tasks and a region at two addresses: each listed once, in order */
    copy_task two[2];
    memset(two, 0, sizeof two);
    two[0].rec.codeptr = (const void *)(uintptr_t)&test_build_id;
    two[1].rec.codeptr = (const void *)(uintptr_t)&test_modules;
    region_rec region;
    memset(&region, 0, sizeof region);
    region.codeptr = (const void *)(uintptr_t)&test_build_id;
    w.tasks = two;
    w.ntasks = 2;
    w.regions = &region;
    w.nregions = 1;
    json_init(&j);
    json_begin_object(&j);
    write_modules(&j, &r);
    json_end_object(&j);
    uint64_t a = (uint64_t)(uintptr_t)&test_build_id, b = (uint64_t)(uintptr_t)&test_modules;
    snprintf(listed, sizeof listed, "\"codeAddresses\": [\"0x%" PRIx64 "\",\"0x%" PRIx64 "\"]", a < b ? a : b,
             a < b ? b : a);
    CHECK(!j.failed && strstr(j.data, listed) != NULL);
    json_free(&j);
    w.tasks = tasks;
    w.ntasks = 1;
    w.regions = NULL;
    w.nregions = 0;

    /* no code address: no modules section */
    tasks[0].rec.codeptr = NULL;
    json_init(&j);
    json_begin_object(&j);
    write_modules(&j, &r);
    json_end_object(&j);
    CHECK(!j.failed && strcmp(j.data, "{}") == 0);
    json_free(&j);
}

static void test_taskloop_sites(void) {
    const void *R = (const void *)0x7000, *U1 = (const void *)0x1100, *U2 = (const void *)0x1200;
    const void *OTHER = (const void *)0x1300;

    /* before any taskloop: every address is its own site */
    CHECK(sites_creation_site(R) == R && sites_creation_site(OTHER) == OTHER);
    /* inside a taskloop (nested ones too) its tasks take its call site; others keep theirs */
    sites_taskloop_begin(R, U1);
    CHECK(sites_creation_site(R) == U1 && sites_creation_site(OTHER) == OTHER);
    sites_taskloop_begin(R, U2);
    CHECK(sites_creation_site(R) == U2);
    sites_taskloop_end(OTHER); /* not the innermost taskloop's end: ignored */
    CHECK(sites_creation_site(R) == U2);
    sites_taskloop_end(R);
    CHECK(sites_creation_site(R) == U1);
    sites_taskloop_end(R);

    /* outside, a helper task makes the taskloop's tasks: they take the site of the task the thread runs */
    sites_task_switched(U1);
    CHECK(sites_creation_site(R) == U1 && sites_creation_site(OTHER) == OTHER);
    /* a helper left at the runtime's address, or a task not known: the runtime's address stays */
    sites_task_switched(R);
    CHECK(sites_creation_site(R) == R);
    sites_task_switched(NULL);
    CHECK(sites_creation_site(R) == R);
    /* an unwind that found no call site */
    sites_taskloop_begin(R, NULL);
    CHECK(sites_creation_site(R) == R);
    sites_taskloop_end(R);
    /* deeper than kept: the innermost kept taskloop answers, and ends still pair up */
    sites_taskloop_begin(R, U1);
    for (int i = 0; i < 10; i++) {
        sites_taskloop_begin(R, U2);
    }
    for (int i = 0; i < 10; i++) {
        sites_taskloop_end(R);
    }
    CHECK(sites_creation_site(R) == U1);
    sites_taskloop_end(R);

    /* the snapshot counts the tasks left at the runtime's address */
    world_copy w;
    memset(&w, 0, sizeof w);
    copy_task t[3];
    memset(t, 0, sizeof t);
    t[0].rec.codeptr = R;
    t[1].rec.codeptr = U1;
    t[2].rec.codeptr = R;
    w.tasks = t;
    w.ntasks = 3;
    sites_count(&w);
    CHECK(sites_unresolved() == 2);

}

void test_sites(void) {
    test_build_id();
    test_modules();
    test_taskloop_sites();
}
