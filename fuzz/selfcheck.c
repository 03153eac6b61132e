/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/selfcheck.c - the known-answer file of `riocheck selfcheck`
 * (harness/cli/selfcheck.c, cmd_selfcheck; one record per line:
 * "FORMAT [--rev 2|3] [--group-width N] FIELD=VALUE... => HEX").
 *
 * The record parser lives inside cmd_selfcheck, which reads a file and
 * writes a report file; there is no entry point from memory. So each input
 * is written to ROOT/known.txt in a fresh folder made by mkdtemp under /tmp
 * and cmd_selfcheck runs as
 *
 *     selfcheck --vectors ROOT/known.txt --report ROOT/out/report.md
 *
 * with stdout and stderr (the FILE pointers, not the file descriptors, so
 * sanitizer reports still reach the real stderr) pointed at memory streams
 * for the duration of the call; ROOT is removed afterwards.
 *
 * Properties checked (fuzz_fail on violation):
 *   S1  the exit status is 0 (all passed), 1 (a record failed) or 2 (usage
 *       error or malformed record); never 3 (I/O error) for a readable file
 *       and a writable report folder.
 *   S2  stdout is TAP: "TAP version 13", then "ok N - ..." / "not ok N -
 *       ..." with N = 1, 2, 3, ... in order (a "  # ..." diagnostic line may
 *       follow a "not ok"), each naming "ROOT/known.txt:LINE" with LINE
 *       increasing and within the file; with status 0 or 1 it ends with the
 *       plan "1..N", "selfcheck: P passed, F failed" (P + F = N, F = number
 *       of "not ok") and "report: PATH".
 *   S3  status 0 exactly when F = 0 and status 1 exactly when F > 0.
 *   S4  status 2: stderr names the file and a line, "ROOT/known.txt:LINE:"
 *       with LINE within the file, and no plan was printed.
 *   S5  status 0 or 1: the report exists and says "(P passed, F failed)";
 *       status 2: no report is written.
 * Known findings are tolerated unless built with -DFUZZ_STRICT: F3-4 (a
 * record with --help stops the run with status 2 and no message).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp, open_memstream */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fuzz.h"

#include "../harness/cli/cli.h"

#define MAX_INPUT (64u * 1024u)

struct paths {
    char root[64], known[128], outdir[128], report[192], tmp[256];
};

static void remove_all(const struct paths *p)
{
    unlink(p->known);
    unlink(p->report);
    unlink(p->tmp);
    rmdir(p->outdir);
    rmdir(p->root);
}

/* Lines as fgets counts them. */
static unsigned long count_lines(const uint8_t *data, size_t size)
{
    unsigned long n = 0;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n + (size > 0 && data[size - 1] != '\n');
}

#ifndef FUZZ_STRICT
static int has_dash_h(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i + 1 < size; i++)
        if (data[i] == '-' && data[i + 1] == 'h')
            return 1;
    return 0;
}
#endif

/* "PATH:LINE" at s: the line, or 0 when s does not start so. */
static unsigned long line_after(const char *s, const char *path)
{
    size_t pl = strlen(path);
    if (strncmp(s, path, pl) != 0 || s[pl] != ':')
        return 0;
    unsigned long line = 0;
    const char *d = s + pl + 1;
    for (int k = 0; *d >= '0' && *d <= '9' && k < 12; k++)
        line = line * 10 + (unsigned long)(*d++ - '0');
    return line;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    int c;
    while (m != NULL && (c = fgetc(f)) != EOF)
        fputc(c, m);
    fclose(f);
    if (m != NULL)
        fclose(m);
    return buf;
}

/* S2, S3: returns the number of "not ok". */
static unsigned long check_tap(char *out, int status, const struct paths *p,
                               unsigned long lines, unsigned long *ntests)
{
    char *save = NULL;
    char *l = strtok_r(out, "\n", &save);
    if (l == NULL || strcmp(l, "TAP version 13") != 0)
        fuzz_fail("S2: stdout does not start with 'TAP version 13'");
    unsigned long n = 0, notok = 0, last_line = 0, plan = 0, passed = ~0ul, failed = ~0ul;
    int saw_report = 0, after_plan = 0;
    while ((l = strtok_r(NULL, "\n", &save)) != NULL) {
        if (after_plan) {
            if (sscanf(l, "selfcheck: %lu passed, %lu failed", &passed, &failed) == 2)
                continue;
            if (strncmp(l, "report: ", 8) == 0) {
                saw_report = 1;
                continue;
            }
            fuzz_fail("S2: unexpected line after the plan: \"%s\"", l);
        }
        if (strncmp(l, "  # ", 4) == 0) {
            if (n == 0)
                fuzz_fail("S2: a diagnostic before any test");
            continue;
        }
        if (sscanf(l, "1..%lu", &plan) == 1 && strncmp(l, "1..", 3) == 0) {
            after_plan = 1;
            continue;
        }
        int bad = strncmp(l, "not ok ", 7) == 0;
        if (!bad && strncmp(l, "ok ", 3) != 0)
            fuzz_fail("S2: not a TAP line: \"%s\"", l);
        const char *num = l + (bad ? 7 : 3);
        char *end;
        unsigned long k = strtoul(num, &end, 10);
        if (k != n + 1 || strncmp(end, " - ", 3) != 0)
            fuzz_fail("S2: test %lu numbered \"%s\"", n + 1, l);
        unsigned long ln = line_after(end + 3, p->known);
        if (ln == 0 || ln <= last_line || ln > lines)
            fuzz_fail("S2: test %lu names line %lu (previous %lu, %lu lines): \"%s\"", k, ln,
                      last_line, lines, l);
        last_line = ln;
        n++;
        notok += (unsigned long)bad;
    }
    if (status == CLI_USAGE) {
        if (after_plan)
            fuzz_fail("S4: status 2 but the plan was printed");
    } else {
        if (!after_plan || plan != n)
            fuzz_fail("S2: status %d with plan 1..%lu for %lu tests", status, plan, n);
        if (passed + failed != n || failed != notok || !saw_report)
            fuzz_fail("S2: summary %lu passed, %lu failed for %lu tests, %lu not ok", passed,
                      failed, n, notok);
        if ((status == CLI_OK) != (notok == 0))
            fuzz_fail("S3: status %d with %lu failed records", status, notok);
    }
    *ntests = n;
    return notok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    struct paths p;
    snprintf(p.root, sizeof p.root, "/tmp/riocheck-fuzz-selfcheck-XXXXXX");
    if (mkdtemp(p.root) == NULL)
        fuzz_fail("mkdtemp: cannot make a folder under /tmp");
    snprintf(p.known, sizeof p.known, "%s/known.txt", p.root);
    snprintf(p.outdir, sizeof p.outdir, "%s/out", p.root);
    snprintf(p.report, sizeof p.report, "%s/report.md", p.outdir);
    snprintf(p.tmp, sizeof p.tmp, "%s.tmp", p.report);
    FILE *f = fopen(p.known, "wb");
    if (f == NULL || (size > 0 && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        remove_all(&p);
        fuzz_fail("cannot write %s", p.known);
    }

    char *out = NULL, *err = NULL;
    size_t outn = 0, errn = 0;
    FILE *so = open_memstream(&out, &outn), *se = open_memstream(&err, &errn);
    if (so == NULL || se == NULL)
        fuzz_fail("open_memstream failed");
    char a0[] = "selfcheck", a1[] = "--vectors", a3[] = "--report";
    char *argv[] = {a0, a1, p.known, a3, p.report, NULL};
    FILE *real_out = stdout, *real_err = stderr;
    fflush(stdout);
    fflush(stderr);
    stdout = so;
    stderr = se;
    int status = cmd_selfcheck(5, argv);
    stdout = real_out;
    stderr = real_err;
    fclose(so);
    fclose(se);

    unsigned long lines = count_lines(data, size), ntests = 0;
    if (status != CLI_OK && status != CLI_INVALID && status != CLI_USAGE)
        fuzz_fail("S1: status %d; stderr: %s", status, err);
    unsigned long failed = check_tap(out, status, &p, lines, &ntests);
    char *report = slurp(p.report);
    if (status == CLI_USAGE) {
        /* S4: the message names the file and a line within it */
        const char *at = strstr(err, p.known);
        unsigned long ln = at ? line_after(at, p.known) : 0;
#ifndef FUZZ_STRICT
        /* KNOWN FINDING F3-4 (reported): a record with --help or -h among
         * its options ends the self-check with status 2 and no message at
         * all. Tolerated (nothing on stderr, "-h" in the input) unless built
         * with -DFUZZ_STRICT; drop this branch once fixed. */
        if (errn == 0 && has_dash_h(data, size))
            ln = 1;
#endif
        if (ln == 0 || ln > lines)
            fuzz_fail("S4: status 2, but stderr names no line of the file (%lu lines): %s",
                      lines, err);
        if (report != NULL)
            fuzz_fail("S5: status 2, yet a report was written");
    } else {
        char want[96];
        snprintf(want, sizeof want, "(%lu passed, %lu failed)", ntests - failed, failed);
        if (report == NULL || strstr(report, want) == NULL)
            fuzz_fail("S5: the report does not say %s", want);
    }
    free(report);
    free(out);
    free(err);
    remove_all(&p);
    return 0;
}
