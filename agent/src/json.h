/* A small JSON writer into a growable buffer: objects, arrays, escaped strings, 0x-hex addresses. */
#ifndef OMPD_EXPLORER_JSON_H
#define OMPD_EXPLORER_JSON_H

#include <stddef.h>
#include <stdint.h>

/* Containers nest at most this deep; deeper sets failed. */
#define JSON_MAX_DEPTH 16

typedef struct json {
    char *data;
    size_t len, cap;
    int failed;                      /* an allocation failed, or nesting was too deep or unbalanced: discard */
    int depth;
    unsigned char need_comma[JSON_MAX_DEPTH];
    unsigned char after_key;
    unsigned char comma_done;       /* json_newline wrote the comma the next value needs */
    size_t comma_at;                /* where, so that a closing bracket right after can take it back */
} json;

void json_init(json *j);
void json_free(json *j);
void json_raw(json *j, const char *text, size_t n);

void json_begin_object(json *j);
void json_end_object(json *j);
void json_begin_array(json *j);
void json_end_array(json *j);
void json_key(json *j, const char *key);
/* A newline (and indentation by depth) before the next member or element; for readable output. Before a
 * closing bracket it is only whitespace (json_break is the one meant for that place). */
void json_newline(json *j);
/* A newline before a closing bracket. */
void json_break(json *j);

void json_string(json *j, const char *s);
void json_string_n(json *j, const char *s, size_t n);
void json_int(json *j, int64_t v);
void json_uint(json *j, uint64_t v);
void json_hex(json *j, uint64_t v);
void json_bool(json *j, int v);

#endif
