/* SPDX-License-Identifier: Apache-2.0 */
/*
 * report.h - what a conformance run leaves behind: the machine-readable
 * results file (JSON), a JUnit XML file for CI systems, the compliance
 * summary a vendor hands to a customer (Markdown), waivers, and the atomic
 * replacement of output files.
 *
 * Inputs are the run description (struct rc_run_info), one struct
 * rc_result_row per vector that was selected (harness/core/results.h) and
 * the loaded catalogue (harness/core/suite.h). Nothing here runs a DUT.
 *
 * Verdicts. A vector's verdict is pass, fail, error, not-applicable or waived
 * (enum rc_verdict). A rule's verdict (its "rollup") is computed from the
 * vectors of the run that cite it:
 *   fail            at least one of its vectors failed;
 *   error           else at least one errored (the DUT misbehaved);
 *   waived          else at least one failure or error was waived;
 *   pass            else at least one vector passed (the others were
 *                   not-applicable);
 *   not-applicable  every vector of the rule was not-applicable;
 *   untestable      no vector ran and the catalogue gives the reason why no
 *                   device-level test can check the rule;
 *   not-run         no vector of the rule was in this run (a selection that
 *                   left it out, or a coverage gap riocheck trace reports).
 * An official checklist row (suites/checklist-map.tsv) combines the rollups
 * of the rules it maps to, the first that applies in this order:
 *   fail, error, waived, not-run, pass, not-applicable, untestable
 * (so a row passes only when every one of its testable rules was run and
 * none failed; rows whose rules are partly untestable pass on the rest).
 * A vector fails only the rules of the step that failed (rc_row_rule_verdict);
 * it is inconclusive for its other rules. A rule's rollup is, in this order:
 * fail, error, waived, inconclusive (a vector could not check it), pass,
 * not-applicable, untestable, not-run.
 * The overall result of a run: "fail" when a rule failed or errored (after
 * waivers); else "incomplete" when nothing passed, or a rule applicable to
 * the DUT's profile was inconclusive or not run; else "pass-with-waivers"
 * when a rule was waived; else "pass". "pass" thus means every applicable
 * rule was run and passed.
 *
 * All writers take the FILE to write, return 0, or -1 when writing failed
 * (ferror after a final fflush) or memory ran out; they never close f. Every string from the
 * DUT, the vectors, the catalogue or the command line is escaped for the
 * output format; bytes that are not valid UTF-8 become U+FFFD. Callers
 * write into rc_atomic_open() files so a crash never leaves half a report.
 */
#ifndef RC_REPORT_H
#define RC_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../core/results.h"

/* ---- waivers (format: docs/waivers.md) ------------------------------------ */

#define RC_WAIVER_LINE_MAX 1024u   /* bytes per line, without the newline */
#define RC_WAIVER_PATTERN_MAX 127u /* bytes of the id / glob field */
#define RC_WAIVER_FILE_MAX (16u << 20) /* bytes of one waiver file */

struct rc_waiver {
    char *pattern;    /* vector id glob, or rule id (glob) */
    char *reason;     /* non-empty, trimmed, valid UTF-8, no control chars */
    const char *file; /* the name it was loaded from (owned by the set) */
    unsigned line;
};

struct rc_waivers {
    struct rc_waiver *w;
    size_t n, cap;
    char **files; /* names passed to the loaders */
    size_t nfiles;
};

/* Append the waivers of one file to w (zero-initialise w before the first
 * call). Returns 0, or -1 with "file:line: reason" in err (or "file: reason"
 * when the file cannot be read or exceeds RC_WAIVER_FILE_MAX); a file with
 * an error adds no waiver, earlier files' waivers stay. Rejected: a line
 * longer than RC_WAIVER_LINE_MAX, a NUL byte, a pattern with characters
 * other than letters, digits, . _ - and the glob characters * ? [ ] !, an
 * unbalanced [ ], a pattern longer than RC_WAIVER_PATTERN_MAX, a missing or
 * empty reason, a reason with control characters or invalid UTF-8, and a
 * pattern already waived (in this or an earlier file). */
int rc_waivers_load(struct rc_waivers *w, const char *path, char *err, size_t cap);
/* The same from memory: text[0..len) (may hold NUL bytes, which are errors);
 * name is used in messages and as the waivers' file. */
int rc_waivers_load_text(struct rc_waivers *w, const char *name, const char *text,
                         size_t len, char *err, size_t cap);
void rc_waivers_free(struct rc_waivers *w);

/* The waiver that covers a vector: the first (in file order) whose pattern
 * matches the vector id (fnmatch glob) or one of its rule ids (also as a
 * glob). NULL when none does, or when w or r is NULL. */
const struct rc_waiver *rc_waiver_find(const struct rc_waivers *w,
                                       const struct vec_record *r);
/* Its reason, or NULL. */
const char *rc_waiver_match(const struct rc_waivers *w, const struct vec_record *r);
/* Turn every FAIL or ERROR row that a waiver covers into WAIVED and point its
 * waiver field at the waiver's reason (which lives in w: keep w until the
 * rows are written). The detail, expected and actual texts are kept.
 * Returns the number of rows waived. */
size_t rc_waivers_apply(struct rc_result_row *rows, size_t n, const struct rc_waivers *w);
/* Stale waivers: those whose pattern matches no vector of rows with verdict
 * FAIL, ERROR or WAIVED (either the bug was fixed or the waiver names
 * nothing that failed in this run). Writes up to cap waiver indices into idx
 * (idx may be NULL when cap is 0) and returns how many are stale in all. */
size_t rc_waivers_stale(const struct rc_waivers *w, const struct rc_result_row *rows,
                        size_t n, size_t *idx, size_t cap);
/* Rows whose waiver field points at waiver i's reason (rows it waived). */
size_t rc_waiver_uses(const struct rc_waivers *w, size_t i,
                      const struct rc_result_row *rows, size_t n);

/* ---- rollups (shared by the writers; usable for a console summary) ------- */

enum rc_rollup {
    RC_R_PASS = 0,
    RC_R_FAIL,
    RC_R_ERROR,
    RC_R_NA,
    RC_R_WAIVED,
    RC_R_UNTESTABLE,
    RC_R_NOT_RUN,
    RC_R_INCONCLUSIVE
};
#define RC_ROLLUP_COUNT 8
/* "pass" "fail" "error" "not-applicable" "waived" "untestable" "not-run";
 * "?" for a value out of range. */
const char *rc_rollup_name(enum rc_rollup r);

#define RC_VERDICT_COUNT 6 /* enum rc_verdict values, PASS..INCONCLUSIVE */

struct rc_rule_rollup {
    const struct rc_rule *rule;
    enum rc_rollup verdict;
    size_t count[RC_VERDICT_COUNT]; /* its vectors per enum rc_verdict */
    const size_t *failing;          /* row indices of its FAIL/ERROR vectors */
    size_t nfailing;
};

struct rc_official_rollup {
    const struct rc_mapping *map;
    enum rc_rollup verdict;
    size_t count[RC_VERDICT_COUNT]; /* distinct vectors of its rules */
};

struct rc_interp_count {
    char id[16]; /* I-XXX-n */
    size_t vectors;
};

struct rc_rollups {
    struct rc_rule_rollup *rule;         /* parallel to cat->rule */
    size_t nrule;
    struct rc_official_rollup *official; /* parallel to cat->map */
    size_t nofficial;
    struct rc_interp_count *interp;      /* sorted: I-ARB-2 before I-ARB-10 */
    size_t ninterp;
    size_t nvectors;                     /* rows with a vector */
    size_t totals[RC_VERDICT_COUNT];     /* vectors per verdict */
    size_t rule_totals[RC_ROLLUP_COUNT]; /* rules per rollup */
    size_t unknown_rules;                /* rule ids cited but not catalogued */
    const char *overall;                 /* see the top of this file */
    size_t applicable;                   /* rules applicable to the profile
                                            (run or not; not untestable) */
    size_t applicable_passed;            /* ... of them passed */
    size_t official_totals[RC_ROLLUP_COUNT]; /* official rows per rollup */
    /* internal: sorted rule index, rule -> mappings, failing lists */
    size_t *sorted, *map_of, *map_start, *fail_idx;
};

/* Compute every rollup. A row with a NULL rec is skipped; a verdict out of
 * range counts as ERROR. Interpretations are counted over the vectors that
 * were not not-applicable. Returns 0, or -1 when memory ran out (s is then
 * empty). */
int rc_rollups_build(struct rc_rollups *s, const struct rc_catalogue *cat,
                     const struct rc_result_row *rows, size_t n);
/* The same for a DUT with this profile (NULL: every rule not run counts as
 * applicable): a rule that no vector of the run cited is applicable when the
 * profile implements one of its revisions and has the capability of its
 * area (cs48, cs64, gen, rx, ep, sw, arbtx, arbrx; csr: p12reg; car: p9reg;
 * ccp and portmap: codec; sys: none needed). */
int rc_rollups_build_for(struct rc_rollups *s, const struct rc_catalogue *cat,
                         const struct rc_result_row *rows, size_t n,
                         const struct rc_profile *profile);
/* What a row says of rule k of its vector (attribution): PASS, NA, ERROR
 * as the row; FAIL, INCONCLUSIVE and WAIVED rows say FAIL (WAIVED) of the
 * rules their failing step checks (res.failed_rules; all of them when that
 * is empty for a FAIL or WAIVED row) and INCONCLUSIVE of the others. */
enum rc_verdict rc_row_rule_verdict(const struct rc_result_row *row, unsigned k);
void rc_rollups_free(struct rc_rollups *s);
/* The catalogue index of a rule id, or -1. */
long rc_rollups_rule_index(const struct rc_rollups *s, const struct rc_catalogue *cat,
                           const char *id);
/* The official rows (indices into cat->map) that map to one of r's rules, in
 * map order, without repetition: up to cap written, the total returned. */
size_t rc_rollups_official_of(const struct rc_rollups *s, const struct rc_catalogue *cat,
                              const struct vec_record *r, size_t *idx, size_t cap);

/* ---- writers ---------------------------------------------------------------- */

/* Options shared by the writers; NULL means all defaults. */
struct rc_report_opts {
    const struct rc_waivers *waivers; /* for "waivers used" and "stale" */
    /* How the DUT is named on a rerun command line: "--dut" (a shared
     * library, the default when dut_source is not the built-in reference)
     * or "--dut-cmd" (an external process). */
    const char *dut_option;
    /* The words of the rerun command, as riocheck run gives them (NULL:
     * "riocheck", --root info->root unless ".", dut_option and dut_source
     * as one word). */
    const struct rc_rerun *rerun;
};

/* A rerun command's words (rc_rerun_command): what riocheck run was given,
 * with paths made absolute so that the command works from any folder. */
struct rc_rerun {
    const char *program;            /* the riocheck command; NULL: "riocheck" */
    const char *data;               /* --data DIR; NULL when the default */
    const char *dut_path;           /* --dut LIB, or NULL */
    char *const *dut_cmd;           /* --dut-cmd words (NULL-terminated), or NULL */
    const char *const *vector_files; /* --vectors FILE of the run, in order */
    size_t nvector_files;
};

/* JSON results file, one object (2-space indented, UTF-8), with these keys
 * in this order ("format" changes when a key changes meaning):
 *   format         "riocheck-results-1"
 *   tool, suite_version, vector_hash, started (ISO 8601), command_line,
 *   root           strings (null when not given)
 *   seed, sweep_stride  integers;  seconds  number (null if not finite)
 *   provenance     {commit, compiler, host: strings, "unknown" when not
 *                   known; dut_sha256: the DUT file's SHA-256, "unknown"
 *                   when it could not be read, null for the built-in
 *                   reference; dut_file: the file hashed or null;
 *                   dut_recipe: "sha256sum FILE" or null; vectors_sha256;
 *                   vectors_dir: the folder the names are relative to;
 *                   vector_files: [names, in the order hashed];
 *                   vectors_recipe: "cd DIR && sha256sum NAMES | sha256sum"}
 *                  (docs/provenance.md)
 *   dut            {name, version, source, abi_version, profile: {
 *                   p12_revs: ["p12r2", ...], p9_revs: ["p9r3", ...],
 *                   capabilities: ["cs48", ...], caps_mask, parameters:
 *                   {ports, vcs, counter_width, orphan_timeout, flow_list,
 *                   arb_pool}, policies: {KEY: value name or null}}}
 *   overall        "pass" | "pass-with-waivers" | "fail" | "incomplete"
 *   rules_applicable, rules_applicable_passed  integers
 *   official_totals {rows, pass, fail, ... per rollup}
 *   totals         {vectors, pass, fail, error, not-applicable, waived,
 *                   inconclusive}
 *   rule_totals    {pass, fail, error, not-applicable, waived, untestable,
 *                   not-run, inconclusive}
 *   vectors        [{id, file (relative to root when under it), line, step_line (the step that decided, or
 *                   the record's line), suite, rules: [...], official: [...],
 *                   verdict, failed_rules: [the rules this vector fails],
 *                   waiver (reason or null), detail, expected,
 *                   actual, checks, seconds}]
 *   rules          [{id, level, area, revisions, verdict, untestable (the
 *                   catalogue's reason or null), counts: {pass, fail, error,
 *                   not-applicable, waived, inconclusive}, failing: [vector ids]}]
 *   official       [{id, rules: [...], verdict, note, counts: {...}}]
 *   interpretations [{id, vectors}]
 *   waivers        (rc_write_json_opts with o->waivers only)
 *                  [{pattern, reason, file, line, used, stale}] */
int rc_write_json(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                  const struct rc_result_row *rows, size_t n);
/* The same plus the "waivers" section (used and stale) when o->waivers. */
int rc_write_json_opts(FILE *f, const struct rc_run_info *info,
                       const struct rc_catalogue *cat, const struct rc_result_row *rows,
                       size_t n, const struct rc_report_opts *o);

/* JUnit XML: <testsuites> with one <testsuite> per suite (in order of first
 * appearance; rows without a suite go to "unassigned"), one <testcase> per
 * vector (classname = suite, name = vector id); fail -> <failure>, error ->
 * <error>, not-applicable and waived -> <skipped> with the reason. */
int rc_write_junit(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                   const struct rc_result_row *rows, size_t n);

/* The compliance summary (Markdown): header with the DUT identity,
 * revisions, date, versions, vector hash and overall result; totals; per
 * rule grouped by level (shall, should, may, def) its statement, rollup,
 * vector counts and failing vectors; per official checklist row its rules,
 * rollup and note; the interpretations that applied (link to
 * interpretations.md#i-xxx-n, the copy the output folder ships beside it,
 * and number of vectors); the provenance (rc_recipe_*); the failures
 * grouped by the rule they fail, each with a one-line rerun command, the
 * first RC_MD_FAILURES_SHOWN of each rule in full (the rest: results.json);
 * the untestable rules with their reasons; the waivers used and the stale
 * waivers (when o->waivers). o may be NULL. */
#define RC_MD_FAILURES_SHOWN 5u
int rc_write_markdown(FILE *f, const struct rc_run_info *info,
                      const struct rc_catalogue *cat, const struct rc_result_row *rows,
                      size_t n, const struct rc_report_opts *o);

/* The HTML compliance report (docs/html-report.md): one self-contained file
 * (inline CSS and a small inline script, no network: nothing is fetched)
 * holding what compliance.md holds - verdict at a glance, DUT identity,
 * revisions, provenance (rc_run_info; "unknown" for what is not filled in),
 * declared profile and policies, rules and official checklist rows with
 * filters by verdict, level and area (without JavaScript every row shows),
 * the failing vectors grouped by rule with detail, expected, actual and the
 * rerun command (the first RC_HTML_FAILING_SHOWN per rule, the rest in a
 * collapsed list), the interpretations that applied (linked to
 * interpretations.html#i-xxx-n, the copy shipped beside it), untestable
 * rules with reasons, waivers used and stale. Every text riocheck did not
 * write is escaped (text.h RC_ESC_XML, RC_ESC_XML_ATTR); the document is
 * also well-formed XML after its first line (<!DOCTYPE html>). o may be NULL. */
#define RC_HTML_FAILING_SHOWN 20u
int rc_write_html(FILE *f, const struct rc_run_info *info, const struct rc_catalogue *cat,
                  const struct rc_result_row *rows, size_t n, const struct rc_report_opts *o);
/* interpretations.html: docs/interpretations.md (text[0..len), any bytes)
 * rendered as a self-contained HTML page: each '<a id="i-xxx-n"></a>' line
 * an anchor of that id, headings, paragraphs and lists, `code` and **bold**;
 * everything else escaped. 0, or -1 when writing failed. */
int rc_write_interp_html(FILE *f, const char *text, size_t len);

/* The one-line command that reruns one vector (the report's "rerun"):
 * "riocheck run [--root ROOT] [--dut|--dut-cmd SOURCE] [--sweep-stride N]
 * --vector ID", every word from the run escaped as a shell word (text.h
 * RC_ESC_SH). With o->rerun (what riocheck run passes, so that TAP, the
 * reproducer files and the reports print the same line):
 * "PROGRAM run [--data DIR] [--sweep-stride N] [--vectors FILE]... --vector ID
 * [--dut LIB | --dut-cmd PROGRAM ARGS...]" (the --dut-cmd words last: every
 * word after --dut-cmd is the program's). A malloc'd string (free it), NULL
 * when memory ran out. */
char *rc_rerun_command(const struct rc_run_info *info, const struct rc_report_opts *o,
                       const char *vector_id);

/* Provenance (docs/provenance.md) as every report prints it: the shell
 * command that recomputes info->dut_sha256 ("sha256sum FILE") and
 * info->vectors_sha256 ("cd DIR && sha256sum NAME... | sha256sum"), every
 * word escaped for the shell (text.h RC_ESC_SH). Each returns 1 when it
 * wrote one, 0 when info has nothing to recompute (the built-in reference;
 * no vector hash). rc_recipe_str: the same in a malloc'd string (free it),
 * NULL for nothing or no memory. rc_prov_text: s, or "unknown" for NULL or
 * "". */
int rc_recipe_dut(FILE *f, const struct rc_run_info *info);
int rc_recipe_vectors(FILE *f, const struct rc_run_info *info);
char *rc_recipe_str(int (*recipe)(FILE *, const struct rc_run_info *),
                    const struct rc_run_info *info);
const char *rc_prov_text(const char *s);

/* ---- atomic replacement of an output file ---------------------------------- */

/* Open "path.tmp.PID" for writing (created exclusively, mode 0666 & umask; a
 * leftover of that name is removed first) and put its name into tmp.
 * NULL with errno set on failure (ENAMETOOLONG when tmp is too small). */
FILE *rc_atomic_open(const char *path, char *tmp, size_t cap);
/* fflush, fsync and close f, then rename tmp over path (and fsync the
 * folder, best effort). 0, or -1 with errno set; on failure tmp is removed
 * and path is untouched. f is closed in every case. */
int rc_atomic_commit(FILE *f, const char *tmp, const char *path);
/* Give up: close f and remove tmp. */
void rc_atomic_abort(FILE *f, const char *tmp);

/* ---- text helpers shared by the writers ------------------------------------ */

/* Decode one UTF-8 character of s[0..len) (len >= 1): returns the bytes it
 * takes (1 for an invalid byte) and sets *cp to the code point, or to -1
 * when the bytes are not valid UTF-8 (overlong, surrogate, > U+10FFFF,
 * truncated). */
size_t rc_utf8_next(const char *s, size_t len, long *cp);
/* A vector file as the reports print it: relative to info->root when it
 * lies under it ("ROOT/vectors/x.vec" -> "vectors/x.vec"), else unchanged. */
const char *rc_report_path(const struct rc_run_info *info, const char *file);
/* strlen bounded by max (for fixed-size buffers that may lack their NUL). */
size_t rc_strnlen(const char *s, size_t max);

#endif
