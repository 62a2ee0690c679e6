/* libFuzzer target for the agent's JSON writer (src/json.c), built with -fsanitize=fuzzer,address,undefined.
 *
 * The input is a program of writer calls: objects and arrays nested past the depth limit, keys and strings of
 * arbitrary bytes (every byte value, invalid UTF-8, control characters, NULs, strings of up to 256 KiB in all), numbers,
 * booleans, line breaks in odd places. The property: unless the writer reports failure, its text is strict
 * RFC 8259 JSON whose tokens, parsed back by the small checker below, are exactly the calls made, with each
 * string equal to its input where that was well-formed UTF-8 and with U+FFFD for each byte that was not. The
 * sanitizers add: no read or write out of bounds, no undefined behaviour. Any violation aborts (a finding). */
#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NEST (JSON_MAX_DEPTH + 4)
#define BIG_BUDGET (256u << 10)

/* ---- a growable byte buffer for the event streams ---- */

typedef struct buf { unsigned char *p; size_t len, cap; } buf;

static void put(buf *b, const void *data, size_t n) {
    if (n == 0) {
        return;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n > cap) {
            cap *= 2;
        }
        b->p = realloc(b->p, cap);
        if (b->p == NULL) {
            abort();
        }
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void put_tag(buf *b, char tag, const void *data, size_t n) {
    put(b, &tag, 1);
    if (tag == 'K' || tag == 'S' || tag == 'N') {
        uint64_t len = n;
        put(b, &len, sizeof len);
        put(b, data, n);
    }
}

/* ---- UTF-8, from the table of well-formed byte sequences (Unicode, Table 3-7) ---- */

/* Length of the well-formed sequence at s[0..n), or 0. */
static size_t well_formed(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    unsigned char lo = 0x80, hi = 0xBF;
    size_t len;
    if (c <= 0x7F) {
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) {
            lo = 0xA0;
        } else if (c == 0xED) {
            hi = 0x9F;
        }
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) {
            lo = 0x90;
        } else if (c == 0xF4) {
            hi = 0x8F;
        }
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi) {
        return 0;
    }
    for (size_t i = 2; i < len; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF) {
            return 0;
        }
    }
    return len;
}

/* What a string should read back as: its well-formed sequences, and U+FFFD for every other byte. */
static void expected_string(buf *b, char tag, const unsigned char *s, size_t n) {
    buf e = {0};
    size_t run = 0; /* start of the well-formed bytes not yet copied */
    for (size_t i = 0; i < n;) {
        size_t len = well_formed(s + i, n - i);
        if (len == 0) {
            put(&e, s + run, i - run);
            put(&e, "\xEF\xBF\xBD", 3);
            run = ++i;
        } else {
            i += len;
        }
    }
    put(&e, s + run, n - run);
    put_tag(b, tag, e.p, e.len);
    free(e.p);
}

/* ---- the strict checker: parses JSON text into the same events ---- */

typedef struct parser { const unsigned char *s; size_t n, i; int depth; buf *out; } parser;

static void fail(const parser *p, const char *why) {
    fprintf(stderr, "json_writer_fuzz: invalid JSON at byte %zu: %s\n", p->i, why);
    abort();
}

static void ws(parser *p) {
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r')) {
        p->i++;
    }
}

static unsigned hex4(parser *p) {
    unsigned v = 0;
    for (int k = 0; k < 4; k++, p->i++) {
        if (p->i >= p->n) {
            fail(p, "short \\u escape");
        }
        unsigned char c = p->s[p->i];
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= c - '0';
        } else if (c >= 'a' && c <= 'f') {
            v |= c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            v |= c - 'A' + 10;
        } else {
            fail(p, "bad hex digit");
        }
    }
    return v;
}

static void put_utf8(buf *b, unsigned cp) {
    unsigned char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (unsigned char)(0xC0 | cp >> 6);
        u[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xE0 | cp >> 12);
        u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | cp >> 18);
        u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    put(b, u, n);
}

static void string(parser *p, char tag) {
    buf v = {0};
    p->i++; /* the opening quote */
    for (;;) {
        if (p->i >= p->n) {
            fail(p, "unterminated string");
        }
        unsigned char c = p->s[p->i];
        if (c == '"') {
            p->i++;
            break;
        }
        if (c < 0x20) {
            fail(p, "raw control character in a string");
        }
        if (c == '\\') {
            if (++p->i >= p->n) {
                fail(p, "escape at the end");
            }
            char e = (char)p->s[p->i++];
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *at = e != '\0' ? strchr(from, e) : NULL;
            if (at != NULL) {
                put(&v, to + (at - from), 1);
            } else if (e == 'u') {
                unsigned cp = hex4(p);
                if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail(p, "lone low surrogate");
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (p->i + 2 > p->n || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u') {
                        fail(p, "high surrogate without its low half");
                    }
                    p->i += 2;
                    unsigned low = hex4(p);
                    if (low < 0xDC00 || low > 0xDFFF) {
                        fail(p, "high surrogate without its low half");
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                put_utf8(&v, cp);
            } else {
                fail(p, "unknown escape");
            }
            continue;
        }
        size_t start = p->i;
        while (p->i < p->n && p->s[p->i] >= 0x20 && p->s[p->i] != '"' && p->s[p->i] != '\\') {
            size_t len = well_formed(p->s + p->i, p->n - p->i);
            if (len == 0) {
                fail(p, "ill-formed UTF-8 in a string");
            }
            p->i += len;
        }
        put(&v, p->s + start, p->i - start);
    }
    put_tag(p->out, tag, v.p, v.len);
    free(v.p);
}

static int digits(parser *p) {
    size_t start = p->i;
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') {
        p->i++;
    }
    return p->i > start;
}

static void number(parser *p) {
    size_t start = p->i;
    if (p->s[p->i] == '-') {
        p->i++;
    }
    if (p->i < p->n && p->s[p->i] == '0') {
        p->i++;
    } else if (!digits(p)) {
        fail(p, "bad number");
    }
    if (p->i < p->n && p->s[p->i] == '.') {
        p->i++;
        if (!digits(p)) {
            fail(p, "bad fraction");
        }
    }
    if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        p->i++;
        if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) {
            p->i++;
        }
        if (!digits(p)) {
            fail(p, "bad exponent");
        }
    }
    put_tag(p->out, 'N', p->s + start, p->i - start);
}

static void literal(parser *p, const char *word, char tag) {
    size_t n = strlen(word);
    if (p->n - p->i < n || memcmp(p->s + p->i, word, n) != 0) {
        fail(p, "unknown literal");
    }
    p->i += n;
    put_tag(p->out, tag, NULL, 0);
}

static void value(parser *p);

static void members(parser *p, char open, char close, int keyed) {
    if (++p->depth > MAX_NEST + 1) {
        fail(p, "nested deeper than the writer allows");
    }
    put_tag(p->out, open, NULL, 0);
    p->i++;
    ws(p);
    if (p->i < p->n && p->s[p->i] == (keyed ? '}' : ']')) {
        p->i++;
    } else {
        for (;;) {
            if (keyed) {
                ws(p);
                if (p->i >= p->n || p->s[p->i] != '"') {
                    fail(p, "expected a key");
                }
                string(p, 'K');
                ws(p);
                if (p->i >= p->n || p->s[p->i] != ':') {
                    fail(p, "expected ':'");
                }
                p->i++;
            }
            value(p);
            ws(p);
            if (p->i < p->n && p->s[p->i] == ',') {
                p->i++;
                continue;
            }
            if (p->i < p->n && p->s[p->i] == (keyed ? '}' : ']')) {
                p->i++;
                break;
            }
            fail(p, "expected ',' or a closing bracket");
        }
    }
    put_tag(p->out, close, NULL, 0);
    p->depth--;
}

static void value(parser *p) {
    ws(p);
    if (p->i >= p->n) {
        fail(p, "expected a value");
    }
    switch (p->s[p->i]) {
    case '{': members(p, 'O', 'o', 1); break;
    case '[': members(p, 'A', 'a', 0); break;
    case '"': string(p, 'S'); break;
    case 't': literal(p, "true", 'T'); break;
    case 'f': literal(p, "false", 'F'); break;
    case 'n': literal(p, "null", 'Z'); break;
    default:
        if (p->s[p->i] == '-' || (p->s[p->i] >= '0' && p->s[p->i] <= '9')) {
            number(p);
        } else {
            fail(p, "unexpected character");
        }
    }
}

/* ---- the driver: turns fuzzer bytes into writer calls, recording the events they should produce ---- */

typedef struct input { const uint8_t *d; size_t n, i; } input;

static unsigned byte(input *in) { return in->i < in->n ? in->d[in->i++] : 0; }

static uint64_t u64(input *in) {
    uint64_t v = 0;
    for (int k = 0; k < 8; k++) {
        v = v << 8 | byte(in);
    }
    return v;
}

/* The next chunk of input: a length byte (0..255), then that many bytes (fewer at the end). */
static const unsigned char *chunk(input *in, size_t *len) {
    size_t want = byte(in);
    size_t have = in->n - in->i;
    *len = want < have ? want : have;
    const unsigned char *s = in->d + in->i;
    in->i += *len;
    return s;
}

typedef struct driver {
    json j;
    buf expect;
    char open[MAX_NEST + 1]; /* 'O' or 'A' per open container */
    int depth, keyed, done;  /* keyed: an object's key was written, its value is due */
    int deepest;
    size_t big;
} driver;

static void key_if_due(driver *v, input *in) {
    if (v->depth > 0 && v->open[v->depth - 1] == 'O' && !v->keyed) {
        size_t len;
        const unsigned char *s = chunk(in, &len);
        /* json_key takes a C string: the key ends at its first NUL. */
        char *k = strndup((const char *)s, len);
        json_key(&v->j, k);
        expected_string(&v->expect, 'K', (const unsigned char *)k, strlen(k));
        free(k);
    }
    v->keyed = 0;
}

static void string_value(driver *v, input *in, int big) {
    key_if_due(v, in);
    size_t len;
    const unsigned char *s = chunk(in, &len);
    if (big && len > 0) {
        size_t times = (byte(in) << 8 | byte(in)) + 1;
        size_t total = len * times;
        if (total > BIG_BUDGET - v->big) {
            total = 0;
        }
        v->big += total;
        unsigned char *b = malloc(total + 1);
        for (size_t k = 0; k < total; k++) {
            b[k] = s[k % len];
        }
        json_string_n(&v->j, (const char *)b, total);
        expected_string(&v->expect, 'S', b, total);
        free(b);
    } else {
        json_string_n(&v->j, (const char *)s, len);
        expected_string(&v->expect, 'S', s, len);
    }
}

static void scalar(driver *v, input *in, unsigned op) {
    key_if_due(v, in);
    char text[40];
    uint64_t x = u64(in);
    switch (op) {
    case 0:
        json_int(&v->j, (int64_t)x);
        snprintf(text, sizeof text, "%" PRId64, (int64_t)x);
        put_tag(&v->expect, 'N', text, strlen(text));
        break;
    case 1:
        json_uint(&v->j, x);
        snprintf(text, sizeof text, "%" PRIu64, x);
        put_tag(&v->expect, 'N', text, strlen(text));
        break;
    case 2:
        json_hex(&v->j, x);
        snprintf(text, sizeof text, "0x%" PRIx64, x);
        put_tag(&v->expect, 'S', text, strlen(text));
        break;
    default:
        json_bool(&v->j, (int)(x & 1));
        put_tag(&v->expect, (x & 1) ? 'T' : 'F', NULL, 0);
        break;
    }
}

static void open_container(driver *v, input *in, int object) {
    key_if_due(v, in);
    if (object) {
        json_begin_object(&v->j);
    } else {
        json_begin_array(&v->j);
    }
    put_tag(&v->expect, object ? 'O' : 'A', NULL, 0);
    v->open[v->depth++] = object ? 'O' : 'A';
    v->deepest = v->depth > v->deepest ? v->depth : v->deepest;
}

static void close_container(driver *v) {
    char c = v->open[--v->depth];
    if (c == 'O') {
        json_end_object(&v->j);
    } else {
        json_end_array(&v->j);
    }
    put_tag(&v->expect, c == 'O' ? 'o' : 'a', NULL, 0);
    v->keyed = 0;
}

/* One step; a value at depth 0 completes the document. */
static void step(driver *v, input *in) {
    unsigned op = byte(in) % 12;
    int before = v->depth;
    if (op == 2 && v->depth > 0 && !v->keyed) {
        close_container(v);
    } else if (op == 9) {
        json_newline(&v->j);
        return;
    } else if (op == 10) {
        json_break(&v->j);
        return;
    } else if (op == 11 && v->depth > 0 && v->open[v->depth - 1] == 'O' && !v->keyed) {
        key_if_due(v, in);
        v->keyed = 1; /* a key alone; its value comes with a later step */
        return;
    } else if ((op == 0 || op == 1) && v->depth < MAX_NEST) {
        open_container(v, in, op == 0);
    } else if (op == 3 || op == 4 || op == 2 || op == 11 || op <= 1) {
        string_value(v, in, op == 4);
    } else {
        scalar(v, in, op - 5);
    }
    if (v->depth == 0 && before <= 1) {
        v->done = 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    input in = {data, size, 0};
    driver v;
    memset(&v, 0, sizeof v);
    json_init(&v.j);
    while (!v.done && in.i < in.n) {
        step(&v, &in);
    }
    if (v.keyed) {
        string_value(&v, &in, 0);
    }
    while (v.depth > 0) {
        close_container(&v);
    }
    if (v.expect.len == 0) {
        string_value(&v, &in, 0); /* an empty input writes "" */
    }
    if (!v.j.failed) {
        if (v.j.data == NULL || strlen(v.j.data) != v.j.len) {
            fprintf(stderr, "json_writer_fuzz: the text has a NUL byte or a wrong length\n");
            abort();
        }
        buf got = {0};
        parser p = {(const unsigned char *)v.j.data, v.j.len, 0, 0, &got};
        value(&p);
        ws(&p);
        if (p.i != p.n) {
            fail(&p, "text after the document");
        }
        if (got.len != v.expect.len || memcmp(got.p, v.expect.p, got.len) != 0) {
            fprintf(stderr, "json_writer_fuzz: the text does not read back as the calls made\n");
            abort();
        }
        free(got.p);
    } else if (v.deepest <= JSON_MAX_DEPTH) {
        fprintf(stderr, "json_writer_fuzz: the writer failed without nesting too deep\n");
        abort(); /* a few MiB always fit: only depth may fail */
    }
    json_free(&v.j);
    free(v.expect.p);
    return 0;
}
