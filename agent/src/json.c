#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void json_init(json *j) {
    memset(j, 0, sizeof *j);
}

void json_free(json *j) {
    free(j->data);
    j->data = NULL;
    j->len = j->cap = 0;
}

void json_raw(json *j, const char *text, size_t n) {
    if (j->failed) {
        return;
    }
    /* A length near SIZE_MAX would wrap the sum below and the doubling loop would never end. */
    if (n > SIZE_MAX / 4 - j->len) {
        j->failed = 1;
        return;
    }
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap == 0 ? 4096 : j->cap;
        while (j->len + n + 1 > cap) {
            cap *= 2;
        }
        char *grown = realloc(j->data, cap);
        if (grown == NULL) {
            j->failed = 1;
            return;
        }
        j->data = grown;
        j->cap = cap;
    }
    memcpy(j->data + j->len, text, n);
    j->len += n;
    j->data[j->len] = '\0';
}

static void string_body(json *j, const char *s, size_t n);

static void lit(json *j, const char *s) {
    json_raw(j, s, strlen(s));
}

/* Before any value: a comma when it follows a sibling (not when it follows a key, nor when json_newline
 * already wrote it). */
static void before_value(json *j) {
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->depth <= JSON_MAX_DEPTH) {
        if (j->need_comma[j->depth - 1] && !j->comma_done) {
            lit(j, ",");
        }
        j->need_comma[j->depth - 1] = 1;
    }
    j->comma_done = 0;
}

static void open_container(json *j, const char *c) {
    before_value(j);
    lit(j, c);
    if (j->depth < JSON_MAX_DEPTH) {
        j->need_comma[j->depth] = 0;
    } else {
        j->failed = 1; /* deeper than need_comma[] can follow */
    }
    j->depth++;
}

void json_begin_object(json *j) { open_container(j, "{"); }
void json_begin_array(json *j) { open_container(j, "["); }

static void close_container(json *j, const char *c) {
    if (j->depth == 0) {
        j->failed = 1; /* nothing is open: the caller's structure is wrong */
        return;
    }
    if (j->comma_done && !j->failed) {
        /* json_newline wrote the comma for a next element that never came: no trailing comma. */
        memmove(j->data + j->comma_at, j->data + j->comma_at + 1, j->len - j->comma_at);
        j->len--;
    }
    j->depth--;
    j->comma_done = 0;
    j->after_key = 0;
    lit(j, c);
}

void json_end_object(json *j) { close_container(j, "}"); }
void json_end_array(json *j) { close_container(j, "]"); }

void json_newline(json *j) {
    /* The pending comma goes first, so that it ends the previous line; between a key and its value there is
     * none. */
    if (!j->after_key && j->depth > 0 && j->depth <= JSON_MAX_DEPTH && j->need_comma[j->depth - 1]
        && !j->comma_done) {
        j->comma_at = j->len;
        lit(j, ",");
        j->comma_done = 1;
    }
    lit(j, "\n");
    for (int i = 0; i < j->depth; i++) {
        lit(j, "  ");
    }
}

void json_break(json *j) {
    lit(j, "\n");
    for (int i = 0; i < j->depth - 1; i++) {
        lit(j, "  ");
    }
}

void json_key(json *j, const char *key) {
    before_value(j);
    lit(j, "\"");
    string_body(j, key, strlen(key));
    lit(j, "\": ");
    j->after_key = 1;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 when the bytes are not valid UTF-8. */
static size_t utf8_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80) {
        return 1;
    } else if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (len > n) {
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return len;
}

/* Invalid UTF-8 becomes U+FFFD: the output stays valid JSON whatever bytes a label holds. */
static void string_body(json *j, const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            json_raw(j, esc, 2);
            i++;
        } else if (c < 0x20) {
            char esc[8];
            const char *named = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : NULL;
            if (named != NULL) {
                lit(j, named);
            } else {
                snprintf(esc, sizeof esc, "\\u%04x", c);
                lit(j, esc);
            }
            i++;
        } else if (c < 0x80) {
            json_raw(j, (const char *)p + i, 1);
            i++;
        } else {
            size_t len = utf8_len(p + i, n - i);
            if (len == 0) {
                lit(j, "\\ufffd");
                i++;
            } else {
                json_raw(j, (const char *)p + i, len);
                i += len;
            }
        }
    }
}

void json_string_n(json *j, const char *s, size_t n) {
    before_value(j);
    lit(j, "\"");
    string_body(j, s, n);
    lit(j, "\"");
}

void json_string(json *j, const char *s) {
    json_string_n(j, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

void json_int(json *j, int64_t v) {
    char buf[32];
    before_value(j);
    snprintf(buf, sizeof buf, "%" PRId64, v);
    lit(j, buf);
}

void json_uint(json *j, uint64_t v) {
    char buf[32];
    before_value(j);
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    lit(j, buf);
}

void json_hex(json *j, uint64_t v) {
    char buf[32];
    before_value(j);
    snprintf(buf, sizeof buf, "\"0x%" PRIx64 "\"", v);
    lit(j, buf);
}

void json_bool(json *j, int v) {
    before_value(j);
    lit(j, v ? "true" : "false");
}
