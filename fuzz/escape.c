/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/escape.c - the escapers of every output format
 * (harness/report/text.h: rc_esc_put, rc_esc_str, rc_esc_md_code).
 *
 * Input: byte 0 is a buffer size (for P8), the rest is the text (any bytes;
 * a NUL ends it, as for the C strings the writers pass).
 *
 * Properties checked (fuzz_fail on violation), each by code written here
 * from text.h's contract, not by calling the escaper's helpers:
 *   P1  TAP: the output is valid UTF-8 with no control character, no line
 *       break (U+0085, U+2028, U+2029 included) and no BOM; every '#' is
 *       escaped; undoing the escapes (\\ \# \n \r \t \xHH \uHHHH) gives the
 *       input back byte for byte.
 *   P2  TSV: as P1 but '#' is plain; no TAB, CR or LF; reversible.
 *   P3  line text: valid UTF-8, no control character, line break or BOM;
 *       an input without any of those (and valid UTF-8) comes out unchanged.
 *   P4  JSON: '"' + output + '"' is one valid RFC 8259 string; decoded, it is
 *       the input with every invalid byte as U+FFFD.
 *   P5  XML text and attribute: only XML 1.0 characters, '&' only in a
 *       well-formed reference, no '<', no "]]>"; in an attribute no '"' and
 *       no raw TAB/LF/CR; decoded, the input with every invalid byte and
 *       every character XML 1.0 forbids as U+FFFD.
 *   P6  Markdown text: valid UTF-8, no control character or line break,
 *       no '<', every '|' escaped (a table row keeps its cells).
 *   P7  shell word: no control character or line break; read back by the
 *       POSIX rules of its form (plain, '...', $'...') it is the input.
 *   P8  the buffer form: for a buffer of byte 0 bytes, the result is a
 *       prefix of the stream form that ends between whole escapes (for TAP:
 *       it decodes); the returned length is the stream form's; a shell word
 *       is whole or empty.
 *   P9  Markdown code span: the output either is P6 text (in a table, for
 *       text with '|' or '\') or opens and closes with the same backtick
 *       run, longer than any run inside, and has no control character.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/report/text.h"

#define MAX_TEXT 4096u

struct buf {
    unsigned char *p;
    size_t n, cap;
};

static void put(struct buf *b, const void *s, size_t n)
{
    if (n == 0)
        return;
    if (b->n + n > b->cap) {
        size_t c = b->cap ? b->cap : 64;
        while (c < b->n + n)
            c *= 2;
        unsigned char *q = realloc(b->p, c);
        if (q == NULL)
            fuzz_fail("out of memory");
        b->p = q, b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

/* Strict UTF-8 (RFC 3629): returns the length of the character at s (1-4)
 * and its code point, or 0 for an invalid byte. */
FUZZ_ORACLE static size_t u8(const unsigned char *s, size_t n, long *cp)
{
    unsigned c = s[0];
    size_t len;
    unsigned long v, lo;
    if (c < 0x80) {
        *cp = (long)c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, v = c & 0x1F, lo = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, v = c & 0x0F, lo = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, v = c & 0x07, lo = 0x10000;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3Fu);
    }
    if (v < lo || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = (long)v;
    return len;
}

static void put_cp(struct buf *b, long cp)
{
    unsigned char o[4];
    unsigned long v = (unsigned long)cp;
    if (v < 0x80) {
        o[0] = (unsigned char)v;
        put(b, o, 1);
    } else if (v < 0x800) {
        o[0] = (unsigned char)(0xC0 | v >> 6), o[1] = (unsigned char)(0x80 | (v & 0x3F));
        put(b, o, 2);
    } else if (v < 0x10000) {
        o[0] = (unsigned char)(0xE0 | v >> 12), o[1] = (unsigned char)(0x80 | (v >> 6 & 0x3F));
        o[2] = (unsigned char)(0x80 | (v & 0x3F));
        put(b, o, 3);
    } else {
        o[0] = (unsigned char)(0xF0 | v >> 18), o[1] = (unsigned char)(0x80 | (v >> 12 & 0x3F));
        o[2] = (unsigned char)(0x80 | (v >> 6 & 0x3F)), o[3] = (unsigned char)(0x80 | (v & 0x3F));
        put(b, o, 4);
    }
}

/* The input with every invalid byte as U+FFFD (what JSON and XML promise). */
static void repair(struct buf *b, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        long cp;
        size_t k = u8(s + i, n - i, &cp);
        if (k == 0) {
            put_cp(b, 0xFFFD);
            i++;
        } else {
            put(b, s + i, k);
            i += k;
        }
    }
}

/* A control character or line break of any kind, or the BOM. */
static int unsafe(long cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0xFEFF;
}

/* Valid UTF-8 without unsafe characters; names the first bad offset. */
static void check_line(const char *what, const unsigned char *o, size_t n)
{
    for (size_t i = 0; i < n;) {
        long cp;
        size_t k = u8(o + i, n - i, &cp);
        if (k == 0)
            fuzz_fail("%s: invalid UTF-8 at %zu", what, i);
        if (unsafe(cp))
            fuzz_fail("%s: U+%04lX at %zu", what, (unsigned long)cp, i);
        i += k;
    }
}

static int hexval(unsigned char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Undo TAP/TSV escapes; 0 when an escape is malformed (or cut). */
FUZZ_ORACLE static int unescape(struct buf *b, const unsigned char *o, size_t n, int tap)
{
    for (size_t i = 0; i < n; i++) {
        if (o[i] != '\\') {
            if (tap && o[i] == '#')
                fuzz_fail("TAP: an unescaped '#' at %zu", i);
            put(b, o + i, 1);
            continue;
        }
        if (++i >= n)
            return 0;
        unsigned char c = o[i];
        if (c == '\\' || (tap && c == '#')) {
            put(b, &c, 1);
        } else if (c == 'n' || c == 'r' || c == 't') {
            unsigned char x = c == 'n' ? '\n' : c == 'r' ? '\r' : '\t';
            put(b, &x, 1);
        } else if (c == 'x') {
            if (i + 2 >= n || hexval(o[i + 1]) < 0 || hexval(o[i + 2]) < 0)
                return 0;
            unsigned char x = (unsigned char)(hexval(o[i + 1]) * 16 + hexval(o[i + 2]));
            put(b, &x, 1);
            i += 2;
        } else if (c == 'u') {
            long v = 0;
            if (i + 4 >= n)
                return 0;
            for (size_t k = 1; k <= 4; k++) {
                if (hexval(o[i + k]) < 0)
                    return 0;
                v = v * 16 + hexval(o[i + k]);
            }
            put_cp(b, v);
            i += 4;
        } else {
            return 0;
        }
    }
    return 1;
}

static void same(const char *what, const struct buf *got, const unsigned char *want, size_t n)
{
    if (got->n != n || (n > 0 && memcmp(got->p, want, n) != 0))
        fuzz_fail("%s: decoded %zu bytes, the input has %zu (or they differ)", what, got->n,
                  n);
}

/* ---- P4: one JSON string ----------------------------------------------------- */
/* Decode the inside of a JSON string (RFC 8259 7) into d; fuzz_fail names
 * what is not allowed. */
FUZZ_ORACLE static void json_decode(struct buf *d, const unsigned char *o, size_t n)
{
    for (size_t i = 0; i < n;) {
        long cp;
        if (o[i] == '"')
            fuzz_fail("JSON: a raw quote at %zu", i);
        if (o[i] != '\\') {
            size_t k = u8(o + i, n - i, &cp);
            if (k == 0 || cp < 0x20)
                fuzz_fail("JSON: byte 0x%02X at %zu is not allowed in a string", o[i], i);
            put(d, o + i, k);
            i += k;
            continue;
        }
        if (i + 1 >= n)
            fuzz_fail("JSON: a backslash at the end");
        unsigned char c = o[i + 1];
        const char *simple = "\"\\/bfnrt", *val = "\"\\/\b\f\n\r\t";
        const char *p = c != 0 ? strchr(simple, c) : NULL;
        if (p != NULL) {
            put(d, val + (p - simple), 1);
            i += 2;
            continue;
        }
        if (c != 'u' || i + 6 > n)
            fuzz_fail("JSON: bad escape at %zu", i);
        long v = 0;
        for (size_t k = 2; k < 6; k++) {
            if (hexval(o[i + k]) < 0)
                fuzz_fail("JSON: bad \\u escape at %zu", i);
            v = v * 16 + hexval(o[i + k]);
        }
        if (v >= 0xD800 && v <= 0xDFFF)
            fuzz_fail("JSON: a lone surrogate escape at %zu", i);
        put_cp(d, v);
        i += 6;
    }
}

static void check_json(const unsigned char *o, size_t n, const struct buf *want)
{
    struct buf d = {0};
    json_decode(&d, o, n);
    same("JSON", &d, want->p, want->n);
    free(d.p);
}

/* ---- P5: XML ----------------------------------------------------------------- */
static int xml_char(long cp)
{
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
           (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

FUZZ_ORACLE static void check_xml(const unsigned char *o, size_t n, const unsigned char *in,
                                  size_t inlen, int attr)
{
    static const char *const ent[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    static const char entc[] = "&<>\"'";
    struct buf d = {0}, want = {0};
    for (size_t i = 0; i < inlen;) { /* the expected decoding */
        long cp;
        size_t k = u8(in + i, inlen - i, &cp);
        put_cp(&want, k == 0 || !xml_char(cp) ? 0xFFFD : cp);
        i += k ? k : 1;
    }
    for (size_t i = 0; i < n;) {
        long cp;
        if (o[i] == '<')
            fuzz_fail("XML: '<' at %zu", i);
        if (i + 2 < n && memcmp(o + i, "]]>", 3) == 0)
            fuzz_fail("XML: ]]> at %zu", i);
        if (o[i] == '&') {
            size_t j = i + 1;
            int found = 0;
            for (int e = 0; e < 5 && !found; e++) {
                size_t el = strlen(ent[e]);
                if (j + el <= n && memcmp(o + j, ent[e], el) == 0) {
                    put(&d, &entc[e], 1);
                    i = j + el;
                    found = 1;
                }
            }
            if (found)
                continue;
            if (j >= n || o[j] != '#')
                fuzz_fail("XML: '&' not starting a reference at %zu", i);
            long v = 0;
            int hex = j + 1 < n && o[j + 1] == 'x', digits = 0;
            size_t q = j + 1 + (size_t)hex;
            for (; q < n && o[q] != ';' && digits < 8; q++, digits++) {
                int h = hexval(o[q]);
                if (h < 0 || (!hex && h > 9))
                    fuzz_fail("XML: bad character reference at %zu", i);
                v = v * (hex ? 16 : 10) + h;
            }
            if (q >= n || o[q] != ';' || digits == 0 || !xml_char(v))
                fuzz_fail("XML: bad character reference at %zu", i);
            put_cp(&d, v);
            i = q + 1;
            continue;
        }
        size_t k = u8(o + i, n - i, &cp);
        if (k == 0 || !xml_char(cp))
            fuzz_fail("XML: not an XML 1.0 character at %zu", i);
        if (attr && (cp == '"' || cp == '\t' || cp == '\n' || cp == '\r'))
            fuzz_fail("XML attribute: raw U+%04lX at %zu", (unsigned long)cp, i);
        if (cp == '\r')
            fuzz_fail("XML: a raw CR at %zu (a parser reads it as LF)", i);
        put(&d, o + i, k);
        i += k;
    }
    same(attr ? "XML attribute" : "XML text", &d, want.p, want.n);
    free(d.p);
    free(want.p);
}

/* ---- P6 ----------------------------------------------------------------------- */
static void check_md(const unsigned char *o, size_t n)
{
    check_line("Markdown", o, n);
    for (size_t i = 0; i < n; i++) {
        if (o[i] == '<')
            fuzz_fail("Markdown: '<' at %zu", i);
        if (o[i] == '|') {
            size_t bs = 0;
            while (bs < i && o[i - 1 - bs] == '\\')
                bs++;
            if (bs % 2 == 0)
                fuzz_fail("Markdown: an unescaped '|' at %zu", i);
        }
    }
}

/* ---- P7: read a shell word back (POSIX 2.2.2, 2.2.4) ---------------------- */
FUZZ_ORACLE static void check_sh(const unsigned char *o, size_t n, const unsigned char *in,
                                 size_t inlen)
{
    struct buf d = {0};
    check_line("shell word", o, n);
    if (n >= 2 && o[0] == '$' && o[1] == '\'') {
        size_t i = 2;
        for (; i < n && o[i] != '\''; i++) {
            if (o[i] != '\\') {
                put(&d, o + i, 1);
                continue;
            }
            if (++i >= n)
                fuzz_fail("shell word: cut escape");
            unsigned char c = o[i], x;
            if (c == '\\' || c == '\'') {
                x = c;
            } else if (c == 'n' || c == 'r' || c == 't') {
                x = c == 'n' ? '\n' : c == 'r' ? '\r' : '\t';
            } else if (c == 'x' && i + 2 < n && hexval(o[i + 1]) >= 0 && hexval(o[i + 2]) >= 0) {
                x = (unsigned char)(hexval(o[i + 1]) * 16 + hexval(o[i + 2]));
                i += 2;
            } else {
                fuzz_fail("shell word: unknown escape at %zu", i);
            }
            put(&d, &x, 1);
        }
        if (i != n - 1)
            fuzz_fail("shell word: $'...' does not end at the end");
    } else if (n >= 1 && o[0] == '\'') {
        /* 'a'\''b': quoted runs joined by \' */
        size_t i = 0;
        while (i < n) {
            if (o[i] == '\'') {
                size_t j = i + 1;
                while (j < n && o[j] != '\'')
                    j++;
                if (j >= n)
                    fuzz_fail("shell word: unterminated quote");
                put(&d, o + i + 1, j - i - 1);
                i = j + 1;
            } else if (o[i] == '\\' && i + 1 < n && o[i + 1] == '\'') {
                put(&d, "'", 1);
                i += 2;
            } else {
                fuzz_fail("shell word: byte 0x%02X outside quotes at %zu", o[i], i);
            }
        }
    } else {
        if (n == 0)
            fuzz_fail("shell word: empty output");
        for (size_t i = 0; i < n; i++) {
            unsigned char c = o[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  strchr("._/=:+,@%-", c) != NULL) || c == 0)
                fuzz_fail("shell word: unquoted 0x%02X at %zu", c, i);
        }
        put(&d, o, n);
    }
    same("shell word", &d, in, inlen);
    free(d.p);
}

/* ---- P9 ----------------------------------------------------------------------- */
static void check_md_code(const unsigned char *o, size_t n, const unsigned char *in,
                          size_t inlen, int in_table)
{
    if (inlen == 0) {
        if (n != 1 || o[0] != '-')
            fuzz_fail("code span of nothing is not '-'");
        return;
    }
    if (in_table && (memchr(in, '|', inlen) != NULL || memchr(in, '\\', inlen) != NULL)) {
        check_md(o, n);
        return;
    }
    size_t open = 0, close = 0, longest = 0, run = 0;
    while (open < n && o[open] == '`')
        open++;
    while (close < n - open && o[n - 1 - close] == '`')
        close++;
    if (open == 0 || open != close)
        fuzz_fail("code span: delimiters %zu and %zu", open, close);
    for (size_t i = open; i < n - close; i++) {
        run = o[i] == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    if (longest >= open)
        fuzz_fail("code span: a run of %zu backticks inside a delimiter of %zu", longest, open);
    check_line("code span", o + open, n - open - close);
}

static void esc_stream(struct buf *b, enum rc_esc fmt, const char *s, size_t len)
{
    char *p = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&p, &n);
    if (m == NULL)
        fuzz_fail("open_memstream");
    size_t ret = rc_esc_put(m, fmt, s, len);
    if (fclose(m) != 0)
        fuzz_fail("fclose");
    if (ret != n)
        fuzz_fail("format %d: rc_esc_put says %zu bytes, wrote %zu", (int)fmt, ret, n);
    b->n = 0;
    put(b, p, n);
    free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_TEXT + 1)
        return 0;
    size_t cap = data[0];
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\0') {
            len = i;
            break;
        }
    const unsigned char *u = (const unsigned char *)s;
    struct buf out = {0}, dec = {0}, fixed = {0};
    repair(&fixed, u, len);

    for (int f = 0; f < RC_ESC_COUNT; f++) {
        enum rc_esc fmt = (enum rc_esc)f;
        esc_stream(&out, fmt, s, len);
        const unsigned char *o = out.p;
        size_t n = out.n;
        dec.n = 0;
        switch (fmt) {
        case RC_ESC_TAP:
        case RC_ESC_TSV:
            check_line(fmt == RC_ESC_TAP ? "TAP" : "TSV", o, n);
            if (!unescape(&dec, o, n, fmt == RC_ESC_TAP))
                fuzz_fail("format %d: a malformed escape", f);
            same(fmt == RC_ESC_TAP ? "TAP" : "TSV", &dec, u, len);
            break;
        case RC_ESC_LINE: {
            check_line("line", o, n);
            int clean = 1;
            for (size_t i = 0; i < len && clean;) {
                long cp;
                size_t k = u8(u + i, len - i, &cp);
                clean = k != 0 && !unsafe(cp);
                i += k ? k : 1;
            }
            if (clean && (n != len || (n > 0 && memcmp(o, u, n) != 0)))
                fuzz_fail("line: clean text was changed");
            break;
        }
        case RC_ESC_JSON:
            check_json(o, n, &fixed);
            break;
        case RC_ESC_XML:
        case RC_ESC_XML_ATTR:
            check_xml(o, n, u, len, fmt == RC_ESC_XML_ATTR);
            break;
        case RC_ESC_MD:
            check_md(o, n);
            break;
        case RC_ESC_SH:
            check_sh(o, n, u, len);
            break;
        }
        /* P8: the buffer form */
        char *b = malloc(cap + 1);
        if (b == NULL)
            fuzz_fail("out of memory");
        size_t r = rc_esc_str(b, cap, fmt, s, len);
        if (r != n)
            fuzz_fail("format %d: rc_esc_str returns %zu, the stream form is %zu", f, r, n);
        if (cap > 0) {
            size_t bl = strlen(b);
            if (bl >= cap || bl > n || (bl > 0 && memcmp(b, o, bl) != 0))
                fuzz_fail("format %d: the buffer is not a prefix of the stream form", f);
            if (n < cap && bl != n)
                fuzz_fail("format %d: the text fits but was cut", f);
            if (fmt == RC_ESC_SH && bl != n && bl != 0)
                fuzz_fail("shell word cut in a buffer");
            if (fmt == RC_ESC_TAP || fmt == RC_ESC_TSV) {
                dec.n = 0;
                if (!unescape(&dec, (const unsigned char *)b, bl, fmt == RC_ESC_TAP))
                    fuzz_fail("format %d: the buffer ends inside an escape", f);
            }
            if (fmt == RC_ESC_JSON) { /* still a whole JSON string */
                dec.n = 0;
                json_decode(&dec, (const unsigned char *)b, bl);
            }
            if (fmt != RC_ESC_SH && fmt != RC_ESC_XML && fmt != RC_ESC_XML_ATTR) {
                long cp;
                for (size_t i = 0; i < bl;) { /* no cut UTF-8 */
                    size_t k = u8((const unsigned char *)b + i, bl - i, &cp);
                    if (k == 0)
                        fuzz_fail("format %d: the buffer ends inside a character", f);
                    i += k;
                }
            }
        }
        free(b);
    }
    for (int t = 0; t < 2; t++) {
        char *p = NULL;
        size_t n = 0;
        FILE *m = open_memstream(&p, &n);
        if (m == NULL)
            fuzz_fail("open_memstream");
        rc_esc_md_code(m, s, len, t);
        if (fclose(m) != 0)
            fuzz_fail("fclose");
        check_md_code((const unsigned char *)p, n, u, len, t);
        free(p);
    }
    free(out.p);
    free(dec.p);
    free(fixed.p);
    return 0;
}
