/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck run: select vectors, play them against a DUT (the built-in
 * reference, a vendor library, or an external process), isolate its crashes,
 * apply waivers, and write TAP, a results table, JSON, JUnit and the
 * Markdown compliance summary. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/dutload.h"
#include "../core/isolate.h"
#include "../core/provenance.h"
#include "../proc/proc.h"
#include "../core/results.h"
#include "../core/run.h"
#include "../core/suite.h"
#include "../refdut/refdut.h"
#include "../report/outdir.h"
#include "../report/report.h"
#include "../report/text.h"
#include "cli.h"
#include "rio/version.h"

#define RIOCHECK_VERSION "riocheck " RIO_VERSION /* the one version: rio/version.h */
#define SUITE_VERSION "2026.11.21"

static const char run_help[] =
    "Usage: riocheck run [options] [--dut PATH.so | --dut-cmd PROGRAM [ARGS...] --]\n"
    "\n"
    "Play the conformance vectors against a DUT (default: the built-in\n"
    "reference implementation), print TAP, and write the results files and the\n"
    "compliance summary. With no selection every suite of suites/suites.tsv\n"
    "runs. Options take their value as --opt VALUE or --opt=VALUE (a unique\n"
    "prefix of a long option is accepted, as getopt_long does); -h is --help.\n"
    "\n"
    "The DUT:\n"
    "  --dut PATH        a vendor library exporting riocheck_dut_v2()\n"
    "                    (harness/include/riocheck/dut.h, docs/vendor-guide.md),\n"
    "                    loaded only in riocheck's worker processes: one that\n"
    "                    cannot be loaded, or crashes, exits or hangs while it\n"
    "                    is, is a harness error (exit status 3)\n"
    "  --dut-cmd PROGRAM [ARGS...]\n"
    "                    an external process speaking docs/dut-protocol.md on\n"
    "                    stdin/stdout, started without a shell; everything\n"
    "                    after --dut-cmd up to a lone -- is its command line\n"
    "  --transcript FILE the --dut-cmd conversation, both directions: '> ' lines\n"
    "                    riocheck sent (requests, and '# vector ID FILE:LINE'\n"
    "                    before each vector's first request), '< ' lines the\n"
    "                    DUT wrote, '# ' riocheck's notes (started, lost, end);\n"
    "                    docs/dut-protocol.md. Only with --dut-cmd: a --dut\n"
    "                    library or the built-in reference is called, not\n"
    "                    talked to (serve it with riocheck-shim to record one)\n"
    "Selection (repeatable; a vector must match every kind of option given, and\n"
    "any one value of each):\n"
    "  --suite NAME      a suite of suites/suites.tsv\n"
    "  --rule ID         vectors citing this rule id (a glob: 'P12-4.2-*')\n"
    "  --vector GLOB     vector ids matching the glob\n"
    "  --area AREA       vectors citing a rule of this area (gen, rx, ccp, ...)\n"
    "  --rev REV         vectors for this revision: p12r2 p12r3 p9r2 p9r3\n"
    "  --vectors FILE    run the records of this vector file instead of the\n"
    "                    suites' files, e.g. a reproducer\n"
    "Results (docs/vendor-guide.md, The output folder):\n"
    "  --out DIR         folder of the default outputs (reports/out, relative\n"
    "                    to the current folder, never to the data folder):\n"
    "                    results.tsv, results.json, results.xml (JUnit),\n"
    "                    compliance.md, compliance.html (docs/html-report.md),\n"
    "                    interpretations.md and .html (a copy of ROOT/docs/\n"
    "                    interpretations.md), repro/ and run-status, replaced as a\n"
    "                    whole when the run completes; until then run-status\n"
    "                    says interrupted, results.tsv holds the rows so far\n"
    "                    and the last complete set is in DIR/previous/. One\n"
    "                    run at a time per DIR: a second one fails at once\n"
    "  --results FILE, --json FILE, --junit FILE, --markdown FILE, --html FILE\n"
    "                    write that output somewhere else (compliance.html\n"
    "                    links to DIR/interpretations.html: keep them together)\n"
    "  --no-reports      write no files (TAP only)\n"
    "  --repro-dir DIR   reproducer files of failing vectors\n"
    "                    (default: OUT/repro)\n"
    "  --waivers FILE    waivers (docs/waivers.md): a failure they cover is\n"
    "                    reported as waived; waivers that cover no failure are\n"
    "                    reported as stale (repeatable)\n"
    "Every report names the SHA-256 of the DUT file and of the vector set\n"
    "(sha256sum recipes), riocheck's commit, compiler and host\n"
    "(docs/provenance.md).\n";
/* (two strings: C11 compilers need support only 4095 characters in one) */
static const char run_help_running[] =
    "Running:\n"
    "  --timeout-ms N    a vector taking longer is an error: the DUT hung\n"
    "                    (default 10000; sweeps get 100x; 0 = no limit)\n"
    "  --vectors-per-worker N\n"
    "                    a fresh worker process after every N vectors (1: one\n"
    "                    per vector, so that no DUT state or memory it\n"
    "                    corrupted carries over; default 0: one worker until\n"
    "                    a vector crashes); not with --dut-cmd\n"
    "  --limit-mem MB    memory a worker's DUT may allocate beyond what the\n"
    "                    worker holds at its start (default 4096)\n"
    "  --limit-cpu S     CPU seconds a vector may use (sweeps 100x; default:\n"
    "                    --timeout-ms rounded up to seconds)\n"
    "  --limit-files N   descriptors a worker may have open (default 256)\n"
    "  --limit-procs N   processes and threads the DUT may start, beyond the\n"
    "                    user's own (default 64; root is exempt)\n"
    "                    The limits (setrlimit in every worker; 0 = none): a\n"
    "                    DUT that hits one is an error for its vector\n"
    "                    ('killed: CPU limit', 'allocation failed / out of\n"
    "                    memory limit', or its own failure) and the run goes\n"
    "                    on; not with --dut-cmd or --no-isolation\n"
    "  --no-isolation    run the DUT inside riocheck (unsafe, for a debugger):\n"
    "                    a crash, a hang, or a library that exits while it is\n"
    "                    loaded then ends or hangs riocheck itself; no limits\n"
    "  --seed N          run the selection in a shuffled order (0 = file\n"
    "                    order, the default); the seed is printed\n"
    "  --sweep-stride N  exhaustive sweeps check every Nth value (default 1)\n"
    "  --list            print what would run (id, suite, rules) and stop\n"
    "  --data DIR        the data folder: suites/, vectors/, docs/ (--root DIR\n"
    "                    is the same option). Default: $RIOCHECK_DATA when set,\n"
    "                    else the current folder when it holds\n"
    "                    suites/catalogue.tsv (a checkout), else the folder\n"
    "                    riocheck was installed with (make install:\n"
    "                    PREFIX/share/riocheck); none found: exit 3 naming each\n"
    "                    place looked at\n"
    "  --verbose         print the cite line of every vector\n"
    "\n"
    "Rerun lines: a failing vector's '# rerun:' line in TAP, in its reproducer\n"
    "file and in compliance.md/.html is one command, the same in all of them:\n"
    "  RIOCHECK run [--data DIR] [--sweep-stride N] [--vectors FILE]...\n"
    "      --vector ID [--dut LIB | --dut-cmd PROGRAM ARGS...]\n"
    "with absolute paths, so it works from any folder; RIOCHECK is the name\n"
    "riocheck was started by when the PATH finds it by that name, else its\n"
    "absolute path; --data is left out when it is the installed folder. A\n"
    "reproducer file also has '# rerun this file:' (--vectors the file).\n"
    "\n"
    "Verdicts: pass; fail (the DUT did not do what the spec requires); error\n"
    "(the DUT crashed, hung, exited or misbehaved); not-applicable (the DUT\n"
    "lacks the machine, revision, capability or parameter, or declares another\n"
    "policy than the one the vector checks: TAP SKIP); waived (a failure\n"
    "covered by a waiver: TAP TODO);\n"
    "inconclusive (a set-up step failed: the vector's own check could not be\n"
    "made; it fails only the rules its set-up step names). A failing vector\n"
    "fails only the rules of the step that failed (results.tsv column 6).\n"
    "Overall result: pass only when every rule applicable to the DUT's declared\n"
    "profile was run and passed; fail when a rule failed or errored; incomplete\n"
    "when an applicable rule was not run (e.g. --suite) or inconclusive, or\n"
    "nothing applicable ran.\n"
    "Exit status: 0 overall pass (waived failures allowed); 1 overall fail;\n"
    "2 usage error; 3 harness error (a malformed vector, suite, catalogue or\n"
    "waiver file, named as FILE:LINE, a DUT that cannot be loaded or\n"
    "started, an output folder that cannot be written or that another run\n"
    "holds); 4 overall incomplete (nothing failed, but the device cannot be\n"
    "called compliant from this run).\n";

#define MAX_SEL 64

struct selection {
    const char *suite[MAX_SEL], *rule[MAX_SEL], *vector[MAX_SEL], *area[MAX_SEL];
    uint32_t revs;
    int nsuite, nrule, nvector, narea;
};

static int add_sel(const char **list, int *n, const char *v)
{
    if (*n >= MAX_SEL)
        return -1;
    list[(*n)++] = v;
    return 0;
}
static int selected(const struct selection *s, const struct rc_catalogue *c,
                    const char *root, const struct vec_record *r)
{
    if (s->nsuite) {
        int ok = 0;
        for (int i = 0; i < s->nsuite && !ok; i++) {
            const struct rc_suite *su = rc_suite_find(c, s->suite[i]);
            for (size_t k = 0; su && k < su->npatterns && !ok; k++) {
                size_t rl = strlen(root);
                const char *rel = strncmp(r->file, root, rl) == 0 && r->file[rl] == '/'
                                      ? r->file + rl + 1 : r->file;
                ok = fnmatch(su->patterns[k], rel, FNM_PATHNAME) == 0;
            }
        }
        if (!ok)
            return 0;
    }
    if (s->nrule) {
        int ok = 0;
        for (int i = 0; i < s->nrule && !ok; i++)
            for (unsigned k = 0; k < r->nrules && !ok; k++)
                ok = fnmatch(s->rule[i], r->rules[k], 0) == 0;
        if (!ok)
            return 0;
    }
    if (s->nvector) {
        int ok = 0;
        for (int i = 0; i < s->nvector && !ok; i++)
            ok = fnmatch(s->vector[i], r->id, 0) == 0;
        if (!ok)
            return 0;
    }
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
    if (s->revs && (s->revs & r->revs) == 0)
        return 0;
    return 1;
}

/* ---- text for the TAP stream, results.tsv and reproducers -----------------
 * Everything that is not riocheck's own text - a DUT's name and version,
 * details quoting its output, vector file paths, waiver patterns, the
 * command line - goes through harness/report/text.h: a name with newlines
 * cannot add TAP lines, a path with a TAB cannot add a column. */
static void put_esc(FILE *f, enum rc_esc fmt, const char *s)
{
    rc_esc_put(f, fmt, s, (size_t)-1);
}

/* The DUT options of a rerun command as shell words: " --dut PATH" or
 * " --dut-cmd PROGRAM ARGS..." (always last: every word after --dut-cmd is
 * the program's); nothing for the built-in reference. */
static void put_dut_words(FILE *f, const char *dut_path, char *const *dut_cmd)
{
    if (dut_path != NULL) {
        fputs(" --dut ", f);
        put_esc(f, RC_ESC_SH, dut_path);
    } else if (dut_cmd != NULL) {
        fputs(" --dut-cmd", f);
        for (char *const *p = dut_cmd; *p != NULL; p++) {
            fputc(' ', f);
            put_esc(f, RC_ESC_SH, *p);
        }
    }
}

/* A value on a comment line of a reproducer, escaped as one-line text
 * (RC_ESC_LINE: no line break, control character or BOM that would end the
 * comment or make the file unparseable) and cut to REPRO_VALUE_MAX bytes
 * with "..." so that the line stays within the parser's VEC_LINE_MAX. */
#define REPRO_VALUE_MAX 1000u
static void repro_value(FILE *f, const char *s)
{
    char buf[REPRO_VALUE_MAX + 1];
    if (rc_esc_str(buf, sizeof buf, RC_ESC_LINE, s, (size_t)-1) >= sizeof buf) {
        fputs(buf, f);
        fputs("...", f);
    } else {
        fputs(buf, f);
    }
}

struct run_ctx {
    const struct vec_record *const *recs;
    struct rc_result_row *rows;
    const struct rc_catalogue *cat;
    const struct rc_waivers *waivers;
    const char *root, *dut_desc, *repro_dir;
    const char *dut_path;
    const struct rc_dut *dut;
    FILE *tsv;
    int verbose;
    unsigned pass, fail, errors, na, waived, inconclusive;
    char *const *dut_cmd; /* the --dut-cmd words, for rerun commands */
    struct rc_outdir *od; /* the --out folder: results.tsv rows go to its journal */
    size_t n; /* vectors in recs */
    /* rerun lines (rc_rerun_command): the same in TAP, reproducers, reports */
    const struct rc_run_info *rinfo;
    const struct rc_report_opts *rep_opts;
};


/* The words of the rerun commands (report.h struct rc_rerun): the paths
 * riocheck run was given made absolute, so that a rerun line - in TAP, a
 * reproducer file, compliance.md or .html - works from any folder; --data
 * left out when it is the compiled-in folder (what a plain riocheck run
 * finds anywhere). The strings live in a rerun_store. */
struct rerun_store {
    char *data, *dut, **cmd, *files[MAX_SEL];
};

static void rerun_store_free(struct rerun_store *st)
{
    free(st->data);
    free(st->dut);
    if (st->cmd != NULL)
        free(st->cmd[0]);
    free(st->cmd);
    for (int i = 0; i < MAX_SEL; i++)
        free(st->files[i]);
    memset(st, 0, sizeof *st);
}

/* p as an absolute path (malloc'd): its realpath, or the current folder
 * joined to it when it cannot be resolved (a file not there yet). */
static char *abs_path(const char *p)
{
    char *r = realpath(p, NULL);
    if (r != NULL || p[0] == '/')
        return r != NULL ? r : strdup(p);
    char *cwd = getcwd(NULL, 0);
    if (cwd == NULL)
        return strdup(p);
    size_t n = strlen(cwd) + strlen(p) + 2;
    r = malloc(n);
    if (r != NULL)
        snprintf(r, n, "%s/%s", cwd, strncmp(p, "./", 2) == 0 ? p + 2 : p);
    free(cwd);
    return r;
}

static int rerun_words(struct rc_rerun *rr, struct rerun_store *st, const char *root,
                       const char *dut_path, char **dut_cmd, const char *const *files,
                       int nfiles)
{
    memset(rr, 0, sizeof *rr);
    memset(st, 0, sizeof *st);
    rr->program = cli_program();
    const char *builtin = cli_data_builtin();
    char *b = builtin != NULL ? realpath(builtin, NULL) : NULL;
    if ((st->data = abs_path(root)) == NULL) {
        free(b);
        return -1;
    }
    rr->data = b != NULL && strcmp(b, st->data) == 0 ? NULL : st->data;
    free(b);
    if (dut_path != NULL && (rr->dut_path = st->dut = abs_path(dut_path)) == NULL)
        return -1;
    if (dut_cmd != NULL) {
        size_t k = 0;
        while (dut_cmd[k] != NULL)
            k++;
        if ((st->cmd = calloc(k + 1, sizeof *st->cmd)) == NULL)
            return -1;
        /* the program by its path when it has one (else the PATH finds it) */
        st->cmd[0] = strchr(dut_cmd[0], '/') != NULL ? abs_path(dut_cmd[0])
                                                     : strdup(dut_cmd[0]);
        if (st->cmd[0] == NULL)
            return -1;
        for (size_t i = 1; i < k; i++)
            st->cmd[i] = dut_cmd[i];
        rr->dut_cmd = st->cmd;
    }
    for (int i = 0; i < nfiles && i < MAX_SEL; i++)
        if ((st->files[i] = abs_path(files[i])) == NULL)
            return -1;
    rr->vector_files = (const char *const *)st->files;
    rr->nvector_files = (size_t)nfiles;
    return 0;
}

/* A failing vector's reproducer DIR/ID.vec: a comment header (the vector,
 * the DUT, the rerun line of the run - the one TAP and the reports print -
 * and the one that reruns this file alone), then the record's bytes. */
static int write_repro(char *dst, size_t cap, const struct run_ctx *c,
                       const struct vec_record *r)
{
    const char *dir = c->repro_dir;
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", dir);
    for (char *p = parent + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(parent, 0777);
            *p = '/';
        }
    mkdir(parent, 0777);
    if (snprintf(dst, cap, "%s/%s.vec", dir, r->id) >= (int)cap)
        return -1;
    /* never through a symlink planted where the file goes (outdir.h) */
    FILE *out = rc_outdir_create_file(dst);
    if (out == NULL)
        return -1;
    fputs("# riocheck reproducer for vector ", out);
    repro_value(out, r->id);
    fputs(" (from ", out);
    repro_value(out, r->file);
    fprintf(out, ":%u)\n# DUT: ", r->line);
    repro_value(out, c->dut->name);
    fputc(' ', out);
    repro_value(out, c->dut->version);
    fputc('\n', out);
    /* the rerun commands only when they fit one vector file line (a shell
     * word cannot be cut) */
    struct rc_rerun alone = *c->rep_opts->rerun;
    struct rc_report_opts alone_opts = *c->rep_opts;
    char *dir_abs = abs_path(dir), *self = NULL;
    size_t n = dir_abs != NULL ? strlen(dir_abs) + strlen(r->id) + 6 : 0;
    if (dir_abs != NULL && (self = malloc(n)) != NULL)
        snprintf(self, n, "%s/%s.vec", dir_abs, r->id);
    free(dir_abs);
    const char *self_files[1] = {self};
    alone.vector_files = self_files;
    alone.nvector_files = 1;
    alone_opts.rerun = &alone;
    char *cmd[2] = {rc_rerun_command(c->rinfo, c->rep_opts, r->id),
                    self != NULL ? rc_rerun_command(c->rinfo, &alone_opts, r->id) : NULL};
    static const char *const label[2] = {"rerun", "rerun this file"};
    for (int k = 0; k < 2; k++) {
        if (cmd[k] != NULL && strlen(cmd[k]) + 32 < VEC_LINE_MAX)
            fprintf(out, "# %s: %s\n", label[k], cmd[k]);
        else
            fprintf(out, "# %s: (longer than a vector file line: see the TAP output)\n",
                    label[k]);
        free(cmd[k]);
    }
    free(self);
    fputc('\n', out);
    /* the record's bytes as the loader read them: the vector file is not
     * opened again (it may be a FIFO or a pipe, or have changed) */
    fwrite(r->text, 1, r->text_len, out);
    if (r->text_len > 0 && r->text[r->text_len - 1] != '\n')
        fputc('\n', out);
    return rc_outdir_close_file(out, dst);
}

/* The rules a failing step failed ("-" for none). */
static void failed_text(char *dst, size_t cap, const struct vec_record *r, uint32_t mask)
{
    size_t off = 0;
    snprintf(dst, cap, "-");
    for (unsigned k = 0; k < r->nrules && off < cap; k++) {
        if (!(mask & (1u << k)))
            continue;
        int w = snprintf(dst + off, cap - off, "%s%s", off ? "," : "", r->rules[k]);
        if (w < 0)
            break;
        off += (size_t)w;
    }
}

static void rules_text(char *dst, size_t cap, const struct vec_record *r)
{
    size_t off = 0;
    dst[0] = '\0';
    for (unsigned k = 0; k < r->nrules && off < cap; k++) {
        int w = snprintf(dst + off, cap - off, "%s%s", k ? "," : "", r->rules[k]);
        if (w < 0)
            break;
        off += (size_t)w;
    }
}

/* A TAP test line: "ok N - ID [RULES]" or "not ok ...", then " # " and the
 * directive (riocheck's own text) with its reason escaped (RC_ESC_TAP: no
 * '#' or line break of the reason can change what the line means). */
static void tap_test(int ok, unsigned n, const struct vec_record *r, const char *rules,
                     const char *directive, const char *reason)
{
    printf("%s %u - ", ok ? "ok" : "not ok", n);
    put_esc(stdout, RC_ESC_TAP, r->id);
    fputs(" [", stdout);
    put_esc(stdout, RC_ESC_TAP, rules);
    fputc(']', stdout);
    if (directive != NULL || (reason != NULL && reason[0] != '\0')) {
        fputs(" # ", stdout);
        fputs(directive != NULL ? directive : "", stdout);
        put_esc(stdout, RC_ESC_TAP, reason);
    }
    fputc('\n', stdout);
}

/* The diagnostic line under a failing test: "  # VERDICT at FILE:LINE[,
 * fails RULES]: DETAIL", the texts as one-line text (RC_ESC_LINE). */
static void tap_where(const char *verdict, const struct vec_record *r, unsigned line,
                      const char *fails, const char *detail)
{
    printf("  # %s at ", verdict);
    put_esc(stdout, RC_ESC_LINE, r->file);
    printf(":%u", line);
    if (fails != NULL) {
        fputs(", fails ", stdout);
        put_esc(stdout, RC_ESC_LINE, fails);
    }
    fputs(": ", stdout);
    put_esc(stdout, RC_ESC_LINE, detail);
    fputc('\n', stdout);
}

/* One result: counters, TAP, the results table, a reproducer. Called in
 * vector order, as the run goes. */
static void on_result(void *vctx, size_t i, const struct rc_vec_result *res, double secs)
{
    struct run_ctx *c = vctx;
    const struct vec_record *r = c->recs[i];
    struct rc_result_row *row = &c->rows[i];
    row->rec = r;
    row->res = *res;
    row->seconds = secs;
    int s = rc_suite_of_file(c->cat, c->root, r->file);
    row->suite = s >= 0 ? c->cat->suite[s].name : NULL;
    row->waiver = NULL;
    char rules[256];
    rules_text(rules, sizeof rules, r);
    unsigned n = (unsigned)i + 1, line = res->line ? res->line : r->line;
    char fails[256];
    failed_text(fails, sizeof fails, r,
                res->verdict == RC_V_FAIL || res->verdict == RC_V_INCONCLUSIVE
                    ? res->failed_rules : 0);
    int failed = res->verdict == RC_V_FAIL || res->verdict == RC_V_ERROR ||
                 (res->verdict == RC_V_INCONCLUSIVE && res->failed_rules != 0);
    const char *reason = failed && c->waivers ? rc_waiver_match(c->waivers, r) : NULL;
    if (reason) {
        row->waiver = reason;
        row->res.verdict = RC_V_WAIVED;
        c->waived++;
        tap_test(0, n, r, rules, "TODO waived: ", reason);
        tap_where(rc_verdict_name(res->verdict), r, line, NULL, res->detail);
    } else {
        switch (res->verdict) {
        case RC_V_PASS:
        case RC_V_WAIVED:
            c->pass++;
            tap_test(1, n, r, rules, NULL, res->detail);
            break;
        case RC_V_NA:
            c->na++;
            tap_test(1, n, r, rules, "SKIP not applicable: ", res->detail);
            break;
        case RC_V_INCONCLUSIVE:
        case RC_V_FAIL:
        case RC_V_ERROR:
            if (res->verdict == RC_V_INCONCLUSIVE && res->failed_rules == 0) {
                char why[sizeof res->detail + 4200]; /* escaped by tap_test */
                c->inconclusive++;
                snprintf(why, sizeof why, "%s:%u: %s", r->file, line, res->detail);
                tap_test(1, n, r, rules,
                         "SKIP inconclusive (a set-up step failed, fails no rule): ", why);
                break;
            }
            if (res->verdict == RC_V_INCONCLUSIVE)
                c->inconclusive++; /* and it fails its set-up step's rules */
            else if (res->verdict == RC_V_FAIL)
                c->fail++;
            else if (res->verdict == RC_V_ERROR)
                c->errors++;
            tap_test(0, n, r, rules, NULL, NULL);
            tap_where(rc_verdict_name(res->verdict), r, line,
                      res->verdict == RC_V_ERROR ? NULL : fails, res->detail);
            char repro[4096];
            if (c->repro_dir && write_repro(repro, sizeof repro, c, r) == 0) {
                fputs("  # reproducer: ", stdout);
                put_esc(stdout, RC_ESC_LINE, repro);
                fputc('\n', stdout);
            }
            char *cmd = rc_rerun_command(c->rinfo, c->rep_opts, r->id);
            printf("  # rerun: %s\n", cmd != NULL ? cmd : "(out of memory)");
            free(cmd);
            break;
        }
    }
    if (c->verbose) {
        fputs("  # cite: ", stdout);
        put_esc(stdout, RC_ESC_LINE, r->cite);
        fputc('\n', stdout);
    }
    if (c->tsv) {
        /* id, verdict, rules, file:line, detail, failed rules: every cell
         * escaped (RC_ESC_TSV), so every row has six */
        put_esc(c->tsv, RC_ESC_TSV, r->id);
        fprintf(c->tsv, "\t%s\t", rc_verdict_name(row->res.verdict));
        put_esc(c->tsv, RC_ESC_TSV, rules);
        fputc('\t', c->tsv);
        /* the file as the other reports give it: relative to --root */
        const struct rc_run_info where = {.root = c->root};
        put_esc(c->tsv, RC_ESC_TSV, rc_report_path(&where, r->file));
        fprintf(c->tsv, ":%u\t", line);
        put_esc(c->tsv, RC_ESC_TSV, res->detail);
        fputc('\t', c->tsv);
        put_esc(c->tsv, RC_ESC_TSV, fails);
        fputc('\n', c->tsv);
        char why[1200];
        if (rc_outdir_row_done(c->od, why, sizeof why) != 0) {
            fprintf(stderr, "riocheck run: %s\n", why);
            c->tsv = NULL; /* the journal ends at its last whole row */
        }
    }
    /* the next vector's mark in the --dut-cmd request stream (proc.h) */
    if (i + 1 < c->n)
        rc_proc_mark_vector(rc_proc_of(c->dut), c->recs[i + 1]->id, c->recs[i + 1]->file,
                            c->recs[i + 1]->line);
    fflush(stdout);
}

int cmd_run(int argc, char **argv)
{
    enum { O_DUT = 256, O_DUT_CMD, O_TRANSCRIPT, O_SUITE, O_RULE, O_VECTOR, O_AREA, O_REV,
           O_VECTORS, O_OUT, O_RESULTS, O_JSON, O_JUNIT, O_MARKDOWN, O_HTML, O_NO_REPORTS,
           O_REPRO_DIR, O_WAIVERS, O_TIMEOUT_MS, O_PER_WORKER, O_LIMIT_MEM, O_LIMIT_CPU,
           O_LIMIT_FILES, O_LIMIT_PROCS, O_NO_ISOLATION, O_SEED, O_SWEEP_STRIDE, O_LIST,
           O_ROOT, O_DATA, O_VERBOSE };
    /* every option of run_help: riocheck run --help lists exactly these
     * (cli_test.sh checks both ways) */
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"dut", required_argument, NULL, O_DUT},
        {"dut-cmd", required_argument, NULL, O_DUT_CMD},
        {"transcript", required_argument, NULL, O_TRANSCRIPT},
        {"suite", required_argument, NULL, O_SUITE},
        {"rule", required_argument, NULL, O_RULE},
        {"vector", required_argument, NULL, O_VECTOR},
        {"area", required_argument, NULL, O_AREA},
        {"rev", required_argument, NULL, O_REV},
        {"vectors", required_argument, NULL, O_VECTORS},
        {"out", required_argument, NULL, O_OUT},
        {"results", required_argument, NULL, O_RESULTS},
        {"json", required_argument, NULL, O_JSON},
        {"junit", required_argument, NULL, O_JUNIT},
        {"markdown", required_argument, NULL, O_MARKDOWN},
        {"html", required_argument, NULL, O_HTML},
        {"no-reports", no_argument, NULL, O_NO_REPORTS},
        {"repro-dir", required_argument, NULL, O_REPRO_DIR},
        {"waivers", required_argument, NULL, O_WAIVERS},
        {"timeout-ms", required_argument, NULL, O_TIMEOUT_MS},
        {"vectors-per-worker", required_argument, NULL, O_PER_WORKER},
        {"limit-mem", required_argument, NULL, O_LIMIT_MEM},
        {"limit-cpu", required_argument, NULL, O_LIMIT_CPU},
        {"limit-files", required_argument, NULL, O_LIMIT_FILES},
        {"limit-procs", required_argument, NULL, O_LIMIT_PROCS},
        {"no-isolation", no_argument, NULL, O_NO_ISOLATION},
        {"seed", required_argument, NULL, O_SEED},
        {"sweep-stride", required_argument, NULL, O_SWEEP_STRIDE},
        {"list", no_argument, NULL, O_LIST},
        {"root", required_argument, NULL, O_ROOT},
        {"data", required_argument, NULL, O_DATA},
        {"verbose", no_argument, NULL, O_VERBOSE},
        {NULL, 0, NULL, 0},
    };
    struct selection sel;
    memset(&sel, 0, sizeof sel);
    const char *data = NULL, *data_opt = "--data", *dut_path = NULL, *out_dir = "reports/out";
    const char *paths[RC_OUT_FILES] = {NULL}; /* tsv, json, junit, md, html */
    const char *repro_dir = NULL, *files[MAX_SEL], *waiver_files[MAX_SEL];
    const char *transcript = NULL; /* --transcript FILE */
    FILE *tr = NULL;
    char **dut_cmd = NULL;
    int nfiles = 0, nwaivers = 0, list = 0, verbose = 0, reports = 1, isolation = 1;
    uint64_t seed = 0, timeout_ms = RC_ISOLATE_DEFAULT_TIMEOUT_MS, per_worker = 0;
    struct rc_limits limits = rc_limits_default(); /* of the worker processes */
    const char *limit_opt = NULL;                   /* a --limit-* given */
    struct rc_run_opts opts = {1};
    /* the command line for the reports: shell words, so that it reruns */
    char cmdline[2048];
    {
        FILE *m = fmemopen(cmdline, sizeof cmdline, "w");
        if (m != NULL) {
            put_esc(m, RC_ESC_SH, cli_program());
            fputs(" run", m);
            for (int i = 1; i < argc; i++) {
                fputc(' ', m);
                put_esc(m, RC_ESC_SH, argv[i]);
            }
            fputc('\0', m);
            fclose(m);
        }
        cmdline[sizeof cmdline - 1] = '\0';
    }
    int c;
    optind = 0; /* glibc: a full re-initialisation */
    while ((c = cli_getopt(argc, argv, "-:h", longopts, "run")) != -1) {
        const char *v = optarg;
        int bad = 0;
        switch (c) {
        case 'h':
            fputs(run_help, stdout);
            fputs(run_help_running, stdout);
            return CLI_OK;
        case O_DUT_CMD: {
            /* PROGRAM (--dut-cmd PROGRAM or --dut-cmd=PROGRAM) and every word
             * after it up to a lone --: the program's argv, in place */
            argv[optind - 1] = optarg;
            dut_cmd = argv + optind - 1;
            int k = optind;
            while (k < argc && strcmp(argv[k], "--") != 0)
                k++;
            if (k < argc) {
                argv[k] = NULL; /* the program's argv ends at the lone -- */
                k++;
            }
            optind = k;
            break;
        }
        case O_LIST:
            list = 1;
            break;
        case O_VERBOSE:
            verbose = 1;
            break;
        case O_NO_REPORTS:
            reports = 0;
            break;
        case O_NO_ISOLATION:
            isolation = 0;
            break;
        case O_SUITE:
            bad = add_sel(sel.suite, &sel.nsuite, v);
            break;
        case O_RULE:
            bad = add_sel(sel.rule, &sel.nrule, v);
            break;
        case O_VECTOR:
            bad = add_sel(sel.vector, &sel.nvector, v);
            break;
        case O_AREA:
            bad = add_sel(sel.area, &sel.narea, v);
            break;
        case O_VECTORS:
            bad = add_sel(files, &nfiles, v);
            break;
        case O_WAIVERS:
            bad = add_sel(waiver_files, &nwaivers, v);
            break;
        case O_REV: {
            uint32_t b = strcmp(v, "p12r2") == 0   ? VEC_P12R2
                         : strcmp(v, "p12r3") == 0 ? VEC_P12R3
                         : strcmp(v, "p9r2") == 0  ? VEC_P9R2
                         : strcmp(v, "p9r3") == 0  ? VEC_P9R3 : 0;
            if (b == 0) {
                fprintf(stderr, "riocheck run: --rev %s: use p12r2, p12r3, p9r2 or "
                                "p9r3\n", v);
                return CLI_USAGE;
            }
            sel.revs |= b;
            break;
        }
        case O_ROOT:
        case O_DATA:
            data = v;
            data_opt = c == O_ROOT ? "--root" : "--data";
            break;
        case O_DUT:
            dut_path = v;
            break;
        case O_OUT:
            out_dir = v;
            break;
        case O_RESULTS:
        case O_JSON:
        case O_JUNIT:
        case O_MARKDOWN:
        case O_HTML:
            paths[c - O_RESULTS] = v;
            break;
        case O_REPRO_DIR:
            repro_dir = v;
            break;
        case O_TRANSCRIPT:
            transcript = v;
            break;
        case O_LIMIT_MEM:
        case O_LIMIT_CPU:
        case O_LIMIT_FILES:
        case O_LIMIT_PROCS: {
            static const char *const names[] = {"--limit-mem", "--limit-cpu",
                                                "--limit-files", "--limit-procs"};
            uint64_t *lv = c == O_LIMIT_MEM ? &limits.mem_mb : c == O_LIMIT_CPU ? &limits.cpu_s
                           : c == O_LIMIT_FILES ? &limits.files : &limits.procs;
            char why[160];
            limit_opt = names[c - O_LIMIT_MEM];
            if (cli_parse_uint(v, (uint64_t)1 << 32, lv, why, sizeof why) != 0) {
                fprintf(stderr, "riocheck run: %s %s: %s\n", limit_opt, v, why);
                return CLI_USAGE;
            }
            break;
        }
        case O_PER_WORKER: {
            char why[160];
            if (cli_parse_uint(v, 1u << 30, &per_worker, why, sizeof why) != 0) {
                fprintf(stderr, "riocheck run: --vectors-per-worker %s: %s\n", v, why);
                return CLI_USAGE;
            }
            break;
        }
        case O_SWEEP_STRIDE:
        case O_SEED:
        case O_TIMEOUT_MS: {
            uint64_t n;
            char why[160];
            int stride = c == O_SWEEP_STRIDE;
            const char *name = stride ? "--sweep-stride" : c == O_SEED ? "--seed"
                                                                       : "--timeout-ms";
            if (cli_parse_uint(v, stride ? 1u << 24 : UINT64_MAX, &n, why, sizeof why) != 0 ||
                (stride && n == 0)) {
                fprintf(stderr, "riocheck run: %s %s: %s\n", name, v,
                        stride && n == 0 ? "must be at least 1" : why);
                return CLI_USAGE;
            }
            if (stride)
                opts.sweep_stride = (uint32_t)n;
            else if (c == O_SEED)
                seed = n;
            else if (n > 86400000u) {
                fprintf(stderr, "riocheck run: --timeout-ms %s: at most 86400000\n", v);
                return CLI_USAGE;
            } else
                timeout_ms = n;
            break;
        }
        case 1:
            fprintf(stderr, "riocheck run: unexpected argument '%s' (see riocheck run "
                            "--help)\n", v);
            return CLI_USAGE;
        default: /* cli_getopt said why */
            return CLI_USAGE;
        }
        if (bad) {
            const struct option *o = longopts;
            while (o->name != NULL && o->val != c)
                o++;
            fprintf(stderr, "riocheck run: more than %d values for --%s\n", MAX_SEL,
                    o->name != NULL ? o->name : "?");
            return CLI_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "riocheck run: unexpected argument '%s' after -- (see riocheck "
                        "run --help)\n", argv[optind]);
        return CLI_USAGE;
    }
    if (dut_path && dut_cmd) {
        fprintf(stderr, "riocheck run: give --dut or --dut-cmd, not both\n");
        return CLI_USAGE;
    }
    if (transcript != NULL && dut_cmd == NULL) {
        fprintf(stderr, "riocheck run: --transcript %s: it records the conversation with a "
                        "--dut-cmd program; %s is called in process, there is none to "
                        "record (serve it out of process to see one: --dut-cmd "
                        "riocheck-shim%s --)\n", transcript,
                dut_path ? "a --dut library" : "the built-in reference",
                dut_path ? " --dut LIB.so" : "");
        return CLI_USAGE;
    }
    if (limit_opt != NULL && (dut_cmd || !isolation)) {
        fprintf(stderr, "riocheck run: %s: %s\n", limit_opt,
                dut_cmd ? "the limits are those of riocheck's worker processes; a "
                          "--dut-cmd process is not one (not with --dut-cmd)"
                        : "there are no worker processes with --no-isolation");
        return CLI_USAGE;
    }
    if (per_worker != 0 && (dut_cmd || !isolation)) {
        fprintf(stderr, "riocheck run: --vectors-per-worker %llu: %s\n",
                (unsigned long long)per_worker,
                dut_cmd ? "a --dut-cmd process is restarted only after a failure "
                          "(not with --dut-cmd)"
                        : "there are no worker processes with --no-isolation");
        return CLI_USAGE;
    }
    {
        /* output paths: an empty one, a file for a folder and so on (outdir.h) */
        char why[1200];
        if (rc_outdir_check(reports ? out_dir : NULL, paths, repro_dir, why, sizeof why) != 0) {
            fprintf(stderr, "riocheck run: %s\n", why);
            return CLI_USAGE;
        }
    }

    /* the data folder (cli.h cli_data_find): --data/--root, RIOCHECK_DATA,
     * the current folder, the compiled-in one */
    struct cli_data dd;
    {
        char derr[3 * 4200];
        if (cli_data_find(&dd, data, data_opt, derr, sizeof derr) != 0) {
            fprintf(stderr, "riocheck run: %s\n", derr);
            return CLI_IOERR;
        }
    }
    const char *root = dd.dir;
    int status = CLI_OK;
    struct rc_catalogue cat;
    struct vec_set set;
    struct rc_waivers waivers;
    char err[1024];
    memset(&set, 0, sizeof set);
    memset(&waivers, 0, sizeof waivers);
    const struct vec_record **recs = NULL;
    struct rc_result_row *rows = NULL;
    struct rc_dut_lib *lib = NULL;
    struct rc_dut_desc *lib_desc = NULL; /* --dut: what its worker said of it */
    struct rc_proc *proc = NULL;
    FILE *tsv = NULL;
    struct rc_outdir od; /* the --out folder (outdir.h) */
    memset(&od, 0, sizeof od);
    struct rc_run_info info; /* for the reports */
    memset(&info, 0, sizeof info);
    struct rc_prov prov; /* the strings of info's provenance */
    memset(&prov, 0, sizeof prov);
    /* first of all: a second run into the same folder fails at once */
    if (reports && !list && rc_outdir_lock(&od, out_dir, err, sizeof err) != 0) {
        fprintf(stderr, "riocheck run: %s\n", err);
        return CLI_IOERR;
    }
    if (rc_catalogue_load(&cat, root, err, sizeof err) != 0) {
        fprintf(stderr, "riocheck run: %s\n", err);
        rc_catalogue_free(&cat);
        rc_outdir_end(&od, NULL);
        return CLI_IOERR;
    }
    /* the rerun command's words, absolute paths (rerun_words) */
    struct rc_run_info rinfo; /* what rc_rerun_command reads of the run */
    memset(&rinfo, 0, sizeof rinfo);
    rinfo.sweep_stride = opts.sweep_stride;
    struct rc_rerun rerun;
    struct rc_report_opts rep_opts;
    memset(&rep_opts, 0, sizeof rep_opts);
    rep_opts.dut_option = dut_cmd ? "--dut-cmd" : "--dut";
    rep_opts.rerun = &rerun;
    struct rerun_store rstore;
    if (rerun_words(&rerun, &rstore, root, dut_path, dut_cmd, files, nfiles) != 0) {
        fprintf(stderr, "riocheck run: out of memory\n");
        rerun_store_free(&rstore);
        rc_catalogue_free(&cat);
        rc_outdir_end(&od, NULL);
        return CLI_IOERR;
    }
    for (int i = 0; i < sel.nsuite; i++)
        if (rc_suite_find(&cat, sel.suite[i]) == NULL) {
            fprintf(stderr, "riocheck run: no suite '%s' in suites/suites.tsv\n",
                    sel.suite[i]);
            status = CLI_USAGE;
            goto done;
        }
    int loaded = nfiles ? 0 : rc_load_suite_vectors(&cat, root, &set, err, sizeof err);
    for (int i = 0; i < nfiles && loaded == 0; i++)
        loaded = vec_load_file(&set, files[i], err, sizeof err);
    if (loaded == 0 && nfiles)
        loaded = vec_check_unique(&set, err, sizeof err);
    for (int i = 0; i < nwaivers && loaded == 0; i++)
        loaded = rc_waivers_load(&waivers, waiver_files[i], err, sizeof err);
    if (loaded != 0) {
        fprintf(stderr, "riocheck run: %s\n", err);
        status = CLI_IOERR;
        goto done;
    }
    /* the selection, in file order or shuffled by the seed */
    recs = malloc((set.n ? set.n : 1) * sizeof *recs);
    if (recs == NULL) {
        status = CLI_IOERR;
        goto done;
    }
    size_t n = 0;
    for (size_t i = 0; i < set.n; i++)
        if (selected(&sel, &cat, root, &set.rec[i]))
            recs[n++] = &set.rec[i];
    if (n == 0) {
        fprintf(stderr, "riocheck run: the selection matches no vector\n");
        status = CLI_USAGE;
        goto done;
    }
    if (seed != 0) {
        uint64_t x = seed;
        for (size_t i = n - 1; i > 0; i--) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
            size_t j = (size_t)(x % (i + 1));
            const struct vec_record *t = recs[i];
            recs[i] = recs[j];
            recs[j] = t;
        }
    }
    if (list) {
        for (size_t i = 0; i < n; i++) {
            char rules[256];
            rules_text(rules, sizeof rules, recs[i]);
            int s = rc_suite_of_file(&cat, root, recs[i]->file);
            put_esc(stdout, RC_ESC_TSV, recs[i]->id); /* id, suite, rules: TSV */
            fputc('\t', stdout);
            put_esc(stdout, RC_ESC_TSV, s >= 0 ? cat.suite[s].name : "-");
            fputc('\t', stdout);
            put_esc(stdout, RC_ESC_TSV, rules);
            fputc('\n', stdout);
        }
        goto done;
    }
    /* the DUT */
    const struct rc_dut *dut = rc_refdut();
    char dut_desc[1024] = "";
    if (dut_path != NULL && isolation) {
        /* loaded and called only in worker processes (isolate.h): a first
         * worker sends its description, which selection and reports use */
        lib_desc = malloc(sizeof *lib_desc);
        if (lib_desc == NULL || rc_isolate_describe(lib_desc, dut_path, (unsigned)timeout_ms,
                                                    &limits, err, sizeof err) != 0) {
            fprintf(stderr, "riocheck run: --dut %s: %s\n", dut_path,
                    lib_desc ? err : "out of memory");
            status = CLI_IOERR;
            goto done;
        }
        dut = &lib_desc->dut;
        snprintf(dut_desc, sizeof dut_desc, "--dut %s", dut_path);
    } else if (dut_path != NULL) {
        /* --no-isolation: in this process (unsafe, for a debugger) */
        if ((dut = rc_dut_load(dut_path, &lib, err, sizeof err)) == NULL) {
            fprintf(stderr, "riocheck run: --dut %s: %s\n", dut_path, err);
            status = CLI_IOERR;
            goto done;
        }
        snprintf(dut_desc, sizeof dut_desc, "--dut %s", dut_path);
    } else if (dut_cmd != NULL) {
        if (transcript != NULL && (tr = fopen(transcript, "w")) == NULL) {
            fprintf(stderr, "riocheck run: --transcript %s: %s\n", transcript, strerror(errno));
            status = CLI_IOERR;
            goto done;
        }
        if (rc_proc_open_transcript(&proc, dut_cmd, (unsigned)timeout_ms, tr, err,
                                    sizeof err) != 0) {
            fprintf(stderr, "riocheck run: --dut-cmd %s: %s\n", dut_cmd[0], err);
            status = CLI_IOERR;
            goto done;
        }
        dut = rc_proc_dut(proc);
        size_t off = (size_t)snprintf(dut_desc, sizeof dut_desc, "--dut-cmd");
        for (char **p = dut_cmd; *p && off < sizeof dut_desc; p++)
            off += (size_t)snprintf(dut_desc + off, sizeof dut_desc - off, " %s", *p);
    }
    if (reports) {
        /* provenance (docs/provenance.md): the DUT file hashed before it runs;
         * one that cannot be read is reported as unknown, not a failure */
        char pwarn[800];
        if (rc_prov_fill(&prov, &info, &set, root, dut_path, dut_cmd, pwarn,
                         sizeof pwarn) != 0) {
            fprintf(stderr, "riocheck run: out of memory hashing the vector set\n");
            status = CLI_IOERR;
            goto done;
        }
        if (pwarn[0] != '\0')
            fprintf(stderr, "riocheck run: warning: %s\n", pwarn);
    }
    rows = calloc(n, sizeof *rows);
    if (rows == NULL) {
        status = CLI_IOERR;
        goto done;
    }
    if (reports) {
        /* start the journal, move the last set aside */
        if (rc_outdir_begin(&od, out_dir, paths, repro_dir, n, err, sizeof err) != 0) {
            fprintf(stderr, "riocheck run: %s\n", err);
            status = CLI_IOERR;
            goto done;
        }
        for (int k = 0; k < RC_OUT_FILES; k++)
            paths[k] = rc_outdir_path(&od, (enum rc_out_file)k);
        repro_dir = rc_outdir_repro(&od);
        tsv = rc_outdir_row(&od);
    }
    time_t t0 = time(NULL);
    struct timespec ts0, ts1;
    clock_gettime(CLOCK_MONOTONIC, &ts0);
    char started[32];
    strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t0));
    /* the DUT's name and version are its own text: one line each, escaped */
    fputs("TAP version 13\n# DUT: ", stdout);
    put_esc(stdout, RC_ESC_LINE, dut->name);
    fputc(' ', stdout);
    put_esc(stdout, RC_ESC_LINE, dut->version);
    if (dut_path != NULL || dut_cmd != NULL) {
        fputs(" via", stdout);
        put_dut_words(stdout, dut_path, dut_cmd);
    } else {
        fputs(" (built-in)", stdout);
    }
    printf("\n# seed: %llu\n", (unsigned long long)seed);
    printf("1..%zu\n", n);
    fflush(stdout);
    struct run_ctx ctx = {recs, rows, &cat, nwaivers ? &waivers : NULL, root,
                          dut_desc[0] ? dut_desc : NULL, repro_dir, dut_path, dut, tsv,
                          verbose, 0, 0, 0, 0, 0, 0, NULL, reports ? &od : NULL, n, &rinfo,
                          &rep_opts};
    ctx.dut_cmd = dut_cmd;
    rc_proc_mark_vector(proc, recs[0]->id, recs[0]->file, recs[0]->line);
    struct rc_isolate iso;
    memset(&iso, 0, sizeof iso);
    iso.dut = lib_desc ? NULL : dut;
    iso.lib = lib_desc;
    iso.opts = &opts;
    iso.timeout_ms = (unsigned)timeout_ms;
    iso.per_worker = (size_t)per_worker;
    iso.limits = limits;
    int rc = isolation && proc == NULL
                 ? rc_run_isolated_with(&iso, recs, n, on_result, &ctx)
                 : rc_run_in_process(dut, recs, n, &opts, on_result, &ctx);
    if (rc < 0) {
        fprintf(stderr, "riocheck run: %s\n", strerror(errno));
        status = CLI_IOERR;
        goto done;
    }
    clock_gettime(CLOCK_MONOTONIC, &ts1);
    double secs = (double)(ts1.tv_sec - ts0.tv_sec) + (double)(ts1.tv_nsec - ts0.tv_nsec) / 1e9;
    if (nwaivers) {
        /* every stale waiver, however many */
        size_t *stale = malloc((waivers.n ? waivers.n : 1) * sizeof *stale);
        size_t ns = stale ? rc_waivers_stale(&waivers, rows, n, stale, waivers.n) : 0;
        for (size_t i = 0; i < ns && i < waivers.n; i++) {
            const struct rc_waiver *w = &waivers.w[stale[i]];
            fputs("# stale waiver ", stdout);
            put_esc(stdout, RC_ESC_LINE, w->file);
            printf(":%u: ", w->line);
            put_esc(stdout, RC_ESC_LINE, w->pattern);
            fputs(" (it covers no failing vector)\n", stdout);
        }
        if (stale == NULL) {
            fprintf(stderr, "riocheck run: out of memory listing the stale waivers\n");
            status = CLI_IOERR;
        }
        free(stale);
    }
    printf("run: %u passed, %u failed, %u not applicable, %u waived (failed includes %u "
           "DUT errors) in %.2f s\n", ctx.pass, ctx.fail + ctx.errors, ctx.na, ctx.waived,
           ctx.errors, secs);
    if (reports) {
        info.tool_version = RIOCHECK_VERSION;
        info.suite_version = SUITE_VERSION;
        vec_set_hash(info.vector_hash, &set); /* the bytes read, not a re-read */
        info.dut = dut;
        info.dut_source = dut_path ? dut_path : dut_cmd ? dut_desc + 10 : "built-in reference";
        info.seed = seed;
        info.sweep_stride = opts.sweep_stride;
        info.started = started;
        info.seconds = secs;
        info.command_line = cmdline;
        info.root = root;
        rep_opts.waivers = nwaivers ? &waivers : NULL;
        /* the whole report set, swapped in at once */
        if (rc_outdir_finish(&od, &info, &cat, rows, n, &rep_opts, err, sizeof err) != 0) {
            fprintf(stderr, "riocheck run: %s\n", err);
            status = CLI_IOERR;
        }
        tsv = NULL;
        if (status == CLI_OK) {
            fputs("# results:", stdout);
            for (int k = 0; k < 3; k++) {
                fputc(' ', stdout);
                put_esc(stdout, RC_ESC_LINE, paths[k]);
            }
            fputs("\n# compliance summary: ", stdout);
            put_esc(stdout, RC_ESC_LINE, paths[3]);
            fputc(' ', stdout);
            put_esc(stdout, RC_ESC_LINE, paths[4]);
            fputc('\n', stdout);
        }
    }
    {
        /* the overall result decides the exit status (report.h) */
        struct rc_rollups ro;
        if (rc_rollups_build_for(&ro, &cat, rows, n, &dut->profile) == 0) {
            printf("# overall: %s (rules passed: %zu of %zu applicable; %zu failed, %zu "
                   "inconclusive)\n", ro.overall, ro.applicable_passed, ro.applicable,
                   ro.rule_totals[RC_R_FAIL] + ro.rule_totals[RC_R_ERROR],
                   ro.rule_totals[RC_R_INCONCLUSIVE]);
            if (status == CLI_OK && strcmp(ro.overall, "fail") == 0)
                status = CLI_INVALID;
            else if (status == CLI_OK && strcmp(ro.overall, "incomplete") == 0)
                status = CLI_INCOMPLETE;
            rc_rollups_free(&ro);
        } else if (status == CLI_OK) {
            status = CLI_IOERR;
        }
    }
done:
    if (od.active && !od.complete) {
        char why[96];
        snprintf(why, sizeof why, "riocheck run stopped (exit status %d) before its "
                 "reports were written", status);
        rc_outdir_end(&od, why);
    }
    rc_outdir_end(&od, NULL);
    rc_prov_free(&prov);
    if (proc)
        rc_proc_close(proc);
    if (tr != NULL && (ferror(tr) | fclose(tr)) != 0) {
        fprintf(stderr, "riocheck run: --transcript %s: cannot write it\n", transcript);
        if (status == CLI_OK || status == CLI_INVALID || status == CLI_INCOMPLETE)
            status = CLI_IOERR;
    }
    rc_dut_unload(lib);
    rerun_store_free(&rstore);
    free(lib_desc);
    free(rows);
    free(recs);
    rc_waivers_free(&waivers);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
    fflush(stdout);
    return status;
}
