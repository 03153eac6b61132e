/* SPDX-License-Identifier: Apache-2.0 */
/* Waiver files (docs/waivers.md): parsing, matching, application, staleness. */
#include "report.h"
#include "../core/seterr.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

static int is_id_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

static int is_glob_char(unsigned char c)
{
    return c == '*' || c == '?' || c == '[' || c == ']' || c == '!';
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Why a pattern is malformed, or NULL. Brackets must close and hold at least
 * one character ("[ab]", "[!0-9]"; '-' is an id character) and may not nest;
 * '!' only right after '['; fnmatch would otherwise read them in ways a
 * vendor does not expect (an unclosed '[' matches itself). */
static const char *pattern_problem(const char *p, size_t len, char *bad)
{
    int in_bracket = 0;
    size_t bracket_chars = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        if (!is_id_char(c) && !is_glob_char(c)) {
            *bad = (char)c;
            return "character";
        }
        if (c == '[') {
            if (in_bracket)
                return "nested '['";
            in_bracket = 1, bracket_chars = 0;
        } else if (c == ']') {
            if (!in_bracket)
                return "']' without '['";
            if (bracket_chars == 0)
                return "empty '[]'";
            in_bracket = 0;
        } else if (c == '!') {
            if (!in_bracket || bracket_chars != 0 || p[i - 1] != '[')
                return "'!' outside the start of '[...]'";
        } else if (in_bracket) {
            if (c == '*' || c == '?')
                return "'*' or '?' inside '[...]'";
            bracket_chars++;
        }
    }
    return in_bracket ? "unclosed '['" : NULL;
}

/* A reason must read well in a customer document: UTF-8, no control
 * characters (tabs inside it are allowed and kept). */
static const char *reason_problem(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        long cp;
        size_t k = rc_utf8_next(s + i, len - i, &cp);
        if (cp < 0)
            return "reason is not valid UTF-8";
        if ((cp < 0x20 && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
            return "control character in the reason";
        i += k;
    }
    return NULL;
}

static int remember_file(struct rc_waivers *w, const char *name, const char **stored)
{
    for (size_t i = 0; i < w->nfiles; i++)
        if (strcmp(w->files[i], name) == 0) {
            *stored = w->files[i];
            return 0;
        }
    char **p = realloc(w->files, (w->nfiles + 1) * sizeof *p);
    if (p == NULL)
        return -1;
    w->files = p;
    if ((p[w->nfiles] = strdup(name)) == NULL)
        return -1;
    *stored = p[w->nfiles++];
    return 0;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d != NULL) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static void drop_from(struct rc_waivers *w, size_t first)
{
    for (size_t i = first; i < w->n; i++) {
        free(w->w[i].pattern);
        free(w->w[i].reason);
    }
    w->n = first;
}

int rc_waivers_load_text(struct rc_waivers *w, const char *name, const char *text,
                         size_t len, char *err, size_t cap)
{
    if (w == NULL)
        return rc_set_err(err, cap, "rc_waivers_load_text: no waiver set");
    if (name == NULL)
        name = "(waivers)";
    if (text == NULL && len > 0)
        return rc_set_err(err, cap, "%s: no text", name);
    const char *file;
    if (remember_file(w, name, &file) != 0)
        return rc_set_err(err, cap, "%s: out of memory", name);
    size_t first = w->n;
    unsigned ln = 0;
    size_t start = 0;
    /* a UTF-8 byte order mark, as some editors write: not part of line 1 */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    for (size_t pos = start; pos < len;) {
        ln++;
        const char *line = text + pos;
        const char *nl = memchr(line, '\n', len - pos);
        size_t l = nl ? (size_t)(nl - line) : len - pos;
        pos += l + (nl != NULL);
        if (memchr(line, '\0', l) != NULL) {
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: NUL byte in the line", name, ln);
        }
        if (l > 0 && line[l - 1] == '\r')
            l--; /* CRLF files */
        if (l > RC_WAIVER_LINE_MAX) {
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: line longer than %u bytes", name, ln,
                              RC_WAIVER_LINE_MAX);
        }
        size_t i = 0;
        while (i < l && is_blank(line[i]))
            i++;
        if (i == l || line[i] == '#')
            continue; /* blank or comment */
        size_t ps = i;
        while (i < l && !is_blank(line[i]))
            i++;
        size_t plen = i - ps;
        while (i < l && is_blank(line[i]))
            i++;
        size_t rs = i, re = l;
        while (re > rs && is_blank(line[re - 1]))
            re--;
        char bad = 0;
        const char *why;
        if (plen > RC_WAIVER_PATTERN_MAX) {
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: id or glob longer than %u bytes", name, ln,
                              RC_WAIVER_PATTERN_MAX);
        }
        if ((why = pattern_problem(line + ps, plen, &bad)) != NULL) {
            drop_from(w, first);
            if (strcmp(why, "character") == 0) {
                unsigned char b = (unsigned char)bad;
                if (b >= 0x21 && b < 0x7F)
                    return rc_set_err(err, cap, "%s:%u: '%.*s': character '%c' not allowed in "
                                      "an id (letters, digits, . _ - and globs * ? [ ] !)",
                                      name, ln, (int)plen, line + ps, b);
                return rc_set_err(err, cap, "%s:%u: byte 0x%02X not allowed in an id (letters, "
                                  "digits, . _ - and globs * ? [ ] !)", name, ln, b);
            }
            return rc_set_err(err, cap, "%s:%u: '%.*s': %s", name, ln, (int)plen, line + ps, why);
        }
        if (rs == re) {
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: '%.*s': missing reason (every waiver says why)",
                              name, ln, (int)plen, line + ps);
        }
        if ((why = reason_problem(line + rs, re - rs)) != NULL) {
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: %s", name, ln, why);
        }
        for (size_t k = 0; k < w->n; k++)
            if (strlen(w->w[k].pattern) == plen &&
                memcmp(w->w[k].pattern, line + ps, plen) == 0) {
                drop_from(w, first);
                return rc_set_err(err, cap, "%s:%u: '%.*s' is waived twice (first at %s:%u)",
                                  name, ln, (int)plen, line + ps, w->w[k].file, w->w[k].line);
            }
        if (w->n == w->cap) {
            size_t want = w->cap ? 2 * w->cap : 16;
            struct rc_waiver *p = realloc(w->w, want * sizeof *p);
            if (p == NULL) {
                drop_from(w, first);
                return rc_set_err(err, cap, "%s:%u: out of memory", name, ln);
            }
            w->w = p;
            w->cap = want;
        }
        struct rc_waiver *e = &w->w[w->n];
        e->pattern = dup_n(line + ps, plen);
        e->reason = dup_n(line + rs, re - rs);
        e->file = file;
        e->line = ln;
        if (e->pattern == NULL || e->reason == NULL) {
            free(e->pattern);
            free(e->reason);
            drop_from(w, first);
            return rc_set_err(err, cap, "%s:%u: out of memory", name, ln);
        }
        w->n++;
    }
    return 0;
}

int rc_waivers_load(struct rc_waivers *w, const char *path, char *err, size_t cap)
{
    if (path == NULL)
        return rc_set_err(err, cap, "rc_waivers_load: no file name");
    FILE *f = fopen(path, "rbe");
    if (f == NULL)
        return rc_set_err(err, cap, "%s: %s", path, strerror(errno));
    size_t n = 0, bufcap = 0;
    char *buf = NULL;
    int rc = 0;
    for (;;) {
        if (n == bufcap) {
            if (bufcap > RC_WAIVER_FILE_MAX) {
                rc = rc_set_err(err, cap, "%s: larger than %u bytes", path, RC_WAIVER_FILE_MAX);
                break;
            }
            size_t want = bufcap ? 2 * bufcap : 4096;
            char *p = realloc(buf, want);
            if (p == NULL) {
                rc = rc_set_err(err, cap, "%s: out of memory", path);
                break;
            }
            buf = p;
            bufcap = want;
        }
        size_t got = fread(buf + n, 1, bufcap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                rc = rc_set_err(err, cap, "%s: read error", path);
            break;
        }
    }
    fclose(f);
    if (rc == 0 && n > RC_WAIVER_FILE_MAX)
        rc = rc_set_err(err, cap, "%s: larger than %u bytes", path, RC_WAIVER_FILE_MAX);
    if (rc == 0)
        rc = rc_waivers_load_text(w, path, buf, n, err, cap);
    free(buf);
    return rc;
}

void rc_waivers_free(struct rc_waivers *w)
{
    if (w == NULL)
        return;
    drop_from(w, 0);
    free(w->w);
    for (size_t i = 0; i < w->nfiles; i++)
        free(w->files[i]);
    free(w->files);
    memset(w, 0, sizeof *w);
}

static int waiver_covers(const struct rc_waiver *wv, const struct vec_record *r)
{
    if (fnmatch(wv->pattern, r->id, 0) == 0)
        return 1;
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++)
        if (r->rules[k] != NULL && fnmatch(wv->pattern, r->rules[k], 0) == 0)
            return 1;
    return 0;
}

const struct rc_waiver *rc_waiver_find(const struct rc_waivers *w,
                                       const struct vec_record *r)
{
    if (w == NULL || r == NULL)
        return NULL;
    for (size_t i = 0; i < w->n; i++)
        if (waiver_covers(&w->w[i], r))
            return &w->w[i];
    return NULL;
}

const char *rc_waiver_match(const struct rc_waivers *w, const struct vec_record *r)
{
    const struct rc_waiver *wv = rc_waiver_find(w, r);
    return wv ? wv->reason : NULL;
}

size_t rc_waivers_apply(struct rc_result_row *rows, size_t n, const struct rc_waivers *w)
{
    size_t waived = 0;
    if (rows == NULL || w == NULL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].res.verdict != RC_V_FAIL && rows[i].res.verdict != RC_V_ERROR)
            continue;
        const char *why = rc_waiver_match(w, rows[i].rec);
        if (why != NULL) {
            rows[i].res.verdict = RC_V_WAIVED;
            rows[i].waiver = why;
            waived++;
        }
    }
    return waived;
}

size_t rc_waivers_stale(const struct rc_waivers *w, const struct rc_result_row *rows,
                        size_t n, size_t *idx, size_t cap)
{
    size_t stale = 0;
    if (w == NULL)
        return 0;
    for (size_t i = 0; i < w->n; i++) {
        int hit = 0;
        for (size_t k = 0; rows != NULL && k < n && !hit; k++) {
            enum rc_verdict v = rows[k].res.verdict;
            if ((v == RC_V_FAIL || v == RC_V_ERROR || v == RC_V_WAIVED) &&
                rows[k].rec != NULL)
                hit = waiver_covers(&w->w[i], rows[k].rec);
        }
        if (!hit) {
            if (idx != NULL && stale < cap)
                idx[stale] = i;
            stale++;
        }
    }
    return stale;
}

size_t rc_waiver_uses(const struct rc_waivers *w, size_t i,
                      const struct rc_result_row *rows, size_t n)
{
    size_t uses = 0;
    if (w == NULL || i >= w->n || rows == NULL)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (rows[k].res.verdict == RC_V_WAIVED && rows[k].waiver == w->w[i].reason)
            uses++;
    return uses;
}
