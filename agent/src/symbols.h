/* Code address → function name: dladdr for exported symbols, else the object file's ELF .symtab (static
 * functions and executables linked without -rdynamic). Only called after threads are released. */
#ifndef OMPD_EXPLORER_SYMBOLS_H
#define OMPD_EXPLORER_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

/* Writes the name of the function containing addr into out; returns 1 when found, else 0. */
int symbolize(uint64_t addr, char *out, size_t out_size);

/* The function containing file-relative address rel in the ELF image at [image, image+size). 1 if found. */
int elf_function_at(const unsigned char *image, size_t size, uint64_t rel, char *out, size_t out_size);

#endif
