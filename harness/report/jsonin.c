/* SPDX-License-Identifier: Apache-2.0 */
/* The strict JSON reader (contract: jsonin.h). One loop over the input with
 * an explicit stack of open arrays and objects: values that are complete
 * wait on a scratch stack until their container closes, then move into one
 * array of their own. Strings and number texts are copied, decoded, into one
 * buffer the size of the input, which always suffices: a decoded string plus
 * its NUL is never longer than its quoted source, and a number is always
 * followed by a byte that belongs to no string or number (or is the whole
 * text). */
#include "jsonin.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/hex.h"

struct frame {
    enum rc_json_type type; /* RC_JSON_ARRAY or RC_JSON_OBJECT */
    size_t start;           /* its first value on the scratch stack */
    unsigned line, col;
    const char *key;        /* object: the name of the member being read */
    size_t keylen;
};

struct parser {
    const unsigned char *p;
    size_t len, pos;
    unsigned line;
    size_t line_start;
    const char *name;
    char *err;
    size_t cap;
    struct rc_json_doc *doc;
    struct rc_jsonin_limits lim;
    char *arena;
    size_t apos;
    struct rc_json *stk; /* complete values waiting for their container */
    size_t nstk, capstk;
    struct frame *fr;
    size_t nfr, capfr;
};

static unsigned col_of(const struct parser *ps, size_t pos)
{
    size_t c = pos - ps->line_start + 1;
    return c > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)c;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(struct parser *ps, size_t pos, const char *fmt, ...)
{
    if (ps->err == NULL || ps->cap == 0)
        return -1;
    int k = snprintf(ps->err, ps->cap, "%s:%u:%u: ", ps->name, ps->line, col_of(ps, pos));
    if (k >= 0 && (size_t)k < ps->cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->err + k, ps->cap - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int fail_nopos(char *err, size_t cap, const char *name, const char *what)
{
    if (err != NULL && cap > 0)
        snprintf(err, cap, "%s: %s", name, what);
    return -1;
}

/* "'x'" for a printable ASCII byte, else "byte 0xHH". */
static const char *describe(char buf[16], unsigned char c)
{
    if (c > 0x20 && c < 0x7F)
        snprintf(buf, 16, "'%c'", c);
    else if (c == ' ')
        snprintf(buf, 16, "a space");
    else
        snprintf(buf, 16, "byte 0x%02X", c);
    return buf;
}

static void skip_ws(struct parser *ps)
{
    while (ps->pos < ps->len) {
        unsigned char c = ps->p[ps->pos];
        if (c == ' ' || c == '\t' || c == '\r') {
            ps->pos++;
        } else if (c == '\n') {
            ps->line++;
            ps->line_start = ++ps->pos;
        } else {
            break;
        }
    }
}

/* Bytes of the valid UTF-8 character at s[0..n) (n >= 1), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0)
        return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c < 0xF0) {
        if (n < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
            return 0;
        if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))
            return 0; /* overlong, surrogate */
        return 3;
    }
    if (c < 0xF5) {
        if (n < 4 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 ||
            (s[3] & 0xC0) != 0x80)
            return 0;
        if ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
            return 0; /* overlong, above U+10FFFF */
        return 4;
    }
    return 0;
}

static int hex4(const unsigned char *s, size_t n, unsigned long *out)
{
    unsigned long v = 0;
    if (n < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int d = rc_hex_digit(s[i]);
        if (d < 0)
            return -1;
        v = v << 4 | (unsigned)d;
    }
    *out = v;
    return 0;
}

static char *put_utf8(char *d, unsigned long cp)
{
    if (cp < 0x80) {
        *d++ = (char)cp;
    } else if (cp < 0x800) {
        *d++ = (char)(0xC0 | (cp >> 6));
        *d++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *d++ = (char)(0xE0 | (cp >> 12));
        *d++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *d++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *d++ = (char)(0xF0 | (cp >> 18));
        *d++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *d++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *d++ = (char)(0x80 | (cp & 0x3F));
    }
    return d;
}

/* The string at pos (p[pos] == '"'), decoded into the arena. */
static int parse_string(struct parser *ps, const char **out, size_t *outlen)
{
    const unsigned char *p = ps->p;
    size_t len = ps->len, q = ps->pos + 1;
    unsigned col0 = col_of(ps, ps->pos);
    char *dst = ps->arena + ps->apos, *d = dst;
    for (;;) {
        if (q >= len)
            return fail(ps, q, "end of input inside the string that starts at %u:%u",
                        ps->line, col0);
        unsigned char c = p[q];
        if (c == '"') {
            q++;
            break;
        }
        if (c == '\\') {
            if (q + 1 >= len)
                return fail(ps, q + 1, "end of input inside the string that starts at %u:%u",
                            ps->line, col0);
            unsigned char e = p[q + 1];
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *hit = e != 0 ? strchr(from, e) : NULL;
            if (hit != NULL) {
                *d++ = to[hit - from];
                q += 2;
                continue;
            }
            if (e != 'u') {
                char b[16];
                return fail(ps, q, "invalid escape: backslash then %s (valid: \\\" \\\\ \\/ "
                            "\\b \\f \\n \\r \\t \\uXXXX)", describe(b, e));
            }
            unsigned long cp, lo;
            if (hex4(p + q + 2, len - (q + 2), &cp) != 0)
                return fail(ps, q, "invalid \\u escape: four hex digits expected");
            if (cp >= 0xDC00 && cp <= 0xDFFF)
                return fail(ps, q, "lone low surrogate \\u%04lX (no character; it may "
                            "only follow a high surrogate)", cp);
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (q + 7 >= len || p[q + 6] != '\\' || p[q + 7] != 'u' ||
                    hex4(p + q + 8, len - (q + 8), &lo) != 0 || lo < 0xDC00 || lo > 0xDFFF)
                    return fail(ps, q, "lone high surrogate \\u%04lX (a \\uDC00-\\uDFFF "
                                "escape must follow it)", cp);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                q += 12;
            } else {
                q += 6;
            }
            d = put_utf8(d, cp);
            continue;
        }
        if (c < 0x20)
            return fail(ps, q, "control character U+%04X inside a string (it must be "
                        "written as an escape)", c);
        if (c < 0x80) {
            *d++ = (char)c;
            q++;
            continue;
        }
        size_t n = utf8_len(p + q, len - q);
        if (n == 0)
            return fail(ps, q, "invalid UTF-8 (byte 0x%02X) inside a string", c);
        memcpy(d, p + q, n);
        d += n;
        q += n;
    }
    *d = '\0';
    *out = dst;
    *outlen = (size_t)(d - dst);
    ps->apos += (size_t)(d - dst) + 1;
    ps->pos = q;
    return 0;
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int parse_number(struct parser *ps, struct rc_json *v)
{
    const unsigned char *p = ps->p;
    size_t len = ps->len, q = ps->pos, start = ps->pos;
    int neg = 0, is_int = 1;
    if (p[q] == '-') {
        neg = 1;
        q++;
    }
    if (q >= len || !is_digit(p[q]))
        return fail(ps, q, "invalid number: a digit must follow '-'");
    if (p[q] == '0') {
        q++;
        if (q < len && is_digit(p[q]))
            return fail(ps, start, "invalid number: leading zero");
    } else {
        while (q < len && is_digit(p[q]))
            q++;
    }
    size_t int_end = q;
    if (q < len && p[q] == '.') {
        q++;
        if (q >= len || !is_digit(p[q]))
            return fail(ps, q, "invalid number: a digit must follow '.'");
        while (q < len && is_digit(p[q]))
            q++;
        is_int = 0;
    }
    if (q < len && (p[q] == 'e' || p[q] == 'E')) {
        q++;
        if (q < len && (p[q] == '+' || p[q] == '-'))
            q++;
        if (q >= len || !is_digit(p[q]))
            return fail(ps, q, "invalid number: a digit must start the exponent");
        while (q < len && is_digit(p[q]))
            q++;
        is_int = 0;
    }
    char *t = ps->arena + ps->apos;
    memcpy(t, p + start, q - start);
    t[q - start] = '\0';
    ps->apos += q - start + 1;
    v->type = RC_JSON_NUMBER;
    v->str = t;
    v->len = q - start;
    v->num = strtod(t, NULL);
    if (is_int) {
        /* |value| as uint64: it fits int64 up to 2^63 - 1, or 2^63 negated */
        uint64_t u = 0, lim = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
        for (size_t i = start + (size_t)neg; i < int_end && is_int; i++) {
            unsigned dgt = (unsigned)(p[i] - '0');
            if (u > (lim - dgt) / 10u)
                is_int = 0;
            else
                u = u * 10u + dgt;
        }
        if (is_int)
            v->i64 = neg ? (u == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)u)
                         : (int64_t)u;
    }
    v->is_int = is_int;
    ps->pos = q;
    return 0;
}

static int add_block(struct parser *ps, struct rc_json *b)
{
    struct rc_json_doc *doc = ps->doc;
    if (doc->nblocks == doc->capblocks) {
        size_t nc = doc->capblocks ? doc->capblocks * 2 : 64;
        struct rc_json **nb = realloc(doc->blocks, nc * sizeof *nb);
        if (nb == NULL)
            return -1;
        doc->blocks = nb;
        doc->capblocks = nc;
    }
    doc->blocks[doc->nblocks++] = b;
    return 0;
}

static int key_cmp(const void *a, const void *b)
{
    const struct rc_json *x = *(const struct rc_json *const *)a;
    const struct rc_json *y = *(const struct rc_json *const *)b;
    size_t n = x->keylen < y->keylen ? x->keylen : y->keylen;
    int c = memcmp(x->key, y->key, n);
    if (c != 0)
        return c;
    if (x->keylen != y->keylen)
        return x->keylen < y->keylen ? -1 : 1;
    return x < y ? -1 : x > y; /* document order among equal names */
}

/* A member name used twice in the object kid[0..n): the earliest second use. */
static int check_duplicates(struct parser *ps, const struct rc_json *kid, size_t n)
{
    if (n < 2)
        return 0;
    const struct rc_json **s = malloc(n * sizeof *s);
    if (s == NULL)
        return fail_nopos(ps->err, ps->cap, ps->name, "out of memory");
    for (size_t i = 0; i < n; i++)
        s[i] = &kid[i];
    qsort(s, n, sizeof *s, key_cmp);
    const struct rc_json *first = NULL, *second = NULL;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i]->keylen != s[i + 1]->keylen || memcmp(s[i]->key, s[i + 1]->key, s[i]->keylen))
            continue;
        /* s[i + 1] is a later use; the run's first element is the first use */
        size_t j = i;
        while (j > 0 && s[j - 1]->keylen == s[i]->keylen &&
               memcmp(s[j - 1]->key, s[i]->key, s[i]->keylen) == 0)
            j--;
        if (second == NULL || s[i + 1] < second) {
            second = s[i + 1];
            first = s[j];
        }
    }
    free(s);
    if (second == NULL)
        return 0;
    char name[96];
    rc_esc_str(name, sizeof name, RC_ESC_LINE, second->key, second->keylen);
    unsigned line = ps->line;
    size_t ls = ps->line_start;
    ps->line = second->line; /* the position of the second use's value */
    ps->line_start = 0;
    fail(ps, (size_t)second->col - 1, "member name \"%s\" used twice in one object "
         "(first at %u:%u)", name, first->line, first->col);
    ps->line = line;
    ps->line_start = ls;
    return -1;
}

static int push_value(struct parser *ps, const struct rc_json *v)
{
    if (ps->nstk == ps->capstk) {
        size_t nc = ps->capstk ? ps->capstk * 2 : 256;
        struct rc_json *n = realloc(ps->stk, nc * sizeof *n);
        if (n == NULL)
            return fail_nopos(ps->err, ps->cap, ps->name, "out of memory");
        ps->stk = n;
        ps->capstk = nc;
    }
    ps->stk[ps->nstk++] = *v;
    return 0;
}

/* The innermost open container is complete: its value into *v. */
static int close_frame(struct parser *ps, struct rc_json *v)
{
    const struct frame *f = &ps->fr[ps->nfr - 1];
    size_t n = ps->nstk - f->start;
    memset(v, 0, sizeof *v);
    v->type = f->type;
    v->line = f->line;
    v->col = f->col;
    if (n > 0) {
        struct rc_json *kid = malloc(n * sizeof *kid);
        if (kid == NULL || add_block(ps, kid) != 0) {
            free(kid);
            return fail_nopos(ps->err, ps->cap, ps->name, "out of memory");
        }
        memcpy(kid, ps->stk + f->start, n * sizeof *kid);
        v->kid = kid;
        v->n = n;
        if (f->type == RC_JSON_OBJECT && check_duplicates(ps, kid, n) != 0)
            return -1;
    }
    ps->nstk = f->start;
    ps->nfr--;
    return 0;
}

static const char *where_open(const struct parser *ps, char *buf, size_t cap)
{
    const struct frame *f = &ps->fr[ps->nfr - 1];
    snprintf(buf, cap, "%s that opens at %u:%u", f->type == RC_JSON_ARRAY ? "the array" : "the object",
             f->line, f->col);
    return buf;
}

/* In an object, at a member name (whitespace skipped): the name, the ':' and
 * the whitespace after it. */
static int member_name(struct parser *ps, int may_close)
{
    char b[16], w[64];
    struct frame *f = &ps->fr[ps->nfr - 1];
    if (ps->pos >= ps->len)
        return fail(ps, ps->pos, "end of input inside %s", where_open(ps, w, sizeof w));
    if (ps->p[ps->pos] != '"')
        return fail(ps, ps->pos, "expected a member name (a string)%s, found %s",
                    may_close ? " or '}'" : "", describe(b, ps->p[ps->pos]));
    if (parse_string(ps, &f->key, &f->keylen) != 0)
        return -1;
    skip_ws(ps);
    if (ps->pos >= ps->len)
        return fail(ps, ps->pos, "end of input inside %s", where_open(ps, w, sizeof w));
    if (ps->p[ps->pos] != ':')
        return fail(ps, ps->pos, "expected ':' after the member name, found %s",
                    describe(b, ps->p[ps->pos]));
    ps->pos++;
    skip_ws(ps);
    return 0;
}

static int parse(struct parser *ps)
{
    const unsigned char *p = ps->p;
    char b[16], w[64];
    if (ps->len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        return fail(ps, 0, "byte order mark (U+FEFF) at the start: JSON text has none "
                    "(RFC 8259 8.1)");
    skip_ws(ps);
    if (ps->pos >= ps->len)
        return fail(ps, ps->pos, ps->len == 0 ? "empty input: no JSON value"
                                              : "only whitespace: no JSON value");
    for (;;) {
        /* a value starts at pos (whitespace skipped) */
        struct rc_json v;
        memset(&v, 0, sizeof v);
        if (ps->pos >= ps->len)
            return fail(ps, ps->pos, "end of input inside %s, where a value was expected",
                        where_open(ps, w, sizeof w));
        v.line = ps->line;
        v.col = col_of(ps, ps->pos);
        if (++ps->doc->values > ps->lim.max_values)
            return fail(ps, ps->pos, "more than %zu values (the limit)", ps->lim.max_values);
        unsigned char c = p[ps->pos];
        if (c == '{' || c == '[') {
            if (ps->nfr >= ps->lim.max_depth)
                return fail(ps, ps->pos, "arrays and objects nested deeper than %u (the "
                            "limit)", ps->lim.max_depth);
            if (ps->nfr == ps->capfr) {
                size_t nc = ps->capfr ? ps->capfr * 2 : 16;
                struct frame *nf = realloc(ps->fr, nc * sizeof *nf);
                if (nf == NULL)
                    return fail_nopos(ps->err, ps->cap, ps->name, "out of memory");
                ps->fr = nf;
                ps->capfr = nc;
            }
            struct frame *f = &ps->fr[ps->nfr++];
            memset(f, 0, sizeof *f);
            f->type = c == '{' ? RC_JSON_OBJECT : RC_JSON_ARRAY;
            f->start = ps->nstk;
            f->line = v.line;
            f->col = v.col;
            if (ps->nfr > ps->doc->depth)
                ps->doc->depth = (unsigned)ps->nfr;
            ps->pos++;
            skip_ws(ps);
            if (ps->pos < ps->len && p[ps->pos] == (c == '{' ? '}' : ']')) {
                ps->pos++;
                if (close_frame(ps, &v) != 0)
                    return -1;
            } else if (c == '{') {
                if (member_name(ps, 1) != 0)
                    return -1;
                continue;
            } else {
                continue;
            }
        } else if (c == '"') {
            v.type = RC_JSON_STRING;
            if (parse_string(ps, &v.str, &v.len) != 0)
                return -1;
        } else if (c == '-' || is_digit(c)) {
            if (parse_number(ps, &v) != 0)
                return -1;
        } else if (c == 't' || c == 'f' || c == 'n') {
            static const char *const lit[3] = {"true", "false", "null"};
            static const enum rc_json_type ty[3] = {RC_JSON_TRUE, RC_JSON_FALSE, RC_JSON_NULL};
            int k = c == 't' ? 0 : c == 'f' ? 1 : 2;
            size_t n = strlen(lit[k]);
            if (ps->len - ps->pos < n || memcmp(p + ps->pos, lit[k], n) != 0)
                return fail(ps, ps->pos, "invalid literal (true, false or null expected)");
            v.type = ty[k];
            ps->pos += n;
        } else {
            if ((c == ']' || c == '}') && ps->nfr > 0)
                return fail(ps, ps->pos, "expected a value, found %s (a comma before it?)",
                            describe(b, c));
            return fail(ps, ps->pos, "expected a value, found %s", describe(b, c));
        }
        /* v is complete: into its container, closing those it completes */
        for (;;) {
            if (ps->nfr == 0) {
                ps->doc->root = v;
                skip_ws(ps);
                if (ps->pos < ps->len)
                    return fail(ps, ps->pos, "text after the JSON value (found %s)",
                                describe(b, p[ps->pos]));
                return 0;
            }
            struct frame *f = &ps->fr[ps->nfr - 1];
            if (f->type == RC_JSON_OBJECT) {
                v.key = f->key;
                v.keylen = f->keylen;
            }
            if (push_value(ps, &v) != 0)
                return -1;
            skip_ws(ps);
            if (ps->pos >= ps->len)
                return fail(ps, ps->pos, "end of input inside %s", where_open(ps, w, sizeof w));
            c = p[ps->pos];
            int obj = f->type == RC_JSON_OBJECT;
            if (c == ',') {
                ps->pos++;
                skip_ws(ps);
                if (obj && member_name(ps, 0) != 0)
                    return -1;
                break;
            }
            if (c != (obj ? '}' : ']'))
                return fail(ps, ps->pos, obj ? "expected ',' or '}' after a member, found %s"
                                             : "expected ',' or ']' after an element, found %s",
                            describe(b, c));
            ps->pos++;
            if (close_frame(ps, &v) != 0)
                return -1;
        }
    }
}

int rc_json_parse(struct rc_json_doc *doc, const char *name, const char *text, size_t len,
                  const struct rc_jsonin_limits *lim, char *err, size_t cap)
{
    struct parser ps;
    memset(&ps, 0, sizeof ps);
    memset(doc, 0, sizeof *doc);
    if (err != NULL && cap > 0)
        err[0] = '\0';
    if (name == NULL)
        name = "(input)";
    ps.lim.max_bytes = lim && lim->max_bytes ? lim->max_bytes : RC_JSONIN_MAX_BYTES;
    ps.lim.max_depth = lim && lim->max_depth ? lim->max_depth : RC_JSONIN_MAX_DEPTH;
    if (ps.lim.max_depth > RC_JSONIN_DEPTH_CAP)
        ps.lim.max_depth = RC_JSONIN_DEPTH_CAP;
    ps.lim.max_values = lim && lim->max_values ? lim->max_values : RC_JSONIN_MAX_VALUES;
    if (text == NULL)
        len = 0;
    if (len > ps.lim.max_bytes) {
        if (err != NULL && cap > 0)
            snprintf(err, cap, "%s: %zu bytes, more than the limit of %zu", name, len,
                     ps.lim.max_bytes);
        return -1;
    }
    ps.p = (const unsigned char *)(text ? text : "");
    ps.len = len;
    ps.line = 1;
    ps.name = name;
    ps.err = err;
    ps.cap = cap;
    ps.doc = doc;
    ps.arena = malloc(len + 2);
    if (ps.arena == NULL)
        return fail_nopos(err, cap, name, "out of memory");
    doc->arena = ps.arena;
    int rc = parse(&ps);
    free(ps.stk);
    free(ps.fr);
    if (rc != 0) {
        rc_json_doc_free(doc);
        return -1;
    }
    return 0;
}

int rc_json_load(struct rc_json_doc *doc, const char *path,
                 const struct rc_jsonin_limits *lim, char *err, size_t cap)
{
    size_t max = lim && lim->max_bytes ? lim->max_bytes : RC_JSONIN_MAX_BYTES;
    memset(doc, 0, sizeof *doc);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail_nopos(err, cap, path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        int e = errno;
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
            e = EISDIR;
        close(fd);
        return fail_nopos(err, cap, path, strerror(e));
    }
    if (S_ISREG(st.st_mode) && st.st_size >= 0 && (uintmax_t)st.st_size > max) {
        close(fd);
        if (err != NULL && cap > 0)
            snprintf(err, cap, "%s: %jd bytes, more than the limit of %zu", path,
                     (intmax_t)st.st_size, max);
        return -1;
    }
    /* read to the end (a pipe has no size): at most max + 1 bytes */
    size_t n = 0, c = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
    char *buf = malloc(c);
    if (buf == NULL) {
        close(fd);
        return fail_nopos(err, cap, path, "out of memory");
    }
    for (;;) {
        if (n == c) {
            size_t nc = c * 2;
            char *nb = nc > c ? realloc(buf, nc) : NULL;
            if (nb == NULL) {
                free(buf);
                close(fd);
                return fail_nopos(err, cap, path, "out of memory");
            }
            buf = nb;
            c = nc;
        }
        ssize_t r = read(fd, buf + n, c - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            free(buf);
            close(fd);
            return fail_nopos(err, cap, path, strerror(e));
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n > max) {
            free(buf);
            close(fd);
            if (err != NULL && cap > 0)
                snprintf(err, cap, "%s: more than the limit of %zu bytes", path, max);
            return -1;
        }
    }
    close(fd);
    int rc = rc_json_parse(doc, path, buf, n, lim, err, cap);
    free(buf);
    return rc;
}

void rc_json_doc_free(struct rc_json_doc *doc)
{
    if (doc == NULL)
        return;
    for (size_t i = 0; i < doc->nblocks; i++)
        free(doc->blocks[i]);
    free(doc->blocks);
    free(doc->arena);
    memset(doc, 0, sizeof *doc);
}

const struct rc_json *rc_json_get(const struct rc_json *obj, const char *key)
{
    if (obj == NULL || obj->type != RC_JSON_OBJECT || key == NULL)
        return NULL;
    size_t kl = strlen(key);
    for (size_t i = 0; i < obj->n; i++)
        if (obj->kid[i].keylen == kl && memcmp(obj->kid[i].key, key, kl) == 0)
            return &obj->kid[i];
    return NULL;
}

const char *rc_json_type_name(enum rc_json_type t)
{
    switch (t) {
    case RC_JSON_NULL: return "null";
    case RC_JSON_FALSE: return "false";
    case RC_JSON_TRUE: return "true";
    case RC_JSON_NUMBER: return "number";
    case RC_JSON_STRING: return "string";
    case RC_JSON_ARRAY: return "array";
    case RC_JSON_OBJECT: return "object";
    }
    return "?";
}
