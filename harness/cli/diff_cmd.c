/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck diff: what changed between two conformance runs, from their
 * results.json files (harness/report/report.h, rc_write_json), with an exit
 * status a CI job can gate on. What counts as a regression is defined in the
 * help text below and in docs/diff.md; the classification is in
 * vector_class(), rule_class() and, for the overall result, cmd_diff(). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/run.h"
#include "../report/jsonin.h"
#include "../report/report.h"
#include "../report/text.h"
#include "cli.h"

static const char diff_help[] =
    "Usage: riocheck diff [options] OLD.json NEW.json\n"
    "\n"
    "Compare two results.json files written by 'riocheck run' (an earlier run,\n"
    "e.g. the last one on the main branch, and this one) and print, per rule\n"
    "and per vector, the regressions, the fixes and the other changes, the\n"
    "change of the overall result, and what differs in the run context (DUT\n"
    "name, version and profile, declared policies, riocheck version, vector\n"
    "hash, the provenance hashes and commit). Vectors and rules are matched\n"
    "by id.\n"
    "\n"
    "A regression is (docs/diff.md):\n"
    "  - a vector or rule that fails, errors or is inconclusive in NEW and did\n"
    "    not in OLD (it passed, was not applicable, waived, not run, or is new);\n"
    "  - a vector that passed in OLD and is missing from NEW while one of its\n"
    "    rules is still applicable in NEW (not not-applicable or untestable);\n"
    "  - a rule that passed in OLD and is not run in NEW;\n"
    "  - an overall result that got worse, in the order\n"
    "    pass < pass-with-waivers < incomplete < fail.\n"
    "A fix: a vector or rule that failed, errored, was inconclusive or waived in\n"
    "OLD and passes in NEW; an overall result that got better. Everything else\n"
    "that differs is another change: a failure that became another failure, a\n"
    "newly waived failure (listed with its reason, not a regression), a verdict\n"
    "to or from not-applicable or untestable, vectors and rules added or removed\n"
    "otherwise. The run context is shown, never gated on; the run's start time,\n"
    "duration, command line and root folder are left out (they always differ),\n"
    "and so are the provenance's sha256sum recipes (they repeat its file lists).\n"
    "\n"
    "Options:\n"
    "  --json            one JSON object (format riocheck-diff-1) instead of text\n"
    "  --quiet, -q       print the summary line only\n"
    "  --fail-on WHAT    regressions (default): exit 1 on a regression;\n"
    "                    changes: exit 1 on any regression, fix or other change\n"
    "                    of a verdict, vector, rule or the overall result\n"
    "  --rules-only      compare the rules and the overall result only (no\n"
    "                    vector is listed or gated on)\n"
    "\n"
    "The text output starts with one summary line; ids and details come from\n"
    "the files and are printed escaped (no control character reaches the\n"
    "terminal).\n"
    "\n"
    "Exit status: 0 no regression (with --fail-on changes: no change); 1\n"
    "regressions found (or, with --fail-on changes, a change); 2 usage error;\n"
    "3 an input cannot be read or is not a riocheck results file\n"
    "(\"FILE:LINE:COLUMN: what\" for a JSON error or a malformed entry).\n"
    "\n"
    "Example (CI: keep the last run's results.json as the baseline):\n"
    "  riocheck run --dut ./libmydut.so --out out || true\n"
    "  riocheck diff baseline/results.json out/results.json\n";

/* ---- the two files --------------------------------------------------------- */

enum { ABSENT = -1 };

struct item {
    const char *id;
    size_t idlen;
    int verdict;                /* enum rc_verdict (vectors), enum rc_rollup (rules) */
    const struct rc_json *node; /* its object in the file */
};

struct side {
    const char *path;
    struct rc_json_doc doc;
    struct item *vec, *rule;
    size_t nvec, nrule;
    size_t *vsort, *rsort; /* indices sorted by id */
    int overall;           /* index into overall_names */
};

/* In the order of worse results (a larger index is worse). */
static const char *const overall_names[] = {"pass", "pass-with-waivers", "incomplete", "fail"};
#define N_OVERALL (sizeof overall_names / sizeof overall_names[0])

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int bad_at(const struct side *s, const struct rc_json *at, char *err, size_t cap,
                  const char *fmt, ...)
{
    int k = at ? snprintf(err, cap, "%s:%u:%u: ", s->path, at->line, at->col)
               : snprintf(err, cap, "%s: ", s->path);
    if (k >= 0 && (size_t)k < cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, cap - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int str_is(const struct rc_json *v, const char *s)
{
    return v != NULL && v->type == RC_JSON_STRING && v->len == strlen(s) &&
           memcmp(v->str, s, v->len) == 0;
}

static int name_index(const struct rc_json *v, const char *(*name)(int), int count)
{
    for (int i = 0; i < count; i++)
        if (str_is(v, name(i)))
            return i;
    return -1;
}

static const char *verdict_name_i(int v)
{
    return rc_verdict_name((enum rc_verdict)v);
}

static const char *rollup_name_i(int v)
{
    return rc_rollup_name((enum rc_rollup)v);
}

static const char *overall_name_i(int v)
{
    return overall_names[v];
}

static int id_cmp(const struct item *a, const struct item *b)
{
    size_t n = a->idlen < b->idlen ? a->idlen : b->idlen;
    int c = memcmp(a->id, b->id, n);
    if (c != 0)
        return c;
    return a->idlen < b->idlen ? -1 : a->idlen > b->idlen;
}

static const struct item *sort_base;
static int sort_cmp(const void *a, const void *b)
{
    const struct item *x = &sort_base[*(const size_t *)a], *y = &sort_base[*(const size_t *)b];
    int c = id_cmp(x, y);
    return c != 0 ? c : x < y ? -1 : x > y;
}

/* The item of s (sorted by srt) with the id of key, or NULL. */
static const struct item *find(const struct item *all, const size_t *srt, size_t n,
                               const char *id, size_t idlen)
{
    struct item key = {id, idlen, 0, NULL};
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = id_cmp(&all[srt[mid]], &key);
        if (c == 0)
            return &all[srt[mid]];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The entries of array KEY ("vectors" or "rules"): every one an object with a
 * string "id" (unique, not empty) and a known "verdict". */
static int read_items(struct side *s, const char *key, const char *(*name)(int), int count,
                      struct item **out, size_t *nout, size_t **srt, char *err, size_t cap)
{
    const struct rc_json *root = &s->doc.root, *a = rc_json_get(root, key);
    if (a == NULL)
        return bad_at(s, root, err, cap, "not a riocheck results file: no \"%s\" array", key);
    if (a->type != RC_JSON_ARRAY)
        return bad_at(s, a, err, cap, "\"%s\" is a %s, not an array", key,
                      rc_json_type_name(a->type));
    *out = calloc(a->n ? a->n : 1, sizeof **out);
    *srt = calloc(a->n ? a->n : 1, sizeof **srt);
    if (*out == NULL || *srt == NULL)
        return bad_at(s, NULL, err, cap, "out of memory");
    for (size_t i = 0; i < a->n; i++) {
        const struct rc_json *e = &a->kid[i];
        if (e->type != RC_JSON_OBJECT)
            return bad_at(s, e, err, cap, "%s[%zu] is a %s, not an object", key, i,
                          rc_json_type_name(e->type));
        const struct rc_json *id = rc_json_get(e, "id"), *v = rc_json_get(e, "verdict");
        if (id == NULL || id->type != RC_JSON_STRING || id->len == 0)
            return bad_at(s, id ? id : e, err, cap, "%s[%zu]: \"id\" must be a non-empty "
                          "string", key, i);
        if (v == NULL)
            return bad_at(s, e, err, cap, "%s[%zu]: no \"verdict\"", key, i);
        int vi = name_index(v, name, count);
        if (vi < 0) {
            char shown[64] = "";
            if (v->type == RC_JSON_STRING)
                rc_esc_str(shown, sizeof shown, RC_ESC_LINE, v->str, v->len);
            return bad_at(s, v, err, cap, "%s[%zu]: unknown verdict %s%s%s", key, i,
                          v->type == RC_JSON_STRING ? "\"" : "(a ",
                          v->type == RC_JSON_STRING ? shown : rc_json_type_name(v->type),
                          v->type == RC_JSON_STRING ? "\"" : ")");
        }
        (*out)[i].id = id->str;
        (*out)[i].idlen = id->len;
        (*out)[i].verdict = vi;
        (*out)[i].node = e;
        (*srt)[i] = i;
    }
    *nout = a->n;
    sort_base = *out;
    qsort(*srt, a->n, sizeof **srt, sort_cmp);
    for (size_t i = 1; i < a->n; i++) {
        const struct item *x = &(*out)[(*srt)[i - 1]], *y = &(*out)[(*srt)[i]];
        if (id_cmp(x, y) == 0) {
            const struct item *later = x < y ? y : x, *earlier = x < y ? x : y;
            char shown[128];
            rc_esc_str(shown, sizeof shown, RC_ESC_LINE, later->id, later->idlen);
            return bad_at(s, rc_json_get(later->node, "id"), err, cap,
                          "%s: id \"%s\" listed twice (first at line %u)", key, shown,
                          earlier->node->line);
        }
    }
    return 0;
}

static int load_side(struct side *s, const char *path, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    if (rc_json_load(&s->doc, path, NULL, err, cap) != 0)
        return -1;
    const struct rc_json *root = &s->doc.root, *f = rc_json_get(root, "format");
    if (root->type != RC_JSON_OBJECT)
        return bad_at(s, root, err, cap, "not a riocheck results file: the JSON value is "
                      "a %s, not an object", rc_json_type_name(root->type));
    if (f == NULL)
        return bad_at(s, root, err, cap, "not a riocheck results file: no \"format\" "
                      "(riocheck run writes \"format\": \"riocheck-results-1\")");
    if (!str_is(f, "riocheck-results-1")) {
        char shown[64] = "";
        if (f->type == RC_JSON_STRING)
            rc_esc_str(shown, sizeof shown, RC_ESC_LINE, f->str, f->len);
        return bad_at(s, f, err, cap, "format %s%s%s is not one this riocheck reads "
                      "(riocheck-results-1)", f->type == RC_JSON_STRING ? "\"" : "(a ",
                      f->type == RC_JSON_STRING ? shown : rc_json_type_name(f->type),
                      f->type == RC_JSON_STRING ? "\"" : ")");
    }
    const struct rc_json *o = rc_json_get(root, "overall");
    if (o == NULL)
        return bad_at(s, root, err, cap, "no \"overall\" result");
    s->overall = name_index(o, overall_name_i, (int)N_OVERALL);
    if (s->overall < 0)
        return bad_at(s, o, err, cap, "\"overall\" must be one of pass, "
                      "pass-with-waivers, incomplete, fail");
    if (read_items(s, "vectors", verdict_name_i, RC_VERDICT_COUNT, &s->vec, &s->nvec,
                   &s->vsort, err, cap) != 0 ||
        read_items(s, "rules", rollup_name_i, RC_ROLLUP_COUNT, &s->rule, &s->nrule,
                   &s->rsort, err, cap) != 0)
        return -1;
    return 0;
}

static void free_side(struct side *s)
{
    free(s->vec);
    free(s->rule);
    free(s->vsort);
    free(s->rsort);
    rc_json_doc_free(&s->doc);
}

/* ---- classification ------------------------------------------------------------ */

enum dclass { D_SAME, D_REGRESSION, D_FIX, D_CHANGE };
enum dkind { K_OVERALL, K_RULE, K_VECTOR };

struct change {
    enum dclass cls;
    enum dkind kind;
    const struct item *o, *n; /* NULL: absent on that side */
    const char *note;         /* a static explanation, or NULL */
};

static int vec_bad(int v)
{
    return v == RC_V_FAIL || v == RC_V_ERROR || v == RC_V_INCONCLUSIVE;
}

static int rule_bad(int v)
{
    return v == RC_R_FAIL || v == RC_R_ERROR || v == RC_R_INCONCLUSIVE;
}

/* applicable: (removed vectors) one of its rules is applicable in NEW */
static enum dclass vector_class(int o, int n, int applicable, const char **note)
{
    *note = NULL;
    if (o == n)
        return D_SAME;
    if (o == ABSENT) {
        *note = "new vector";
        return vec_bad(n) ? D_REGRESSION : D_CHANGE;
    }
    if (n == ABSENT) {
        if (o == RC_V_PASS && applicable) {
            *note = "removed; a rule it checked is still applicable";
            return D_REGRESSION;
        }
        *note = "removed";
        return D_CHANGE;
    }
    if (vec_bad(n) && !vec_bad(o)) {
        if (o == RC_V_WAIVED)
            *note = "no longer waived";
        else if (o == RC_V_NA)
            *note = "now applicable";
        return D_REGRESSION;
    }
    if (n == RC_V_PASS && (vec_bad(o) || o == RC_V_WAIVED))
        return D_FIX;
    if (n == RC_V_WAIVED)
        *note = "newly waived";
    else if (n == RC_V_NA)
        *note = "no longer applicable to the DUT";
    else if (o == RC_V_NA)
        *note = "now applicable";
    else if (vec_bad(o) && vec_bad(n))
        *note = "still failing";
    return D_CHANGE;
}

static enum dclass rule_class(int o, int n, const char **note)
{
    *note = NULL;
    if (o == n)
        return D_SAME;
    if (o == ABSENT) {
        *note = "new rule in the catalogue";
        return rule_bad(n) ? D_REGRESSION : D_CHANGE;
    }
    if (n == ABSENT) {
        *note = "no longer in the catalogue";
        return D_CHANGE;
    }
    if (rule_bad(n) && !rule_bad(o))
        return D_REGRESSION;
    if (o == RC_R_PASS && n == RC_R_NOT_RUN) {
        *note = "applicable and no longer run";
        return D_REGRESSION;
    }
    if (n == RC_R_PASS && (rule_bad(o) || o == RC_R_WAIVED))
        return D_FIX;
    if (n == RC_R_WAIVED)
        *note = "newly waived";
    else if (rule_bad(o) && rule_bad(n))
        *note = "still failing";
    return D_CHANGE;
}

/* A removed vector's rules: is one of them applicable in NEW? A rule NEW
 * does not list, or lists as not-applicable or untestable, is not. */
static int rules_applicable(const struct item *v, const struct side *nw)
{
    const struct rc_json *rules = rc_json_get(v->node, "rules");
    if (rules == NULL || rules->type != RC_JSON_ARRAY)
        return 1; /* nothing says otherwise */
    for (size_t i = 0; i < rules->n; i++) {
        const struct rc_json *r = &rules->kid[i];
        if (r->type != RC_JSON_STRING)
            continue;
        const struct item *it = find(nw->rule, nw->rsort, nw->nrule, r->str, r->len);
        if (it != NULL && it->verdict != RC_R_NA && it->verdict != RC_R_UNTESTABLE)
            return 1;
    }
    return 0;
}

struct changes {
    struct change *c;
    size_t n, cap;
    size_t count[4]; /* per enum dclass */
};

static int add_change(struct changes *cs, enum dclass cls, enum dkind kind,
                      const struct item *o, const struct item *n, const char *note)
{
    if (cls == D_SAME)
        return 0;
    if (cs->n == cs->cap) {
        size_t nc = cs->cap ? cs->cap * 2 : 64;
        struct change *x = realloc(cs->c, nc * sizeof *x);
        if (x == NULL)
            return -1;
        cs->c = x;
        cs->cap = nc;
    }
    cs->c[cs->n++] = (struct change){cls, kind, o, n, note};
    cs->count[cls]++;
    return 0;
}

/* Items of NEW in its order (matched with OLD by id), then those only in OLD
 * in OLD's order. */
static int compare_items(struct changes *cs, enum dkind kind, const struct side *od,
                         const struct side *nw)
{
    int vec = kind == K_VECTOR;
    const struct item *oi = vec ? od->vec : od->rule, *ni = vec ? nw->vec : nw->rule;
    const size_t *osrt = vec ? od->vsort : od->rsort;
    size_t on = vec ? od->nvec : od->nrule, nn = vec ? nw->nvec : nw->nrule;
    unsigned char *seen = calloc(on ? on : 1, 1);
    if (seen == NULL)
        return -1;
    for (size_t i = 0; i < nn; i++) {
        const struct item *o = find(oi, osrt, on, ni[i].id, ni[i].idlen);
        if (o != NULL)
            seen[o - oi] = 1;
        const char *note;
        int ov = o ? o->verdict : ABSENT;
        enum dclass c = vec ? vector_class(ov, ni[i].verdict, 1, &note)
                            : rule_class(ov, ni[i].verdict, &note);
        if (add_change(cs, c, kind, o, &ni[i], note) != 0) {
            free(seen);
            return -1;
        }
    }
    for (size_t i = 0; i < on; i++) {
        if (seen[i])
            continue;
        const char *note;
        enum dclass c = vec ? vector_class(oi[i].verdict, ABSENT, rules_applicable(&oi[i], nw),
                                           &note)
                            : rule_class(oi[i].verdict, ABSENT, &note);
        if (add_change(cs, c, kind, &oi[i], NULL, note) != 0) {
            free(seen);
            return -1;
        }
    }
    free(seen);
    return 0;
}

/* ---- the run context ------------------------------------------------------------- */

struct ctx_entry {
    char *key; /* "dut.profile.policies.gen_size7" */
    char *val; /* display text */
    const struct rc_json *node;
};

struct ctx_list {
    struct ctx_entry *e;
    size_t n, cap;
};

/* Never shown: they differ between any two runs, or (the recipes) repeat
 * what other keys show. */
static int volatile_key(const char *k, size_t len)
{
    static const char *const v[] = {"started", "seconds", "command_line", "root", "date",
                                    "time", "dut_recipe", "vectors_recipe"};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (len == strlen(v[i]) && memcmp(k, v[i], len) == 0)
            return 1;
    return 0;
}

/* A value as compact display text: strings as they are at the top, JSON
 * inside arrays and objects. Nesting is bounded by the reader's depth limit. */
static void render(FILE *f, const struct rc_json *v, int top)
{
    switch (v->type) {
    case RC_JSON_NULL: fputs("null", f); return;
    case RC_JSON_FALSE: fputs("false", f); return;
    case RC_JSON_TRUE: fputs("true", f); return;
    case RC_JSON_NUMBER: fwrite(v->str, 1, v->len, f); return;
    case RC_JSON_STRING:
        if (top) {
            fwrite(v->str, 1, v->len, f);
        } else {
            fputc('"', f);
            rc_esc_put(f, RC_ESC_JSON, v->str, v->len);
            fputc('"', f);
        }
        return;
    case RC_JSON_ARRAY:
    case RC_JSON_OBJECT:
        fputc(v->type == RC_JSON_ARRAY ? '[' : '{', f);
        for (size_t i = 0; i < v->n; i++) {
            if (i)
                fputs(", ", f);
            if (v->type == RC_JSON_OBJECT) {
                fputc('"', f);
                rc_esc_put(f, RC_ESC_JSON, v->kid[i].key, v->kid[i].keylen);
                fputs("\": ", f);
            }
            render(f, &v->kid[i], 0);
        }
        fputc(v->type == RC_JSON_ARRAY ? ']' : '}', f);
        return;
    }
}

static char *mem_text(const struct rc_json *v)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    render(m, v, 1);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int ctx_add(struct ctx_list *l, const char *prefix, const struct rc_json *k)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 32;
        struct ctx_entry *x = realloc(l->e, nc * sizeof *x);
        if (x == NULL)
            return -1;
        l->e = x;
        l->cap = nc;
    }
    size_t pl = strlen(prefix), need = pl + 1 + 4 * k->keylen + 1;
    char *key = malloc(need);
    char *val = mem_text(k);
    if (key == NULL || val == NULL) {
        free(key), free(val);
        return -1;
    }
    memcpy(key, prefix, pl);
    key[pl] = pl ? '.' : '\0';
    rc_esc_str(key + pl + (pl ? 1 : 0), need - pl - 1, RC_ESC_LINE, k->key, k->keylen);
    l->e[l->n++] = (struct ctx_entry){key, val, k};
    return 0;
}

/* Members of obj under prefix: objects are walked (dut, dut.profile, ...),
 * other values are one entry each. */
static int ctx_walk(struct ctx_list *l, const char *prefix, const struct rc_json *obj,
                    unsigned depth)
{
    for (size_t i = 0; i < obj->n; i++) {
        const struct rc_json *k = &obj->kid[i];
        if (volatile_key(k->key, k->keylen))
            continue;
        if (k->type == RC_JSON_OBJECT && k->n > 0 && depth < 8) {
            size_t pl = strlen(prefix), need = pl + 2 + 4 * k->keylen + 1;
            char *sub = malloc(need);
            if (sub == NULL)
                return -1;
            memcpy(sub, prefix, pl);
            sub[pl] = pl ? '.' : '\0';
            rc_esc_str(sub + pl + (pl ? 1 : 0), need - pl - 1, RC_ESC_LINE, k->key, k->keylen);
            int rc = ctx_walk(l, sub, k, depth + 1);
            free(sub);
            if (rc != 0)
                return -1;
        } else if (ctx_add(l, prefix, k) != 0) {
            return -1;
        }
    }
    return 0;
}

static int ctx_build(struct ctx_list *l, const struct side *s)
{
    static const char *const top[] = {"tool", "suite_version", "vector_hash", "seed",
                                      "sweep_stride", "dut", "provenance"};
    const struct rc_json *root = &s->doc.root;
    for (size_t i = 0; i < root->n; i++) {
        const struct rc_json *k = &root->kid[i];
        int wanted = 0;
        for (size_t t = 0; t < sizeof top / sizeof top[0]; t++)
            wanted |= k->keylen == strlen(top[t]) && memcmp(k->key, top[t], k->keylen) == 0;
        if (!wanted)
            continue;
        int rc = k->type == RC_JSON_OBJECT && k->n > 0
                     ? ctx_walk(l, k->key, k, 1)
                     : ctx_add(l, "", k);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static void ctx_free(struct ctx_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->e[i].key), free(l->e[i].val);
    free(l->e);
    memset(l, 0, sizeof *l);
}

static int ctx_cmp(const void *a, const void *b)
{
    const struct ctx_entry *x = *(const struct ctx_entry *const *)a;
    const struct ctx_entry *y = *(const struct ctx_entry *const *)b;
    int c = strcmp(x->key, y->key);
    return c != 0 ? c : x < y ? -1 : x > y;
}

struct ctx_diff {
    const char *key, *o, *n; /* o / n NULL: absent */
    const struct rc_json *on, *nn;
};

/* Differences in NEW's order, then keys only OLD has. */
static int ctx_compare(struct ctx_diff **out, size_t *nout, const struct ctx_list *ol,
                       const struct ctx_list *nl)
{
    const struct ctx_entry **os = calloc(ol->n ? ol->n : 1, sizeof *os);
    unsigned char *seen = calloc(ol->n ? ol->n : 1, 1);
    struct ctx_diff *d = calloc(ol->n + nl->n + 1, sizeof *d);
    if (os == NULL || seen == NULL || d == NULL) {
        free(os), free(seen), free(d);
        return -1;
    }
    for (size_t i = 0; i < ol->n; i++)
        os[i] = &ol->e[i];
    qsort(os, ol->n, sizeof *os, ctx_cmp);
    size_t nd = 0;
    for (size_t i = 0; i < nl->n; i++) {
        const struct ctx_entry *hit = NULL;
        size_t lo = 0, hi = ol->n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            int c = strcmp(os[mid]->key, nl->e[i].key);
            if (c == 0) {
                /* the first unseen one of equal keys */
                while (mid > 0 && strcmp(os[mid - 1]->key, nl->e[i].key) == 0)
                    mid--;
                while (mid < ol->n && strcmp(os[mid]->key, nl->e[i].key) == 0 &&
                       seen[os[mid] - ol->e])
                    mid++;
                if (mid < ol->n && strcmp(os[mid]->key, nl->e[i].key) == 0)
                    hit = os[mid];
                break;
            }
            if (c < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (hit != NULL)
            seen[hit - ol->e] = 1;
        if (hit == NULL || strcmp(hit->val, nl->e[i].val) != 0)
            d[nd++] = (struct ctx_diff){nl->e[i].key, hit ? hit->val : NULL, nl->e[i].val,
                                        hit ? hit->node : NULL, nl->e[i].node};
    }
    for (size_t i = 0; i < ol->n; i++)
        if (!seen[i])
            d[nd++] = (struct ctx_diff){ol->e[i].key, ol->e[i].val, NULL, ol->e[i].node, NULL};
    free(os), free(seen);
    *out = d;
    *nout = nd;
    return 0;
}

/* ---- output ------------------------------------------------------------------------ */

static const char *const class_title[] = {"Unchanged", "Regressions", "Fixes", "Other changes"};
static const char *const class_json[] = {"same", "regression", "fix", "change"};
static const char *const kind_name[] = {"overall", "rule", "vector"};

static const char *item_verdict(const struct change *c, const struct item *it)
{
    if (it == NULL)
        return NULL;
    return c->kind == K_VECTOR ? rc_verdict_name((enum rc_verdict)it->verdict)
                               : rc_rollup_name((enum rc_rollup)it->verdict);
}

/* A string member of an item (detail, waiver), or NULL when absent or empty. */
static const struct rc_json *item_text(const struct item *it, const char *key)
{
    const struct rc_json *v = it ? rc_json_get(it->node, key) : NULL;
    return v != NULL && v->type == RC_JSON_STRING && v->len > 0 ? v : NULL;
}

static void side_summary(FILE *f, const char *label, const struct side *s, int rules_only)
{
    size_t cnt[RC_VERDICT_COUNT] = {0};
    for (size_t i = 0; i < s->nvec; i++)
        cnt[s->vec[i].verdict]++;
    fprintf(f, "%s: ", label);
    rc_esc_put(f, RC_ESC_LINE, s->path, (size_t)-1);
    fprintf(f, ": overall %s, %zu rules", overall_names[s->overall], s->nrule);
    if (!rules_only) {
        fprintf(f, ", %zu vectors", s->nvec);
        const char *sep = " (";
        for (int v = 0; v < RC_VERDICT_COUNT; v++)
            if (cnt[v]) {
                fprintf(f, "%s%zu %s", sep, cnt[v], rc_verdict_name((enum rc_verdict)v));
                sep = ", ";
            }
        if (strcmp(sep, ", ") == 0)
            fputc(')', f);
    }
    fputc('\n', f);
}

static void summary_line(FILE *f, const struct changes *cs, const struct side *od,
                         const struct side *nw, size_t nctx, int rules_only)
{
    size_t r = cs->count[D_REGRESSION], x = cs->count[D_FIX], o = cs->count[D_CHANGE];
    if (r + x + o == 0) {
        fprintf(f, "riocheck diff: no change: overall %s, %zu rules", overall_names[nw->overall],
                nw->nrule);
        if (!rules_only)
            fprintf(f, ", %zu vectors", nw->nvec);
        fprintf(f, " with the same verdicts");
    } else {
        fprintf(f, "riocheck diff: %s: %zu regression%s, %zu fix%s, %zu other change%s; "
                   "overall %s",
                r ? "REGRESSION" : "no regression", r, r == 1 ? "" : "s", x,
                x == 1 ? "" : "es", o, o == 1 ? "" : "s", overall_names[od->overall]);
        if (od->overall != nw->overall)
            fprintf(f, " -> %s", overall_names[nw->overall]);
    }
    if (nctx)
        fprintf(f, " (%zu context difference%s)", nctx, nctx == 1 ? "" : "s");
    fputc('\n', f);
}

static void text_value(FILE *f, const char *v)
{
    if (v == NULL)
        fputs("(absent)", f);
    else
        rc_esc_put(f, RC_ESC_LINE, v, (size_t)-1);
}

static int string_array(const struct rc_json *v)
{
    if (v == NULL || v->type != RC_JSON_ARRAY)
        return 0;
    for (size_t i = 0; i < v->n; i++)
        if (v->kid[i].type != RC_JSON_STRING)
            return 0;
    return 1;
}

static int in_array(const struct rc_json *a, const struct rc_json *s)
{
    for (size_t i = 0; i < a->n; i++)
        if (a->kid[i].len == s->len && memcmp(a->kid[i].str, s->str, s->len) == 0)
            return 1;
    return 0;
}

/* Two arrays of strings (capabilities, revisions) as what was added and
 * removed, when that says it: "+name -name"; 0 when not written. Quadratic,
 * so only for short arrays. */
static int text_set_change(FILE *f, const struct rc_json *o, const struct rc_json *n)
{
    if (!string_array(o) || !string_array(n) || o->n > 256 || n->n > 256)
        return 0;
    const char *sep = "";
    for (size_t i = 0; i < n->n; i++)
        if (!in_array(o, &n->kid[i])) {
            fprintf(f, "%s+", sep);
            rc_esc_put(f, RC_ESC_LINE, n->kid[i].str, n->kid[i].len);
            sep = " ";
        }
    for (size_t i = 0; i < o->n; i++)
        if (!in_array(n, &o->kid[i])) {
            fprintf(f, "%s-", sep);
            rc_esc_put(f, RC_ESC_LINE, o->kid[i].str, o->kid[i].len);
            sep = " ";
        }
    if (*sep == '\0')
        fputs("(the same, in another order)", f);
    return 1;
}

static void write_text(FILE *f, const struct changes *cs, const struct side *od,
                       const struct side *nw, const struct ctx_diff *cd, size_t nctx,
                       int quiet, int rules_only)
{
    summary_line(f, cs, od, nw, nctx, rules_only);
    if (quiet)
        return;
    side_summary(f, "old", od, rules_only);
    side_summary(f, "new", nw, rules_only);
    for (int cls = D_REGRESSION; cls <= D_CHANGE; cls++) {
        if (cs->count[cls] == 0)
            continue;
        fprintf(f, "\n%s (%zu):\n", class_title[cls], cs->count[cls]);
        for (size_t i = 0; i < cs->n; i++) {
            const struct change *c = &cs->c[i];
            if ((int)c->cls != cls)
                continue;
            if (c->kind == K_OVERALL) {
                fprintf(f, "  overall: %s -> %s\n", overall_names[od->overall],
                        overall_names[nw->overall]);
                continue;
            }
            const struct item *it = c->n ? c->n : c->o;
            fprintf(f, "  %s ", kind_name[c->kind]);
            rc_esc_put(f, RC_ESC_LINE, it->id, it->idlen);
            fputs(": ", f);
            text_value(f, item_verdict(c, c->o));
            fputs(" -> ", f);
            text_value(f, item_verdict(c, c->n));
            if (c->note)
                fprintf(f, " (%s)", c->note);
            fputc('\n', f);
            const struct rc_json *w = item_text(c->n, "waiver");
            if (w != NULL && c->n->verdict == RC_V_WAIVED && c->kind == K_VECTOR) {
                fputs("      waiver: ", f);
                rc_esc_put(f, RC_ESC_LINE, w->str, w->len);
                fputc('\n', f);
            }
            const struct rc_json *d = item_text(c->n, "detail");
            if (d != NULL && c->kind == K_VECTOR && vec_bad(c->n->verdict)) {
                fputs("      ", f);
                rc_esc_put(f, RC_ESC_LINE, d->str, d->len);
                fputc('\n', f);
            }
        }
    }
    if (nctx) {
        fprintf(f, "\nContext (%zu difference%s, never gated on):\n", nctx,
                nctx == 1 ? "" : "s");
        for (size_t i = 0; i < nctx; i++) {
            fputs("  ", f);
            rc_esc_put(f, RC_ESC_LINE, cd[i].key, (size_t)-1);
            fputs(": ", f);
            if (!text_set_change(f, cd[i].on, cd[i].nn)) {
                text_value(f, cd[i].o);
                fputs(" -> ", f);
                text_value(f, cd[i].n);
            }
            fputc('\n', f);
        }
    }
}

static void json_side(FILE *f, const char *label, const struct side *s)
{
    fprintf(f, "  \"%s\": {\"file\": ", label);
    rc_esc_json_str(f, s->path, (size_t)-1);
    fprintf(f, ", \"overall\": \"%s\", \"rules\": %zu, \"vectors\": %zu},\n",
            overall_names[s->overall], s->nrule, s->nvec);
}

static void write_json(FILE *f, const struct changes *cs, const struct side *od,
                       const struct side *nw, const struct ctx_diff *cd, size_t nctx,
                       const char *fail_on, int rules_only, int status)
{
    fputs("{\n  \"format\": \"riocheck-diff-1\",\n", f);
    json_side(f, "old", od);
    json_side(f, "new", nw);
    fprintf(f, "  \"fail_on\": \"%s\",\n  \"rules_only\": %s,\n  \"exit_status\": %d,\n",
            fail_on, rules_only ? "true" : "false", status);
    fprintf(f, "  \"overall\": {\"old\": \"%s\", \"new\": \"%s\", \"change\": \"%s\"},\n",
            overall_names[od->overall], overall_names[nw->overall],
            class_json[od->overall == nw->overall ? D_SAME
                       : nw->overall > od->overall ? D_REGRESSION : D_FIX]);
    fprintf(f, "  \"counts\": {\"regressions\": %zu, \"fixes\": %zu, \"changes\": %zu, "
               "\"context\": %zu},\n",
            cs->count[D_REGRESSION], cs->count[D_FIX], cs->count[D_CHANGE], nctx);
    static const char *const key[] = {NULL, "regressions", "fixes", "changes"};
    for (int cls = D_REGRESSION; cls <= D_CHANGE; cls++) {
        fprintf(f, "  \"%s\": [", key[cls]);
        int first = 1;
        for (size_t i = 0; i < cs->n; i++) {
            const struct change *c = &cs->c[i];
            if ((int)c->cls != cls)
                continue;
            fputs(first ? "\n" : ",\n", f);
            first = 0;
            fprintf(f, "    {\"kind\": \"%s\", \"id\": ", kind_name[c->kind]);
            if (c->kind == K_OVERALL) {
                fprintf(f, "null, \"old\": \"%s\", \"new\": \"%s\", \"note\": null, "
                           "\"detail\": null, \"waiver\": null}",
                        overall_names[od->overall], overall_names[nw->overall]);
                continue;
            }
            const struct item *it = c->n ? c->n : c->o;
            rc_esc_json_str(f, it->id, it->idlen);
            fputs(", \"old\": ", f);
            rc_esc_json_str(f, item_verdict(c, c->o), (size_t)-1);
            fputs(", \"new\": ", f);
            rc_esc_json_str(f, item_verdict(c, c->n), (size_t)-1);
            fputs(", \"note\": ", f);
            rc_esc_json_str(f, c->note, (size_t)-1);
            const struct rc_json *d = c->kind == K_VECTOR ? item_text(c->n, "detail") : NULL;
            const struct rc_json *w = c->kind == K_VECTOR ? item_text(c->n, "waiver") : NULL;
            fputs(", \"detail\": ", f);
            rc_esc_json_str(f, d ? d->str : NULL, d ? d->len : 0);
            fputs(", \"waiver\": ", f);
            rc_esc_json_str(f, w ? w->str : NULL, w ? w->len : 0);
            fputc('}', f);
        }
        fputs(first ? "],\n" : "\n  ],\n", f);
    }
    fputs("  \"context\": [", f);
    for (size_t i = 0; i < nctx; i++) {
        fputs(i ? ",\n    {\"key\": " : "\n    {\"key\": ", f);
        rc_esc_json_str(f, cd[i].key, (size_t)-1);
        fputs(", \"old\": ", f);
        rc_esc_json_str(f, cd[i].o, (size_t)-1);
        fputs(", \"new\": ", f);
        rc_esc_json_str(f, cd[i].n, (size_t)-1);
        fputc('}', f);
    }
    fputs(nctx ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* ---- the command -------------------------------------------------------------------- */

static int usage_error(const char *msg, const char *arg)
{
    fputs("riocheck diff: ", stderr);
    fputs(msg, stderr);
    if (arg != NULL) {
        fputs(" '", stderr);
        rc_esc_put(stderr, RC_ESC_LINE, arg, (size_t)-1);
        fputc('\'', stderr);
    }
    fputs(" (see riocheck diff --help)\n", stderr);
    return CLI_USAGE;
}

int cmd_diff(int argc, char **argv)
{
    int json = 0, quiet = 0, rules_only = 0, any_change = 0;
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    enum { O_JSON = 256, O_RULES_ONLY, O_FAIL_ON };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"json", no_argument, NULL, O_JSON},
        {"quiet", no_argument, NULL, 'q'},
        {"rules-only", no_argument, NULL, O_RULES_ONLY},
        {"fail-on", required_argument, NULL, O_FAIL_ON},
        {NULL, 0, NULL, 0},
    };
    int c;
    optind = 0; /* glibc: a full re-initialisation */
    while ((c = cli_getopt(argc, argv, "-:hq", longopts, "diff")) != -1) {
        switch (c) {
        case 'h':
            fputs(diff_help, stdout);
            return CLI_OK;
        case O_JSON:
            json = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case O_RULES_ONLY:
            rules_only = 1;
            break;
        case O_FAIL_ON:
            if (strcmp(optarg, "regressions") == 0)
                any_change = 0;
            else if (strcmp(optarg, "changes") == 0)
                any_change = 1;
            else
                return usage_error("--fail-on takes regressions or changes, not", optarg);
            break;
        case 1: /* a word: one of the two files */
            if (nfiles == 2)
                return usage_error("more than two files:", optarg);
            files[nfiles++] = optarg;
            break;
        default: /* cli_getopt said what */
            return CLI_USAGE;
        }
    }
    for (; optind < argc; optind++) { /* the words after a lone -- */
        if (nfiles == 2)
            return usage_error("more than two files:", argv[optind]);
        files[nfiles++] = argv[optind];
    }
    if (nfiles != 2)
        return usage_error("two results files are needed: OLD.json NEW.json", NULL);
    if (json && quiet)
        return usage_error("--json and --quiet do not go together", NULL);

    struct side od, nw;
    char err[1024];
    memset(&nw, 0, sizeof nw);
    int rc = load_side(&od, files[0], err, sizeof err);
    if (rc == 0)
        rc = load_side(&nw, files[1], err, sizeof err);
    if (rc != 0) {
        fputs("riocheck diff: ", stderr);
        rc_esc_put(stderr, RC_ESC_LINE, err, sizeof err);
        fputc('\n', stderr);
        free_side(&od);
        free_side(&nw);
        return CLI_IOERR;
    }

    struct changes cs;
    struct ctx_list ol, nl;
    struct ctx_diff *cd = NULL;
    size_t nctx = 0;
    memset(&cs, 0, sizeof cs);
    memset(&ol, 0, sizeof ol);
    memset(&nl, 0, sizeof nl);
    int oom = 0;
    if (od.overall != nw.overall)
        oom |= add_change(&cs, nw.overall > od.overall ? D_REGRESSION : D_FIX, K_OVERALL,
                          NULL, NULL, NULL);
    oom |= compare_items(&cs, K_RULE, &od, &nw);
    if (!rules_only)
        oom |= compare_items(&cs, K_VECTOR, &od, &nw);
    oom |= ctx_build(&ol, &od);
    oom |= ctx_build(&nl, &nw);
    if (!oom)
        oom |= ctx_compare(&cd, &nctx, &ol, &nl);
    int status = CLI_OK;
    if (oom) {
        fputs("riocheck diff: out of memory\n", stderr);
        status = CLI_IOERR;
    } else {
        size_t gated = cs.count[D_REGRESSION];
        if (any_change)
            gated += cs.count[D_FIX] + cs.count[D_CHANGE];
        status = gated ? CLI_INVALID : CLI_OK;
        if (json)
            write_json(stdout, &cs, &od, &nw, cd, nctx, any_change ? "changes" : "regressions",
                       rules_only, status);
        else
            write_text(stdout, &cs, &od, &nw, cd, nctx, quiet, rules_only);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fputs("riocheck diff: writing the output failed\n", stderr);
            status = CLI_IOERR;
        }
    }
    free(cd);
    ctx_free(&ol);
    ctx_free(&nl);
    free(cs.c);
    free_side(&od);
    free_side(&nw);
    return status;
}
