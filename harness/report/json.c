/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON results file (layout: report.h above rc_write_json). A small
 * hand-rolled emitter: it tracks whether a value at each nesting level needs
 * a comma, escapes every string, and never prints NaN or infinities. */
#include "report.h"
#include "text.h"
#include "writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define JS_DEPTH 16

struct js {
    FILE *f;
    int depth;
    unsigned char count[JS_DEPTH]; /* values written at each level (saturates) */
    unsigned char inline_[JS_DEPTH];
};

static void js_indent(struct js *j)
{
    fputc('\n', j->f);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->f);
}

/* Before any value or key at the current level: the comma and layout. */
static void js_sep(struct js *j)
{
    int d = j->depth;
    if (d <= 0)
        return;
    if (j->count[d] != 0)
        fputc(',', j->f);
    if (j->inline_[d]) {
        if (j->count[d] != 0)
            fputc(' ', j->f);
    } else {
        js_indent(j);
    }
    if (j->count[d] < 255)
        j->count[d]++;
}

static void js_open(struct js *j, char c, int inl)
{
    fputc(c, j->f);
    if (j->depth + 1 < JS_DEPTH)
        j->depth++;
    j->count[j->depth] = 0;
    j->inline_[j->depth] = (unsigned char)(inl || (j->depth > 1 && j->inline_[j->depth - 1]));
}

static void js_close(struct js *j, char c)
{
    int had = j->count[j->depth] != 0, inl = j->inline_[j->depth];
    if (j->depth > 0)
        j->depth--;
    if (had && !inl)
        js_indent(j);
    fputc(c, j->f);
}

static void js_key(struct js *j, const char *k)
{
    js_sep(j);
    rc_esc_json_str(j->f, k, (size_t)-1);
    fputs(": ", j->f);
}

static void js_str(struct js *j, const char *s, size_t max)
{
    rc_esc_json_str(j->f, s, max);
}

static void js_kstr(struct js *j, const char *k, const char *s)
{
    js_key(j, k);
    js_str(j, s, (size_t)-1);
}

static void js_ku64(struct js *j, const char *k, uint64_t v)
{
    js_key(j, k);
    fprintf(j->f, "%" PRIu64, v);
}

static void js_knum(struct js *j, const char *k, double v)
{
    js_key(j, k);
    if (isfinite(v))
        fprintf(j->f, "%.6f", v);
    else
        fputs("null", j->f);
}

static void js_item_str(struct js *j, const char *s, size_t max)
{
    js_sep(j);
    js_str(j, s, max);
}

static void js_counts(struct js *j, const size_t *count)
{
    js_key(j, "counts");
    js_open(j, '{', 1);
    for (int v = 0; v < RC_VERDICT_COUNT; v++)
        js_ku64(j, rc_verdict_name((enum rc_verdict)v), count[v]);
    js_close(j, '}');
}

static void js_profile(struct js *j, const struct rc_profile *p)
{
    js_key(j, "profile");
    js_open(j, '{', 0);
    static const char *const p12[] = {"p12r2", "p12r3"}, *const p9[] = {"p9r2", "p9r3"};
    js_key(j, "p12_revs");
    js_open(j, '[', 1);
    for (unsigned b = 2; b <= 3; b++)
        if (p->p12_revs & (1u << b))
            js_item_str(j, p12[b - 2], (size_t)-1);
    js_close(j, ']');
    js_key(j, "p9_revs");
    js_open(j, '[', 1);
    for (unsigned b = 2; b <= 3; b++)
        if (p->p9_revs & (1u << b))
            js_item_str(j, p9[b - 2], (size_t)-1);
    js_close(j, ']');
    js_ku64(j, "p12_revs_mask", p->p12_revs);
    js_ku64(j, "p9_revs_mask", p->p9_revs);
    js_key(j, "capabilities");
    js_open(j, '[', 1);
    for (unsigned b = 0; b < 32; b++) {
        uint32_t bit = 1u << b;
        const char *name = (p->caps & bit) ? rc_cap_name(bit) : NULL;
        if (name != NULL)
            js_item_str(j, name, (size_t)-1);
    }
    js_close(j, ']');
    js_ku64(j, "caps_mask", p->caps);
    js_key(j, "parameters");
    js_open(j, '{', 0);
    js_ku64(j, "ports", p->ports);
    js_ku64(j, "vcs", p->vcs);
    js_ku64(j, "counter_width", p->counter_width);
    js_ku64(j, "orphan_timeout", p->orphan_timeout);
    js_ku64(j, "flow_list", p->flow_list);
    js_ku64(j, "arb_pool", p->arb_pool);
    js_close(j, '}');
    /* declared policies: key -> value name, or null when not declared */
    js_key(j, "policies");
    js_open(j, '{', 0);
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        if (key != NULL)
            js_kstr(j, key, rc_policy_value_name(k, p->policy[k]));
    }
    js_close(j, '}');
    js_close(j, '}');
}

/* provenance (docs/provenance.md) */
static void js_provenance(struct js *j, const struct rc_run_info *info)
{
    js_key(j, "provenance");
    js_open(j, '{', 0);
    js_kstr(j, "commit", rc_prov_text(info->commit));
    js_kstr(j, "compiler", rc_prov_text(info->compiler));
    js_kstr(j, "host", rc_prov_text(info->host));
    /* "" with no file hashed: the built-in reference (null); with one: unknown */
    js_kstr(j, "dut_sha256", info->dut_sha256[0] == '\0' && info->dut_hashed == NULL
                                 ? NULL : rc_prov_text(info->dut_sha256));
    js_kstr(j, "dut_file", info->dut_hashed);
    char *r = rc_recipe_str(rc_recipe_dut, info);
    js_kstr(j, "dut_recipe", r);
    free(r);
    js_kstr(j, "vectors_sha256", rc_prov_text(info->vectors_sha256));
    js_kstr(j, "vectors_dir", info->vectors_dir);
    js_key(j, "vector_files");
    js_open(j, '[', 0);
    for (size_t i = 0; info->vector_files != NULL && i < info->nvector_files; i++)
        js_item_str(j, info->vector_files[i], (size_t)-1);
    js_close(j, ']');
    r = rc_recipe_str(rc_recipe_vectors, info);
    js_kstr(j, "vectors_recipe", r);
    free(r);
    js_close(j, '}');
}

/* scratch: room for cat->nmap indices */
static void js_vector(struct js *j, const struct rc_run_info *info,
                      const struct rc_rollups *ro, const struct rc_catalogue *cat,
                      const struct rc_result_row *row, size_t *scratch)
{
    const struct vec_record *r = row->rec;
    const struct rc_vec_result *res = &row->res;
    js_sep(j);
    js_open(j, '{', 0);
    js_key(j, "id");
    js_str(j, r->id, sizeof r->id);
    js_kstr(j, "file", rc_report_path(info, r->file));
    js_ku64(j, "line", r->line);
    js_ku64(j, "step_line", res->line ? res->line : r->line);
    js_kstr(j, "suite", row->suite);
    js_key(j, "rules");
    js_open(j, '[', 1);
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++)
        js_item_str(j, r->rules[k], (size_t)-1);
    js_close(j, ']');
    js_key(j, "official");
    js_open(j, '[', 1);
    size_t no = rc_rollups_official_of(ro, cat, r, scratch, cat->nmap);
    for (size_t k = 0; k < no && k < cat->nmap; k++)
        js_item_str(j, cat->map[scratch[k]].official, (size_t)-1);
    js_close(j, ']');
    js_kstr(j, "verdict", rc_verdict_name(res->verdict));
    /* what the vector says of each of its rules (attribution) */
    js_key(j, "failed_rules");
    js_open(j, '[', 1);
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++)
        if (rc_row_rule_verdict(row, k) == RC_V_FAIL)
            js_item_str(j, r->rules[k], (size_t)-1);
    js_close(j, ']');
    js_kstr(j, "waiver", row->waiver);
    js_key(j, "detail");
    js_str(j, res->detail, sizeof res->detail);
    js_key(j, "expected");
    js_str(j, res->expected, sizeof res->expected);
    js_key(j, "actual");
    js_str(j, res->actual, sizeof res->actual);
    js_ku64(j, "checks", res->checks);
    js_knum(j, "seconds", row->seconds);
    js_close(j, '}');
}

int rc_write_json_opts(FILE *f, const struct rc_run_info *info,
                       const struct rc_catalogue *cat, const struct rc_result_row *rows,
                       size_t n, const struct rc_report_opts *o)
{
    const struct rc_waivers *w = o ? o->waivers : NULL;
    struct rc_rollups ro;
    if (f == NULL || rc_writer_start(&info, &cat, rows, &n, &ro) != 0)
        return -1;
    /* everything that can fail is allocated before the first byte */
    size_t nw = w ? w->n : 0;
    size_t *scratch = calloc(cat->nmap ? cat->nmap : 1, sizeof *scratch);
    size_t *stale = calloc(nw ? nw : 1, sizeof *stale);
    unsigned char *is_stale = calloc(nw ? nw : 1, 1);
    if (scratch == NULL || stale == NULL || is_stale == NULL) {
        free(scratch), free(stale), free(is_stale);
        rc_rollups_free(&ro);
        return -1;
    }
    size_t nstale = rc_waivers_stale(w, rows, n, stale, nw);
    for (size_t k = 0; k < nstale && k < nw; k++)
        is_stale[stale[k]] = 1;
    struct js j;
    memset(&j, 0, sizeof j);
    j.f = f;

    js_open(&j, '{', 0);
    js_kstr(&j, "format", "riocheck-results-1");
    js_kstr(&j, "tool", info->tool_version);
    js_kstr(&j, "suite_version", info->suite_version);
    js_key(&j, "vector_hash");
    js_str(&j, info->vector_hash, sizeof info->vector_hash);
    js_kstr(&j, "started", info->started);
    js_knum(&j, "seconds", info->seconds);
    js_kstr(&j, "command_line", info->command_line);
    js_kstr(&j, "root", info->root);
    js_ku64(&j, "seed", info->seed);
    js_ku64(&j, "sweep_stride", info->sweep_stride);
    js_provenance(&j, info);

    js_key(&j, "dut");
    js_open(&j, '{', 0);
    const struct rc_dut *d = info->dut;
    js_kstr(&j, "name", d ? d->name : NULL);
    js_kstr(&j, "version", d ? d->version : NULL);
    js_kstr(&j, "source", info->dut_source);
    js_key(&j, "abi_version");
    if (d)
        fprintf(f, "%" PRIu32, d->abi_version);
    else
        fputs("null", f);
    if (d) {
        js_profile(&j, &d->profile);
    } else {
        js_key(&j, "profile");
        fputs("null", f);
    }
    js_close(&j, '}');

    js_kstr(&j, "overall", ro.overall);
    js_ku64(&j, "rules_applicable", ro.applicable);
    js_ku64(&j, "rules_applicable_passed", ro.applicable_passed);
    js_key(&j, "official_totals");
    js_open(&j, '{', 1);
    js_ku64(&j, "rows", ro.nofficial);
    for (int v = 0; v < RC_ROLLUP_COUNT; v++)
        js_ku64(&j, rc_rollup_name((enum rc_rollup)v), ro.official_totals[v]);
    js_close(&j, '}');
    js_key(&j, "totals");
    js_open(&j, '{', 1);
    js_ku64(&j, "vectors", ro.nvectors);
    for (int v = 0; v < RC_VERDICT_COUNT; v++)
        js_ku64(&j, rc_verdict_name((enum rc_verdict)v), ro.totals[v]);
    js_close(&j, '}');
    js_key(&j, "rule_totals");
    js_open(&j, '{', 1);
    for (int v = 0; v < RC_ROLLUP_COUNT; v++)
        js_ku64(&j, rc_rollup_name((enum rc_rollup)v), ro.rule_totals[v]);
    js_close(&j, '}');

    js_key(&j, "vectors");
    js_open(&j, '[', 0);
    for (size_t i = 0; i < n; i++)
        if (rows[i].rec != NULL)
            js_vector(&j, info, &ro, cat, &rows[i], scratch);
    js_close(&j, ']');

    js_key(&j, "rules");
    js_open(&j, '[', 0);
    for (size_t i = 0; i < ro.nrule; i++) {
        const struct rc_rule_rollup *ru = &ro.rule[i];
        const struct rc_rule *r = ru->rule;
        js_sep(&j);
        js_open(&j, '{', 0);
        js_kstr(&j, "id", r->id);
        js_kstr(&j, "level", r->level);
        js_kstr(&j, "area", r->area);
        js_kstr(&j, "revisions", r->revisions);
        js_kstr(&j, "verdict", rc_rollup_name(ru->verdict));
        js_kstr(&j, "untestable", ru->verdict == RC_R_UNTESTABLE ? r->untestable : NULL);
        js_counts(&j, ru->count);
        js_key(&j, "failing");
        js_open(&j, '[', 1);
        for (size_t k = 0; k < ru->nfailing; k++)
            js_item_str(&j, rows[ru->failing[k]].rec->id, VEC_ID_MAX);
        js_close(&j, ']');
        js_close(&j, '}');
    }
    js_close(&j, ']');

    js_key(&j, "official");
    js_open(&j, '[', 0);
    for (size_t i = 0; i < ro.nofficial; i++) {
        const struct rc_official_rollup *of = &ro.official[i];
        js_sep(&j);
        js_open(&j, '{', 0);
        js_kstr(&j, "id", of->map->official);
        js_key(&j, "rules");
        js_open(&j, '[', 1);
        for (size_t k = 0; k < of->map->nrules; k++)
            js_item_str(&j, of->map->rules[k], (size_t)-1);
        js_close(&j, ']');
        js_kstr(&j, "verdict", rc_rollup_name(of->verdict));
        js_kstr(&j, "note", of->map->note);
        js_counts(&j, of->count);
        js_close(&j, '}');
    }
    js_close(&j, ']');

    js_key(&j, "interpretations");
    js_open(&j, '[', 0);
    for (size_t i = 0; i < ro.ninterp; i++) {
        js_sep(&j);
        js_open(&j, '{', 1);
        js_key(&j, "id");
        js_str(&j, ro.interp[i].id, sizeof ro.interp[i].id);
        js_ku64(&j, "vectors", ro.interp[i].vectors);
        js_close(&j, '}');
    }
    js_close(&j, ']');

    if (w != NULL) {
        js_key(&j, "waivers");
        js_open(&j, '[', 0);
        for (size_t i = 0; i < w->n; i++) {
            js_sep(&j);
            js_open(&j, '{', 0);
            js_kstr(&j, "pattern", w->w[i].pattern);
            js_kstr(&j, "reason", w->w[i].reason);
            js_kstr(&j, "file", w->w[i].file);
            js_ku64(&j, "line", w->w[i].line);
            js_ku64(&j, "used", rc_waiver_uses(w, i, rows, n));
            js_key(&j, "stale");
            fputs(is_stale[i] ? "true" : "false", f);
            js_close(&j, '}');
        }
        js_close(&j, ']');
    }
    js_close(&j, '}');
    fputc('\n', f);
    free(scratch), free(stale), free(is_stale);
    rc_rollups_free(&ro);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

int rc_write_json(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                  const struct rc_result_row *rows, size_t n)
{
    return rc_write_json_opts(f, info, cat, rows, n, NULL);
}
