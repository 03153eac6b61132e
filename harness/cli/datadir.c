/* SPDX-License-Identifier: Apache-2.0 */
/* Where riocheck's data is (suites/catalogue.tsv, vectors/, docs/), and the
 * name riocheck's rerun lines give the command. The only file that reads
 * RIOCHECK_DATADIR (-DRIOCHECK_DATADIR="...": the Makefile's DATADIR, for the
 * riocheck make install installs; undefined in BUILD/VARIANT/bin/riocheck). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

const char *cli_data_builtin(void)
{
#ifdef RIOCHECK_DATADIR
    return RIOCHECK_DATADIR[0] != '\0' ? RIOCHECK_DATADIR : NULL;
#else
    return NULL;
#endif
}

/* 0 when DIR/suites/catalogue.tsv is a readable file; else -1 with
 * "DIR/suites/catalogue.tsv: reason" in why. */
static int has_catalogue(const char *dir, char *why, size_t cap)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/suites/catalogue.tsv", dir) >= (int)sizeof path) {
        snprintf(why, cap, "%.64s...: path too long", dir);
        return -1;
    }
    struct stat st;
    FILE *f = fopen(path, "re");
    int e = errno;
    if (f != NULL && fstat(fileno(f), &st) == 0 && !S_ISREG(st.st_mode)) {
        fclose(f);
        snprintf(why, cap, "%s: not a file", path);
        return -1;
    }
    if (f == NULL) {
        snprintf(why, cap, "%s: %s", path, strerror(e));
        return -1;
    }
    fclose(f);
    return 0;
}

int cli_data_find(struct cli_data *d, const char *option, const char *opt_name,
                  char *err, size_t cap)
{
    char why[3][PATH_MAX + 128];
    d->dir = NULL;
    if (option != NULL) {
        d->source = CLI_DATA_OPTION;
        if (has_catalogue(option, why[0], sizeof why[0]) != 0) {
            snprintf(err, cap, "%s %s: no riocheck data there (%s)", opt_name, option, why[0]);
            return -1;
        }
        d->dir = option;
        return 0;
    }
    const char *env = getenv("RIOCHECK_DATA");
    if (env != NULL && env[0] != '\0') {
        d->source = CLI_DATA_ENV;
        if (has_catalogue(env, why[0], sizeof why[0]) != 0) {
            snprintf(err, cap, "RIOCHECK_DATA=%s: no riocheck data there (%s)", env, why[0]);
            return -1;
        }
        d->dir = env;
        return 0;
    }
    /* a checkout, or a folder holding a copy of the data */
    if (has_catalogue(".", why[1], sizeof why[1]) == 0) {
        d->source = CLI_DATA_CWD;
        d->dir = ".";
        return 0;
    }
    const char *builtin = cli_data_builtin();
    if (builtin != NULL && has_catalogue(builtin, why[2], sizeof why[2]) == 0) {
        d->source = CLI_DATA_BUILTIN;
        d->dir = builtin;
        return 0;
    }
    if (builtin == NULL)
        snprintf(why[2], sizeof why[2], "none: built without RIOCHECK_DATADIR, which "
                                        "make install sets");
    snprintf(err, cap, "no riocheck data (suites/catalogue.tsv, vectors/, docs/) found; "
                       "looked at: --data (not given), RIOCHECK_DATA (%s), the current "
                       "folder (%s), the compiled-in folder (%s); give --data DIR or set "
                       "RIOCHECK_DATA", env == NULL ? "not set" : "empty", why[1], why[2]);
    return -1;
}

/* ---- the program name ------------------------------------------------------ */

static char program[PATH_MAX + 1] = "riocheck";

/* 1 when name (no '/') found through PATH is the file st describes. */
static int on_path(const char *name, const struct stat *st)
{
    const char *path = getenv("PATH");
    if (path == NULL)
        return 0;
    for (const char *p = path;; ) {
        size_t len = strcspn(p, ":");
        char cand[PATH_MAX];
        struct stat cs;
        /* an empty entry is the current folder */
        if (snprintf(cand, sizeof cand, "%.*s/%s", len ? (int)len : 1,
                     len ? p : ".", name) <
                (int)sizeof cand &&
            stat(cand, &cs) == 0)
            return cs.st_dev == st->st_dev && cs.st_ino == st->st_ino;
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

void cli_program_set(const char *argv0)
{
    if (argv0 == NULL || argv0[0] == '\0')
        return;
    const char *slash = strrchr(argv0, '/');
    struct stat st;
    if (slash == NULL) {
        snprintf(program, sizeof program, "%s", argv0); /* found through PATH */
        return;
    }
    if (stat(argv0, &st) == 0 && slash[1] != '\0' && on_path(slash + 1, &st)) {
        snprintf(program, sizeof program, "%s", slash + 1);
        return;
    }
    char abs[PATH_MAX];
    if (realpath(argv0, abs) != NULL)
        snprintf(program, sizeof program, "%s", abs);
    else
        snprintf(program, sizeof program, "%s", argv0);
}

const char *cli_program(void)
{
    return program;
}
