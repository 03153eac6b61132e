/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jsoncheck.c - a strict JSON checker for the hostile-device test (issue 11:
 * "results.json parsed"), so that the test needs no tool beyond the
 * compiler. Usage:
 *
 *     jsoncheck [-p] FILE
 *
 * Exit status 0 when FILE is exactly one JSON text (RFC 8259) and nothing
 * questionable: the whole file valid UTF-8 (no overlong forms, no encoded
 * surrogates, nothing above U+10FFFF, no byte order mark); strings with no
 * raw control character, only the escapes of the RFC, \u surrogates in pairs;
 * numbers in the RFC's grammar; no key twice in one object (compared as
 * written); nesting at most JSONCHECK_DEPTH deep; only whitespace after the
 * value. Otherwise status 1 and one line "FILE:LINE:COLUMN: what" on stderr;
 * status 2 for a usage or I/O error.
 *
 * -p also prints every scalar as PATH<TAB>TOKEN, PATH being like
 * .vectors[2].verdict and TOKEN the value exactly as written in the file
 * (strings with their quotes and escapes, so a line never holds a raw TAB or
 * newline of the data): what the test compares with the other reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSONCHECK_DEPTH 512
#define JSONCHECK_PATH_MAX 4096

struct js {
    const unsigned char *s;
    size_t n, i;
    const char *file;
    int print, depth;
    char path[JSONCHECK_PATH_MAX];
    size_t plen;
};

static int fail(const struct js *j, const char *what)
{
    size_t line = 1, col = 1;
    for (size_t k = 0; k < j->i && k < j->n; k++) {
        if (j->s[k] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    fprintf(stderr, "%s:%zu:%zu: %s\n", j->file, line, col, what);
    return -1;
}

/* Length of the valid UTF-8 sequence at s[0..n), 0 if there is none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80u)
        return 1;
    size_t len;
    unsigned lo = 0x80u, hi = 0xBFu; /* the allowed range of the 2nd byte */
    if (c >= 0xC2u && c <= 0xDFu) {
        len = 2;
    } else if (c >= 0xE0u && c <= 0xEFu) {
        len = 3;
        if (c == 0xE0u)
            lo = 0xA0u; /* no overlong */
        if (c == 0xEDu)
            hi = 0x9Fu; /* no surrogates */
    } else if (c >= 0xF0u && c <= 0xF4u) {
        len = 4;
        if (c == 0xF0u)
            lo = 0x90u; /* no overlong */
        if (c == 0xF4u)
            hi = 0x8Fu; /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80u || s[k] > 0xBFu)
            return 0;
    return len;
}

static void skip_ws(struct js *j)
{
    while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\n' ||
                           j->s[j->i] == '\r'))
        j->i++;
}

static int hex4(struct js *j, unsigned *v)
{
    *v = 0;
    for (int k = 0; k < 4; k++, j->i++) {
        if (j->i >= j->n)
            return fail(j, "truncated \\u escape");
        unsigned char c = j->s[j->i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a') + 10u;
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A') + 10u;
        else
            return fail(j, "bad hex digit in a \\u escape");
        *v = *v * 16u + d;
    }
    return 0;
}

/* A string at j->i (the opening quote); *start and *len: the token. */
static int string(struct js *j, size_t *start, size_t *len)
{
    *start = j->i;
    j->i++;
    for (;;) {
        if (j->i >= j->n)
            return fail(j, "unterminated string");
        unsigned char c = j->s[j->i];
        if (c == '"') {
            j->i++;
            *len = j->i - *start;
            return 0;
        }
        if (c < 0x20u)
            return fail(j, "raw control character in a string");
        if (c == '\\') {
            j->i++;
            if (j->i >= j->n)
                return fail(j, "unterminated escape");
            c = j->s[j->i];
            if (c == 'u') {
                j->i++;
                unsigned v;
                if (hex4(j, &v) != 0)
                    return -1;
                if (v >= 0xDC00u && v <= 0xDFFFu)
                    return fail(j, "lone low surrogate escape");
                if (v >= 0xD800u && v <= 0xDBFFu) {
                    if (j->i + 1 >= j->n || j->s[j->i] != '\\' || j->s[j->i + 1] != 'u')
                        return fail(j, "high surrogate escape without its low half");
                    j->i += 2;
                    if (hex4(j, &v) != 0)
                        return -1;
                    if (v < 0xDC00u || v > 0xDFFFu)
                        return fail(j, "high surrogate escape without its low half");
                }
                continue;
            }
            if (strchr("\"\\/bfnrt", c) == NULL || c == '\0')
                return fail(j, "unknown escape");
            j->i++;
            continue;
        }
        if (c >= 0x80u) {
            size_t l = utf8_len(j->s + j->i, j->n - j->i);
            if (l == 0)
                return fail(j, "invalid UTF-8 in a string");
            j->i += l;
            continue;
        }
        j->i++;
    }
}

static int digits(struct js *j)
{
    size_t from = j->i;
    while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
        j->i++;
    return j->i > from ? 0 : fail(j, "a number needs a digit here");
}

static int number(struct js *j)
{
    if (j->s[j->i] == '-')
        j->i++;
    if (j->i < j->n && j->s[j->i] == '0') {
        j->i++;
        if (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
            return fail(j, "leading zero in a number");
    } else if (digits(j) != 0) {
        return -1;
    }
    if (j->i < j->n && j->s[j->i] == '.') {
        j->i++;
        if (digits(j) != 0)
            return -1;
    }
    if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
        j->i++;
        if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
            j->i++;
        if (digits(j) != 0)
            return -1;
    }
    return 0;
}

static void print_scalar(const struct js *j, size_t start, size_t len)
{
    if (!j->print)
        return;
    printf("%.*s\t%.*s\n", (int)j->plen, j->path, (int)len, (const char *)j->s + start);
}

/* Append ".KEY" or "[INDEX]" to the path, *old = the length to restore;
 * 0, or -1 when the path would not fit. */
static int push_key(struct js *j, const char *key, size_t klen, size_t *old)
{
    *old = j->plen;
    int w = snprintf(j->path + j->plen, sizeof j->path - j->plen, ".%.*s", (int)klen, key);
    if (w < 0 || (size_t)w >= sizeof j->path - j->plen)
        return fail(j, "path too long to print");
    j->plen += (size_t)w;
    return 0;
}

static int push_index(struct js *j, size_t index, size_t *old)
{
    *old = j->plen;
    int w = snprintf(j->path + j->plen, sizeof j->path - j->plen, "[%zu]", index);
    if (w < 0 || (size_t)w >= sizeof j->path - j->plen)
        return fail(j, "path too long to print");
    j->plen += (size_t)w;
    return 0;
}

static int value(struct js *j);

static int object(struct js *j)
{
    size_t nkeys = 0, cap = 0;
    size_t(*keys)[2] = NULL;
    int rc = -1;
    j->i++; /* { */
    skip_ws(j);
    if (j->i < j->n && j->s[j->i] == '}') {
        j->i++;
        return 0;
    }
    for (;;) {
        skip_ws(j);
        if (j->i >= j->n || j->s[j->i] != '"') {
            fail(j, "expected a key (a string)");
            goto out;
        }
        size_t ks, kl;
        if (string(j, &ks, &kl) != 0)
            goto out;
        for (size_t k = 0; k < nkeys; k++)
            if (keys[k][1] == kl && memcmp(j->s + keys[k][0], j->s + ks, kl) == 0) {
                fail(j, "key given twice in one object");
                goto out;
            }
        if (nkeys == cap) {
            cap = cap ? cap * 2 : 16;
            size_t(*grown)[2] = realloc(keys, cap * sizeof *keys);
            if (grown == NULL) {
                fail(j, "out of memory");
                goto out;
            }
            keys = grown;
        }
        keys[nkeys][0] = ks;
        keys[nkeys][1] = kl;
        nkeys++;
        skip_ws(j);
        if (j->i >= j->n || j->s[j->i] != ':') {
            fail(j, "expected ':' after a key");
            goto out;
        }
        j->i++;
        size_t old;
        if (push_key(j, (const char *)j->s + ks + 1, kl - 2, &old) != 0)
            goto out;
        if (value(j) != 0)
            goto out;
        j->plen = old;
        skip_ws(j);
        if (j->i < j->n && j->s[j->i] == ',') {
            j->i++;
            continue;
        }
        if (j->i < j->n && j->s[j->i] == '}') {
            j->i++;
            rc = 0;
            goto out;
        }
        fail(j, "expected ',' or '}' in an object");
        goto out;
    }
out:
    free(keys);
    return rc;
}

static int array(struct js *j)
{
    j->i++; /* [ */
    skip_ws(j);
    if (j->i < j->n && j->s[j->i] == ']') {
        j->i++;
        return 0;
    }
    for (size_t index = 0;; index++) {
        size_t old;
        if (push_index(j, index, &old) != 0 || value(j) != 0)
            return -1;
        j->plen = old;
        skip_ws(j);
        if (j->i < j->n && j->s[j->i] == ',') {
            j->i++;
            continue;
        }
        if (j->i < j->n && j->s[j->i] == ']') {
            j->i++;
            return 0;
        }
        return fail(j, "expected ',' or ']' in an array");
    }
}

static int literal(struct js *j, const char *word)
{
    size_t len = strlen(word);
    if (j->n - j->i < len || memcmp(j->s + j->i, word, len) != 0)
        return fail(j, "not a JSON value");
    j->i += len;
    return 0;
}

static int value(struct js *j)
{
    skip_ws(j);
    if (j->i >= j->n)
        return fail(j, "expected a value, found the end of the file");
    if (++j->depth > JSONCHECK_DEPTH)
        return fail(j, "nested too deeply");
    size_t start = j->i, len;
    int rc;
    switch (j->s[j->i]) {
    case '{':
        rc = object(j);
        break;
    case '[':
        rc = array(j);
        break;
    case '"':
        rc = string(j, &start, &len);
        if (rc == 0)
            print_scalar(j, start, len);
        break;
    case 't':
        rc = literal(j, "true");
        break;
    case 'f':
        rc = literal(j, "false");
        break;
    case 'n':
        rc = literal(j, "null");
        break;
    default:
        if (j->s[j->i] == '-' || (j->s[j->i] >= '0' && j->s[j->i] <= '9'))
            rc = number(j);
        else
            rc = fail(j, "not a JSON value");
        break;
    }
    if (rc == 0 && j->s[start] != '{' && j->s[start] != '[' && j->s[start] != '"')
        print_scalar(j, start, j->i - start);
    j->depth--;
    return rc;
}

int main(int argc, char **argv)
{
    struct js j;
    memset(&j, 0, sizeof j);
    int a = 1;
    if (argc == 3 && strcmp(argv[1], "-p") == 0) {
        j.print = 1;
        a = 2;
    }
    if (a != argc - 1) {
        fprintf(stderr, "usage: jsoncheck [-p] FILE\n");
        return 2;
    }
    j.file = argv[a];
    FILE *f = fopen(j.file, "rb");
    if (f == NULL) {
        perror(j.file);
        return 2;
    }
    unsigned char *buf = NULL;
    size_t cap = 0, got;
    do {
        if (j.n == cap) {
            cap = cap ? cap * 2 : 65536;
            unsigned char *grown = realloc(buf, cap);
            if (grown == NULL) {
                fprintf(stderr, "%s: out of memory\n", j.file);
                free(buf);
                fclose(f);
                return 2;
            }
            buf = grown;
        }
        got = fread(buf + j.n, 1, cap - j.n, f);
        j.n += got;
    } while (got > 0);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: read error\n", j.file);
        free(buf);
        return 2;
    }
    j.s = buf;
    int rc = 0;
    if (j.n >= 3 && buf[0] == 0xEFu && buf[1] == 0xBBu && buf[2] == 0xBFu)
        rc = fail(&j, "byte order mark");
    if (rc == 0)
        rc = value(&j);
    if (rc == 0) {
        skip_ws(&j);
        if (j.i != j.n)
            rc = fail(&j, "text after the JSON value");
    }
    free(buf);
    return rc == 0 ? 0 : 1;
}
