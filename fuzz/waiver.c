/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/waiver.c - waiver files (harness/report/report.h: rc_waivers_load_text,
 * rc_waiver_find, rc_waivers_apply, rc_waivers_stale, rc_waiver_uses).
 *
 * Input: two waiver files separated by the 3 bytes "\n\x1c\n" (a line
 * holding only the ASCII file separator), loaded in turn into one set as
 * "a.waivers" and "b.waivers"; without the separator there is one file.
 * The bytes after a second separator (if any) give the verdicts of the
 * result rows of W5, one byte per row.
 *
 * Properties checked (fuzz_fail on violation):
 *   W1  a rejected file gives "NAME:LINE: reason" with 1 <= LINE <= its line
 *       count, NUL-terminated; it adds no waiver, and the waivers of the
 *       file before it are kept unchanged.
 *   W2  every accepted waiver obeys the contract of report.h, checked by
 *       code written separately here: pattern of 1..RC_WAIVER_PATTERN_MAX
 *       bytes of letters, digits, . _ - * ? [ ] ! with balanced, non-empty,
 *       non-nested brackets, '!' only first in a bracket and no * ? inside
 *       one; reason non-empty, without leading or trailing blanks, valid
 *       UTF-8 (no overlong forms, surrogates or code points above U+10FFFF)
 *       and without control characters other than tab; file is the set's
 *       copy of the name; lines increase within a file; no pattern twice.
 *   W3  writing the waivers back as "PATTERN REASON" lines and loading them
 *       gives the same patterns and reasons.
 *   W4  rc_waiver_find(record) is the first waiver, in file order, whose
 *       pattern matches the id or a rule id by a glob matcher written here
 *       (* any run, ? one character, [set], [!set], ranges a-z, '-' first or
 *       last literal), for probe ids made from every pattern (glob
 *       characters replaced by matching and by non-matching characters).
 *   W5  rc_waivers_apply turns exactly the FAIL and ERROR rows that a waiver
 *       covers into WAIVED with that waiver's reason; rc_waiver_uses adds up
 *       to the number waived; rc_waivers_stale counts the waivers that cover
 *       no FAIL, ERROR or WAIVED row.
 *   Memory: rc_waivers_free releases everything; LeakSanitizer checks it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#include "../harness/report/report.h"

#define MAX_INPUT (64u * 1024u)
#define SEP "\n\x1c\n"
#define MAX_PROBES 64u
#define MAX_ROWS 32u

struct span {
    const char *p;
    size_t n;
};

/* Up to three parts split at SEP. */
static size_t split(const char *d, size_t size, struct span *s)
{
    size_t k = 0, start = 0, sl = sizeof SEP - 1;
    for (size_t i = 0; k + 1 < 3 && i + sl <= size; i++)
        if (memcmp(d + i, SEP, sl) == 0) {
            s[k].p = d + start, s[k].n = i - start;
            k++;
            start = i + sl;
            i = start - 1;
        }
    s[k].p = d + start, s[k].n = size - start;
    for (size_t j = k + 1; j < 3; j++)
        s[j].p = d, s[j].n = 0;
    return k + 1;
}

static size_t count_lines(const struct span *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += s->p[i] == '\n';
    return n + (s->n > 0 && s->p[s->n - 1] != '\n');
}

/* ---- W1 --------------------------------------------------------------------- */

static void check_error(const char *err, size_t cap, const char *name, size_t lines)
{
    if (memchr(err, '\0', cap) == NULL)
        fuzz_fail("W1: error message not NUL-terminated");
    size_t nl = strlen(name);
    if (strncmp(err, name, nl) != 0 || err[nl] != ':')
        fuzz_fail("W1: error does not start with '%s:': \"%s\"", name, err);
    const char *p = err + nl + 1, *d = p;
    if (strncmp(p, " out of memory", 14) == 0)
        return;
    unsigned long line = 0;
    while (*d >= '0' && *d <= '9' && d - p < 12)
        line = line * 10 + (unsigned long)(*d++ - '0');
    if (d == p || d[0] != ':' || d[1] != ' ' || d[2] == '\0')
        fuzz_fail("W1: error is not 'name:line: reason': \"%s\"", err);
    if (line < 1 || line > lines)
        fuzz_fail("W1: error names line %lu of a %zu-line file: \"%s\"", line, lines, err);
}

/* ---- W2 --------------------------------------------------------------------- */

static int id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

static int pattern_ok(const char *p)
{
    size_t n = strlen(p);
    if (n == 0 || n > RC_WAIVER_PATTERN_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '[') {
            size_t k = i + 1;
            if (p[k] == '!')
                k++;
            size_t start = k;
            while (p[k] != '\0' && p[k] != ']') {
                if (!id_char(p[k]))
                    return 0; /* nested '[', '!', '*', '?' inside */
                k++;
            }
            if (p[k] != ']' || k == start)
                return 0;
            i = k;
        } else if (!id_char(p[i]) && p[i] != '*' && p[i] != '?') {
            return 0; /* ']' or '!' outside a bracket, or another byte */
        }
    }
    return 1;
}

/* Strict UTF-8 (RFC 3629), written out by ranges; *cp gets each code point. */
static int utf8_ok(const unsigned char *s, size_t n, int (*bad_cp)(unsigned long))
{
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        unsigned long cp;
        size_t len;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c < 0x80)
            cp = c, len = 1;
        else if (c >= 0xC2 && c <= 0xDF)
            cp = c & 0x1Fu, len = 2;
        else if (c >= 0xE0 && c <= 0xEF) {
            cp = c & 0x0Fu, len = 3;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            cp = c & 0x07u, len = 4;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else
            return 0;
        if (i + len > n)
            return 0;
        for (size_t k = 1; k < len; k++) {
            unsigned char t = s[i + k];
            if (t < (k == 1 ? lo : 0x80) || t > (k == 1 ? hi : 0xBF))
                return 0;
            cp = (cp << 6) | (t & 0x3Fu);
        }
        if (bad_cp(cp))
            return 0;
        i += len;
    }
    return 1;
}

static int control(unsigned long cp)
{
    return (cp < 0x20 && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp < 0xA0);
}

static void check_waivers(const struct rc_waivers *w)
{
    for (size_t i = 0; i < w->n; i++) {
        const struct rc_waiver *x = &w->w[i];
        if (x->pattern == NULL || !pattern_ok(x->pattern))
            fuzz_fail("W2: waiver %zu: pattern \"%s\" breaks the contract", i,
                      x->pattern ? x->pattern : "(null)");
        size_t rl = x->reason ? strlen(x->reason) : 0;
        if (rl == 0 || x->reason[0] == ' ' || x->reason[0] == '\t' ||
            x->reason[rl - 1] == ' ' || x->reason[rl - 1] == '\t')
            fuzz_fail("W2: %s: reason empty or not trimmed: \"%s\"", x->pattern,
                      x->reason ? x->reason : "(null)");
        if (!utf8_ok((const unsigned char *)x->reason, rl, control))
            fuzz_fail("W2: %s: reason is not valid UTF-8 without control characters",
                      x->pattern);
        int known = 0;
        for (size_t k = 0; k < w->nfiles; k++)
            known |= x->file == w->files[k];
        if (!known)
            fuzz_fail("W2: %s: file is not one of the set's names", x->pattern);
        for (size_t k = 0; k < i; k++) {
            if (strcmp(w->w[k].pattern, x->pattern) == 0)
                fuzz_fail("W2: pattern %s waived twice", x->pattern);
            if (w->w[k].file == x->file && w->w[k].line >= x->line)
                fuzz_fail("W2: %s: line %u after line %u", x->pattern, x->line,
                          w->w[k].line);
        }
    }
}

/* ---- W3 --------------------------------------------------------------------- */

static void check_reload(const struct rc_waivers *w)
{
    size_t cap = 1;
    for (size_t i = 0; i < w->n; i++)
        cap += strlen(w->w[i].pattern) + strlen(w->w[i].reason) + 2;
    char *text = malloc(cap), err[512];
    if (text == NULL)
        fuzz_fail("out of memory");
    size_t off = 0;
    for (size_t i = 0; i < w->n; i++)
        off += (size_t)snprintf(text + off, cap - off, "%s %s\n", w->w[i].pattern,
                                w->w[i].reason);
    struct rc_waivers again;
    memset(&again, 0, sizeof again);
    if (rc_waivers_load_text(&again, "printed.waivers", text, off, err, sizeof err) != 0)
        fuzz_fail("W3: the waivers written back do not load: %s", err);
    if (again.n != w->n)
        fuzz_fail("W3: %zu waivers, %zu after writing back", w->n, again.n);
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(again.w[i].pattern, w->w[i].pattern) != 0 ||
            strcmp(again.w[i].reason, w->w[i].reason) != 0)
            fuzz_fail("W3: waiver %s differs after writing back", w->w[i].pattern);
    rc_waivers_free(&again);
    free(text);
}

/* ---- W4 --------------------------------------------------------------------- */

/* [set] at p (after '['), matching c; *end gets the position after ']'. */
static int set_match(const char *p, char c, const char **end)
{
    int neg = *p == '!', hit = 0;
    if (neg)
        p++;
    while (*p != ']') {
        if (p[1] == '-' && p[2] != ']') {
            if (p[0] <= c && c <= p[2])
                hit = 1;
            p += 3;
        } else {
            hit |= *p == c;
            p++;
        }
    }
    *end = p + 1;
    return hit != neg;
}

/* One element of a pattern (not '*') against one character: 1 or 0, and
 * *next = the element after it. */
static int elem_match(const char *p, char c, const char **next)
{
    if (*p == '?') {
        *next = p + 1;
        return 1;
    }
    if (*p == '[')
        return set_match(p + 1, c, next);
    *next = p + 1;
    return *p == c;
}

/* Glob match with one backtracking point (the last '*'): O(|p| * |s|). */
static int glob_match(const char *p, const char *s)
{
    const char *star = NULL, *resume = NULL;
    while (*s != '\0') {
        const char *next;
        if (*p == '*') {
            star = ++p;
            resume = s;
            continue;
        }
        if (*p != '\0' && elem_match(p, *s, &next)) {
            p = next, s++;
            continue;
        }
        if (star == NULL)
            return 0;
        p = star, s = ++resume;
    }
    while (*p == '*')
        p++;
    return *p == '\0';
}

/* Probe ids from a pattern: mode 0 picks matching characters, mode 1 the
 * first character of each set and 'z' for '?', mode 2 drops '*'. */
static void probe_from(char *dst, size_t cap, const char *p, int mode)
{
    size_t o = 0;
    while (*p != '\0' && o + 2 < cap) {
        if (*p == '*') {
            if (mode == 1)
                dst[o++] = '-';
            p++;
        } else if (*p == '?') {
            dst[o++] = mode == 1 ? 'z' : 'a';
            p++;
        } else if (*p == '[') {
            const char *q = p + 1 + (p[1] == '!');
            dst[o++] = p[1] == '!' ? (mode == 0 ? '~' : *q) : *q;
            while (*p != ']')
                p++;
            p++;
        } else {
            dst[o++] = *p++;
        }
    }
    dst[o] = '\0';
}

/* The first waiver whose pattern matches r's id or one of its rules. */
static const struct rc_waiver *model_find(const struct rc_waivers *w,
                                          const struct vec_record *r)
{
    for (size_t k = 0; k < w->n; k++) {
        if (glob_match(w->w[k].pattern, r->id))
            return &w->w[k];
        for (unsigned i = 0; i < r->nrules; i++)
            if (glob_match(w->w[k].pattern, r->rules[i]))
                return &w->w[k];
    }
    return NULL;
}

static void check_find(const struct rc_waivers *w)
{
    char ids[MAX_PROBES][RC_WAIVER_PATTERN_MAX + 2];
    size_t n = 0;
    for (size_t i = 0; i < w->n && n + 3 <= MAX_PROBES; i++)
        for (int mode = 0; mode < 3; mode++)
            probe_from(ids[n++], sizeof ids[0], w->w[i].pattern, mode);
    struct vec_record r;
    for (size_t i = 0; i < n; i++) {
        memset(&r, 0, sizeof r);
        /* as the vector id (when it fits), then as its only rule id */
        for (int as_rule = 0; as_rule < 2; as_rule++) {
            char *rule = ids[i];
            if (as_rule) {
                snprintf(r.id, sizeof r.id, "%s", "no.such.vector");
                r.rules[0] = rule;
                r.nrules = 1;
            } else {
                if (strlen(ids[i]) >= sizeof r.id)
                    continue;
                snprintf(r.id, sizeof r.id, "%s", ids[i]);
                r.nrules = 0;
            }
            const struct rc_waiver *want = model_find(w, &r);
            const struct rc_waiver *got = rc_waiver_find(w, &r);
            if (got != want)
                fuzz_fail("W4: \"%s\" (as %s): rc_waiver_find gives %s, the glob rules "
                          "give %s", ids[i], as_rule ? "rule id" : "vector id",
                          got ? got->pattern : "none", want ? want->pattern : "none");
        }
    }
}

/* ---- W5 --------------------------------------------------------------------- */

static void check_apply(const struct rc_waivers *w, const struct span *verdicts)
{
    char ids[MAX_ROWS][VEC_ID_MAX];
    struct vec_record *rec = calloc(MAX_ROWS, sizeof *rec);
    struct rc_result_row *rows = calloc(MAX_ROWS, sizeof *rows);
    size_t n = verdicts->n < MAX_ROWS ? verdicts->n : MAX_ROWS;
    if (rec == NULL || rows == NULL)
        fuzz_fail("out of memory");
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)verdicts->p[i];
        /* ids: probes from the waivers (so some match), or plain names */
        if (w->n > 0 && (b & 0x80))
            probe_from(ids[i], sizeof ids[i], w->w[(b >> 3) % w->n].pattern, (b >> 3) & 1);
        else
            snprintf(ids[i], sizeof ids[i], "v%zu", i);
        memcpy(rec[i].id, ids[i], sizeof rec[i].id);
        rows[i].rec = &rec[i];
        rows[i].res.verdict = (enum rc_verdict)(b % 5u);
    }
    enum rc_verdict before[MAX_ROWS];
    for (size_t i = 0; i < n; i++)
        before[i] = rows[i].res.verdict;
    size_t waived = rc_waivers_apply(rows, n, w), count = 0;
    for (size_t i = 0; i < n; i++) {
        const struct rc_waiver *cover = rc_waiver_find(w, &rec[i]);
        int should = (before[i] == RC_V_FAIL || before[i] == RC_V_ERROR) && cover != NULL;
        if (should != (rows[i].res.verdict == RC_V_WAIVED && before[i] != RC_V_WAIVED))
            fuzz_fail("W5: row %s (%s): waived %d, expected %d", ids[i],
                      rc_verdict_name(before[i]), rows[i].res.verdict == RC_V_WAIVED, should);
        if (should && rows[i].waiver != cover->reason)
            fuzz_fail("W5: row %s waived with another waiver's reason", ids[i]);
        if (!should && rows[i].res.verdict != before[i])
            fuzz_fail("W5: row %s changed verdict without a waiver", ids[i]);
        count += (size_t)should;
    }
    if (waived != count)
        fuzz_fail("W5: rc_waivers_apply says %zu waived, %zu were", waived, count);
    size_t uses = 0, stale = 0;
    for (size_t k = 0; k < w->n; k++) {
        uses += rc_waiver_uses(w, k, rows, n);
        int hit = 0;
        for (size_t i = 0; i < n; i++) {
            enum rc_verdict v = rows[i].res.verdict;
            if ((v == RC_V_FAIL || v == RC_V_ERROR || v == RC_V_WAIVED) &&
                glob_match(w->w[k].pattern, ids[i]))
                hit = 1;
        }
        stale += (size_t)!hit;
    }
    if (uses != count)
        fuzz_fail("W5: rc_waiver_uses adds up to %zu, %zu rows were waived", uses, count);
    size_t idx[4];
    size_t got = rc_waivers_stale(w, rows, n, idx, 4);
    if (got != stale)
        fuzz_fail("W5: rc_waivers_stale says %zu, the glob rules say %zu", got, stale);
    free(rec);
    free(rows);
}

/* ---- the entry point ------------------------------------------------------ */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    struct span s[3];
    size_t parts = split((const char *)data, size, s);
    static const char *const name[2] = {"a.waivers", "b.waivers"};
    struct rc_waivers w;
    memset(&w, 0, sizeof w);
    char err[512];
    size_t nfiles = parts >= 2 ? 2 : 1;
    for (size_t f = 0; f < nfiles; f++) {
        size_t before = w.n;
        const char *first_pattern = w.n ? w.w[0].pattern : NULL;
        memset(err, 'x', sizeof err);
        /* s[f].p may be a pointer into the fuzzer's buffer: pass a copy of
         * exactly s[f].n bytes so ASan sees an over-read */
        char *copy = malloc(s[f].n ? s[f].n : 1);
        if (copy == NULL)
            fuzz_fail("out of memory");
        memcpy(copy, s[f].p, s[f].n);
        int rc = rc_waivers_load_text(&w, name[f], copy, s[f].n, err, sizeof err);
        free(copy);
        if (rc != 0 && rc != -1)
            fuzz_fail("rc_waivers_load_text returned %d", rc);
        if (rc != 0) {
            check_error(err, sizeof err, name[f], count_lines(&s[f]));
            if (w.n != before || (before && w.w[0].pattern != first_pattern))
                fuzz_fail("W1: a rejected file changed the set (%zu -> %zu waivers)",
                          before, w.n);
        }
    }
    check_waivers(&w);
    check_reload(&w);
    check_find(&w);
    if (parts == 3)
        check_apply(&w, &s[2]);
    rc_waivers_free(&w);
    return 0;
}
