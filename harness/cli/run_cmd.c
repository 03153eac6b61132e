/* riocheck run: select vectors and play them against a DUT (today the
 * built-in reference). */
#include <dlfcn.h>
#include <sys/stat.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/run.h"
#include "../core/suite.h"
#include "../refdut/refdut.h"
#include "cli.h"

static const char run_help[] =
    "Usage: riocheck run [options]\n"
    "\n"
    "Play the conformance vectors against a DUT (default: the built-in\n"
    "reference implementation) and print TAP. With no selection every suite of suites/suites.tsv runs.\n"
    "\n"
    "Selection (repeatable; a vector must match every kind of option given, and\n"
    "any one value of each):\n"
    "  --suite NAME      a suite of suites/suites.tsv\n"
    "  --rule ID         vectors citing this rule id (a glob: 'P12-4.2-*')\n"
    "  --vector GLOB     vector ids matching the glob\n"
    "  --area AREA       vectors citing a rule of this area (gen, rx, ccp, ...)\n"
    "  --rev REV         vectors for this revision: p12r2 p12r3 p9r2 p9r3\n"
    "Other options:\n"
    "  --list            print what would run (id, suite, rules) and stop\n"
    "  --root DIR        the riocheck folder holding suites/ and vectors/\n"
    "                    (default: the current folder)\n"
    "  --sweep-stride N  exhaustive sweeps check every Nth value (default 1)\n"
    "  --dut PATH        a vendor DUT: a shared library exporting\n"
    "                    riocheck_dut_v1() (harness/include/riocheck/dut.h);\n"
    "                    default: the built-in reference\n"
    "  --results FILE    also write one line per vector: id, verdict, rules,\n"
    "                    file:line, detail (tab-separated)\n"
    "  --vectors FILE    run the records of this vector file (repeatable)\n"
    "                    instead of the suites' files, e.g. a reproducer\n"
    "  --repro-dir DIR   where a failing vector's reproducer file is written\n"
    "                    (default reports/out/repro)\n"
    "  --verbose         print the cite line of every vector\n"
    "\n"
    "Verdicts: pass, fail (the DUT did not do what the spec requires), error\n"
    "(the DUT misbehaved), not-applicable (the DUT lacks the machine, revision,\n"
    "capability or parameter; reported as a TAP SKIP).\n"
    "Exit status: 0 nothing failed; 1 a vector failed or errored; 2 usage\n"
    "error; 3 a vector, suite or catalogue file is malformed (FILE:LINE named).\n";

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

/* Write a failing vector's record, with a header saying how to rerun it,
 * to DIR/ID.vec; 0 and the path in dst, or -1. */
static int write_repro(char *dst, size_t cap, const char *dir, const struct vec_record *r,
                      const char *dut_path, const struct rc_dut *dut)
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
    FILE *in = fopen(r->file, "r"), *out = in ? fopen(dst, "w") : NULL;
    if (out == NULL) {
        if (in)
            fclose(in);
        return -1;
    }
    fprintf(out, "# riocheck reproducer for vector %s (from %s:%u)\n# DUT: %s %s%s%s\n"
                 "# rerun: riocheck run%s%s --vectors %s\n\n",
            r->id, r->file, r->line, dut->name, dut->version, dut_path ? " loaded from " : "",
            dut_path ? dut_path : "", dut_path ? " --dut " : "", dut_path ? dut_path : "", dst);
    char line[8192];
    unsigned ln = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        ln++;
        if (ln >= r->line && ln <= r->end_line)
            fputs(line, out);
    }
    fclose(in);
    return fclose(out) == 0 ? 0 : -1;
}

/* dlopen a vendor DUT and check its ABI version; NULL after a message. */
static const struct rc_dut *load_dut(const char *path, void **lib)
{
    char abs[4096];
    /* dlopen searches the library path for a bare name: make it a path */
    snprintf(abs, sizeof abs, "%s%s", strchr(path, '/') ? "" : "./", path);
    *lib = dlopen(abs, RTLD_NOW | RTLD_LOCAL);
    if (*lib == NULL) {
        fprintf(stderr, "riocheck run: --dut %s: %s\n", path, dlerror());
        return NULL;
    }
    void *sym = dlsym(*lib, RC_DUT_ENTRY);
    if (sym == NULL) {
        fprintf(stderr, "riocheck run: --dut %s: no symbol %s (see "
                        "harness/include/riocheck/dut.h)\n", path, RC_DUT_ENTRY);
        dlclose(*lib);
        return NULL;
    }
    rc_dut_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry); /* object to function pointer, POSIX */
    const struct rc_dut *dut = entry();
    if (dut == NULL || dut->abi_version != RC_DUT_ABI_VERSION) {
        fprintf(stderr, "riocheck run: --dut %s: ABI version %u, riocheck speaks %u\n",
                path, dut ? dut->abi_version : 0u, RC_DUT_ABI_VERSION);
        dlclose(*lib);
        return NULL;
    }
    return dut;
}

int cmd_run(int argc, char **argv)
{
    struct selection sel;
    memset(&sel, 0, sizeof sel);
    const char *root = ".", *dut_path = NULL, *results_path = NULL;
    const char *repro_dir = "reports/out/repro";
    const char *files[MAX_SEL];
    int nfiles = 0;
    int list = 0, verbose = 0;
    struct rc_run_opts opts = {1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1, bad = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(run_help, stdout);
            return CLI_OK;
        } else if (strcmp(a, "--list") == 0) {
            list = 1, takes = 0;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = 1, takes = 0;
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
        } else if (strcmp(a, "--dut") == 0) {
            dut_path = v;
        } else if (strcmp(a, "--results") == 0) {
            results_path = v;
        } else if (strcmp(a, "--vectors") == 0) {
            bad = add_sel(files, &nfiles, v);
        } else if (strcmp(a, "--repro-dir") == 0) {
            repro_dir = v;
        } else if (strcmp(a, "--root") == 0) {
            root = v;
        } else if (strcmp(a, "--sweep-stride") == 0) {
            uint64_t n;
            char why[160];
            if (cli_parse_uint(v, 1u << 24, &n, why, sizeof why) != 0 || n == 0) {
                fprintf(stderr, "riocheck run: --sweep-stride %s: %s\n", v,
                        n == 0 ? "must be at least 1" : why);
                return CLI_USAGE;
            }
            opts.sweep_stride = (uint32_t)n;
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
    struct rc_catalogue cat;
    struct vec_set set;
    char err[1024];
    memset(&set, 0, sizeof set);
    if (rc_catalogue_load(&cat, root, err, sizeof err) != 0) {
        fprintf(stderr, "riocheck run: %s\n", err);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    for (int i = 0; i < sel.nsuite; i++)
        if (rc_suite_find(&cat, sel.suite[i]) == NULL) {
            fprintf(stderr, "riocheck run: no suite '%s' in suites/suites.tsv\n",
                    sel.suite[i]);
            rc_catalogue_free(&cat);
            return CLI_USAGE;
        }
    int loaded = nfiles ? 0 : rc_load_suite_vectors(&cat, root, &set, err, sizeof err);
    for (int i = 0; i < nfiles && loaded == 0; i++)
        loaded = vec_load_file(&set, files[i], err, sizeof err);
    if (loaded == 0 && nfiles)
        loaded = vec_check_unique(&set, err, sizeof err);
    if (loaded != 0) {
        fprintf(stderr, "riocheck run: %s\n", err);
        vec_set_free(&set);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    const struct rc_dut *dut = rc_refdut();
    void *lib = NULL;
    if (dut_path != NULL && (dut = load_dut(dut_path, &lib)) == NULL) {
        vec_set_free(&set);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    FILE *results = NULL;
    if (results_path != NULL && !list && (results = fopen(results_path, "w")) == NULL) {
        fprintf(stderr, "riocheck run: cannot write %s\n", results_path);
        vec_set_free(&set);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    unsigned n = 0, pass = 0, fail = 0, errors = 0, na = 0;
    if (!list)
        printf("TAP version 13\n# DUT: %s %s\n", dut->name, dut->version);
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        if (!selected(&sel, &cat, root, r))
            continue;
        n++;
        char rules[256] = "";
        size_t off = 0;
        for (unsigned k = 0; k < r->nrules && off < sizeof rules; k++)
            off += (size_t)snprintf(rules + off, sizeof rules - off, "%s%s",
                                    k ? "," : "", r->rules[k]);
        if (list) {
            int s = rc_suite_of_file(&cat, root, r->file);
            printf("%s\t%s\t%s\n", r->id, s >= 0 ? cat.suite[s].name : "-", rules);
            continue;
        }
        struct rc_vec_result res;
        rc_run_vector(dut, r, &opts, &res);
        switch (res.verdict) {
        case RC_V_PASS:
        case RC_V_WAIVED:
            pass++;
            printf("ok %u - %s [%s]%s%s\n", n, r->id, rules, res.detail[0] ? " # " : "",
                   res.detail);
            break;
        case RC_V_NA:
            na++;
            printf("ok %u - %s [%s] # SKIP not applicable: %s\n", n, r->id, rules,
                   res.detail);
            break;
        case RC_V_FAIL:
        case RC_V_ERROR:
            if (res.verdict == RC_V_FAIL)
                fail++;
            else
                errors++;
            printf("not ok %u - %s [%s]\n  # %s at %s:%u: %s\n", n, r->id, rules,
                   rc_verdict_name(res.verdict), r->file, res.line ? res.line : r->line,
                   res.detail);
            char repro[4096];
            if (write_repro(repro, sizeof repro, repro_dir, r, dut_path, dut) == 0)
                printf("  # reproducer: %s\n  # rerun: riocheck run --root %s%s%s --vectors %s\n",
                       repro, root, dut_path ? " --dut " : "", dut_path ? dut_path : "",
                       repro);
            else
                printf("  # rerun: riocheck run --root %s%s%s --vector %s\n", root,
                       dut_path ? " --dut " : "", dut_path ? dut_path : "", r->id);
            break;
        }
        if (results)
            fprintf(results, "%s\t%s\t%s\t%s:%u\t%s\n", r->id,
                    rc_verdict_name(res.verdict), rules, r->file,
                    res.line ? res.line : r->line, res.detail);
        if (verbose)
            printf("  # cite: %s\n", r->cite);
    }
    if (!list) {
        printf("1..%u\n", n);
        printf("run: %u passed, %u failed, %u not applicable (failed includes %u "
               "DUT errors)\n", pass, fail + errors, na, errors);
    }
    if (results)
        fclose(results);
    if (lib)
        dlclose(lib);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
    if (n == 0 && !list) {
        fprintf(stderr, "riocheck run: the selection matches no vector\n");
        return CLI_USAGE;
    }
    return fail || errors ? CLI_INVALID : CLI_OK;
}
