/* Which build of the OpenMP runtime started the tool (runtime_build.c). */
#ifndef OMPD_EXPLORER_RUNTIME_BUILD_H
#define OMPD_EXPLORER_RUNTIME_BUILD_H

#include <stddef.h>

/* Finds libomp's build banner ("@(#) LLVM OMP build compiler: Clang 16.0") in n bytes at mem and copies it, without
 * its "@(#) " prefix and cut to cap - 1 bytes, to out. Returns 1, or 0 (out unchanged) when there is none, it runs
 * past the n bytes, or it is not printable text. */
int runtime_build_find(const char *mem, size_t n, char *out, size_t cap);

/* The banner of the runtime whose code holds the address `in_runtime` (a function its lookup returned), read from
 * that library's loaded read-only segments. Returns 1, or 0 (out empty) when there is none. */
int runtime_build_read(const void *in_runtime, char *out, size_t cap);

/* The version string a snapshot records: the runtime_version ompt_start_tool received, then the banner in
 * parentheses when there is one; cut to cap - 1 bytes. */
void runtime_build_describe(const char *runtime_version, const char *banner, char *out, size_t cap);

#endif
