/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/mutate.c - riocheck-mutate's C tokenizer and site finder
 * (harness/mutation/mutate.c, included here without its main), the parser
 * behind `make mutation`.
 *
 * Input: the bytes of one C source file.
 *
 * Properties checked (fuzz_fail on violation):
 *   P1  a rejected input gives an error "LINE:COL: what" with 1 <= LINE <=
 *       lines of the input and a non-empty reason, and no site.
 *   P2  scanning the same bytes twice gives the same sites (deterministic).
 *   P3  every site lies inside the input, in order of ID (starts never go
 *       backwards but for the kinds that share a start), its LINE:COL is the
 *       position of its start (checked for the sites P4 checks), its kind
 *       is one of the ten, its shown forms
 *       are at most 75 characters with no control byte; an operator site
 *       (rel eq arith bit shift logic) replaces exactly the bytes shown as
 *       BEFORE by AFTER (with at most a blank on either side), a constant site
 *       exactly BEFORE by AFTER, a statement site a text ending in ';' by
 *       ';', a condition site puts "!(" and ")" around the text.
 *   P4  the mutant of a site is the input with exactly that range replaced
 *       (prefix and suffix byte for byte) and scans again without a lexical
 *       error.
 *   P5  a sample of k sites for a seed has min(k, sites) distinct indices in
 *       increasing order and is the same when drawn again.
 *   P6  a site's function (the FUNCTION of --list), when it has one, is an
 *       identifier token followed by a matched parameter list and a `{`,
 *       and the site starts inside that body (after the `{`, before its
 *       matching `}`); both scans give the same function.
 *   Inputs above 64 KiB are skipped (the tool's limit is 16 MiB; size
 *   costs time, not coverage). At most 16 sites per input get P4.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fuzz.h"

#define MUTATE_NO_MAIN
#include "../harness/mutation/mutate.c"

#define MAX_INPUT (64u * 1024u)
#define MAX_APPLY 16u

static const char *const kinds[] = {"rel",   "eq",    "arith", "bit",  "shift",
                                    "logic", "const", "stmt",  "ret",  "cond"};

static int is_op_kind(const char *k)
{
    return strcmp(k, "rel") == 0 || strcmp(k, "eq") == 0 || strcmp(k, "arith") == 0 ||
           strcmp(k, "bit") == 0 || strcmp(k, "shift") == 0 || strcmp(k, "logic") == 0;
}

static void check_shown(const char *what, size_t id, const char *s)
{
    size_t n = strlen(s);
    if (n > MUT_SHOW_MAX + 3u)
        fuzz_fail("P3 site %zu: %s is %zu characters", id, what, n);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20u || s[i] == 0x7f)
            fuzz_fail("P3 site %zu: %s holds byte 0x%02x", id, what, (unsigned char)s[i]);
}

/* P6: the function of site i encloses it */
static void check_function(const struct mut_file *f, size_t i)
{
    const struct mut_site *s = &f->site[i];
    size_t lo = 0, hi = f->ntok, c;
    if (s->fn_len == 0)
        return;
    while (lo < hi) { /* the first token at or after fn_off */
        size_t mid = lo + (hi - lo) / 2u;
        if (f->tok[mid].off < s->fn_off)
            lo = mid + 1u;
        else
            hi = mid;
    }
    if (lo + 1u >= f->ntok || f->tok[lo].off != s->fn_off || f->tok[lo].len != s->fn_len ||
        f->tok[lo].kind != MT_IDENT || !mut_tok_is(f, lo + 1u, "(") ||
        f->tok[lo + 1u].match == SIZE_MAX)
        fuzz_fail("P6 site %zu: its function at %zu is no identifier before a parameter list",
                  i + 1, s->fn_off);
    c = f->tok[lo + 1u].match;
    if (!mut_tok_is(f, c + 1u, "{") || s->start <= f->tok[c + 1u].off ||
        (f->tok[c + 1u].match != SIZE_MAX && s->start >= f->tok[f->tok[c + 1u].match].off))
        fuzz_fail("P6 site %zu at %zu: not inside the body of its function '%.*s'", i + 1,
                  s->start, (int)s->fn_len, f->src + s->fn_off);
}

static void check_site(const struct mut_file *f, size_t i)
{
    const struct mut_site *s = &f->site[i];
    const char *r = s->repl;
    size_t rn = strlen(r);
    int known = 0;
    if (s->start > f->n || s->len > f->n - s->start)
        fuzz_fail("P3 site %zu: [%zu, +%zu) outside the %zu bytes", i + 1, s->start, s->len, f->n);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        known |= strcmp(kinds[k], s->kind) == 0;
    if (!known)
        fuzz_fail("P3 site %zu: kind '%s'", i + 1, s->kind);
    check_shown("before", i + 1, s->before);
    check_shown("after", i + 1, s->after);
    if (i > 0 && s->start < f->site[i - 1].start && strcmp(s->kind, "cond") != 0 &&
        strcmp(s->kind, "stmt") != 0 && strcmp(f->site[i - 1].kind, "cond") != 0 &&
        strcmp(f->site[i - 1].kind, "ret") != 0)
        fuzz_fail("P3 site %zu (%s) starts at %zu before site %zu (%s) at %zu", i + 1, s->kind,
                  s->start, i, f->site[i - 1].kind, f->site[i - 1].start);
    if (is_op_kind(s->kind) || strcmp(s->kind, "const") == 0) {
        size_t bn = strlen(s->before), an = strlen(s->after), lead = 0;
        if (s->len != bn || memcmp(f->src + s->start, s->before, bn) != 0)
            fuzz_fail("P3 site %zu: replaces other bytes than '%s'", i + 1, s->before);
        if (rn > 0 && r[0] == ' ' && is_op_kind(s->kind))
            lead = 1;
        if (rn < lead + an || memcmp(r + lead, s->after, an) != 0 ||
            rn - lead - an > (is_op_kind(s->kind) ? 1u : 0u) ||
            (rn > lead + an && r[rn - 1] != ' '))
            fuzz_fail("P3 site %zu: replacement '%s' is not '%s'", i + 1, r, s->after);
    } else if (strcmp(s->kind, "stmt") == 0) {
        if (s->len == 0 || f->src[s->start + s->len - 1] != ';' || strcmp(r, ";") != 0)
            fuzz_fail("P3 site %zu: a statement site not 'text;' -> ';'", i + 1);
    } else if (strcmp(s->kind, "cond") == 0) {
        if (rn != s->len + 3u || memcmp(r, "!(", 2) != 0 || r[rn - 1] != ')' ||
            memcmp(r + 2, f->src + s->start, s->len) != 0)
            fuzz_fail("P3 site %zu: a condition site not c -> !(c)", i + 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct mut_file f, g;
    const char *src = (const char *)data;
    if (size > MAX_INPUT)
        return 0;
    if (mut_scan(&f, src, size) != 0) {
        unsigned line = 0, col = 0, lines = 1;
        int used = 0;
        if (f.oom)
            return 0;
        for (size_t i = 0; i < size; i++)
            lines += data[i] == '\n';
        if (sscanf(f.err, "%u:%u: %n", &line, &col, &used) != 2 || used == 0 ||
            f.err[used] == '\0' || line < 1 || line > lines || col < 1)
            fuzz_fail("P1 error '%s' (input of %u lines)", f.err, lines);
        if (f.nsite != 0 || f.site != NULL)
            fuzz_fail("P1 a rejected input kept %zu sites", f.nsite);
        return 0;
    }
    /* P2 */
    if (mut_scan(&g, src, size) != 0)
        fuzz_fail("P2 the second scan failed: %s", g.err);
    if (g.nsite != f.nsite)
        fuzz_fail("P2 %zu sites, then %zu", f.nsite, g.nsite);
    for (size_t i = 0; i < f.nsite; i++)
        if (f.site[i].start != g.site[i].start || f.site[i].len != g.site[i].len ||
            strcmp(f.site[i].repl, g.site[i].repl) != 0 || strcmp(f.site[i].kind, g.site[i].kind) != 0 ||
            f.site[i].fn_off != g.site[i].fn_off || f.site[i].fn_len != g.site[i].fn_len)
            fuzz_fail("P2 site %zu differs between two scans", i + 1);
    mut_free(&g);
    /* P3 */
    for (size_t i = 0; i < f.nsite; i++) {
        check_site(&f, i);
        check_function(&f, i); /* P6 */
    }
    /* P5, and the sites P4 checks */
    {
        size_t *a = NULL, *b = NULL, na = 0, nb = 0, k = f.nsite / 2u + 1u;
        uint64_t seed = size;
        if (mut_sample(f.nsite, k, seed, &a, &na) != 0 || mut_sample(f.nsite, k, seed, &b, &nb) != 0) {
            free(a);
            mut_free(&f);
            return 0;
        }
        if (na != (k < f.nsite ? k : f.nsite) || nb != na)
            fuzz_fail("P5 a sample of %zu from %zu has %zu, then %zu", k, f.nsite, na, nb);
        for (size_t i = 0; i < na; i++) {
            if (a[i] != b[i])
                fuzz_fail("P5 the same draw differs at %zu", i);
            if (a[i] >= f.nsite || (i > 0 && a[i] <= a[i - 1]))
                fuzz_fail("P5 index %zu of %zu sites out of order", a[i], f.nsite);
        }
        /* P4 */
        for (size_t j = 0; j < na && j < MAX_APPLY; j++) {
            const struct mut_site *s = &f.site[a[j]];
            char *out;
            size_t outn, rn = strlen(s->repl);
            unsigned line, col;
            mut_pos(&f, s->start, &line, &col); /* P3, for the sample only: O(n) */
            if (line != s->line || col != s->col)
                fuzz_fail("P3 site %zu: at %u:%u, start is %u:%u", a[j] + 1, s->line, s->col,
                          line, col);
            if (mut_apply(&f, s, &out, &outn) != 0)
                continue;
            if (outn != size - s->len + rn || memcmp(out, src, s->start) != 0 ||
                memcmp(out + s->start, s->repl, rn) != 0 ||
                memcmp(out + s->start + rn, src + s->start + s->len, size - s->start - s->len) != 0)
                fuzz_fail("P4 the mutant of site %zu is not the input with [%zu, +%zu) replaced",
                          a[j] + 1, s->start, s->len);
            if (mut_scan(&g, out, outn) != 0) {
                if (!g.oom)
                    fuzz_fail("P4 the mutant of site %zu (%s '%s' -> '%s') does not scan: %s",
                              a[j] + 1, s->kind, s->before, s->after, g.err);
            } else {
                mut_free(&g);
            }
            free(out);
        }
        free(a);
        free(b);
    }
    mut_free(&f);
    return 0;
}
