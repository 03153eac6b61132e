/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck export: the selected vectors with a DUT profile applied - every
 * ${VAR} resolved for that profile and every symbol a number - as JSON
 * (docs/export.schema.json), CSV, or $readmemh word files of the codec
 * steps, for testbenches that cannot read the vector language
 * (docs/export.md). Nothing is run: the vectors are only read. */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/isolate.h"
#include "../core/registry.h"
#include "../core/suite.h"
#include "../core/vec.h"
#include "../refdut/refdut.h"
#include "../report/outdir.h"
#include "../report/text.h"
#include "cli.h"
#include "rio/version.h"

static const char export_help[] =
    "Usage: riocheck export [selection] [profile] [--format json|csv|readmemh]\n"
    "                       [--out DIR|-]\n"
    "\n"
    "Write the selected vectors with a DUT profile applied: every ${VAR} of the\n"
    "profile and every symbolic value resolved to a number, step by step (the\n"
    "machine configuration, events and their arguments, expected outputs with\n"
    "VALUE/MASK as value and mask, allowed outputs, result codes, queries and\n"
    "their answers, order, alternatives), with the rules each step checks, the\n"
    "policies and capabilities the vector needs, and FILE:LINE. Vectors that do\n"
    "not apply to the profile are listed as not-applicable with the reason.\n"
    "Nothing is run. docs/export.md describes every format.\n"
    "\n"
    "Selection (as riocheck run; repeatable, a vector must match every kind\n"
    "given and any one value of each; default: every suite):\n"
    "  --suite NAME, --rule ID (glob), --vector GLOB, --area AREA,\n"
    "  --rev p12r2|p12r3|p9r2|p9r3, --vectors FILE (instead of the suites'\n"
    "  files), --data DIR (the data folder holding suites/ and vectors/; --root\n"
    "  DIR is the same; default: as riocheck run finds it - RIOCHECK_DATA, the\n"
    "  current folder when it holds suites/, the installed data)\n"
    "Profile (default: the built-in reference's):\n"
    "  --config FILE     a profile file: the lines of the DUT protocol's\n"
    "                    handshake (revisions, caps, profile KEY=N, policy\n"
    "                    KEY=VALUE, machines; docs/export.md), # comments\n"
    "  --dut LIB.so      the profile a vendor library declares (loaded in a\n"
    "                    worker process, as riocheck run does)\n"
    "  --revisions LIST, --caps LIST, --profile KEY=N,..., --policy KEY=VALUE,...,\n"
    "  --machines LIST   replace that line of the profile (LIST: names\n"
    "                    separated by commas or spaces)\n"
    "Output:\n"
    "  --format F        json (default; docs/export.schema.json), csv (RFC 4180,\n"
    "                    one row per step, a header line) or readmemh (a\n"
    "                    stimulus and a response file per codec event, and\n"
    "                    manifest.txt; needs --out DIR)\n"
    "  --out DIR|-       the folder to write export.json, export.csv or the\n"
    "                    .hex files into (created if missing), or - for\n"
    "                    standard output (default: -)\n"
    "Options take their value as --opt VALUE or --opt=VALUE.\n"
    "\n"
    "Exit status: 0 written; 2 usage error (a bad option or value, a selection\n"
    "that matches no vector); 3 a file that cannot be read or written, or a\n"
    "malformed vector, suite, catalogue or profile file (named as FILE:LINE).\n";

#define MAX_SEL 64
#define ALL_MACHINES ((1u << RC_MACHINE_COUNT) - 1u)

/* ---- the profile ----------------------------------------------------------- */

static const char *const param_names[] = {"ports", "vcs", "counter_width",
                                          "orphan_timeout", "flow_list", "arb_pool"};

static uint32_t *param_field(struct rc_profile *p, unsigned i)
{
    uint32_t *f[] = {&p->ports, &p->vcs, &p->counter_width, &p->orphan_timeout,
                     &p->flow_list, &p->arb_pool};
    return f[i];
}

static const char *const rev_names[] = {"p12r2", "p12r3", "p9r2", "p9r3"};

/* One line of a profile (words[0] the keyword): 0, or -1 with the reason in
 * why. *seen collects the keywords given (bit per keyword), for "given
 * twice". */
enum { KW_REVISIONS, KW_CAPS, KW_PROFILE, KW_POLICY, KW_MACHINES, KW_NAME, KW_VERSION,
       KW_HELLO, KW_FASTPATH, KW_READY, KW_COUNT };
static const char *const kw_names[KW_COUNT] = {"revisions", "caps", "profile", "policy",
                                                "machines", "name", "version", "hello",
                                                "fastpath", "ready"};

static int profile_line(struct rc_profile *p, uint32_t *machines, char **w, unsigned nw,
                        uint32_t *seen, char *why, size_t cap)
{
    int kw = -1;
    for (int k = 0; k < KW_COUNT; k++)
        if (strcmp(w[0], kw_names[k]) == 0)
            kw = k;
    if (kw < 0) {
        snprintf(why, cap, "unknown keyword '%.40s' (revisions, caps, profile, policy, "
                           "machines)", w[0]);
        return -1;
    }
    if (*seen & (1u << kw)) {
        snprintf(why, cap, "'%s' given twice", kw_names[kw]);
        return -1;
    }
    *seen |= 1u << kw;
    switch (kw) {
    case KW_REVISIONS:
        p->p12_revs = p->p9_revs = 0;
        for (unsigned i = 1; i < nw; i++) {
            unsigned k = 0;
            while (k < 4 && strcmp(w[i], rev_names[k]) != 0)
                k++;
            if (k == 4) {
                snprintf(why, cap, "unknown revision '%.40s' (p12r2 p12r3 p9r2 p9r3)", w[i]);
                return -1;
            }
            if (k < 2)
                p->p12_revs |= 1u << (k + 2);
            else
                p->p9_revs |= 1u << (k & 1u ? 3 : 2);
        }
        return 0;
    case KW_CAPS:
        p->caps = 0;
        for (unsigned i = 1; i < nw; i++) {
            uint32_t b = rc_cap_by_name(w[i]);
            if (b == 0) {
                snprintf(why, cap, "unknown capability '%.40s'", w[i]);
                return -1;
            }
            p->caps |= b;
        }
        return 0;
    case KW_PROFILE:
        for (unsigned k = 0; k < 6; k++)
            *param_field(p, k) = 0;
        for (unsigned i = 1; i < nw; i++) {
            char *eq = strchr(w[i], '=');
            unsigned k = 0;
            if (eq != NULL) {
                *eq = '\0';
                while (k < 6 && strcmp(w[i], param_names[k]) != 0)
                    k++;
            }
            if (eq == NULL || k == 6) {
                snprintf(why, cap, "'%.40s': not KEY=N with KEY one of ports vcs "
                                   "counter_width orphan_timeout flow_list arb_pool", w[i]);
                return -1;
            }
            uint64_t v;
            char r[160];
            if (cli_parse_uint(eq + 1, UINT32_MAX, &v, r, sizeof r) != 0) {
                snprintf(why, cap, "%s=%.40s: %s", w[i], eq + 1, r);
                return -1;
            }
            *param_field(p, k) = (uint32_t)v;
        }
        return 0;
    case KW_POLICY:
        memset(p->policy, 0, sizeof p->policy);
        for (unsigned i = 1; i < nw; i++) {
            char *eq = strchr(w[i], '=');
            int k = -1, v = -1;
            if (eq != NULL) {
                *eq = '\0';
                k = rc_policy_by_name(w[i]);
                if (k >= 0)
                    v = rc_policy_value((unsigned)k, eq + 1);
            }
            if (eq == NULL || k < 0) {
                snprintf(why, cap, "'%.40s': not KEY=VALUE with a policy key of dut.h", w[i]);
                return -1;
            }
            if (v <= 0) {
                snprintf(why, cap, "%s=%.40s: not a value of that policy", w[i], eq + 1);
                return -1;
            }
            p->policy[k] = (uint8_t)v;
        }
        return 0;
    case KW_MACHINES:
        *machines = 0;
        for (unsigned i = 1; i < nw; i++) {
            const struct rc_machine_desc *m = rc_machine_by_name(w[i]);
            if (m == NULL) {
                snprintf(why, cap, "unknown machine '%.40s'", w[i]);
                return -1;
            }
            *machines |= 1u << m->id;
        }
        return 0;
    default: /* name, version, hello, fastpath, ready: a handshake's, ignored */
        return 0;
    }
}

int cli_export_profile_parse(struct rc_profile *p, uint32_t *machines, const char *name,
                             const char *text, size_t len, char *err, size_t cap)
{
    uint32_t seen = 0;
    unsigned line = 0;
    size_t pos = 0;
    memset(p, 0, sizeof *p);
    *machines = ALL_MACHINES;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3; /* a byte order mark at the start */
    while (pos < len) {
        char buf[VEC_LINE_MAX];
        size_t n = 0;
        line++;
        while (pos < len && text[pos] != '\n') {
            char c = text[pos++];
            if (c == '\0') {
                snprintf(err, cap, "%s:%u: a NUL byte", name, line);
                return -1;
            }
            if (n + 1 >= sizeof buf) {
                snprintf(err, cap, "%s:%u: a line longer than %u characters", name, line,
                         VEC_LINE_MAX - 1u);
                return -1;
            }
            buf[n++] = c;
        }
        pos++; /* the newline */
        buf[n] = '\0';
        char *hash = strchr(buf, '#');
        if (hash != NULL)
            *hash = '\0';
        char *w[264];
        unsigned nw = 0;
        for (char *s = strtok(buf, " \t\r"); s != NULL; s = strtok(NULL, " \t\r")) {
            if (nw == 264) {
                snprintf(err, cap, "%s:%u: more than 264 words", name, line);
                return -1;
            }
            w[nw++] = s;
        }
        if (nw == 0)
            continue;
        char why[400];
        if (profile_line(p, machines, w, nw, &seen, why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%u: %s", name, line, why);
            return -1;
        }
    }
    return 0;
}

/* The profile as the lines of a profile file (what --config reads back). */
size_t cli_export_profile_text(char *dst, size_t cap, const struct rc_profile *p,
                               uint32_t machines)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return 0;
    fputs("revisions", f);
    for (unsigned k = 0; k < 4; k++)
        if ((k < 2 ? p->p12_revs : p->p9_revs) & (1u << ((k & 1u) + 2)))
            fprintf(f, " %s", rev_names[k]);
    fputs("\ncaps", f);
    for (unsigned b = 0; b < 32; b++)
        if ((p->caps & (1u << b)) && rc_cap_name(1u << b) != NULL)
            fprintf(f, " %s", rc_cap_name(1u << b));
    fputs("\nprofile", f);
    for (unsigned k = 0; k < 6; k++)
        fprintf(f, " %s=%u", param_names[k], *param_field((struct rc_profile *)(uintptr_t)p, k));
    fputs("\npolicy", f);
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        const char *v = key && p->policy[k] ? rc_policy_value_name(k, p->policy[k]) : NULL;
        if (v != NULL)
            fprintf(f, " %s=%s", key, v);
    }
    fputs("\nmachines", f);
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (machines & (1u << m))
            fprintf(f, " %s", rc_machine_by_id(m)->name);
    fputc('\n', f);
    if (fclose(f) != 0) {
        free(buf);
        return 0;
    }
    size_t n = len < cap ? len : (cap ? cap - 1 : 0);
    if (cap) {
        memcpy(dst, buf, n);
        dst[n] = '\0';
    }
    free(buf);
    return len;
}

/* ---- selection (riocheck run's) --------------------------------------------- */

struct selection {
    const char *suite[MAX_SEL], *rule[MAX_SEL], *vector[MAX_SEL], *area[MAX_SEL];
    uint32_t revs;
    int nsuite, nrule, nvector, narea;
};

static int any_match(const char *const *pats, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (fnmatch(pats[i], s, 0) == 0)
            return 1;
    return 0;
}

static int selected(const struct selection *s, const struct rc_catalogue *c,
                    const char *root, const struct vec_record *r)
{
    if (s->nsuite) {
        size_t rl = strlen(root);
        const char *rel = strncmp(r->file, root, rl) == 0 && r->file[rl] == '/'
                              ? r->file + rl + 1 : r->file;
        int ok = 0;
        for (int i = 0; i < s->nsuite && !ok; i++) {
            const struct rc_suite *su = rc_suite_find(c, s->suite[i]);
            for (size_t k = 0; su && k < su->npatterns && !ok; k++)
                ok = fnmatch(su->patterns[k], rel, FNM_PATHNAME) == 0;
        }
        if (!ok)
            return 0;
    }
    if (s->nrule) {
        int ok = 0;
        for (unsigned k = 0; k < r->nrules && !ok; k++)
            ok = any_match(s->rule, s->nrule, r->rules[k]);
        if (!ok)
            return 0;
    }
    if (s->nvector && !any_match(s->vector, s->nvector, r->id))
        return 0;
    if (s->narea) {
        int ok = 0;
        for (int i = 0; i < s->narea && !ok; i++)
            for (unsigned k = 0; k < r->nrules && !ok; k++) {
                const struct rc_rule *ru = rc_rule_find(c, r->rules[k]);
                ok = ru && strcmp(ru->area, s->area[i]) == 0;
            }
        if (!ok)
            return 0;
    }
    return s->revs == 0 || (s->revs & r->revs) != 0;
}

/* ---- applicability (harness/core/run.c's, without running anything) ------- */

static int value_ok(const struct vec_val *v, const struct rc_profile *p)
{
    uint64_t x;
    return v->var >= VEC_BIND || v->var == VEC_VAR_NONE || vec_resolve(v, p, &x) == 0;
}

/* 1 when r applies to the profile; else 0 and the reason: riocheck run's
 * check (rc_vector_applicable), then what export needs beyond it. */
static int applicable(const struct vec_record *r, const struct rc_profile *p,
                      uint32_t machines, char *why, size_t cap)
{
    if (!rc_vector_applicable(p, machines, r, why, cap))
        return 0;
    /* a sweep is exported as the codec's */
    uint32_t m = r->sweep ? (uint32_t)RC_M_CODEC : r->machine->id;
    if (!(machines & (1u << m))) {
        snprintf(why, cap, "the DUT provides no %s machine", rc_machine_by_id(m)->name);
        return 0;
    }
    /* a variable used without a `params` line: run finds it at that step */
    for (unsigned i = 0; i < r->ncfg; i++)
        if (!value_ok(&r->cfg[i].v, p)) {
            snprintf(why, cap, "a variable is missing from the profile (line %u)", r->line);
            return 0;
        }
    for (unsigned i = 0; i < r->nsteps; i++) {
        const struct vec_step *s = &r->steps[i];
        int ok = value_ok(&s->repeat, p) && value_ok(&s->value, p) &&
                 (!s->wait || (value_ok(&s->upto, p) && value_ok(&s->from, p)));
        for (unsigned a = 0; a < s->nargs && ok; a++)
            ok = value_ok(&s->args[a].v, p);
        if (!ok) {
            snprintf(why, cap, "a variable is missing from the profile (line %u)", s->line);
            return 0;
        }
    }
    return 1;
}

/* A vector file's name relative to the root when it is under it (the
 * suites' files: "vectors/p12/cs64.vec"), else as given (--vectors). */
static const char *rel_file(const char *root, const char *file)
{
    size_t rl = strlen(root);
    if (strncmp(file, root, rl) == 0 && file[rl] == '/')
        return file + rl + 1;
    return file;
}

static const char *machine_of(const struct vec_record *r)
{
    return r->sweep ? "codec" : r->machine->name;
}

static const char *kind_word(enum vec_step_type t)
{
    switch (t) {
    case VEC_DO:
        return "do";
    case VEC_EXPECT:
        return "expect";
    case VEC_EXPECT_NONE:
        return "expect_none";
    case VEC_EXPECT_ANY:
        return "expect_any";
    case VEC_RESULT:
        return "result";
    case VEC_QUERY:
        return "query";
    case VEC_ORDER:
        return "order";
    case VEC_ALLOW:
        return "allow";
    case VEC_BRANCH:
        return "branch";
    case VEC_CREATE_REFUSED:
        return "create_refused";
    }
    return "?";
}

/* A value resolved for the profile (value_ok() was true). */
static uint64_t resolved(const struct vec_val *v, const struct rc_profile *p)
{
    uint64_t x = v->n;
    if (v->var < VEC_BIND)
        (void)vec_resolve(v, p, &x);
    return x;
}

/* ---- JSON ------------------------------------------------------------------- */

/* Two-space indentation, one member per line, except inside an inline
 * array or object (jw_inline): there, everything stays on one line. */
struct jw {
    FILE *f;
    int depth;
    int inline_at; /* depth of the outermost inline value, 0: none */
    int first[32];
};

static void jw_sep(struct jw *w, const char *key)
{
    if (w->inline_at && w->depth >= w->inline_at) {
        if (!w->first[w->depth])
            fputs(", ", w->f);
        w->first[w->depth] = 0;
    } else if (w->depth > 0) {
        fputs(w->first[w->depth] ? "\n" : ",\n", w->f);
        w->first[w->depth] = 0;
        for (int i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    if (key != NULL) {
        fputc('"', w->f);
        rc_esc_put(w->f, RC_ESC_JSON, key, (size_t)-1);
        fputs("\": ", w->f);
    }
}
static void jw_open(struct jw *w, const char *key, char c)
{
    jw_sep(w, key);
    fputc(c, w->f);
    w->first[++w->depth] = 1;
}
/* An array or object written on one line. */
static void jw_inline(struct jw *w, const char *key, char c)
{
    jw_sep(w, key);
    fputc(c, w->f);
    w->first[++w->depth] = 1;
    if (!w->inline_at)
        w->inline_at = w->depth;
}
static void jw_close(struct jw *w, char c)
{
    int empty = w->first[w->depth];
    if (w->inline_at && w->depth >= w->inline_at) {
        if (w->depth == w->inline_at)
            w->inline_at = 0;
        w->depth--;
        fputc(c, w->f);
        return;
    }
    w->depth--;
    if (!empty) {
        fputc('\n', w->f);
        for (int i = 0; i < w->depth; i++)
            fputs("  ", w->f);
    }
    fputc(c, w->f);
}
static void jw_str(struct jw *w, const char *key, const char *s)
{
    jw_sep(w, key);
    if (s == NULL) {
        fputs("null", w->f);
        return;
    }
    fputc('"', w->f);
    rc_esc_put(w->f, RC_ESC_JSON, s, (size_t)-1);
    fputc('"', w->f);
}
static void jw_u64(struct jw *w, const char *key, uint64_t v)
{
    jw_sep(w, key);
    fprintf(w->f, "%llu", (unsigned long long)v);
}
static void jw_i64(struct jw *w, const char *key, int64_t v)
{
    jw_sep(w, key);
    fprintf(w->f, "%lld", (long long)v);
}
static void jw_bool(struct jw *w, const char *key, int v)
{
    jw_sep(w, key);
    fputs(v ? "true" : "false", w->f);
}

/* The rules of a mask of the record's rules. */
static void jw_rules(struct jw *w, const char *key, const struct vec_record *r, uint32_t mask)
{
    jw_inline(w, key, '[');
    for (unsigned k = 0; k < r->nrules; k++)
        if (mask & (1u << k))
            jw_str(w, NULL, r->rules[k]);
    jw_close(w, ']');
}

/* A value: {"value": N [, "mask": M] [, "symbol": S]}, {"bind": NAME} for
 * ?name, or {"ref": NAME, "op": "add"|"xor", "operand": N} for $name. */
static void jw_val_members(struct jw *w, const struct vec_record *r, const struct vec_val *v,
                           const struct rc_profile *p, const char *machine,
                           const char *kind, const char *arg)
{
    if (v->var >= VEC_BIND) {
        const char *name = r->bind_names[v->var - VEC_BIND];
        if (v->capture) {
            jw_str(w, "bind", name);
            return;
        }
        jw_str(w, "ref", name);
        jw_str(w, "op", v->op == VEC_OP_XOR ? "xor" : "add");
        if (v->op == VEC_OP_XOR)
            jw_u64(w, "operand", v->n);
        else
            jw_i64(w, "operand", (int64_t)v->n);
        return;
    }
    uint64_t x = resolved(v, p);
    jw_u64(w, "value", x);
    if (v->masked)
        jw_u64(w, "mask", v->care);
    const char *sym = arg != NULL && !v->masked ? rc_symbol_name(machine, kind, arg, x) : NULL;
    if (sym != NULL)
        jw_str(w, "symbol", sym);
    if (v->var != VEC_VAR_NONE)
        jw_str(w, "from", vec_var_name(v->var));
}

static void jw_args(struct jw *w, const struct vec_record *r, const struct vec_step *s,
                    const struct rc_profile *p)
{
    jw_inline(w, "args", '[');
    for (unsigned a = 0; a < s->nargs; a++) {
        const char *arg = s->kind->args[s->args[a].index];
        jw_open(w, NULL, '{');
        jw_str(w, "name", arg);
        jw_u64(w, "index", s->args[a].index);
        jw_val_members(w, r, &s->args[a].v, p, machine_of(r), s->kind->name, arg);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

static void jw_do(struct jw *w, const struct vec_record *r, const unsigned *idx, unsigned n,
                  unsigned d, const struct rc_profile *p)
{
    const struct vec_step *s = &r->steps[idx[d]];
    jw_open(w, NULL, '{');
    jw_str(w, "op", s->wait ? "wait" : "do");
    jw_u64(w, "line", s->line);
    jw_str(w, "event", s->kind->name);
    jw_u64(w, "event_number", s->kind->kind);
    jw_args(w, r, s, p);
    if (s->wait) {
        jw_u64(w, "upto", resolved(&s->upto, p));
        jw_u64(w, "from", resolved(&s->from, p));
    } else {
        jw_u64(w, "repeat", resolved(&s->repeat, p));
    }
    jw_rules(w, "checks", r, s->rules);
    jw_bool(w, "setup", s->setup);
    /* what must be observed: the lines up to the next do of this alternative */
    const struct vec_step *result = NULL;
    int any = 0;
    for (unsigned j = d + 1; j < n && r->steps[idx[j]].type != VEC_DO; j++) {
        const struct vec_step *e = &r->steps[idx[j]];
        if (e->type == VEC_RESULT)
            result = e;
        any |= e->type == VEC_EXPECT_ANY;
    }
    jw_inline(w, "result", '{');
    char rtext[VEC_RESULT_TEXT_MAX] = "ok";
    int code = RC_OK;
    if (result)
        vec_result_text(result, rtext);
    jw_str(w, "name", rtext);
    if (result == NULL || vec_result_single(result, &code))
        jw_i64(w, "code", code); /* several codes (range|noent, error): no code */
    if (result)
        jw_u64(w, "line", result->line);
    jw_close(w, '}');
    jw_str(w, "outputs", any ? "any" : "exact");
    for (int pass = 0; pass < 2; pass++) {
        jw_open(w, pass ? "allow" : "expect", '[');
        for (unsigned j = d + 1; j < n && r->steps[idx[j]].type != VEC_DO; j++) {
            const struct vec_step *e = &r->steps[idx[j]];
            if (e->type != (pass ? VEC_ALLOW : VEC_EXPECT))
                continue;
            jw_open(w, NULL, '{');
            jw_u64(w, "line", e->line);
            jw_str(w, "output", e->kind->name);
            jw_u64(w, "output_number", e->kind->kind);
            jw_bool(w, "note", (e->kind->flags & RC_NOTE) != 0);
            jw_args(w, r, e, p);
            if (pass)
                jw_u64(w, "max", e->value.n);
            jw_close(w, '}');
        }
        jw_close(w, ']');
    }
    jw_inline(w, "order", '{');
    int ordered = 0;
    for (unsigned j = d + 1; j < n && r->steps[idx[j]].type != VEC_DO; j++) {
        const struct vec_step *e = &r->steps[idx[j]];
        if (e->type != VEC_ORDER)
            continue;
        ordered = 1;
        jw_str(w, "mode", e->order_any ? "any" : "by");
        jw_open(w, "by", '[');
        /* the arguments of the step's first expected output kind */
        const struct rc_kind_desc *k = NULL;
        for (unsigned x = d + 1; x < n && r->steps[idx[x]].type != VEC_DO && !k; x++)
            if (r->steps[idx[x]].type == VEC_EXPECT)
                k = r->steps[idx[x]].kind;
        for (unsigned b = 0; b < RC_MAX_ARGS && k; b++)
            if (e->order_keys & (1u << b))
                jw_str(w, NULL, k->args[b]);
        jw_close(w, ']');
        jw_u64(w, "line", e->line);
    }
    if (!ordered)
        jw_str(w, "mode", "listed");
    jw_close(w, '}');
    jw_close(w, '}');
}

static void jw_steps(struct jw *w, const struct vec_record *r, const unsigned *idx, unsigned n,
                     const struct rc_profile *p)
{
    jw_open(w, NULL, '[');
    for (unsigned i = 0; i < n; i++) {
        const struct vec_step *s = &r->steps[idx[i]];
        if (s->type == VEC_DO) {
            jw_do(w, r, idx, n, i, p);
        } else if (s->type == VEC_QUERY) {
            jw_open(w, NULL, '{');
            jw_str(w, "op", "query");
            jw_u64(w, "line", s->line);
            jw_str(w, "query", s->kind->name);
            jw_u64(w, "query_number", s->kind->kind);
            jw_args(w, r, s, p);
            jw_inline(w, "answer", '{');
            jw_val_members(w, r, &s->value, p, machine_of(r), s->kind->name, NULL);
            jw_close(w, '}');
            jw_rules(w, "checks", r, s->rules);
            jw_bool(w, "setup", s->setup);
            jw_close(w, '}');
        } else if (s->type == VEC_CREATE_REFUSED) {
            jw_open(w, NULL, '{');
            jw_str(w, "op", "create_refused");
            jw_u64(w, "line", s->line);
            jw_rules(w, "checks", r, s->rules);
            jw_close(w, '}');
        }
    }
    jw_close(w, ']');
}

struct exp {
    const char *root;
    const struct rc_profile *p;
    uint32_t machines;
    const char *source; /* where the profile came from */
    const struct vec_record **recs;
    size_t n;
    size_t napplicable;
};

static void rev_list(struct jw *w, const char *key, uint32_t revs)
{
    jw_inline(w, key, '[');
    for (unsigned k = 0; k < 4; k++)
        if (revs & (1u << k))
            jw_str(w, NULL, rev_names[k]);
    jw_close(w, ']');
}

static void cap_list(struct jw *w, const char *key, uint32_t caps)
{
    jw_inline(w, key, '[');
    for (unsigned b = 0; b < 32; b++)
        if ((caps & (1u << b)) && rc_cap_name(1u << b) != NULL)
            jw_str(w, NULL, rc_cap_name(1u << b));
    jw_close(w, ']');
}

static uint32_t profile_revs(const struct rc_profile *p)
{
    uint32_t have = 0;
    for (unsigned k = 0; k < 4; k++)
        if ((k < 2 ? p->p12_revs : p->p9_revs) & (1u << ((k & 1u) + 2)))
            have |= 1u << k;
    return have;
}

static void write_json(FILE *f, const struct exp *x)
{
    struct jw w = {f, 0, 0, {1}};
    const struct rc_profile *p = x->p;
    unsigned *idx = malloc((VEC_MAX_STEPS + 1) * sizeof *idx);
    if (idx == NULL)
        return;
    jw_open(&w, NULL, '{');
    jw_str(&w, "format", "riocheck-export");
    jw_u64(&w, "format_version", 1);
    jw_str(&w, "tool", "riocheck " RIO_VERSION);
    jw_open(&w, "profile", '{');
    jw_str(&w, "source", x->source);
    rev_list(&w, "revisions", profile_revs(p));
    cap_list(&w, "caps", p->caps);
    jw_open(&w, "params", '{');
    for (unsigned k = 0; k < 6; k++)
        jw_u64(&w, param_names[k], *param_field((struct rc_profile *)(uintptr_t)p, k));
    jw_close(&w, '}');
    jw_open(&w, "variables", '{');
    for (int v = 0; v < VEC_VAR_COUNT; v++) {
        int64_t val = vec_var_value(v, p);
        if (val >= 0)
            jw_u64(&w, vec_var_name(v), (uint64_t)val);
        else
            jw_str(&w, vec_var_name(v), NULL);
    }
    jw_close(&w, '}');
    jw_open(&w, "policies", '{');
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        if (key != NULL && p->policy[k] != 0)
            jw_str(&w, key, rc_policy_value_name(k, p->policy[k]));
    }
    jw_close(&w, '}');
    jw_inline(&w, "machines", '[');
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (x->machines & (1u << m))
            jw_str(&w, NULL, rc_machine_by_id(m)->name);
    jw_close(&w, ']');
    jw_close(&w, '}');
    jw_u64(&w, "selected", x->n);
    jw_u64(&w, "applicable", x->napplicable);
    jw_open(&w, "vectors", '[');
    for (size_t i = 0; i < x->n; i++) {
        const struct vec_record *r = x->recs[i];
        char why[512];
        int ok = applicable(r, p, x->machines, why, sizeof why);
        jw_open(&w, NULL, '{');
        jw_str(&w, "id", r->id);
        jw_str(&w, "file", rel_file(x->root, r->file));
        jw_u64(&w, "line", r->line);
        jw_u64(&w, "end_line", r->end_line);
        jw_str(&w, "kind", r->sweep ? "sweep" : "vector");
        jw_inline(&w, "rules", '[');
        for (unsigned k = 0; k < r->nrules; k++)
            jw_str(&w, NULL, r->rules[k]);
        jw_close(&w, ']');
        rev_list(&w, "revisions", r->revs);
        cap_list(&w, "needs", r->needs);
        jw_inline(&w, "params", '[');
        for (int v = 0; v < VEC_VAR_COUNT; v++)
            if (r->params & (1u << v))
                jw_str(&w, NULL, vec_var_name(v));
        jw_close(&w, ']');
        jw_inline(&w, "policies", '{');
        for (unsigned k = 0; k < r->npolicy; k++)
            jw_str(&w, rc_policy_name(r->policy[k].index),
                   rc_policy_value_name(r->policy[k].index, r->policy[k].value));
        jw_close(&w, '}');
        jw_str(&w, "cite", r->cite);
        jw_str(&w, "machine", machine_of(r));
        jw_str(&w, "status", ok ? "applicable" : "not-applicable");
        jw_str(&w, "reason", ok ? NULL : why);
        if (r->sweep)
            jw_str(&w, "oracle", r->oracle);
        jw_open(&w, "config", '[');
        if (ok && !r->sweep) {
            const struct rc_machine_desc *m = r->machine;
            for (size_t c = 0; c < m->nconfig; c++) {
                const struct vec_cfg *given = NULL;
                for (unsigned g = 0; g < r->ncfg; g++)
                    if (r->cfg[g].key == m->config[c].key)
                        given = &r->cfg[g];
                if (m->config[c].key == 0 && strcmp(m->config[c].name, "none") == 0)
                    continue;
                jw_inline(&w, NULL, '{');
                jw_str(&w, "key", m->config[c].name);
                jw_u64(&w, "key_number", m->config[c].key);
                if (given) {
                    jw_val_members(&w, r, &given->v, p, m->name, NULL, m->config[c].name);
                } else {
                    jw_u64(&w, "value", m->config[c].dflt);
                    const char *sym = rc_symbol_name(m->name, NULL, m->config[c].name,
                                                     m->config[c].dflt);
                    if (sym != NULL)
                        jw_str(&w, "symbol", sym);
                }
                jw_bool(&w, "given", given != NULL);
                jw_close(&w, '}');
            }
        }
        jw_close(&w, ']');
        jw_inline(&w, "binds", '[');
        for (unsigned b = 0; b < r->nbinds; b++)
            jw_str(&w, NULL, r->bind_names[b]);
        jw_close(&w, ']');
        jw_open(&w, "alternatives", '[');
        if (ok && !r->sweep) {
            unsigned nalt = r->nbranches ? r->nbranches : 1;
            for (unsigned a = 0; a < nalt; a++) {
                unsigned n = rc_vector_attempt_steps(r, a, idx);
                jw_steps(&w, r, idx, n, p);
            }
        }
        jw_close(&w, ']');
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_close(&w, '}');
    fputc('\n', f);
    free(idx);
}

/* ---- CSV (RFC 4180) ------------------------------------------------------- */

static void csv_cell(FILE *f, const char *s, int last)
{
    if (strpbrk(s, ",\"\r\n") != NULL) {
        fputc('"', f);
        for (const char *c = s; *c; c++) {
            if (*c == '"')
                fputc('"', f);
            fputc(*c, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
    fputs(last ? "\r\n" : ",", f);
}

/* The text of a value: N, N/MASK, ?name, $name, ${name+N}, ${name^N}. */
static void val_text(FILE *f, const struct vec_record *r, const struct vec_val *v,
                     const struct rc_profile *p)
{
    if (v->var >= VEC_BIND) {
        const char *name = r->bind_names[v->var - VEC_BIND];
        if (v->capture)
            fprintf(f, "?%s", name);
        else if (v->n == 0)
            fprintf(f, "$%s", name);
        else if (v->op == VEC_OP_XOR)
            fprintf(f, "${%s^%llu}", name, (unsigned long long)v->n);
        else
            fprintf(f, "${%s%+lld}", name, (long long)v->n);
        return;
    }
    fprintf(f, "%llu", (unsigned long long)resolved(v, p));
    if (v->masked)
        fprintf(f, "/%llu", (unsigned long long)v->care);
}

#define CSV_COLUMNS 16
static const char csv_header[] =
    "vector,file,line,status,reason,alternative,type,name,number,args,repeat,upto,"
    "from,value,rules,setup\r\n";

struct csv_row {
    char *cell[CSV_COLUMNS];
};

static void csv_put(FILE *f, struct csv_row *row)
{
    for (int c = 0; c < CSV_COLUMNS; c++)
        csv_cell(f, row->cell[c] ? row->cell[c] : "", c == CSV_COLUMNS - 1);
}

/* cell c of row: printf into a memory buffer */
static void csv_set(struct csv_row *row, int c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void csv_set(struct csv_row *row, int c, const char *fmt, ...)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    free(row->cell[c]);
    row->cell[c] = NULL;
    if (m == NULL)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(m, fmt, ap);
    va_end(ap);
    if (fclose(m) == 0)
        row->cell[c] = buf;
    else
        free(buf);
}

static void csv_clear(struct csv_row *row, int from)
{
    for (int c = from; c < CSV_COLUMNS; c++) {
        free(row->cell[c]);
        row->cell[c] = NULL;
    }
}

static char *rules_words(const struct vec_record *r, uint32_t mask)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return NULL;
    int first = 1;
    for (unsigned k = 0; k < r->nrules; k++)
        if (mask & (1u << k)) {
            fprintf(f, "%s%s", first ? "" : " ", r->rules[k]);
            first = 0;
        }
    fclose(f);
    return buf;
}

static char *args_words(const struct vec_record *r, const struct vec_step *s,
                        const struct rc_profile *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return NULL;
    for (unsigned a = 0; a < s->nargs; a++) {
        fprintf(f, "%s%s=", a ? " " : "", s->kind->args[s->args[a].index]);
        val_text(f, r, &s->args[a].v, p);
    }
    fclose(f);
    return buf;
}

static void write_csv(FILE *f, const struct exp *x)
{
    const struct rc_profile *p = x->p;
    unsigned *idx = malloc((VEC_MAX_STEPS + 1) * sizeof *idx);
    if (idx == NULL)
        return;
    fputs(csv_header, f);
    struct csv_row row;
    memset(&row, 0, sizeof row);
    for (size_t i = 0; i < x->n; i++) {
        const struct vec_record *r = x->recs[i];
        char why[512];
        int ok = applicable(r, p, x->machines, why, sizeof why);
        csv_clear(&row, 0);
        csv_set(&row, 0, "%s", r->id);
        csv_set(&row, 1, "%s", rel_file(x->root, r->file));
        csv_set(&row, 3, "%s", ok ? "applicable" : "not-applicable");
        csv_set(&row, 4, "%s", ok ? "" : why);
        /* the vector's own row: its machine and full configuration */
        csv_set(&row, 2, "%u", r->line);
        csv_set(&row, 5, "0");
        csv_set(&row, 6, "%s", r->sweep ? "sweep" : "vector");
        csv_set(&row, 7, "%s", r->sweep ? r->oracle : r->machine->name);
        csv_set(&row, 8, "%u", r->sweep ? 0u : r->machine->id);
        if (ok && !r->sweep) {
            char *buf = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&buf, &len);
            const struct rc_machine_desc *md = r->machine;
            int first = 1;
            for (size_t c = 0; m && c < md->nconfig; c++) {
                if (md->config[c].key == 0)
                    continue;
                const struct vec_cfg *given = NULL;
                for (unsigned g = 0; g < r->ncfg; g++)
                    if (r->cfg[g].key == md->config[c].key)
                        given = &r->cfg[g];
                fprintf(m, "%s%s=", first ? "" : " ", md->config[c].name);
                first = 0;
                if (given)
                    val_text(m, r, &given->v, p);
                else
                    fprintf(m, "%llu", (unsigned long long)md->config[c].dflt);
            }
            if (m && fclose(m) == 0) {
                free(row.cell[9]);
                row.cell[9] = buf;
            } else {
                free(buf);
            }
        }
        row.cell[14] = rules_words(r, UINT32_MAX);
        csv_put(f, &row);
        if (!ok || r->sweep)
            continue;
        unsigned nalt = r->nbranches ? r->nbranches : 1;
        for (unsigned a = 0; a < nalt; a++) {
            unsigned n = rc_vector_attempt_steps(r, a, idx);
            for (unsigned k = 0; k < n; k++) {
                const struct vec_step *s = &r->steps[idx[k]];
                csv_clear(&row, 2);
                csv_set(&row, 2, "%u", s->line);
                csv_set(&row, 5, "%u", r->nbranches ? a + 1 : 0u);
                csv_set(&row, 6, "%s", s->type == VEC_DO && s->wait ? "wait" : kind_word(s->type));
                if (s->kind != NULL) {
                    csv_set(&row, 7, "%s", s->kind->name);
                    csv_set(&row, 8, "%u", s->kind->kind);
                    row.cell[9] = args_words(r, s, p);
                }
                switch (s->type) {
                case VEC_DO:
                    if (s->wait) {
                        csv_set(&row, 11, "%llu", (unsigned long long)resolved(&s->upto, p));
                        csv_set(&row, 12, "%llu", (unsigned long long)resolved(&s->from, p));
                    } else {
                        csv_set(&row, 10, "%llu", (unsigned long long)resolved(&s->repeat, p));
                    }
                    row.cell[14] = rules_words(r, s->rules);
                    csv_set(&row, 15, "%s", s->setup ? "setup" : "check");
                    break;
                case VEC_QUERY: {
                    char *buf = NULL;
                    size_t len = 0;
                    FILE *m = open_memstream(&buf, &len);
                    if (m != NULL) {
                        val_text(m, r, &s->value, p);
                        fclose(m);
                    }
                    row.cell[13] = buf;
                    row.cell[14] = rules_words(r, s->rules);
                    csv_set(&row, 15, "%s", s->setup ? "setup" : "check");
                    break;
                }
                case VEC_CREATE_REFUSED:
                    row.cell[14] = rules_words(r, s->rules);
                    csv_set(&row, 15, "check");
                    break;
                case VEC_RESULT: {
                    char rtext[VEC_RESULT_TEXT_MAX];
                    int code;
                    vec_result_text(s, rtext);
                    csv_set(&row, 7, "%s", rtext);
                    if (vec_result_single(s, &code)) /* several: no code */
                        csv_set(&row, 13, "%d", code);
                    break;
                }
                case VEC_ALLOW:
                    csv_set(&row, 13, "%llu", (unsigned long long)s->value.n);
                    break;
                case VEC_ORDER:
                    if (s->order_any) {
                        csv_set(&row, 9, "any");
                    } else {
                        const struct rc_kind_desc *kd = NULL;
                        for (unsigned j = k; j > 0 && !kd; j--)
                            if (r->steps[idx[j - 1]].type == VEC_EXPECT)
                                kd = r->steps[idx[j - 1]].kind;
                        for (unsigned j = k + 1; j < n && !kd &&
                                                 r->steps[idx[j]].type != VEC_DO; j++)
                            if (r->steps[idx[j]].type == VEC_EXPECT)
                                kd = r->steps[idx[j]].kind;
                        char by[512] = "by";
                        for (unsigned b = 0; b < RC_MAX_ARGS && kd; b++)
                            if ((s->order_keys & (1u << b)) && kd->args[b] != NULL &&
                                strlen(by) + strlen(kd->args[b]) + 2 < sizeof by) {
                                strcat(by, " ");
                                strcat(by, kd->args[b]);
                            }
                        csv_set(&row, 9, "%s", by);
                    }
                    break;
                case VEC_EXPECT:
                case VEC_EXPECT_NONE:
                case VEC_EXPECT_ANY:
                case VEC_BRANCH:
                    break;
                }
                csv_put(f, &row);
            }
        }
    }
    csv_clear(&row, 0);
    free(idx);
}

/* ---- $readmemh -------------------------------------------------------------
 * One stimulus file and one response file per codec event, word k of one
 * pairing with word k of the other. Every field is 64 bits (16 hex digits),
 * most significant field first (docs/export.md):
 *   stimulus: the event's arguments in dut.h's order;
 *   response: result (two's complement), flags (bit 0: the outputs are
 *             exactly the present slots; bit 1+s: slot s is expected;
 *             bit 3: any error passes, result holds -1), the
 *             values of every slot's arguments, then their care masks. */
static const struct {
    const char *event;
    const char *slots[2];
} codec_shapes[] = {
    {"stype2_decode", {"voq_msg", NULL}}, {"stype2_encode", {"value", NULL}},
    {"cs64_decode", {"voq_msg", NULL}},   {"cs64_encode", {"value", NULL}},
    {"cs48_unpack", {"cs48", NULL}},      {"cs48_pack", {"bytes", NULL}},
    {"cs64_unpack", {"cs64", NULL}},      {"cs64_pack", {"bytes", NULL}},
    {"ccp_unpack", {"ccp_hdr", "ccp"}},   {"ccp_pack", {"bytes", NULL}},
    {"fam_decode", {"command", NULL}},    {"flow_decode", {"flow", NULL}},
};
#define NSHAPES (sizeof codec_shapes / sizeof codec_shapes[0])

struct hexfile {
    char *stim, *resp; /* the words, with their comments */
    size_t stim_len, resp_len;
    FILE *s, *r;
    size_t words;
};

/* Why a codec do step cannot be a word (NULL: it can); fills the response
 * fields: vals/cares per slot and argument, flags. */
static const char *word_of(const struct vec_record *r, const unsigned *idx, unsigned n,
                           unsigned d, const struct rc_profile *p, size_t shape,
                           uint64_t *flags, int *result, uint64_t vals[2][RC_MAX_ARGS],
                           uint64_t cares[2][RC_MAX_ARGS])
{
    const struct vec_step *s = &r->steps[idx[d]];
    if (s->wait)
        return "a wait step";
    if (resolved(&s->repeat, p) != 1)
        return "repeat=N";
    for (unsigned a = 0; a < s->nargs; a++)
        if (s->args[a].v.var >= VEC_BIND)
            return "an argument bound from an earlier output";
    const struct rc_machine_desc *m = rc_machine_by_id(RC_M_CODEC);
    unsigned slot_next = 0;
    int exact = 1;
    *flags = 0;
    *result = RC_OK;
    memset(vals, 0, 2 * RC_MAX_ARGS * sizeof vals[0][0]);
    memset(cares, 0, 2 * RC_MAX_ARGS * sizeof cares[0][0]);
    for (unsigned j = d + 1; j < n && r->steps[idx[j]].type != VEC_DO; j++) {
        const struct vec_step *e = &r->steps[idx[j]];
        switch (e->type) {
        case VEC_RESULT:
            if (vec_result_single(e, result))
                break;
            if (e->results != VEC_RESULT_ERROR)
                return "a result naming several codes (the word has one)";
            *result = RC_INVAL; /* `result error`: flags bit 3 */
            *flags |= 1u << 3;
            break;
        case VEC_EXPECT_ANY:
        case VEC_ALLOW:
            exact = 0;
            break;
        case VEC_ORDER: /* slots are in a fixed order anyway */
        case VEC_EXPECT_NONE:
        case VEC_QUERY:
        case VEC_DO:
        case VEC_BRANCH:
        case VEC_CREATE_REFUSED:
            break;
        case VEC_EXPECT: {
            unsigned sl = slot_next;
            while (sl < 2 && (codec_shapes[shape].slots[sl] == NULL ||
                              strcmp(codec_shapes[shape].slots[sl], e->kind->name) != 0))
                sl++;
            if (sl >= 2)
                return "an expected output out of the file's slot order";
            slot_next = sl + 1;
            *flags |= 1u << (1 + sl);
            for (unsigned a = 0; a < e->nargs; a++) {
                const struct vec_val *v = &e->args[a].v;
                if (v->var >= VEC_BIND)
                    return "an output bound to a name (?name, $name)";
                vals[sl][e->args[a].index] = resolved(v, p);
                cares[sl][e->args[a].index] = v->masked ? v->care : UINT64_MAX;
            }
            break;
        }
        }
    }
    (void)m;
    if (exact)
        *flags |= 1u;
    return NULL;
}

static unsigned slot_args(size_t shape, unsigned sl)
{
    const char *name = codec_shapes[shape].slots[sl];
    if (name == NULL)
        return 0;
    const struct rc_machine_desc *m = rc_machine_by_id(RC_M_CODEC);
    const struct rc_kind_desc *k = rc_kind_by_name(m->outputs, m->noutputs, name);
    return k ? rc_kind_nargs(k) : 0;
}

static void hex_header(FILE *f, const char *what, size_t shape, unsigned nfields,
                       const char *const *names, size_t nwords, const char *profile_text)
{
    fprintf(f, "// riocheck export readmemh (format version 1): codec %s %s words\n",
            codec_shapes[shape].event, what);
    fprintf(f, "// %zu words of %u bits (%u hex digits), one per `do %s` step, in the\n",
            nwords, nfields * 64u, nfields * 16u, codec_shapes[shape].event);
    fprintf(f, "// order of the vector files; word k here pairs with word k of the\n"
               "// codec.%s.%s.hex file. Fields, 64 bits each, most significant first:\n",
            codec_shapes[shape].event, strcmp(what, "stimulus") == 0 ? "resp" : "stim");
    fputs("//  ", f);
    size_t col = 4;
    for (unsigned i = 0; i < nfields; i++) {
        size_t l = strlen(names[i]) + 1;
        if (col + l > 78) {
            fputs("\n//  ", f);
            col = 4;
        }
        fprintf(f, " %s", names[i]);
        col += l;
    }
    fputs("\n// (docs/export.md). After each word: // vector-id FILE:LINE.\n// profile:", f);
    for (const char *c = profile_text; *c; c++) {
        if (*c == '\n')
            fputs(c[1] ? ";" : "", f);
        else
            fputc(*c, f);
    }
    fputc('\n', f);
}

static void put_word(FILE *f, const uint64_t *fields, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        fprintf(f, "%016llX", (unsigned long long)fields[i]);
}

/* FILE:LINE as text of one comment line (no line break can end it). */
static void put_where(FILE *f, const struct vec_record *r, const char *file, unsigned line)
{
    fputs(" // ", f);
    rc_esc_put(f, RC_ESC_LINE, r->id, (size_t)-1);
    fputc(' ', f);
    rc_esc_put(f, RC_ESC_LINE, file, (size_t)-1);
    fprintf(f, ":%u\n", line);
}

static int write_readmemh(const char *dir, const struct exp *x, char *err, size_t cap)
{
    const struct rc_profile *p = x->p;
    const struct rc_machine_desc *m = rc_machine_by_id(RC_M_CODEC);
    struct hexfile hf[NSHAPES];
    memset(hf, 0, sizeof hf);
    unsigned *idx = malloc((VEC_MAX_STEPS + 1) * sizeof *idx);
    char *man = NULL;
    size_t man_len = 0;
    FILE *mf = open_memstream(&man, &man_len);
    int rc = -1;
    char ptext[2048];
    cli_export_profile_text(ptext, sizeof ptext, p, x->machines);
    for (size_t k = 0; k < NSHAPES; k++) {
        hf[k].s = open_memstream(&hf[k].stim, &hf[k].stim_len);
        hf[k].r = open_memstream(&hf[k].resp, &hf[k].resp_len);
        if (hf[k].s == NULL || hf[k].r == NULL)
            goto out;
    }
    if (idx == NULL || mf == NULL)
        goto out;
    fputs("# riocheck export readmemh manifest: every selected vector, tab-separated:\n"
          "# id, FILE:LINE, status, words written, steps not written (FILE:LINE why)\n", mf);
    for (size_t i = 0; i < x->n; i++) {
        const struct vec_record *r = x->recs[i];
        char why[512];
        int ok = applicable(r, p, x->machines, why, sizeof why);
        rc_esc_put(mf, RC_ESC_TSV, r->id, (size_t)-1);
        fputc('\t', mf);
        rc_esc_put(mf, RC_ESC_TSV, rel_file(x->root, r->file), (size_t)-1);
        fprintf(mf, ":%u\t", r->line);
        if (!ok) {
            fputs("not-applicable: ", mf);
            rc_esc_put(mf, RC_ESC_TSV, why, (size_t)-1);
            fputs("\t0\t-\n", mf);
            continue;
        }
        if (r->sweep || r->machine->id != RC_M_CODEC) {
            fprintf(mf, "applicable\t0\t- (%s: not a codec vector; in JSON and CSV)\n",
                    r->sweep ? "a sweep" : r->machine->name);
            continue;
        }
        if (r->nbranches) {
            fputs("applicable\t0\t- (alternatives: in JSON and CSV)\n", mf);
            continue;
        }
        unsigned n = rc_vector_attempt_steps(r, 0, idx), words = 0;
        char *skip = NULL;
        size_t skip_len = 0;
        FILE *sk = open_memstream(&skip, &skip_len);
        if (sk == NULL)
            goto out;
        for (unsigned d = 0; d < n; d++) {
            const struct vec_step *s = &r->steps[idx[d]];
            if (s->type != VEC_DO)
                continue;
            size_t shape = 0;
            while (shape < NSHAPES && strcmp(codec_shapes[shape].event, s->kind->name) != 0)
                shape++;
            uint64_t flags, vals[2][RC_MAX_ARGS], cares[2][RC_MAX_ARGS];
            int result;
            const char *no = shape == NSHAPES ? "no word layout for this event"
                                              : word_of(r, idx, n, d, p, shape, &flags,
                                                        &result, vals, cares);
            if (no != NULL) {
                fprintf(sk, "%s%u %s", ftell(sk) ? "; " : "", s->line, no);
                continue;
            }
            uint64_t stim[RC_MAX_ARGS] = {0}, resp[2 + 4 * RC_MAX_ARGS] = {0};
            unsigned ns = rc_kind_nargs(s->kind), nr = 0;
            for (unsigned a = 0; a < s->nargs; a++)
                stim[s->args[a].index] = resolved(&s->args[a].v, p);
            resp[nr++] = (uint64_t)(int64_t)result;
            resp[nr++] = flags;
            for (unsigned sl = 0; sl < 2; sl++)
                for (unsigned a = 0; a < slot_args(shape, sl); a++)
                    resp[nr++] = vals[sl][a];
            for (unsigned sl = 0; sl < 2; sl++)
                for (unsigned a = 0; a < slot_args(shape, sl); a++)
                    resp[nr++] = cares[sl][a];
            put_word(hf[shape].s, stim, ns);
            put_where(hf[shape].s, r, rel_file(x->root, r->file), s->line);
            put_word(hf[shape].r, resp, nr);
            put_where(hf[shape].r, r, rel_file(x->root, r->file), s->line);
            hf[shape].words++;
            words++;
        }
        fclose(sk);
        fprintf(mf, "applicable\t%u\t", words);
        rc_esc_put(mf, RC_ESC_TSV, skip_len ? skip : "-", (size_t)-1);
        fputc('\n', mf);
        free(skip);
    }
    if (fflush(mf) != 0)
        goto out;
    /* the files: a pair per event with at least one word */
    for (size_t k = 0; k < NSHAPES; k++) {
        if (fflush(hf[k].s) != 0 || fflush(hf[k].r) != 0)
            goto out;
        if (hf[k].words == 0)
            continue;
        const struct rc_kind_desc *ev = rc_kind_by_name(m->events, m->nevents,
                                                        codec_shapes[k].event);
        const char *names[2 + 4 * RC_MAX_ARGS];
        char namebuf[2 + 4 * RC_MAX_ARGS][48];
        unsigned nn = 0;
        for (unsigned pass = 0; pass < 2; pass++) {
            char path[4200];
            const char *what = pass ? "response" : "stimulus";
            if (pass == 0) {
                nn = rc_kind_nargs(ev);
                for (unsigned a = 0; a < nn; a++)
                    names[a] = ev->args[a];
            } else {
                nn = 0;
                names[nn++] = "result";
                names[nn++] = "flags";
                for (unsigned mask = 0; mask < 2; mask++)
                    for (unsigned sl = 0; sl < 2; sl++) {
                        const struct rc_kind_desc *ok =
                            codec_shapes[k].slots[sl]
                                ? rc_kind_by_name(m->outputs, m->noutputs,
                                                  codec_shapes[k].slots[sl])
                                : NULL;
                        for (unsigned a = 0; ok && a < rc_kind_nargs(ok); a++) {
                            snprintf(namebuf[nn], sizeof namebuf[nn], "%s.%s%s", ok->name,
                                     ok->args[a], mask ? ".mask" : "");
                            names[nn] = namebuf[nn];
                            nn++;
                        }
                    }
            }
            snprintf(path, sizeof path, "%s/codec.%s.%s.hex", dir, codec_shapes[k].event,
                     pass ? "resp" : "stim");
            FILE *f = rc_outdir_create_file(path);
            if (f == NULL) {
                snprintf(err, cap, "%.900s: %s", path, strerror(errno));
                goto out;
            }
            hex_header(f, what, k, nn, names, hf[k].words, ptext);
            fwrite(pass ? hf[k].resp : hf[k].stim, 1, pass ? hf[k].resp_len : hf[k].stim_len,
                   f);
            if (rc_outdir_close_file(f, path) != 0) {
                snprintf(err, cap, "%.900s: %s", path, strerror(errno));
                goto out;
            }
        }
    }
    {
        char path[4200];
        snprintf(path, sizeof path, "%s/manifest.txt", dir);
        FILE *f = rc_outdir_create_file(path);
        if (f == NULL) {
            snprintf(err, cap, "%.900s: %s", path, strerror(errno));
            goto out;
        }
        fwrite(man, 1, man_len, f);
        if (rc_outdir_close_file(f, path) != 0) {
            snprintf(err, cap, "%.900s: %s", path, strerror(errno));
            goto out;
        }
    }
    rc = 0;
out:
    if (rc != 0 && err[0] == '\0')
        snprintf(err, cap, "out of memory");
    for (size_t k = 0; k < NSHAPES; k++) {
        if (hf[k].s)
            fclose(hf[k].s);
        if (hf[k].r)
            fclose(hf[k].r);
        free(hf[k].stim);
        free(hf[k].resp);
    }
    if (mf)
        fclose(mf);
    free(man);
    free(idx);
    return rc;
}

/* ---- the command ----------------------------------------------------------- */

/* A profile option's value as one line of a profile file. */
static int profile_option(struct rc_profile *p, uint32_t *machines, const char *kw,
                          const char *opt, const char *value)
{
    char line[VEC_LINE_MAX];
    if (snprintf(line, sizeof line, "%s %s", kw, value) >= (int)sizeof line) {
        fprintf(stderr, "riocheck export: %s: too long\n", opt);
        return -1;
    }
    for (char *c = line; *c; c++)
        if (*c == ',')
            *c = ' ';
    char *w[264];
    unsigned nw = 0;
    for (char *s = strtok(line, " \t"); s != NULL && nw < 264; s = strtok(NULL, " \t"))
        w[nw++] = s;
    uint32_t seen = 0;
    char why[400];
    if (profile_line(p, machines, w, nw, &seen, why, sizeof why) != 0) {
        fprintf(stderr, "riocheck export: %s %s: %s\n", opt, value, why);
        return -1;
    }
    return 0;
}

static int read_config(struct rc_profile *p, uint32_t *machines, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "riocheck export: --config %s: %s\n", path, strerror(errno));
        return CLI_IOERR;
    }
    char *buf = malloc(1u << 20);
    size_t n = buf ? fread(buf, 1, 1u << 20, f) : 0;
    int bad = buf == NULL || ferror(f), big = !bad && n == (1u << 20);
    fclose(f);
    if (bad || big) {
        fprintf(stderr, "riocheck export: --config %s: %s\n", path,
                big ? "larger than 1 MiB" : "cannot read it");
        free(buf);
        return CLI_IOERR;
    }
    char err[600];
    int rc = cli_export_profile_parse(p, machines, path, buf, n, err, sizeof err);
    free(buf);
    if (rc != 0) {
        fprintf(stderr, "riocheck export: %s\n", err);
        return CLI_IOERR;
    }
    return CLI_OK;
}

/* mkdir -p */
static int make_dir(const char *dir)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *c = path + 1; *c; c++)
        if (*c == '/') {
            *c = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return -1;
            *c = '/';
        }
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int cmd_export(int argc, char **argv)
{
    enum { O_SUITE = 256, O_RULE, O_VECTOR, O_AREA, O_REV, O_VECTORS, O_ROOT, O_DATA, O_CONFIG,
           O_DUT, O_REVISIONS, O_CAPS, O_PROFILE, O_POLICY, O_MACHINES, O_FORMAT, O_OUT };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"suite", required_argument, NULL, O_SUITE},
        {"rule", required_argument, NULL, O_RULE},
        {"vector", required_argument, NULL, O_VECTOR},
        {"area", required_argument, NULL, O_AREA},
        {"rev", required_argument, NULL, O_REV},
        {"vectors", required_argument, NULL, O_VECTORS},
        {"root", required_argument, NULL, O_ROOT},
        {"data", required_argument, NULL, O_DATA},
        {"config", required_argument, NULL, O_CONFIG},
        {"dut", required_argument, NULL, O_DUT},
        {"revisions", required_argument, NULL, O_REVISIONS},
        {"caps", required_argument, NULL, O_CAPS},
        {"profile", required_argument, NULL, O_PROFILE},
        {"policy", required_argument, NULL, O_POLICY},
        {"machines", required_argument, NULL, O_MACHINES},
        {"format", required_argument, NULL, O_FORMAT},
        {"out", required_argument, NULL, O_OUT},
        {NULL, 0, NULL, 0},
    };
    struct selection sel;
    memset(&sel, 0, sizeof sel);
    const char *data = NULL, *data_opt = "--data", *config = NULL, *dut_path = NULL, *format = "json", *out = "-";
    const char *files[MAX_SEL];
    int nfiles = 0;
    struct {
        int opt;
        const char *kw, *name, *value;
    } popts[5 * MAX_SEL];
    int npopts = 0;
    optind = 0; /* glibc: a full re-initialisation */
    int c, usage = 0;
    while (!usage && (c = cli_getopt(argc, argv, "-:h", longopts, "export")) != -1) {
        int bad = 0;
        switch (c) {
        case 'h':
            fputs(export_help, stdout);
            return CLI_OK;
        case O_SUITE:
            bad = sel.nsuite >= MAX_SEL || !(sel.suite[sel.nsuite++] = optarg);
            break;
        case O_RULE:
            bad = sel.nrule >= MAX_SEL || !(sel.rule[sel.nrule++] = optarg);
            break;
        case O_VECTOR:
            bad = sel.nvector >= MAX_SEL || !(sel.vector[sel.nvector++] = optarg);
            break;
        case O_AREA:
            bad = sel.narea >= MAX_SEL || !(sel.area[sel.narea++] = optarg);
            break;
        case O_VECTORS:
            bad = nfiles >= MAX_SEL || !(files[nfiles++] = optarg);
            break;
        case O_REV: {
            unsigned k = 0;
            while (k < 4 && strcmp(optarg, rev_names[k]) != 0)
                k++;
            if (k == 4) {
                fprintf(stderr, "riocheck export: --rev %s: use p12r2, p12r3, p9r2 or p9r3\n",
                        optarg);
                usage = 1;
            } else {
                sel.revs |= 1u << k;
            }
            break;
        }
        case O_ROOT:
        case O_DATA:
            data = optarg;
            data_opt = c == O_DATA ? "--data" : "--root";
            break;
        case 1:
            fprintf(stderr, "riocheck export: unexpected argument '%s'\n", optarg);
            usage = 1;
            break;
        case O_CONFIG:
            config = optarg;
            break;
        case O_DUT:
            dut_path = optarg;
            break;
        case O_REVISIONS:
        case O_CAPS:
        case O_PROFILE:
        case O_POLICY:
        case O_MACHINES: {
            static const char *const kws[] = {"revisions", "caps", "profile", "policy",
                                              "machines"};
            static const char *const names[] = {"--revisions", "--caps", "--profile",
                                                "--policy", "--machines"};
            if (npopts >= 5 * MAX_SEL) {
                bad = 1;
                break;
            }
            popts[npopts].opt = c;
            popts[npopts].kw = kws[c - O_REVISIONS];
            popts[npopts].name = names[c - O_REVISIONS];
            popts[npopts++].value = optarg;
            break;
        }
        case O_FORMAT:
            format = optarg;
            break;
        case O_OUT:
            out = optarg;
            break;
        default: /* cli_getopt printed why */
            usage = 1;
            break;
        }
        if (bad) {
            fprintf(stderr, "riocheck export: too many values for %s\n", argv[optind - 1]);
            usage = 1;
        }
    }
    if (!usage && optind < argc) {
        fprintf(stderr, "riocheck export: unexpected argument '%s'\n", argv[optind]);
        usage = 1;
    }
    int fmt = strcmp(format, "json") == 0 ? 0 : strcmp(format, "csv") == 0 ? 1
              : strcmp(format, "readmemh") == 0 ? 2 : -1;
    if (!usage && fmt < 0) {
        fprintf(stderr, "riocheck export: --format %s: use json, csv or readmemh\n", format);
        usage = 1;
    }
    if (!usage && fmt == 2 && strcmp(out, "-") == 0) {
        fprintf(stderr, "riocheck export: --format readmemh writes a file pair per codec "
                        "event and manifest.txt: give --out DIR\n");
        usage = 1;
    }
    if (!usage && out[0] == '\0') {
        fprintf(stderr, "riocheck export: --out: an empty folder name\n");
        usage = 1;
    }
    if (!usage && config != NULL && dut_path != NULL) {
        fprintf(stderr, "riocheck export: give --config or --dut, not both\n");
        usage = 1;
    }
    if (usage) {
        fprintf(stderr, "(see riocheck export --help)\n");
        return CLI_USAGE;
    }
    /* the profile: the reference's, a --config file's or a library's, then
     * the profile options line by line */
    struct rc_profile prof = rc_refdut()->profile;
    uint32_t machines = 0;
    char source[4200];
    snprintf(source, sizeof source, "built-in reference");
    for (uint32_t m = 0; m < RC_MACHINE_COUNT; m++)
        if (rc_refdut()->machine[m].create != NULL)
            machines |= 1u << m;
    if (config != NULL) {
        int rc = read_config(&prof, &machines, config);
        if (rc != CLI_OK)
            return rc;
        snprintf(source, sizeof source, "--config %s", config);
    } else if (dut_path != NULL) {
        struct rc_dut_desc *desc = malloc(sizeof *desc);
        struct rc_limits lim = rc_limits_default();
        char err[1024];
        if (desc == NULL ||
            rc_isolate_describe(desc, dut_path, RC_ISOLATE_DEFAULT_TIMEOUT_MS, &lim, err,
                                sizeof err) != 0) {
            fprintf(stderr, "riocheck export: --dut %s: %s\n", dut_path,
                    desc ? err : "out of memory");
            free(desc);
            return CLI_IOERR;
        }
        prof = desc->dut.profile;
        machines = desc->has & ALL_MACHINES;
        snprintf(source, sizeof source, "--dut %s (%s %s)", dut_path, desc->name,
                 desc->version);
        free(desc);
    }
    for (int i = 0; i < npopts; i++) {
        if (profile_option(&prof, &machines, popts[i].kw, popts[i].name, popts[i].value) != 0)
            return CLI_USAGE;
        size_t l = strlen(source);
        snprintf(source + l, sizeof source - l, " %s=%s", popts[i].name, popts[i].value);
    }

    /* the data folder, as riocheck run finds it (cli.h cli_data_find) */
    struct cli_data dd;
    char derr[3 * 4200];
    if (cli_data_find(&dd, data, data_opt, derr, sizeof derr) != 0) {
        fprintf(stderr, "riocheck export: %s\n", derr);
        return CLI_IOERR;
    }
    const char *root = dd.dir;

    int status = CLI_OK;
    struct rc_catalogue cat;
    struct vec_set set;
    memset(&set, 0, sizeof set);
    char err[1024] = "";
    const struct vec_record **recs = NULL;
    if (rc_catalogue_load(&cat, root, err, sizeof err) != 0) {
        fprintf(stderr, "riocheck export: %s\n", err);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    for (int i = 0; i < sel.nsuite; i++)
        if (rc_suite_find(&cat, sel.suite[i]) == NULL) {
            fprintf(stderr, "riocheck export: no suite '%s' in suites/suites.tsv\n",
                    sel.suite[i]);
            status = CLI_USAGE;
            goto done;
        }
    int loaded = nfiles ? 0 : rc_load_suite_vectors(&cat, root, &set, err, sizeof err);
    for (int i = 0; i < nfiles && loaded == 0; i++)
        loaded = vec_load_file(&set, files[i], err, sizeof err);
    if (loaded == 0 && nfiles)
        loaded = vec_check_unique(&set, err, sizeof err);
    if (loaded != 0) {
        fprintf(stderr, "riocheck export: %s\n", err);
        status = CLI_IOERR;
        goto done;
    }
    recs = malloc((set.n ? set.n : 1) * sizeof *recs);
    if (recs == NULL) {
        status = CLI_IOERR;
        goto done;
    }
    struct exp x = {root, &prof, machines, source, recs, 0, 0};
    for (size_t i = 0; i < set.n; i++)
        if (selected(&sel, &cat, root, &set.rec[i])) {
            char why[512];
            recs[x.n++] = &set.rec[i];
            x.napplicable += (size_t)applicable(&set.rec[i], &prof, machines, why, sizeof why);
        }
    if (x.n == 0) {
        fprintf(stderr, "riocheck export: the selection matches no vector\n");
        status = CLI_USAGE;
        goto done;
    }
    if (strcmp(out, "-") != 0 && make_dir(out) != 0) {
        fprintf(stderr, "riocheck export: --out %s: %s\n", out, strerror(errno));
        status = CLI_IOERR;
        goto done;
    }
    if (fmt == 2) {
        err[0] = '\0';
        if (write_readmemh(out, &x, err, sizeof err) != 0) {
            fprintf(stderr, "riocheck export: %s\n", err);
            status = CLI_IOERR;
        } else {
            fprintf(stderr, "riocheck export: %zu vectors (%zu applicable to %s) -> %s/\n",
                    x.n, x.napplicable, source, out);
        }
        goto done;
    }
    char path[4200];
    FILE *f = stdout;
    if (strcmp(out, "-") != 0) {
        snprintf(path, sizeof path, "%s/export.%s", out, fmt ? "csv" : "json");
        if ((f = rc_outdir_create_file(path)) == NULL) {
            fprintf(stderr, "riocheck export: %s: %s\n", path, strerror(errno));
            status = CLI_IOERR;
            goto done;
        }
    }
    if (fmt == 0)
        write_json(f, &x);
    else
        write_csv(f, &x);
    if (f != stdout ? rc_outdir_close_file(f, path) != 0 : fflush(stdout) != 0 || ferror(stdout)) {
        /* a reader that went away (| head) is not worth a message */
        if (f != stdout || errno != EPIPE)
            fprintf(stderr, "riocheck export: %s: %s\n", f != stdout ? path : "standard output",
                    strerror(errno));
        status = CLI_IOERR;
    }
    if (status == CLI_OK)
        fprintf(stderr, "riocheck export: %zu vectors (%zu applicable to %s)%s%s\n", x.n,
                x.napplicable, source, f != stdout ? " -> " : "", f != stdout ? path : "");
done:
    free(recs);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
    return status;
}
