/* SPDX-License-Identifier: Apache-2.0 */
/* The HTML compliance report (report.h rc_write_html) and the HTML
 * rendering of the interpretations shipped beside it (rc_write_interp_html).
 *
 * One self-contained file: inline CSS, one small inline script (the filters;
 * without it every row shows), no reference to anything outside the file but
 * interpretations.html beside it. Every text riocheck did not write goes
 * through text.h (RC_ESC_XML, RC_ESC_XML_ATTR): a DUT name, a detail, a path
 * or a waiver reason cannot close an element, open a script or add an
 * attribute. The output is also well-formed XML after the DOCTYPE line, which
 * is what html_test.sh checks; the script and the style therefore hold no
 * '<' and no '&'. */
#include "report.h"
#include "text.h"
#include "writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/registry.h"

/* ---- small writers ------------------------------------------------------ */

/* Character data; NULL or "" as dflt (riocheck's own text). */
static void text(FILE *f, const char *s, size_t max, const char *dflt)
{
    if (s == NULL || max == 0 || s[0] == '\0')
        fputs(dflt, f);
    else
        rc_esc_put(f, RC_ESC_XML, s, max);
}

static void attr(FILE *f, const char *s)
{
    rc_esc_put(f, RC_ESC_XML_ATTR, s, (size_t)-1);
}

/* An element id made of s: letters, digits, '-' '.' kept, the rest '_'. */
static void id_of(FILE *f, const char *prefix, const char *s)
{
    fputs(prefix, f);
    for (; s != NULL && *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '.';
        fputc(ok ? (char)c : '_', f);
    }
}

/* Each whitespace-separated word of s as one token (for data-area). */
static void token(FILE *f, const char *s)
{
    if (s == NULL || s[0] == '\0') {
        fputs("none", f);
        return;
    }
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '.' || c == '_';
        fputc(ok ? (char)c : '_', f);
    }
}

static void verdict_badge(FILE *f, const char *name)
{
    fprintf(f, "<span class=\"badge v-%s\">%s</span>", name, name);
}

/* ---- style and script ----------------------------------------------------- */

static const char style[] =
    "<style>\n"
    ":root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg2:#f6f8fa;"
    "--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--info:#0969da}\n"
    "*{box-sizing:border-box}\n"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
    "color:var(--fg);margin:0 auto;max-width:1200px;padding:1.5rem}\n"
    "h1{font-size:1.6rem;margin:0 0 .8rem}h2{font-size:1.25rem;margin:2rem 0 .6rem;"
    "padding-bottom:.25rem;border-bottom:1px solid var(--line)}h3{font-size:1.05rem;margin:1.2rem 0 .4rem}\n"
    "code,pre,.mono{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.86em}\n"
    "pre{background:var(--bg2);border:1px solid var(--line);border-radius:4px;padding:.4rem .6rem;"
    "margin:.2rem 0;white-space:pre-wrap;overflow-wrap:anywhere}\n"
    "table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem}\n"
    "th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}\n"
    "th{background:var(--bg2)}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "table.kv th{width:15rem}\n"
    "td{overflow-wrap:anywhere}#rules-table td:nth-child(-n+3),#official-table td:first-child"
    "{white-space:nowrap;overflow-wrap:normal}\n"
    ".verdict{display:flex;gap:1rem;align-items:stretch;flex-wrap:wrap;margin:0 0 1rem}\n"
    ".verdict .big{font-size:1.9rem;font-weight:700;padding:.5rem 1.2rem;border-radius:6px;"
    "color:#fff;text-transform:uppercase;letter-spacing:.04em;line-height:1.2}\n"
    ".verdict .big small{display:block;font-size:.75rem;font-weight:600;letter-spacing:.08em;"
    "opacity:.9}\n"
    ".big.v-pass{background:var(--pass)}.big.v-fail{background:var(--fail)}"
    ".big.v-incomplete,.big.v-pass-with-waivers{background:var(--warn)}"
    ".big.v-unknown{background:var(--muted)}\n"
    ".card{border:1px solid var(--line);border-radius:6px;padding:.45rem .9rem;min-width:11rem}\n"
    ".card b{display:block;font-size:1.35rem}.card span{color:var(--muted);font-size:.85rem}\n"
    ".badge{display:inline-block;padding:0 .45rem;border-radius:1rem;font-size:.8rem;"
    "font-weight:600;border:1px solid currentColor;white-space:nowrap}\n"
    ".v-pass{color:var(--pass)}.v-fail,.v-error{color:var(--fail)}"
    ".v-waived,.v-inconclusive,.v-not-run{color:var(--warn)}"
    ".v-not-applicable,.v-untestable{color:var(--muted)}\n"
    "tr.r-fail td:first-child,tr.r-error td:first-child{border-left:4px solid var(--fail)}\n"
    "nav{background:var(--bg2);border:1px solid var(--line);border-radius:6px;padding:.4rem .8rem;"
    "margin:0 0 1rem}nav a{margin-right:1rem;white-space:nowrap}\n"
    ".filters{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;padding:.5rem .8rem;"
    "background:var(--bg2);border:1px solid var(--line);border-radius:6px;margin:.4rem 0}\n"
    ".filters label{font-weight:600}.muted{color:var(--muted)}\n"
    ".vec{border:1px solid var(--line);border-radius:6px;padding:.5rem .8rem;margin:.4rem 0}\n"
    ".vec .k{color:var(--muted);display:inline-block;min-width:5.5rem}\n"
    ".ea{display:grid;grid-template-columns:1fr 1fr;gap:.2rem .8rem;margin:.2rem 0}"
    ".ea pre{margin:0}.ea pre.actual{border-color:#f1aeb5}\n"
    "details>summary{cursor:pointer;color:var(--info);margin:.3rem 0}\n"
    ".note{border-left:4px solid var(--warn);padding:.3rem .8rem;background:#fff8c5}\n"
    "[hidden]{display:none!important}\n"
    "@media print{body{max-width:none;padding:0;font-size:10.5pt}nav,.filters,.noprint{display:none!important}"
    "tr[hidden]{display:table-row!important}.vec,tr{break-inside:avoid}"
    "h2{break-after:avoid}.verdict .big{color:#000;border:3px solid #000;background:none!important}"
    "a{color:inherit;text-decoration:none}pre{white-space:pre-wrap}}\n"
    "</style>\n";

/* No '<' and no '&' in here (the file stays well-formed XML). */
static const char script[] =
    "<script>\n"
    "(function () {\n"
    "  'use strict';\n"
    "  var bar = document.getElementById('filters');\n"
    "  if (!bar) { return; }\n"
    "  var sels = bar.getElementsByTagName('select');\n"
    "  var rows = document.querySelectorAll('tr[data-verdict]');\n"
    "  var count = document.getElementById('filter-count');\n"
    "  function apply() {\n"
    "    var shown = 0;\n"
    "    rows.forEach(function (r) {\n"
    "      var ok = true;\n"
    "      for (var i = 0; i !== sels.length; i++) {\n"
    "        var want = sels[i].value;\n"
    "        if (want === 'all') { continue; }\n"
    "        var have = (r.getAttribute('data-' + sels[i].name) || '').split(' ');\n"
    "        if (have.indexOf(want) === -1) { ok = false; }\n"
    "      }\n"
    "      r.hidden = !ok;\n"
    "      if (ok) { shown++; }\n"
    "    });\n"
    "    count.textContent = shown + ' of ' + rows.length + ' rows shown';\n"
    "  }\n"
    "  /* ?verdict=fail, ?area=cs64, ... preset a filter (a link to a view) */\n"
    "  var params = new URLSearchParams(window.location.search);\n"
    "  for (var i = 0; i !== sels.length; i++) {\n"
    "    var p = params.get(sels[i].name);\n"
    "    if (p !== null) { sels[i].value = p; }\n"
    "    if (sels[i].value === '') { sels[i].value = 'all'; }\n"
    "    sels[i].addEventListener('change', apply);\n"
    "  }\n"
    "  document.getElementById('filter-reset').addEventListener('click', function () {\n"
    "    for (var k = 0; k !== sels.length; k++) { sels[k].value = 'all'; }\n"
    "    apply();\n"
    "  });\n"
    "  window.addEventListener('beforeprint', function () {\n"
    "    document.querySelectorAll('details').forEach(function (d) { d.open = true; });\n"
    "  });\n"
    "  bar.hidden = false;\n"
    "  apply();\n"
    "  document.documentElement.setAttribute('data-filters', 'ready');\n"
    "})();\n"
    "</script>\n";

/* ---- sections ------------------------------------------------------------- */

static void kv_text(FILE *f, const char *key, const char *val, size_t max, const char *dflt)
{
    fprintf(f, "<tr><th>%s</th><td>", key);
    text(f, val, max, dflt);
    fputs("</td></tr>\n", f);
}

static void kv_code(FILE *f, const char *key, const char *val, size_t max)
{
    fprintf(f, "<tr><th>%s</th><td>", key);
    if (val == NULL || max == 0 || val[0] == '\0') {
        fputs("unknown", f);
    } else {
        fputs("<code>", f);
        rc_esc_put(f, RC_ESC_XML, val, max);
        fputs("</code>", f);
    }
    fputs("</td></tr>\n", f);
}

static void at_a_glance(FILE *f, const struct rc_run_info *info, const struct rc_rollups *ro)
{
    const struct rc_dut *d = info->dut;
    fputs("<header>\n<h1>RapidIO Part 12 / Part 9 compliance report</h1>\n", f);
    const char *overall = ro->overall != NULL ? ro->overall : "unknown";
    fprintf(f, "<div class=\"verdict\">\n<div class=\"big v-%s\" id=\"overall\"><small>"
               "overall result</small>%s</div>\n", overall, overall);
    fprintf(f, "<div class=\"card\"><b>%zu of %zu</b><span>rules applicable to the "
               "declared profile passed</span></div>\n",
            ro->applicable_passed, ro->applicable);
    fprintf(f, "<div class=\"card\"><b class=\"v-fail\">%zu</b><span>rules failed or "
               "errored</span></div>\n",
            ro->rule_totals[RC_R_FAIL] + ro->rule_totals[RC_R_ERROR]);
    fprintf(f, "<div class=\"card\"><b>%zu / %zu</b><span>vectors passed / failed or "
               "errored, of %zu</span></div>\n",
            ro->totals[RC_V_PASS], ro->totals[RC_V_FAIL] + ro->totals[RC_V_ERROR],
            ro->nvectors);
    fprintf(f, "<div class=\"card\"><b>%zu of %zu</b><span>official checklist rows "
               "passed</span></div>\n</div>\n",
            ro->official_totals[RC_R_PASS], ro->nofficial);
    fputs("<table class=\"kv\">\n", f);
    fputs("<tr><th>Device</th><td><strong>", f);
    text(f, d ? d->name : NULL, (size_t)-1, "unknown");
    fputs("</strong> ", f);
    text(f, d ? d->version : NULL, (size_t)-1, "");
    fputs("</td></tr>\n", f);
    kv_text(f, "Device source", info->dut_source, (size_t)-1, "unknown");
    if (d != NULL) {
        fputs("<tr><th>Part 12 (VoQ backpressure)</th><td>", f);
        rc_writer_revs(f, d->profile.p12_revs, "Part 12");
        fputs("</td></tr>\n<tr><th>Part 9 (flow control)</th><td>", f);
        rc_writer_revs(f, d->profile.p9_revs, "Part 9");
        fputs("</td></tr>\n", f);
    }
    fputs("<tr><th>Date</th><td>", f);
    text(f, info->started, (size_t)-1, "unknown");
    if (isfinite(info->seconds) && info->seconds >= 0)
        fprintf(f, " (%.1f s)", info->seconds);
    fputs("</td></tr>\n", f);
    kv_text(f, "Tool", info->tool_version, (size_t)-1, "unknown");
    fputs("<tr><th>Vector set</th><td>", f);
    text(f, info->suite_version, (size_t)-1, "unknown");
    fprintf(f, "%s</td></tr>\n",
            info->sweep_stride > 1 ? " (sweeps sampled, not exhaustive)" : "");
    fputs("</table>\n</header>\n", f);
}

static void toc(FILE *f)
{
    fputs("<nav><a href=\"#rules\">Rules</a><a href=\"#official\">Official checklist</a>"
          "<a href=\"#failures\">Failures</a><a href=\"#profile\">Profile and policies</a>"
          "<a href=\"#interpretations\">Interpretations</a><a href=\"#untestable\">"
          "Untestable</a><a href=\"#waivers\">Waivers</a><a href=\"#provenance\">"
          "Provenance</a></nav>\n", f);
}

/* A sha256sum recipe (report.h rc_recipe_*) as a row, when there is one. */
static void recipe(FILE *f, const char *key, int (*fn)(FILE *, const struct rc_run_info *),
                   const struct rc_run_info *info)
{
    char *cmd = rc_recipe_str(fn, info);
    if (cmd != NULL)
        kv_code(f, key, cmd, (size_t)-1);
    free(cmd);
}

static void provenance(FILE *f, const struct rc_run_info *info)
{
    fputs("<section id=\"provenance\">\n<h2>Provenance</h2>\n", f);
    fputs("<p>What a customer can recompute or check (docs/provenance.md gives the "
          "recipes).</p>\n<table class=\"kv\">\n", f);
    kv_code(f, "DUT SHA-256", info->dut_sha256, sizeof info->dut_sha256);
    kv_text(f, "DUT file hashed", info->dut_hashed, (size_t)-1,
            info->dut_source != NULL && strcmp(info->dut_source, "built-in reference") == 0
                ? "none (built-in reference)"
                : "unknown");
    recipe(f, "DUT: recompute with", rc_recipe_dut, info);
    kv_code(f, "Vector set SHA-256", info->vectors_sha256, sizeof info->vectors_sha256);
    recipe(f, "Vector set: recompute with", rc_recipe_vectors, info);
    kv_code(f, "Vector set FNV-1a 64", info->vector_hash, sizeof info->vector_hash);
    kv_text(f, "riocheck version", info->tool_version, (size_t)-1, "unknown");
    kv_code(f, "riocheck commit", info->commit, (size_t)-1);
    kv_text(f, "Host", info->host, (size_t)-1, "unknown");
    kv_text(f, "Compiler", info->compiler, (size_t)-1, "unknown");
    kv_text(f, "Started", info->started, (size_t)-1, "unknown");
    fprintf(f, "<tr><th>Order, sweeps</th><td>seed %" PRIu64 ", sweep stride %" PRIu32
               "</td></tr>\n", info->seed, info->sweep_stride);
    kv_code(f, "Command line", info->command_line, (size_t)-1);
    kv_text(f, "Root", info->root, (size_t)-1, ".");
    fputs("</table>\n</section>\n", f);
}

static void profile(FILE *f, const struct rc_run_info *info)
{
    const struct rc_dut *d = info->dut;
    fputs("<section id=\"profile\">\n<h2>Declared profile and policies</h2>\n", f);
    if (d == NULL) {
        fputs("<p>No device profile was recorded.</p>\n</section>\n", f);
        return;
    }
    const struct rc_profile *p = &d->profile;
    fputs("<table class=\"kv\">\n", f);
    fprintf(f, "<tr><th>ABI version</th><td>%" PRIu32 "</td></tr>\n", d->abi_version);
    fputs("<tr><th>Capabilities</th><td>", f);
    int any = 0;
    for (unsigned b = 0; b < 32; b++) {
        const char *name = (p->caps & (1u << b)) ? rc_cap_name(1u << b) : NULL;
        if (name != NULL)
            fprintf(f, "%s<code>%s</code>", any ? " " : "", name), any = 1;
    }
    fprintf(f, "%s</td></tr>\n", any ? "" : "none");
    fprintf(f, "<tr><th>Parameters</th><td>ports %" PRIu32 ", VCs %" PRIu32
               ", counter width %" PRIu32 ", orphan timeout %" PRIu32 ", flow list %" PRIu32
               ", arbitration pool %" PRIu32 "</td></tr>\n</table>\n",
            p->ports, p->vcs, p->counter_width, p->orphan_timeout, p->flow_list, p->arb_pool);
    fputs("<table>\n<thead><tr><th>policy</th><th>declared</th><th>where the spec leaves "
          "the choice</th></tr></thead>\n<tbody>\n", f);
    for (unsigned k = 0; k < RC_POLICY_SLOTS; k++) {
        const char *key = rc_policy_name(k);
        if (key == NULL)
            continue;
        const char *v = rc_policy_value_name(k, p->policy[k]);
        fprintf(f, "<tr><td><code>%s</code></td><td>", key);
        if (v != NULL && p->policy[k] != 0)
            fprintf(f, "<code>%s</code>", v);
        else
            fputs("<span class=\"muted\">not declared</span>", f);
        fputs("</td><td>", f);
        text(f, rc_policy_why(k), (size_t)-1, "");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n</section>\n", f);
}

static const char *const levels[] = {"shall", "should", "may", "def"};

/* The select of one filter: name, label, values (NULL-terminated list). */
static void filter_select(FILE *f, const char *name, const char *label,
                          const char *const *values, size_t nvalues)
{
    fprintf(f, "<label for=\"filter-%s\">%s</label> <select name=\"%s\" id=\"filter-%s\">"
               "<option value=\"all\">all</option>",
            name, label, name, name);
    for (size_t i = 0; i < nvalues; i++) {
        fputs("<option value=\"", f);
        attr(f, values[i]);
        fputs("\">", f);
        text(f, values[i], (size_t)-1, "");
        fputs("</option>", f);
    }
    fputs("</select>\n", f);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The filter bar: hidden until the script shows it. -1 when out of memory. */
static int filters(FILE *f, const struct rc_rollups *ro)
{
    static const char *const verdicts[] = {"fail",       "error",          "inconclusive",
                                           "waived",     "not-run",        "pass",
                                           "not-applicable", "untestable"};
    const char **areas = calloc(ro->nrule ? ro->nrule : 1, sizeof *areas);
    if (areas == NULL)
        return -1;
    size_t na = 0;
    for (size_t i = 0; i < ro->nrule; i++) {
        const char *a = ro->rule[i].rule->area;
        if (a == NULL || a[0] == '\0' || strspn(a, "abcdefghijklmnopqrstuvwxyz0123456789-_") !=
                                             strlen(a))
            continue;
        size_t k = 0;
        while (k < na && strcmp(areas[k], a) != 0)
            k++;
        if (k == na)
            areas[na++] = a;
    }
    qsort(areas, na, sizeof *areas, cmp_str);
    fputs("<div class=\"filters\" id=\"filters\" hidden=\"hidden\">\n", f);
    filter_select(f, "verdict", "Verdict", verdicts, sizeof verdicts / sizeof verdicts[0]);
    filter_select(f, "level", "Level", levels, sizeof levels / sizeof levels[0]);
    filter_select(f, "area", "Area", areas, na);
    fputs("<button type=\"button\" id=\"filter-reset\">show all</button> "
          "<span class=\"muted\" id=\"filter-count\"></span>\n"
          "<span class=\"muted\">(filters apply to the rules and the official checklist "
          "tables)</span>\n</div>\n", f);
    free(areas);
    return 0;
}

static int rules(FILE *f, const struct rc_rollups *ro)
{
    fputs("<section id=\"rules\">\n<h2>Rules</h2>\n", f);
    if (filters(f, ro) != 0)
        return -1;
    fputs("<p>A rule fails when a step that checks it failed (a vector fails only the "
          "rules of its failing step); error when the device misbehaved (crash, hang, "
          "malformed output); inconclusive when a vector could not make its check; "
          "not-applicable when the device lacks what every one of its vectors needs; "
          "untestable when no device-level test can check it; not-run when no vector of "
          "it was in this run.</p>\n", f);
    fprintf(f, "<p class=\"muted\">%zu rules: %zu pass, %zu fail, %zu error, %zu "
               "inconclusive, %zu not-applicable, %zu waived, %zu untestable, %zu not-run."
               "</p>\n",
            ro->nrule, ro->rule_totals[RC_R_PASS], ro->rule_totals[RC_R_FAIL],
            ro->rule_totals[RC_R_ERROR], ro->rule_totals[RC_R_INCONCLUSIVE],
            ro->rule_totals[RC_R_NA], ro->rule_totals[RC_R_WAIVED],
            ro->rule_totals[RC_R_UNTESTABLE], ro->rule_totals[RC_R_NOT_RUN]);
    if (ro->unknown_rules)
        fprintf(f, "<p class=\"note\">%zu citations of rule ids that are not in the "
                   "catalogue were ignored (run <code>riocheck trace</code>).</p>\n",
                ro->unknown_rules);
    fputs("<table id=\"rules-table\">\n<thead><tr><th>rule</th><th>level</th><th>area"
          "</th><th>statement</th><th>verdict</th><th class=\"n\">pass</th><th class=\"n\">"
          "fail</th><th class=\"n\">error</th><th class=\"n\">n/a</th><th class=\"n\">"
          "waived</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < ro->nrule; i++) {
        const struct rc_rule_rollup *ru = &ro->rule[i];
        const char *v = rc_rollup_name(ru->verdict);
        fprintf(f, "<tr class=\"r-%s\" data-verdict=\"%s\" data-level=\"", v, v);
        token(f, ru->rule->level);
        fputs("\" data-area=\"", f);
        token(f, ru->rule->area);
        fputs("\" id=\"", f);
        id_of(f, "rule-", ru->rule->id);
        fputs("\"><td><code>", f);
        text(f, ru->rule->id, (size_t)-1, "?");
        fputs("</code></td><td>", f);
        text(f, ru->rule->level, (size_t)-1, "-");
        fputs("</td><td>", f);
        text(f, ru->rule->area, (size_t)-1, "-");
        fputs("</td><td>", f);
        text(f, ru->rule->statement, (size_t)-1, "-");
        if (ru->nfailing > 0) {
            fputs(" <a href=\"#", f);
            id_of(f, "fail-", ru->rule->id);
            fprintf(f, "\">%zu failing vector%s</a>", ru->nfailing,
                    ru->nfailing == 1 ? "" : "s");
        }
        fputs("</td><td>", f);
        verdict_badge(f, v);
        fprintf(f, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu"
                   "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n",
                ru->count[RC_V_PASS], ru->count[RC_V_FAIL], ru->count[RC_V_ERROR],
                ru->count[RC_V_NA], ru->count[RC_V_WAIVED]);
    }
    fputs("</tbody></table>\n</section>\n", f);
    return 0;
}

static void official(FILE *f, const struct rc_rollups *ro, const struct rc_catalogue *cat)
{
    fputs("<section id=\"official\">\n<h2>Official compliance checklist</h2>\n", f);
    if (ro->nofficial == 0) {
        fputs("<p>No checklist mapping was loaded.</p>\n</section>\n", f);
        return;
    }
    fputs("<p>Each row of the RapidIO.org Compliance Certification Checklist for Parts 9 "
          "and 12, through <code>suites/checklist-map.tsv</code>. A row is the worst of "
          "its rules in the order fail, error, waived, not-run, pass, not-applicable, "
          "untestable.</p>\n", f);
    fputs("<table id=\"official-table\">\n<thead><tr><th>checklist row</th><th>rules</th>"
          "<th>verdict</th><th class=\"n\">vectors</th><th>note</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t i = 0; i < ro->nofficial; i++) {
        const struct rc_official_rollup *o = &ro->official[i];
        const char *v = rc_rollup_name(o->verdict);
        size_t vectors = 0;
        for (int k = 0; k < RC_VERDICT_COUNT; k++)
            vectors += o->count[k];
        /* a row's level and area: those of its rules */
        fprintf(f, "<tr class=\"r-%s\" data-verdict=\"%s\" data-level=\"", v, v);
        for (size_t k = 0; k < o->map->nrules; k++) {
            const struct rc_rule *r = rc_rule_find(cat, o->map->rules[k]);
            fputs(k ? " " : "", f);
            token(f, r ? r->level : NULL);
        }
        fputs("\" data-area=\"", f);
        for (size_t k = 0; k < o->map->nrules; k++) {
            const struct rc_rule *r = rc_rule_find(cat, o->map->rules[k]);
            fputs(k ? " " : "", f);
            token(f, r ? r->area : NULL);
        }
        fputs("\"><td><code>", f);
        text(f, o->map->official, (size_t)-1, "?");
        fputs("</code></td><td>", f);
        for (size_t k = 0; k < o->map->nrules; k++) {
            fputs(k ? ", " : "", f);
            fputs("<a href=\"#", f);
            id_of(f, "rule-", o->map->rules[k]);
            fputs("\"><code>", f);
            text(f, o->map->rules[k], (size_t)-1, "?");
            fputs("</code></a>", f);
        }
        fputs("</td><td>", f);
        verdict_badge(f, v);
        fprintf(f, "</td><td class=\"n\">%zu</td><td>", vectors);
        if (o->map->note != NULL && strcmp(o->map->note, "-") != 0)
            text(f, o->map->note, (size_t)-1, "");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n</section>\n", f);
}

/* One failing vector. */
static int vector_box(FILE *f, const struct rc_run_info *info, const struct rc_report_opts *o,
                      const struct rc_result_row *row)
{
    const struct vec_record *r = row->rec;
    const struct rc_vec_result *res = &row->res;
    const char *v = rc_verdict_name(res->verdict);
    fputs("<div class=\"vec\"><code><strong>", f);
    text(f, r->id, sizeof r->id, "?");
    fputs("</strong></code> ", f);
    verdict_badge(f, v != NULL ? v : "?");
    fputs(" <span class=\"muted\">at ", f);
    text(f, rc_report_path(info, r->file), (size_t)-1, "?");
    fprintf(f, ":%u; rules", res->line ? res->line : r->line);
    for (unsigned k = 0; k < r->nrules && k < VEC_MAX_RULES; k++) {
        fputs(" <code>", f);
        text(f, r->rules[k], (size_t)-1, "?");
        fputs("</code>", f);
    }
    fputs("</span>\n", f);
    if (res->detail[0] != '\0') {
        fputs("<div><span class=\"k\">detail</span> ", f);
        text(f, res->detail, sizeof res->detail, "");
        fputs("</div>\n", f);
    }
    if (res->expected[0] != '\0' || res->actual[0] != '\0') {
        fputs("<div class=\"ea\"><div><span class=\"k\">expected</span><pre "
              "class=\"expected\">", f);
        text(f, res->expected, sizeof res->expected, "-");
        fputs("</pre></div><div><span class=\"k\">actual</span><pre class=\"actual\">", f);
        text(f, res->actual, sizeof res->actual, "-");
        fputs("</pre></div></div>\n", f);
    }
    char *cmd = rc_rerun_command(info, o, r->id);
    if (cmd == NULL)
        return -1;
    fputs("<div><span class=\"k\">rerun</span> <code class=\"rerun\">", f);
    text(f, cmd, (size_t)-1, "");
    fputs("</code></div>\n</div>\n", f);
    free(cmd);
    return 0;
}

static int is_failure(const struct rc_result_row *row)
{
    return row->rec != NULL &&
           (row->res.verdict == RC_V_FAIL || row->res.verdict == RC_V_ERROR);
}

static int failures(FILE *f, const struct rc_run_info *info, const struct rc_report_opts *o,
                    const struct rc_result_row *rows, size_t n, const struct rc_rollups *ro)
{
    fputs("<section id=\"failures\">\n<h2>Failures</h2>\n", f);
    size_t nfail = ro->totals[RC_V_FAIL] + ro->totals[RC_V_ERROR];
    if (nfail == 0) {
        fputs("<p>None.</p>\n</section>\n", f);
        return 0;
    }
    fprintf(f, "<p>%zu vector%s failed or errored. They are grouped by the rule they fail "
               "(a vector that fails several rules is under each; an inconclusive vector "
               "is under the rules its failing set-up step checks). Per rule the first %u "
               "are shown, the rest are collapsed; results.json has every one. Byte "
               "strings are in the vectors' hex.</p>\n",
            nfail, nfail == 1 ? "" : "s", RC_HTML_FAILING_SHOWN);
    unsigned char *seen = calloc(n ? n : 1, 1);
    if (seen == NULL)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < ro->nrule && rc == 0; i++) {
        const struct rc_rule_rollup *ru = &ro->rule[i];
        if (ru->nfailing == 0)
            continue;
        fputs("<h3 id=\"", f);
        id_of(f, "fail-", ru->rule->id);
        fputs("\"><a href=\"#", f);
        id_of(f, "rule-", ru->rule->id);
        fputs("\"><code>", f);
        text(f, ru->rule->id, (size_t)-1, "?");
        fputs("</code></a> ", f);
        verdict_badge(f, rc_rollup_name(ru->verdict));
        fprintf(f, " <span class=\"muted\">%zu failing</span></h3>\n<p>", ru->nfailing);
        text(f, ru->rule->statement, (size_t)-1, "");
        fputs("</p>\n", f);
        for (size_t k = 0; k < ru->nfailing && rc == 0; k++) {
            size_t at = ru->failing[k];
            if (k == RC_HTML_FAILING_SHOWN)
                fprintf(f, "<details><summary>%zu more failing vector%s of this rule"
                           "</summary>\n",
                        ru->nfailing - k, ru->nfailing - k == 1 ? "" : "s");
            if (at >= n || rows[at].rec == NULL)
                continue;
            seen[at] = 1;
            rc = vector_box(f, info, o, &rows[at]);
        }
        if (ru->nfailing > RC_HTML_FAILING_SHOWN)
            fputs("</details>\n", f);
    }
    /* failures of vectors that cite no catalogued rule */
    size_t other = 0;
    for (size_t i = 0; i < n; i++)
        other += is_failure(&rows[i]) && !seen[i];
    if (other > 0 && rc == 0) {
        fprintf(f, "<h3 id=\"fail-other\">Not attributed to a catalogued rule <span "
                   "class=\"muted\">%zu failing</span></h3>\n", other);
        size_t k = 0;
        for (size_t i = 0; i < n && rc == 0; i++) {
            if (!is_failure(&rows[i]) || seen[i])
                continue;
            if (k == RC_HTML_FAILING_SHOWN)
                fprintf(f, "<details><summary>%zu more failing vector%s</summary>\n",
                        other - k, other - k == 1 ? "" : "s");
            rc = vector_box(f, info, o, &rows[i]);
            k++;
        }
        if (other > RC_HTML_FAILING_SHOWN)
            fputs("</details>\n", f);
    }
    free(seen);
    fputs("</section>\n", f);
    return rc;
}

static int docs_present(const struct rc_run_info *info)
{
    char path[4096];
    int len = snprintf(path, sizeof path, "%s/docs/interpretations.md",
                       info->root != NULL ? info->root : ".");
    return len > 0 && (size_t)len < sizeof path && access(path, R_OK) == 0;
}

static void interpretations(FILE *f, const struct rc_run_info *info,
                            const struct rc_rollups *ro)
{
    fputs("<section id=\"interpretations\">\n<h2>Interpretations that applied</h2>\n", f);
    if (ro->ninterp == 0) {
        fputs("<p>No vector of this run depends on a documented interpretation.</p>\n"
              "</section>\n", f);
        return;
    }
    int shipped = docs_present(info);
    fputs("<p>Where the specifications are ambiguous, riocheck follows a documented "
          "reading; these are the ones the vectors that ran (not-applicable ones "
          "excluded) depend on.", f);
    if (shipped)
        fputs(" Each links to the copy of <code>docs/interpretations.md</code> shipped "
              "with this report (<a href=\"interpretations.html\">interpretations.html</a>, "
              "<a href=\"interpretations.md\">interpretations.md</a>).</p>\n", f);
    else
        fputs("</p>\n<p class=\"note\">docs/interpretations.md was not found under the "
              "run's root, so no copy of it was shipped with this report: look the ids up "
              "in the riocheck sources.</p>\n", f);
    fputs("<table>\n<thead><tr><th>interpretation</th><th class=\"n\">vectors</th></tr>"
          "</thead>\n<tbody>\n", f);
    for (size_t i = 0; i < ro->ninterp; i++) {
        const char *id = ro->interp[i].id;
        char anchor[16];
        rc_writer_anchor(anchor, sizeof anchor, id);
        fputs("<tr><td>", f);
        if (shipped) {
            fputs("<a href=\"interpretations.html#", f);
            attr(f, anchor);
            fputs("\">", f);
        }
        fputs("<code>", f);
        text(f, id, sizeof ro->interp[i].id, "?");
        fputs("</code>", f);
        if (shipped)
            fputs("</a>", f);
        fprintf(f, "</td><td class=\"n\">%zu</td></tr>\n", ro->interp[i].vectors);
    }
    fputs("</tbody></table>\n</section>\n", f);
}

static void untestable(FILE *f, const struct rc_rollups *ro)
{
    fputs("<section id=\"untestable\">\n<h2>Untestable rules</h2>\n", f);
    if (ro->rule_totals[RC_R_UNTESTABLE] == 0) {
        fputs("<p>None.</p>\n</section>\n", f);
        return;
    }
    fputs("<p>No device-level test can check these rules; the catalogue says why.</p>\n"
          "<table>\n<thead><tr><th>rule</th><th>level</th><th>reason</th></tr></thead>\n"
          "<tbody>\n", f);
    for (size_t i = 0; i < ro->nrule; i++) {
        const struct rc_rule_rollup *ru = &ro->rule[i];
        if (ru->verdict != RC_R_UNTESTABLE)
            continue;
        fputs("<tr><td><code>", f);
        text(f, ru->rule->id, (size_t)-1, "?");
        fputs("</code></td><td>", f);
        text(f, ru->rule->level, (size_t)-1, "-");
        fputs("</td><td>", f);
        text(f, ru->rule->untestable, (size_t)-1, "-");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n</section>\n", f);
}

static void waiver_row(FILE *f, const struct rc_waiver *e, size_t uses, int with_uses)
{
    fputs("<tr><td><code>", f);
    text(f, e->pattern, (size_t)-1, "?");
    fputs("</code></td><td>", f);
    text(f, e->file, (size_t)-1, "?");
    fprintf(f, ":%u</td>", e->line);
    if (with_uses)
        fprintf(f, "<td class=\"n\">%zu</td>", uses);
    fputs("<td>", f);
    text(f, e->reason, (size_t)-1, "");
    fputs("</td></tr>\n", f);
}

static const struct rc_waiver_layout waiver_layout = {
    .head = "<section id=\"waivers\">\n<h2>Waivers</h2>\n",
    .no_file = "<p>No waiver file was given.</p>\n</section>\n",
    .used_head = "<h3>Waivers used</h3>\n",
    .used_none = "<p>None.</p>\n",
    .used_open = "<table>\n<thead><tr><th>waiver</th><th>where</th><th class=\"n\">vectors "
                 "waived</th><th>reason</th></tr></thead>\n<tbody>\n",
    .used_close = "</tbody></table>\n",
    .stale_head = "<h3>Stale waivers</h3>\n",
    .stale_none = "<p>None.</p>\n",
    .stale_open = "<p>" RC_WAIVERS_STALE_ADVICE "</p>\n<table>\n"
                  "<thead><tr><th>waiver</th><th>where</th><th>reason</th></tr></thead>\n"
                  "<tbody>\n",
    .stale_close = "</tbody></table>\n",
    .tail = "</section>\n",
    .row = waiver_row,
};

int rc_write_html(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                  const struct rc_result_row *rows, size_t n, const struct rc_report_opts *o)
{
    struct rc_rollups ro;
    if (f == NULL || rc_writer_start(&info, &cat, rows, &n, &ro) != 0)
        return -1;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<meta name=\"generator\" content=\"", f);
    attr(f, info->tool_version != NULL ? info->tool_version : "riocheck");
    fputs("\"/>\n<title>Compliance report: ", f);
    text(f, info->dut ? info->dut->name : NULL, (size_t)-1, "unknown device");
    fprintf(f, " - %s</title>\n", ro.overall);
    fputs(style, f);
    fputs("</head>\n<body>\n", f);
    at_a_glance(f, info, &ro);
    toc(f);
    int rc = rules(f, &ro);
    official(f, &ro, cat);
    if (rc == 0)
        rc = failures(f, info, o, rows, n, &ro);
    profile(f, info);
    interpretations(f, info, &ro);
    untestable(f, &ro);
    if (rc == 0)
        rc = rc_write_waiver_section(f, &waiver_layout, o ? o->waivers : NULL, rows, n);
    provenance(f, info);
    fputs("<footer class=\"muted\"><p>Written by ", f);
    text(f, info->tool_version, (size_t)-1, "riocheck");
    fputs(". This file is self-contained: it loads nothing from the network.</p>"
          "</footer>\n", f);
    fputs(script, f);
    fputs("</body>\n</html>\n", f);
    rc_rollups_free(&ro);
    return rc != 0 || fflush(f) != 0 || ferror(f) ? -1 : 0;
}

/* ---- interpretations.html ------------------------------------------------------ */

/* Inline Markdown of one line: `code` and **bold**, the rest escaped. */
static void inline_md(FILE *f, const char *s, size_t len)
{
    int bold = 0;
    size_t i = 0, start = 0;
    while (i < len) {
        if (s[i] == '`') {
            size_t j = i + 1;
            while (j < len && s[j] != '`')
                j++;
            if (j < len) {
                rc_esc_put(f, RC_ESC_XML, s + start, i - start);
                fputs("<code>", f);
                rc_esc_put(f, RC_ESC_XML, s + i + 1, j - i - 1);
                fputs("</code>", f);
                i = start = j + 1;
                continue;
            }
        } else if (s[i] == '*' && i + 1 < len && s[i + 1] == '*') {
            rc_esc_put(f, RC_ESC_XML, s + start, i - start);
            fputs(bold ? "</strong>" : "<strong>", f);
            bold = !bold;
            i = start = i + 2;
            continue;
        }
        i++;
    }
    rc_esc_put(f, RC_ESC_XML, s + start, len - start);
    if (bold)
        fputs("</strong>", f);
}

/* An anchor line '<a id="ID"></a>' with ID of [a-z0-9-]: its id, else 0. */
static size_t anchor_line(const char *s, size_t len, const char **id)
{
    static const char pre[] = "<a id=\"", post[] = "\"></a>";
    size_t lp = sizeof pre - 1, lq = sizeof post - 1;
    if (len <= lp + lq || memcmp(s, pre, lp) != 0 || memcmp(s + len - lq, post, lq) != 0)
        return 0;
    size_t n = len - lp - lq;
    for (size_t i = 0; i < n; i++) {
        char c = s[lp + i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return 0;
    }
    *id = s + lp;
    return n;
}

int rc_write_interp_html(FILE *f, const char *s, size_t len)
{
    if (f == NULL)
        return -1;
    if (s == NULL)
        len = 0;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<title>riocheck: interpretations of the specs</title>\n", f);
    fputs(style, f);
    fputs("<style>:target+h3,h3:target{background:#fff8c5}</style>\n</head>\n<body>\n", f);
    enum { NONE, PARA, LIST } open = NONE;
    size_t at = 0;
    while (at < len) {
        size_t e = at;
        while (e < len && s[e] != '\n')
            e++;
        const char *l = s + at;
        size_t ll = e - at;
        at = e < len ? e + 1 : e;
        while (ll > 0 && (l[ll - 1] == '\r' || l[ll - 1] == ' '))
            ll--;
        const char *id;
        size_t idl;
        int heading = 0;
        while (heading < 6 && (size_t)heading < ll && l[heading] == '#')
            heading++;
        int is_heading = heading > 0 && (size_t)heading < ll && l[heading] == ' ';
        int is_item = ll >= 2 && (l[0] == '-' || l[0] == '*') && l[1] == ' ';
        int is_cont = open == LIST && ll >= 2 && l[0] == ' ' && l[1] == ' ';
        /* close what the line ends */
        if (open != NONE && (ll == 0 || is_heading || (open == PARA && is_item) ||
                             (open == LIST && !is_item && !is_cont))) {
            fputs(open == PARA ? "</p>\n" : "</li>\n</ul>\n", f);
            open = NONE;
        }
        if (ll == 0)
            continue;
        if ((idl = anchor_line(l, ll, &id)) > 0) {
            fputs("<a id=\"", f);
            fwrite(id, 1, idl, f);
            fputs("\"></a>\n", f);
        } else if (is_heading) {
            fprintf(f, "<h%d>", heading);
            inline_md(f, l + heading + 1, ll - (size_t)heading - 1);
            fprintf(f, "</h%d>\n", heading);
        } else if (is_item) {
            fputs(open == LIST ? "</li>\n<li>" : "<ul>\n<li>", f);
            open = LIST;
            inline_md(f, l + 2, ll - 2);
        } else {
            if (open == NONE)
                fputs("<p>", f);
            else
                fputc('\n', f);
            if (open == NONE)
                open = PARA;
            inline_md(f, l, ll);
        }
    }
    if (open != NONE)
        fputs(open == PARA ? "</p>\n" : "</li>\n</ul>\n", f);
    fputs("</body>\n</html>\n", f);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
