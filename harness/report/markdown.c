/* SPDX-License-Identifier: Apache-2.0 */
/* The compliance summary: the Markdown document a vendor hands to a
 * customer. It must say, without riocheck at hand, what was tested, on what,
 * with which tool and vectors, what passed, what failed and how to
 * reproduce each failure. Free text (statements, details, reasons, DUT
 * names) is escaped so that no input can break a table or inject markup;
 * ids go into code spans. */
#include "report.h"
#include "text.h"
#include "writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MD_FAILING_SHOWN 10u /* failing vector ids per rule row */

/* Free text for CommonMark/GFM inline content and table cells (text.h,
 * RC_ESC_MD); NULL is shown as "-". */
static void md_text(FILE *f, const char *s, size_t max)
{
    if (s == NULL) {
        fputs("-", f);
        return;
    }
    rc_esc_put(f, RC_ESC_MD, s, max);
}

/* A code span holding s verbatim (text.h, rc_esc_md_code). */
static void md_code(FILE *f, const char *s, size_t max, int in_table)
{
    rc_esc_md_code(f, s, max, in_table);
}

/* The rerun command (rerun.c, the same as compliance.html's) as a code
 * span (md_code guards backticks); nothing when memory runs out. */
static void rerun_command(FILE *f, const struct rc_run_info *info,
                          const struct rc_report_opts *o, const char *vector_id)
{
    char *buf = rc_rerun_command(info, o, vector_id);
    if (buf != NULL)
        md_code(f, buf, strlen(buf), 0);
    free(buf);
}

static const char *verdict_cell(enum rc_rollup r)
{
    switch (r) {
    case RC_R_FAIL:
        return "**fail**";
    case RC_R_ERROR:
        return "**error**";
    case RC_R_INCONCLUSIVE:
        return "*inconclusive*";
    case RC_R_PASS:
    case RC_R_NA:
    case RC_R_WAIVED:
    case RC_R_UNTESTABLE:
    case RC_R_NOT_RUN:
        return rc_rollup_name(r);
    }
    return "?";
}

static void header(FILE *f, const struct rc_run_info *info, const struct rc_rollups *ro)
{
    const struct rc_dut *d = info->dut;
    fputs("# RapidIO Part 12 / Part 9 compliance summary\n\n", f);
    fputs("| | |\n|---|---|\n", f);
    fputs("| Device | ", f);
    md_text(f, d ? d->name : NULL, (size_t)-1);
    fputs(" ", f);
    md_text(f, d ? d->version : NULL, (size_t)-1);
    fputs(" |\n| Device source | ", f);
    md_text(f, info->dut_source, (size_t)-1);
    fputs(" |\n", f);
    if (d != NULL) {
        const struct rc_profile *p = &d->profile;
        fputs("| Part 12 (VoQ backpressure) | ", f);
        rc_writer_revs(f, p->p12_revs, "Part 12");
        fputs(" |\n| Part 9 (flow control) | ", f);
        rc_writer_revs(f, p->p9_revs, "Part 9");
        fputs(" |\n| Capabilities | ", f);
        int any = 0;
        for (unsigned b = 0; b < 32; b++) {
            const char *name = (p->caps & (1u << b)) ? rc_cap_name(1u << b) : NULL;
            if (name != NULL)
                fprintf(f, "%s%s", any ? ", " : "", name), any = 1;
        }
        if (!any)
            fputs("none", f);
        fputs(" |\n| Declared policies | ", f);
        any = 0;
        for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
            const char *key = rc_policy_name(k);
            const char *v = key ? rc_policy_value_name(k, p->policy[k]) : NULL;
            if (key != NULL)
                fprintf(f, "%s%s=%s", any ? ", " : "", key, v ? v : "(not declared)"),
                    any = 1;
        }
        fprintf(f, " |\n| Parameters | ports %" PRIu32 ", VCs %" PRIu32
                   ", counter width %" PRIu32 ", orphan timeout %" PRIu32
                   ", flow list %" PRIu32 ", arbitration pool %" PRIu32 " |\n",
                p->ports, p->vcs, p->counter_width, p->orphan_timeout, p->flow_list,
                p->arb_pool);
    }
    fputs("| Date | ", f);
    md_text(f, info->started, (size_t)-1);
    if (isfinite(info->seconds) && info->seconds >= 0)
        fprintf(f, " (%.1f s)", info->seconds);
    fputs(" |\n| Tool | ", f);
    md_text(f, info->tool_version, (size_t)-1);
    fputs(" |\n| Vector set | ", f);
    md_text(f, info->suite_version, (size_t)-1);
    fputs(", hash ", f);
    md_code(f, info->vector_hash, sizeof info->vector_hash, 1);
    fprintf(f, " |\n| Order, sweeps | seed %" PRIu64 ", sweep stride %" PRIu32 "%s |\n",
            info->seed, info->sweep_stride,
            info->sweep_stride > 1 ? " (sweeps sampled, not exhaustive)" : "");
    if (info->command_line != NULL) {
        fputs("| Command | ", f);
        md_code(f, info->command_line, (size_t)-1, 1);
        fputs(" |\n", f);
    }
    fprintf(f, "| **Overall result** | **%s** |\n", ro->overall);
    fprintf(f, "| Rules passed | %zu of %zu applicable to the declared profile "
               "(%zu failed, %zu inconclusive, %zu not run) |\n",
            ro->applicable_passed, ro->applicable,
            ro->rule_totals[RC_R_FAIL] + ro->rule_totals[RC_R_ERROR],
            ro->rule_totals[RC_R_INCONCLUSIVE],
            ro->applicable - ro->applicable_passed - ro->rule_totals[RC_R_FAIL] -
                ro->rule_totals[RC_R_ERROR] - ro->rule_totals[RC_R_INCONCLUSIVE] -
                ro->rule_totals[RC_R_WAIVED]);
    fprintf(f, "| Official checklist rows | %zu passed, %zu failed, %zu not applicable, "
               "%zu other (inconclusive, not run, untestable, waived) of %zu |\n\n",
            ro->official_totals[RC_R_PASS],
            ro->official_totals[RC_R_FAIL] + ro->official_totals[RC_R_ERROR],
            ro->official_totals[RC_R_NA],
            ro->nofficial - ro->official_totals[RC_R_PASS] - ro->official_totals[RC_R_FAIL] -
                ro->official_totals[RC_R_ERROR] - ro->official_totals[RC_R_NA],
            ro->nofficial);
}

/* What was tested, on what, built from what, and how a customer recomputes
 * the two hashes (docs/provenance.md). */
static void provenance(FILE *f, const struct rc_run_info *info)
{
    fputs("## Provenance\n\n| | |\n|---|---|\n| riocheck | ", f);
    md_text(f, info->tool_version, (size_t)-1);
    fputs(", commit ", f);
    md_code(f, rc_prov_text(info->commit), (size_t)-1, 1);
    fputs(" |\n| Built with | ", f);
    md_text(f, rc_prov_text(info->compiler), (size_t)-1);
    fputs(" |\n| Host | ", f);
    md_text(f, rc_prov_text(info->host), (size_t)-1);
    fputs(" |\n| DUT file SHA-256 | ", f);
    if (info->dut_sha256[0] == '\0' && info->dut_hashed == NULL) {
        fputs("none: the built-in reference, part of riocheck (its commit names it)", f);
    } else {
        md_code(f, rc_prov_text(info->dut_sha256), (size_t)-1, 1);
        if (info->dut_hashed != NULL) {
            fputs(" of ", f);
            md_code(f, info->dut_hashed, (size_t)-1, 1);
        }
    }
    fputs(" |\n| Vector set SHA-256 | ", f);
    md_code(f, rc_prov_text(info->vectors_sha256), (size_t)-1, 1);
    fprintf(f, " (%zu file%s; FNV-1a ", info->nvector_files,
            info->nvector_files == 1 ? "" : "s");
    md_code(f, info->vector_hash, sizeof info->vector_hash, 1);
    fputs(" as older reports gave it) |\n\n", f);
    fputs("To recompute the hashes (GNU coreutils; `unknown`, `-dirty` and the "
          "recipe: docs/provenance.md):\n\n```sh\n", f);
    if (rc_recipe_dut(f, info))
        fputs("\n", f);
    if (rc_recipe_vectors(f, info))
        fputs("\n", f);
    fputs("```\n\n", f);
}

static void totals(FILE *f, const struct rc_rollups *ro)
{
    fputs("## Totals\n\n", f);
    fputs("| vectors | pass | fail | error | inconclusive | not-applicable | waived |\n"
          "|---:|---:|---:|---:|---:|---:|---:|\n", f);
    fprintf(f, "| %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n\n", ro->nvectors,
            ro->totals[RC_V_PASS], ro->totals[RC_V_FAIL], ro->totals[RC_V_ERROR],
            ro->totals[RC_V_INCONCLUSIVE], ro->totals[RC_V_NA], ro->totals[RC_V_WAIVED]);
    fputs("| rules | pass | fail | error | inconclusive | not-applicable | waived | "
          "untestable | not-run |\n"
          "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n", f);
    fprintf(f, "| %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n\n", ro->nrule,
            ro->rule_totals[RC_R_PASS], ro->rule_totals[RC_R_FAIL],
            ro->rule_totals[RC_R_ERROR], ro->rule_totals[RC_R_INCONCLUSIVE],
            ro->rule_totals[RC_R_NA], ro->rule_totals[RC_R_WAIVED],
            ro->rule_totals[RC_R_UNTESTABLE], ro->rule_totals[RC_R_NOT_RUN]);
    if (ro->unknown_rules)
        fprintf(f, "%zu citations of rule ids that are not in the catalogue were "
                   "ignored (run `riocheck trace`).\n\n", ro->unknown_rules);
    fputs("A rule is **fail** when a step that checks it failed (a vector fails "
          "only the rules of its failing step), **error** when the "
          "device misbehaved (crash, hang, malformed output), waived when a "
          "documented waiver covers its failures, *inconclusive* when a vector "
          "of it could not make its check (a set-up step or another rule's step "
          "failed first), pass when every applicable "
          "vector passed, not-applicable when the device lacks what every one "
          "of its vectors needs (machine, revision, capability, declared policy), "
          "untestable when no device-level test can check "
          "it (reason below), not-run when no vector of it was in this run. "
          "The overall result is pass only when every rule applicable to the "
          "declared profile was run and passed; incomplete when one was not "
          "run or inconclusive, or nothing applicable ran.\n\n", f);
}

static const char *const levels[] = {"shall", "should", "may", "def"};

static int known_level(const char *l)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (l != NULL && strcmp(l, levels[i]) == 0)
            return 1;
    return 0;
}

static void rule_row(FILE *f, const struct rc_rule_rollup *ru,
                     const struct rc_result_row *rows)
{
    fputs("| ", f);
    md_code(f, ru->rule->id, (size_t)-1, 1);
    fputs(" | ", f);
    md_text(f, ru->rule->statement, (size_t)-1);
    fprintf(f, " | %s | %zu | %zu | %zu | %zu | %zu | ", verdict_cell(ru->verdict),
            ru->count[RC_V_PASS], ru->count[RC_V_FAIL], ru->count[RC_V_ERROR],
            ru->count[RC_V_NA], ru->count[RC_V_WAIVED]);
    for (size_t k = 0; k < ru->nfailing && k < MD_FAILING_SHOWN; k++) {
        fputs(k ? ", " : "", f);
        md_code(f, rows[ru->failing[k]].rec->id, VEC_ID_MAX, 1);
    }
    if (ru->nfailing > MD_FAILING_SHOWN)
        fprintf(f, " and %zu more", ru->nfailing - MD_FAILING_SHOWN);
    fputs(" |\n", f);
}

static void rules(FILE *f, const struct rc_rollups *ro, const struct rc_result_row *rows)
{
    static const char table_head[] =
        "| rule | statement | verdict | pass | fail | error | n/a | waived | failing vectors |\n"
        "|---|---|---|---:|---:|---:|---:|---:|---|\n";
    fputs("## Rules\n", f);
    for (size_t l = 0; l <= sizeof levels / sizeof levels[0]; l++) {
        int other = l == sizeof levels / sizeof levels[0];
        size_t count = 0;
        for (size_t i = 0; i < ro->nrule; i++) {
            const char *lv = ro->rule[i].rule->level;
            count += other ? !known_level(lv) : (lv != NULL && strcmp(lv, levels[l]) == 0);
        }
        if (count == 0)
            continue;
        fprintf(f, "\n### %s (%zu rule%s)\n\n%s", other ? "other levels" : levels[l],
                count, count == 1 ? "" : "s", table_head);
        for (size_t i = 0; i < ro->nrule; i++) {
            const char *lv = ro->rule[i].rule->level;
            if (other ? !known_level(lv) : (lv != NULL && strcmp(lv, levels[l]) == 0))
                rule_row(f, &ro->rule[i], rows);
        }
    }
    fputs("\n", f);
}

static void official(FILE *f, const struct rc_rollups *ro)
{
    fputs("## Official compliance checklist\n\n", f);
    if (ro->nofficial == 0) {
        fputs("No checklist mapping was loaded.\n\n", f);
        return;
    }
    fputs("Each row of the RapidIO.org Compliance Certification Checklist for Parts 9 "
          "and 12, through `suites/checklist-map.tsv`. A row is the worst of its "
          "rules in the order fail, error, waived, not-run, pass, not-applicable, "
          "untestable.\n\n", f);
    fputs("| checklist row | rules | verdict | vectors | note |\n|---|---|---|---:|---|\n", f);
    for (size_t i = 0; i < ro->nofficial; i++) {
        const struct rc_official_rollup *o = &ro->official[i];
        size_t vectors = 0;
        for (int v = 0; v < RC_VERDICT_COUNT; v++)
            vectors += o->count[v];
        fputs("| ", f);
        md_code(f, o->map->official, (size_t)-1, 1);
        fputs(" | ", f);
        for (size_t k = 0; k < o->map->nrules; k++) {
            fputs(k ? ", " : "", f);
            md_code(f, o->map->rules[k], (size_t)-1, 1);
        }
        fprintf(f, " | %s | %zu | ", verdict_cell(o->verdict), vectors);
        if (o->map->note != NULL && strcmp(o->map->note, "-") != 0)
            md_text(f, o->map->note, (size_t)-1);
        fputs(" |\n", f);
    }
    fputs("\n", f);
}

static void interpretations(FILE *f, const struct rc_rollups *ro)
{
    fputs("## Interpretations that applied\n\n", f);
    if (ro->ninterp == 0) {
        fputs("No vector of this run depends on a documented interpretation.\n\n", f);
        return;
    }
    fputs("Where the specifications are ambiguous, riocheck follows a documented "
          "reading; these are the ones the vectors that ran (not-applicable "
          "ones excluded) depend on.\n\n", f);
    fputs("| interpretation | vectors |\n|---|---:|\n", f);
    for (size_t i = 0; i < ro->ninterp; i++) {
        char anchor[16];
        const char *id = ro->interp[i].id;
        rc_writer_anchor(anchor, sizeof anchor, id);
        /* ids are I-[A-Z0-9]+-[0-9]+ (results.c), safe in a link as is; the
         * output folder ships docs/interpretations.md beside this file */
        fprintf(f, "| [%s](interpretations.md#%s) | %zu |\n", id, anchor,
                ro->interp[i].vectors);
    }
    fputs("\n", f);
}

/* One failing vector in full: verdict, place, rules, detail, expected,
 * actual and the rerun command. */
static void failure_item(FILE *f, const struct rc_run_info *info,
                         const struct rc_report_opts *o, const struct rc_result_row *row)
{
    const struct vec_record *r = row->rec;
    const struct rc_vec_result *res = &row->res;
    fputs("- ", f);
    md_code(f, r->id, sizeof r->id, 0);
    fprintf(f, " **%s** at ", rc_verdict_name(res->verdict));
    md_text(f, rc_report_path(info, r->file), (size_t)-1);
    fprintf(f, ":%u (rules ", res->line ? res->line : r->line);
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++) {
        fputs(k ? ", " : "", f);
        md_code(f, r->rules[k], (size_t)-1, 0);
    }
    fputs(")", f);
    if (res->detail[0] != '\0') {
        fputs(": ", f);
        md_text(f, res->detail, sizeof res->detail);
    }
    fputs("\n", f);
    if (res->expected[0] != '\0') {
        fputs("  - expected: ", f);
        md_code(f, res->expected, sizeof res->expected, 0);
        fputs("\n", f);
    }
    if (res->actual[0] != '\0') {
        fputs("  - actual: ", f);
        md_code(f, res->actual, sizeof res->actual, 0);
        fputs("\n", f);
    }
    fputs("  - rerun: ", f);
    rerun_command(f, info, o, r->id);
    fputs("\n", f);
}

/* The first RC_MD_FAILURES_SHOWN of a group in full (one already shown
 * under an earlier rule: a line pointing there), then how many more. */
static void failure_group(FILE *f, const struct rc_run_info *info,
                          const struct rc_report_opts *o, const struct rc_result_row *rows,
                          const size_t *idx, size_t count, const char **shown_under,
                          const char *rule)
{
    for (size_t k = 0; k < count && k < RC_MD_FAILURES_SHOWN; k++) {
        const struct rc_result_row *row = &rows[idx[k]];
        if (shown_under[idx[k]] != NULL) {
            fputs("- ", f);
            md_code(f, row->rec->id, sizeof row->rec->id, 0);
            fprintf(f, " **%s**: see above, under ", rc_verdict_name(row->res.verdict));
            md_code(f, shown_under[idx[k]], (size_t)-1, 0);
            fputs("\n", f);
            continue;
        }
        failure_item(f, info, o, row);
        shown_under[idx[k]] = rule;
    }
    if (count > RC_MD_FAILURES_SHOWN)
        fprintf(f, "- ... and %zu more: see results.json\n", count - RC_MD_FAILURES_SHOWN);
    fputs("\n", f);
}

/* Failures grouped by the rule they fail (catalogue order), capped per rule:
 * the full list, with every detail, is results.json's. Failing vectors that
 * fail no catalogued rule come last. */
static int failures(FILE *f, const struct rc_run_info *info, const struct rc_report_opts *o,
                    const struct rc_result_row *rows, size_t n, const struct rc_rollups *ro)
{
    size_t nfail = ro->totals[RC_V_FAIL] + ro->totals[RC_V_ERROR];
    fputs("## Failures\n\n", f);
    if (nfail == 0) {
        fputs("None.\n\n", f);
        return 0;
    }
    const char **shown_under = calloc(n ? n : 1, sizeof *shown_under);
    size_t *other = calloc(n ? n : 1, sizeof *other);
    unsigned char *grouped = calloc(n ? n : 1, 1);
    if (shown_under == NULL || other == NULL || grouped == NULL) {
        free(shown_under), free(other), free(grouped);
        return -1;
    }
    for (size_t r = 0; r < ro->nrule; r++)
        for (size_t k = 0; k < ro->rule[r].nfailing; k++)
            if (ro->rule[r].failing[k] < n)
                grouped[ro->rule[r].failing[k]] = 1;
    fprintf(f, "%zu vector%s failed (%zu fail, %zu error). By the rule they fail, the "
               "first %u of each rule in full; a vector is under every rule it fails, "
               "an inconclusive one under the rules of the set-up step that failed. "
               "Every vector, with its detail, expected and actual output, is in "
               "results.json (`vectors`).\n\n", nfail, nfail == 1 ? "" : "s",
            ro->totals[RC_V_FAIL], ro->totals[RC_V_ERROR], RC_MD_FAILURES_SHOWN);
    for (size_t i = 0; i < ro->nrule; i++) {
        const struct rc_rule_rollup *ru = &ro->rule[i];
        if (ru->nfailing == 0)
            continue;
        fputs("### ", f);
        md_code(f, ru->rule->id, (size_t)-1, 0);
        fprintf(f, " (%zu failing)\n\n", ru->nfailing);
        failure_group(f, info, o, rows, ru->failing, ru->nfailing, shown_under,
                      ru->rule->id);
    }
    /* failing vectors no rule group holds (rule ids not in the catalogue) */
    size_t nother = 0;
    for (size_t i = 0; i < n; i++) {
        const struct rc_result_row *row = &rows[i];
        if (row->rec == NULL ||
            (row->res.verdict != RC_V_FAIL && row->res.verdict != RC_V_ERROR))
            continue;
        if (!grouped[i])
            other[nother++] = i;
    }
    if (nother > 0) {
        fprintf(f, "### Other failures (%zu, their rules are not in the catalogue)\n\n",
                nother);
        failure_group(f, info, o, rows, other, nother, shown_under, "-");
    }
    free(shown_under);
    free(other);
    free(grouped);
    return 0;
}

static void untestable(FILE *f, const struct rc_rollups *ro)
{
    fputs("## Untestable rules\n\n", f);
    if (ro->rule_totals[RC_R_UNTESTABLE] == 0) {
        fputs("None.\n\n", f);
        return;
    }
    fputs("No device-level test can check these rules; the catalogue says why.\n\n", f);
    fputs("| rule | level | reason |\n|---|---|---|\n", f);
    for (size_t i = 0; i < ro->nrule; i++) {
        const struct rc_rule_rollup *ru = &ro->rule[i];
        if (ru->verdict != RC_R_UNTESTABLE)
            continue;
        fputs("| ", f);
        md_code(f, ru->rule->id, (size_t)-1, 1);
        fputs(" | ", f);
        md_text(f, ru->rule->level, (size_t)-1);
        fputs(" | ", f);
        md_text(f, ru->rule->untestable, (size_t)-1);
        fputs(" |\n", f);
    }
    fputs("\n", f);
}

static void waiver_row(FILE *f, const struct rc_waiver *e, size_t uses, int with_uses)
{
    fputs("| ", f);
    md_code(f, e->pattern, (size_t)-1, 1);
    fputs(" | ", f);
    md_text(f, e->file, (size_t)-1);
    fprintf(f, ":%u | ", e->line);
    if (with_uses)
        fprintf(f, "%zu | ", uses);
    md_text(f, e->reason, (size_t)-1);
    fputs(" |\n", f);
}

static const struct rc_waiver_layout waiver_layout = {
    .head = "## Waivers\n\n",
    .no_file = "No waiver file was given.\n",
    .used_head = "### Waivers used\n\n",
    .used_none = "None.\n\n",
    .used_open = "| waiver | where | vectors waived | reason |\n|---|---|---:|---|\n",
    .used_close = "\n",
    .stale_head = "### Stale waivers\n\n",
    .stale_none = "None.\n",
    .stale_open = RC_WAIVERS_STALE_ADVICE "\n\n| waiver | where | reason |\n|---|---|---|\n",
    .stale_close = "",
    .tail = "",
    .row = waiver_row,
};

int rc_write_markdown(FILE *f, const struct rc_run_info *info,
                      const struct rc_catalogue *cat, const struct rc_result_row *rows,
                      size_t n, const struct rc_report_opts *o)
{
    struct rc_rollups ro;
    if (f == NULL || rc_writer_start(&info, &cat, rows, &n, &ro) != 0)
        return -1;
    header(f, info, &ro);
    provenance(f, info);
    totals(f, &ro);
    rules(f, &ro, rows);
    official(f, &ro);
    interpretations(f, &ro);
    int rc = failures(f, info, o, rows, n, &ro);
    untestable(f, &ro);
    rc |= rc_write_waiver_section(f, &waiver_layout, o ? o->waivers : NULL, rows, n);
    rc_rollups_free(&ro);
    return rc != 0 || fflush(f) != 0 || ferror(f) ? -1 : 0;
}
