/* Unit tests of runtime_build.c: the runtime's build banner found in its read-only data, and the version string the
 * snapshot records. */
#include "check.h"
#include "runtime_build.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void test_banner_found(void) {
    static const char data[] = "xx\0@(#) LLVM OMP version: 5.0.20140926\0@(#) LLVM OMP build compiler: Clang 16.0\0yy";
    char out[64];
    CHECK(runtime_build_find(data, sizeof data, out, sizeof out) == 1);
    CHECK(strcmp(out, "LLVM OMP build compiler: Clang 16.0") == 0);
}

static void test_banner_absent_or_cut(void) {
    char out[64] = "unchanged";
    static const char none[] = "@(#) LLVM OMP version: 5.0.20140926\0";
    CHECK(runtime_build_find(none, sizeof none, out, sizeof out) == 0);
    CHECK(strcmp(out, "unchanged") == 0);
    /* The banner at the very end of a segment, without its NUL: not read past the end, not taken. */
    static const char cut[] = "@(#) LLVM OMP build compiler: Clang 1";
    CHECK(runtime_build_find(cut, sizeof cut - 1, out, sizeof out) == 0);
    /* Text that is not a printable banner (garbage after the marker): not taken. */
    static const char binary[] = "@(#) LLVM OMP build compiler: \x01\x02\0";
    CHECK(runtime_build_find(binary, sizeof binary, out, sizeof out) == 0);
    static const char empty[] = "@(#) LLVM OMP build compiler: \0";
    CHECK(runtime_build_find(empty, sizeof empty, out, sizeof out) == 0);
}

static void test_banner_truncated_to_buffer(void) {
    static const char data[] = "@(#) LLVM OMP build compiler: Clang 16.0\0";
    char out[12];
    CHECK(runtime_build_find(data, sizeof data, out, sizeof out) == 1);
    CHECK(strcmp(out, "LLVM OMP bu") == 0);
}

static void test_version_string(void) {
    char out[128];
    runtime_build_describe("LLVM OMP version: 5.0.20140926", "LLVM OMP build compiler: Clang 14.0", out, sizeof out);
    CHECK(strcmp(out, "LLVM OMP version: 5.0.20140926 (LLVM OMP build compiler: Clang 14.0)") == 0);
    runtime_build_describe("LLVM OMP version: 5.0.20140926", "", out, sizeof out);
    CHECK(strcmp(out, "LLVM OMP version: 5.0.20140926") == 0);
    runtime_build_describe("", "LLVM OMP build compiler: Clang 19.1", out, sizeof out);
    CHECK(strcmp(out, "(LLVM OMP build compiler: Clang 19.1)") == 0);
    char small[16];
    runtime_build_describe("LLVM OMP version: 5.0.20140926", "LLVM OMP build compiler: Clang 14.0", small, sizeof small);
    CHECK(strlen(small) == sizeof small - 1);
}

/* Only the object that holds the address is read: a function of libc (no OpenMP runtime) gives no banner, though
 * this test program holds the marker text itself; an address in no object gives none either. */
static void test_only_the_runtime_object(void) {
    char out[64] = "unchanged";
    int (*in_libc)(const char *, ...) = printf;
    CHECK(runtime_build_read(*(const void **)&in_libc, out, sizeof out) == 0);
    CHECK(out[0] == '\0');
    CHECK(runtime_build_read((const void *)(uintptr_t)1, out, sizeof out) == 0);
    CHECK(runtime_build_read(NULL, out, sizeof out) == 0);
}

void test_runtime_build(void) {
    test_banner_found();
    test_banner_absent_or_cut();
    test_banner_truncated_to_buffer();
    test_version_string();
    test_only_the_runtime_object();
}
