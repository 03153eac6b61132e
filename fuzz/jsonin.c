/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/jsonin.c - the strict JSON reader (harness/report/jsonin.h:
 * rc_json_parse, rc_json_get, rc_json_doc_free), the input surface of
 * riocheck diff (results.json files of other runs).
 *
 * Input: the bytes are the JSON text, parsed as "in.json" with the limits
 * 64 KiB, depth 48, 20,000 values.
 *
 * Properties checked (fuzz_fail on violation):
 *   J1  the result is 0 or -1; a rejection gives "in.json:LINE:COL: what"
 *       (or "in.json: what" for a limit or out of memory) with LINE at most
 *       the number of line feeds + 1 and COL at most the input size + 1, and
 *       leaves the document empty.
 *   J2  an accepted document obeys jsonin.h, checked by code written here:
 *       types in range; strings and member names valid UTF-8 (checked by a
 *       decoder written here), NUL-terminated at their length; number texts
 *       match the RFC 8259 grammar and parse to num (strtod), with is_int and
 *       i64 right; no member name twice in an object; every value's
 *       line:col points into the input at a byte that can start it ('{' '['
 *       '"' '-' digit 't' 'f' 'n'); the count of values is doc.values and
 *       the nesting doc.depth, within the limits; rc_json_get finds the
 *       first member of each name.
 *   J3  the document written back as JSON (strings escaped here: quote,
 *       backslash and controls, the rest as it is) parses again to the same
 *       tree: same types, texts, names, numbers and order.
 *   J4  an input that starts with a UTF-8 BOM, or that holds a byte that is
 *       not valid UTF-8 (by the decoder here), is rejected.
 *   Memory: rc_json_doc_free releases everything; LeakSanitizer checks it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/report/jsonin.h"
#include "common/fuzz.h"

#define MAX_INPUT (64u * 1024u)
#define DEPTH 48u
#define VALUES 20000u

/* Length of the valid UTF-8 sequence at s (Unicode 3.9 Table 3-7), or 0. */
FUZZ_ORACLE static size_t u8len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned long cp;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        len = 2, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        len = 3, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        len = 4, cp = c & 0x07;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    static const unsigned long min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

FUZZ_ORACLE static int utf8_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = u8len(p + i, n - i);
        if (k == 0)
            return 0;
        i += k;
    }
    return 1;
}

static int dig(char c)
{
    return c >= '0' && c <= '9';
}

/* RFC 8259 section 6, written out. */
FUZZ_ORACLE static int number_ok(const char *s, int *is_intsyntax)
{
    size_t i = 0;
    *is_intsyntax = 1;
    if (s[i] == '-')
        i++;
    if (s[i] == '0')
        i++;
    else if (s[i] >= '1' && s[i] <= '9')
        while (dig(s[i]))
            i++;
    else
        return 0;
    if (s[i] == '.') {
        i++;
        if (!dig(s[i]))
            return 0;
        while (dig(s[i]))
            i++;
        *is_intsyntax = 0;
    }
    if (s[i] == 'e' || s[i] == 'E') {
        i++;
        if (s[i] == '+' || s[i] == '-')
            i++;
        if (!dig(s[i]))
            return 0;
        while (dig(s[i]))
            i++;
        *is_intsyntax = 0;
    }
    return s[i] == '\0';
}

struct walk {
    const uint8_t *in;
    size_t size;
    size_t values;
    unsigned depth;
};

/* The offset of line:col (LF-counted lines, byte columns) in the input, or
 * (size_t)-1 when there is no such byte on that line. */
static size_t offset_of(const uint8_t *in, size_t size, unsigned line, unsigned col)
{
    size_t ls = 0;
    for (unsigned l = 1; l < line; l++) {
        const uint8_t *nl = memchr(in + ls, '\n', size - ls);
        if (nl == NULL)
            return (size_t)-1;
        ls = (size_t)(nl - in) + 1;
    }
    if (col == 0 || col - 1 >= size - ls)
        return (size_t)-1;
    size_t off = ls + (col - 1);
    if (memchr(in + ls, '\n', off - ls) != NULL)
        return (size_t)-1;
    return off;
}

static void check_value(struct walk *w, const struct rc_json *v, unsigned depth)
{
    w->values++;
    size_t off = offset_of(w->in, w->size, v->line, v->col);
    if (off == (size_t)-1)
        fuzz_fail("J2: a %s at %u:%u, outside the input", rc_json_type_name(v->type), v->line,
                  v->col);
    char c = (char)w->in[off];
    switch (v->type) {
    case RC_JSON_NULL:
    case RC_JSON_TRUE:
    case RC_JSON_FALSE: {
        const char *lit = v->type == RC_JSON_NULL ? "null" : v->type == RC_JSON_TRUE ? "true"
                                                                                       : "false";
        if (w->size - off < strlen(lit) || memcmp(w->in + off, lit, strlen(lit)) != 0)
            fuzz_fail("J2: %s at %u:%u is not written there", lit, v->line, v->col);
        break;
    }
    case RC_JSON_NUMBER: {
        int intsyn;
        if (v->str == NULL || strlen(v->str) != v->len || !number_ok(v->str, &intsyn))
            fuzz_fail("J2: number text \"%s\" breaks the grammar", v->str ? v->str : "(null)");
        if (w->size - off < v->len || memcmp(w->in + off, v->str, v->len) != 0)
            fuzz_fail("J2: number %s is not the text at %u:%u", v->str, v->line, v->col);
        double d = strtod(v->str, NULL);
        if (!(d == v->num || (d != d && v->num != v->num)))
            fuzz_fail("J2: number %s parsed as %g, strtod says %g", v->str, v->num, d);
        if (v->is_int && (!intsyn || (double)v->i64 != d))
            fuzz_fail("J2: %s is_int with i64 %lld", v->str, (long long)v->i64);
        if (!v->is_int && intsyn && v->len < 18)
            fuzz_fail("J2: %s fits int64 but is_int is 0", v->str);
        break;
    }
    case RC_JSON_STRING:
        if (c != '"')
            fuzz_fail("J2: string at %u:%u starts with 0x%02X", v->line, v->col, (unsigned)c);
        if (v->str == NULL || v->str[v->len] != '\0' || !utf8_ok(v->str, v->len))
            fuzz_fail("J2: string at %u:%u is not NUL-terminated valid UTF-8", v->line, v->col);
        break;
    case RC_JSON_ARRAY:
    case RC_JSON_OBJECT:
        if (c != (v->type == RC_JSON_ARRAY ? '[' : '{'))
            fuzz_fail("J2: %s at %u:%u starts with 0x%02X", rc_json_type_name(v->type), v->line,
                      v->col, (unsigned)c);
        if (depth + 1 > w->depth)
            w->depth = depth + 1;
        if (depth + 1 > DEPTH)
            fuzz_fail("J2: nesting %u beyond the limit", depth + 1);
        for (size_t i = 0; i < v->n; i++) {
            const struct rc_json *k = &v->kid[i];
            if (v->type == RC_JSON_OBJECT) {
                if (k->key == NULL || k->key[k->keylen] != '\0' || !utf8_ok(k->key, k->keylen))
                    fuzz_fail("J2: member %zu has no valid name", i);
                for (size_t j = 0; j < i; j++)
                    if (v->kid[j].keylen == k->keylen &&
                        memcmp(v->kid[j].key, k->key, k->keylen) == 0)
                        fuzz_fail("J2: member name used twice (members %zu and %zu)", j, i);
                if (strlen(k->key) == k->keylen && rc_json_get(v, k->key) != k)
                    fuzz_fail("J2: rc_json_get does not find member %zu", i);
            } else if (k->key != NULL) {
                fuzz_fail("J2: an array element has a name");
            }
            check_value(w, k, depth + 1);
        }
        break;
    default:
        fuzz_fail("J2: type %d out of range", (int)v->type);
    }
}

static void put_str(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void write_back(FILE *f, const struct rc_json *v)
{
    switch (v->type) {
    case RC_JSON_NULL: fputs("null", f); break;
    case RC_JSON_TRUE: fputs("true", f); break;
    case RC_JSON_FALSE: fputs("false", f); break;
    case RC_JSON_NUMBER: fputs(v->str, f); break;
    case RC_JSON_STRING: put_str(f, v->str, v->len); break;
    case RC_JSON_ARRAY:
    case RC_JSON_OBJECT:
        fputc(v->type == RC_JSON_ARRAY ? '[' : '{', f);
        for (size_t i = 0; i < v->n; i++) {
            if (i)
                fputc(',', f);
            if (v->type == RC_JSON_OBJECT) {
                put_str(f, v->kid[i].key, v->kid[i].keylen);
                fputc(':', f);
            }
            write_back(f, &v->kid[i]);
        }
        fputc(v->type == RC_JSON_ARRAY ? ']' : '}', f);
        break;
    }
}

static void same_tree(const struct rc_json *a, const struct rc_json *b)
{
    if (a->type != b->type || a->n != b->n || a->keylen != b->keylen ||
        (a->key && memcmp(a->key, b->key, a->keylen) != 0))
        fuzz_fail("J3: written back, a %s at %u:%u reads as a %s", rc_json_type_name(a->type),
                  a->line, a->col, rc_json_type_name(b->type));
    if ((a->type == RC_JSON_STRING || a->type == RC_JSON_NUMBER) &&
        (a->len != b->len || memcmp(a->str, b->str, a->len) != 0))
        fuzz_fail("J3: the %s at %u:%u changed when written back", rc_json_type_name(a->type),
                  a->line, a->col);
    if (a->type == RC_JSON_NUMBER && (a->is_int != b->is_int || a->i64 != b->i64))
        fuzz_fail("J3: number %s changed when written back", a->str);
    for (size_t i = 0; i < a->n; i++)
        same_tree(&a->kid[i], &b->kid[i]);
}

static void check_error(const char *err, const uint8_t *in, size_t size)
{
    static const char pre[] = "in.json:";
    if (strncmp(err, pre, sizeof pre - 1) != 0)
        fuzz_fail("J1: message \"%s\" does not name the input", err);
    const char *p = err + sizeof pre - 1;
    if (*p == ' ')
        return; /* a limit or out of memory: no position */
    char *end;
    unsigned long line = strtoul(p, &end, 10);
    if (end == p || *end != ':')
        fuzz_fail("J1: message \"%s\" has no line", err);
    p = end + 1;
    unsigned long col = strtoul(p, &end, 10);
    if (end == p || *end != ':' || end[1] != ' ' || end[2] == '\0')
        fuzz_fail("J1: message \"%s\" has no column or no text", err);
    size_t lf = 0;
    for (size_t i = 0; i < size; i++)
        lf += in[i] == '\n';
    if (line < 1 || line > lf + 1 || col < 1 || col > size + 1)
        fuzz_fail("J1: position %lu:%lu outside the input (%zu bytes, %zu LF)", line, col, size,
                  lf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    /* a copy of exactly size bytes: ASan sees an over-read */
    char *text = malloc(size ? size : 1);
    if (text == NULL)
        fuzz_fail("out of memory");
    memcpy(text, data, size);
    struct rc_jsonin_limits lim = {MAX_INPUT, DEPTH, VALUES};
    struct rc_json_doc doc;
    char err[512];
    memset(err, 'x', sizeof err);
    int rc = rc_json_parse(&doc, "in.json", text, size, &lim, err, sizeof err);
    if (rc != 0 && rc != -1)
        fuzz_fail("J1: rc_json_parse returned %d", rc);
    int bom = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0;
    if (rc == 0 && (bom || !utf8_ok(text, size)))
        fuzz_fail("J4: accepted a %s", bom ? "BOM" : "text that is not valid UTF-8");
    if (rc != 0) {
        if (memchr(err, '\0', sizeof err) == NULL)
            fuzz_fail("J1: message not NUL-terminated");
        check_error(err, data, size);
        if (doc.arena != NULL || doc.blocks != NULL || doc.values != 0)
            fuzz_fail("J1: a rejected text left a document");
        free(text);
        return 0;
    }
    struct walk w;
    memset(&w, 0, sizeof w);
    w.in = data;
    w.size = size;
    check_value(&w, &doc.root, 0);
    if (w.values != doc.values || w.values > VALUES)
        fuzz_fail("J2: %zu values in the tree, doc.values %zu", w.values, doc.values);
    if (w.depth != doc.depth)
        fuzz_fail("J2: nesting %u in the tree, doc.depth %u", w.depth, doc.depth);
    char *out = NULL;
    size_t outlen = 0;
    FILE *m = open_memstream(&out, &outlen);
    if (m == NULL)
        fuzz_fail("out of memory");
    write_back(m, &doc.root);
    if (fclose(m) != 0)
        fuzz_fail("out of memory");
    struct rc_json_doc again;
    struct rc_jsonin_limits big = {0, DEPTH, VALUES};
    if (rc_json_parse(&again, "back.json", out, outlen, &big, err, sizeof err) != 0)
        fuzz_fail("J3: the document written back is rejected: %s", err);
    same_tree(&doc.root, &again.root);
    rc_json_doc_free(&again);
    free(out);
    rc_json_doc_free(&doc);
    free(text);
    return 0;
}
