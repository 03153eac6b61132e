/* riocheck run: select vectors, play them against a DUT (the built-in
 * reference, a vendor library, or an external process), isolate its crashes,
 * apply waivers, and write TAP, a results table, JSON, JUnit and the
 * Markdown compliance summary. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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
    "Usage: riocheck run [options] [--dut PATH.so | --dut-cmd PROGRAM [ARGS...]]\n"
    "\n"
    "Play the conformance vectors against a DUT (default: the built-in\n"
    "reference implementation), print TAP, and write the results files and the\n"
    "compliance summary. With no selection every suite of suites/suites.tsv\n"
    "runs.\n"
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
    "  --out DIR         folder of the default outputs (reports/out):\n"
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
    "  --root DIR        the riocheck folder holding suites/ and vectors/\n"
    "                    (default: the current folder)\n"
    "  --verbose         print the cite line of every vector\n"
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

/* "riocheck run [--root ROOT] OPT WHAT [DUT options]", every word quoted for
 * the shell (so it has no control character or line break: text.h). */
static void put_rerun(FILE *f, const char *root, const char *opt, const char *what,
                      const char *dut_path, char *const *dut_cmd)
{
    fputs("riocheck run", f);
    if (root != NULL && strcmp(root, ".") != 0) {
        fputs(" --root ", f);
        put_esc(f, RC_ESC_SH, root);
    }
    fprintf(f, " %s ", opt);
    put_esc(f, RC_ESC_SH, what);
    put_dut_words(f, dut_path, dut_cmd);
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

static int write_repro(char *dst, size_t cap, const char *dir, const struct vec_record *r,
                       const char *root, const char *dut_path, char *const *dut_cmd,
                       const struct rc_dut *dut)
{
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
    repro_value(out, dut->name);
    fputc(' ', out);
    repro_value(out, dut->version);
    fputc('\n', out);
    /* the rerun command only when it fits one vector file line (a shell
     * word cannot be cut) */
    char *cmd = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&cmd, &len);
    if (m != NULL) {
        put_rerun(m, root, "--vectors", dst, dut_path, dut_cmd);
        if (fclose(m) == 0 && cmd != NULL && len + 16 < VEC_LINE_MAX)
            fprintf(out, "# rerun: %s\n", cmd);
        else
            fputs("# rerun: (longer than a vector file line: see the TAP output)\n", out);
        free(cmd);
    }
    fputc('\n', out);
    /* the record's bytes as the loader read them: the vector file is not
     * opened again (it may be a FIFO or a pipe, or have changed) */
    fwrite(r->text, 1, r->text_len, out);
    if (r->text_len > 0 && r->text[r->text_len - 1] != '\n')
        fputc('\n', out);
    return rc_outdir_close_file(out, dst);
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
};

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
            if (c->repro_dir && write_repro(repro, sizeof repro, c->repro_dir, r, c->root,
                                            c->dut_path, c->dut_cmd, c->dut) == 0) {
                fputs("  # reproducer: ", stdout);
                put_esc(stdout, RC_ESC_LINE, repro);
                fputs("\n  # rerun: ", stdout);
                put_rerun(stdout, c->root, "--vectors", repro, c->dut_path, c->dut_cmd);
            } else {
                fputs("  # rerun: ", stdout);
                put_rerun(stdout, c->root, "--vector", r->id, c->dut_path, c->dut_cmd);
            }
            fputc('\n', stdout);
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
    struct selection sel;
    memset(&sel, 0, sizeof sel);
    const char *root = ".", *dut_path = NULL, *out_dir = "reports/out";
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
    char cmdline[2048];
    size_t cl = (size_t)snprintf(cmdline, sizeof cmdline, "riocheck");
    for (int i = 0; i < argc && cl < sizeof cmdline; i++)
        cl += (size_t)snprintf(cmdline + cl, sizeof cmdline - cl, " %s", argv[i]);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1, bad = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(run_help, stdout);
            fputs(run_help_running, stdout);
            return CLI_OK;
        } else if (strcmp(a, "--dut-cmd") == 0) {
            if (v == NULL) {
                fprintf(stderr, "riocheck run: --dut-cmd needs a program\n");
                return CLI_USAGE;
            }
            dut_cmd = argv + i + 1;
            int k = i + 1;
            while (k < argc && strcmp(argv[k], "--") != 0)
                k++;
            if (k < argc)
                argv[k] = NULL; /* the program's argv ends at the lone -- */
            i = k;
            continue;
        } else if (strcmp(a, "--list") == 0) {
            list = 1, takes = 0;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = 1, takes = 0;
        } else if (strcmp(a, "--no-reports") == 0) {
            reports = 0, takes = 0;
        } else if (strcmp(a, "--no-isolation") == 0) {
            isolation = 0, takes = 0;
        } else if (v == NULL) {
            fprintf(stderr, "riocheck run: unknown option or missing value: '%s' "
                            "(see riocheck run --help)\n", a);
            return CLI_USAGE;
        } else if (strcmp(a, "--suite") == 0) {
            bad = add_sel(sel.suite, &sel.nsuite, v);
        } else if (strcmp(a, "--rule") == 0) {
            bad = add_sel(sel.rule, &sel.nrule, v);
        } else if (strcmp(a, "--vector") == 0) {
            bad = add_sel(sel.vector, &sel.nvector, v);
        } else if (strcmp(a, "--area") == 0) {
            bad = add_sel(sel.area, &sel.narea, v);
        } else if (strcmp(a, "--vectors") == 0) {
            bad = add_sel(files, &nfiles, v);
        } else if (strcmp(a, "--waivers") == 0) {
            bad = add_sel(waiver_files, &nwaivers, v);
        } else if (strcmp(a, "--rev") == 0) {
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
        } else if (strcmp(a, "--root") == 0) {
            root = v;
        } else if (strcmp(a, "--dut") == 0) {
            dut_path = v;
        } else if (strcmp(a, "--out") == 0) {
            out_dir = v;
        } else if (strcmp(a, "--results") == 0) {
            paths[0] = v;
        } else if (strcmp(a, "--json") == 0) {
            paths[1] = v;
        } else if (strcmp(a, "--junit") == 0) {
            paths[2] = v;
        } else if (strcmp(a, "--markdown") == 0) {
            paths[3] = v;
        } else if (strcmp(a, "--html") == 0) {
            paths[4] = v;
        } else if (strcmp(a, "--repro-dir") == 0) {
            repro_dir = v;
        } else if (strcmp(a, "--transcript") == 0) {
            transcript = v;
        } else if (strcmp(a, "--limit-mem") == 0 || strcmp(a, "--limit-cpu") == 0 ||
                   strcmp(a, "--limit-files") == 0 || strcmp(a, "--limit-procs") == 0) {
            uint64_t *lv = a[8] == 'm' ? &limits.mem_mb : a[8] == 'c' ? &limits.cpu_s
                           : a[8] == 'f' ? &limits.files : &limits.procs;
            char why[160];
            if (cli_parse_uint(v, (uint64_t)1 << 32, lv, why, sizeof why) != 0) {
                fprintf(stderr, "riocheck run: %s %s: %s\n", a, v, why);
                return CLI_USAGE;
            }
            limit_opt = a;
        } else if (strcmp(a, "--vectors-per-worker") == 0) {
            char why[160];
            if (cli_parse_uint(v, 1u << 30, &per_worker, why, sizeof why) != 0) {
                fprintf(stderr, "riocheck run: --vectors-per-worker %s: %s\n", v, why);
                return CLI_USAGE;
            }
        } else if (strcmp(a, "--sweep-stride") == 0 || strcmp(a, "--seed") == 0 ||
                   strcmp(a, "--timeout-ms") == 0) {
            uint64_t n;
            char why[160];
            int stride = a[2] == 's' && a[3] == 'w';
            if (cli_parse_uint(v, stride ? 1u << 24 : UINT64_MAX, &n, why, sizeof why) != 0 ||
                (stride && n == 0)) {
                fprintf(stderr, "riocheck run: %s %s: %s\n", a, v,
                        stride && n == 0 ? "must be at least 1" : why);
                return CLI_USAGE;
            }
            if (stride)
                opts.sweep_stride = (uint32_t)n;
            else if (a[2] == 's')
                seed = n;
            else if (n > 86400000u) {
                fprintf(stderr, "riocheck run: --timeout-ms %s: at most 86400000\n", v);
                return CLI_USAGE;
            } else
                timeout_ms = n;
        } else {
            fprintf(stderr, "riocheck run: unknown option '%s' (see riocheck run "
                            "--help)\n", a);
            return CLI_USAGE;
        }
        if (bad) {
            fprintf(stderr, "riocheck run: more than %d values for %s\n", MAX_SEL, a);
            return CLI_USAGE;
        }
        i += takes;
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
                          verbose, 0, 0, 0, 0, 0, 0, NULL, reports ? &od : NULL, n};
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
        struct rc_report_opts ro;
        memset(&ro, 0, sizeof ro);
        ro.waivers = nwaivers ? &waivers : NULL;
        ro.dut_option = dut_cmd ? "--dut-cmd" : "--dut";
        /* the whole report set, swapped in at once */
        if (rc_outdir_finish(&od, &info, &cat, rows, n, &ro, err, sizeof err) != 0) {
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
    free(lib_desc);
    free(rows);
    free(recs);
    rc_waivers_free(&waivers);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
    fflush(stdout);
    return status;
}
