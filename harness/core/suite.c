/* SPDX-License-Identifier: Apache-2.0 */
/* Catalogue, checklist mapping and suites: tab-separated text files. */
#include "suite.h"

#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Split a line at tabs into at most max fields (the line is modified);
 * returns the number of fields the line has (which may exceed max: the
 * caller reports the count). */
static size_t split_tabs(char *line, char **f, size_t max)
{
    size_t n = 0;
    char *p = line;
    for (;;) {
        if (n < max)
            f[n] = p;
        n++;
        char *t = strchr(p, '\t');
        if (t == NULL)
            break;
        *t = '\0';
        p = t + 1;
    }
    return n;
}

static char *dup_or_null(const char *s)
{
    return strdup(s ? s : "");
}

/* Read a TSV file; calls row() for every non-comment, non-blank line. */
static int read_tsv(const char *path, int (*row)(void *, char **, size_t, const char *,
                                                 unsigned, char *, size_t),
                    void *ctx, char *err, size_t cap)
{
    FILE *f = fopen(path, "re");
    if (f == NULL) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t linecap = 0;
    ssize_t got;
    unsigned ln = 0;
    int rc = 0;
    while (rc == 0 && (got = getline(&line, &linecap, f)) != -1) {
        ln++;
        size_t l = (size_t)got;
        if (memchr(line, '\0', l) != NULL) {
            snprintf(err, cap, "%s:%u: NUL byte in a text file", path, ln);
            rc = -1;
            break;
        }
        if (l > 8191) {
            snprintf(err, cap, "%s:%u: line too long", path, ln);
            rc = -1;
            break;
        }
        while (l > 0 && (line[l - 1] == '\n' || line[l - 1] == '\r'))
            line[--l] = '\0';
        char *start = line;
        /* a UTF-8 byte order mark, as some editors write: not part of line 1 */
        if (ln == 1 && l >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0)
            start += 3, l -= 3;
        if (l == 0 || start[0] == '#')
            continue;
        char *fields[16];
        size_t n = split_tabs(start, fields, 16);
        if (n > 16) {
            snprintf(err, cap, "%s:%u: %zu columns (tab-separated), expected at "
                     "most 16", path, ln, n);
            rc = -1;
            break;
        }
        rc = row(ctx, fields, n, path, ln, err, cap);
    }
    free(line);
    fclose(f);
    return rc;
}

static int grow(void **arr, size_t n, size_t size)
{
    if ((n & (n - 1)) != 0 && n != 0)
        return 0;
    size_t want = n ? 2 * n : 16;
    void *p = realloc(*arr, want * size);
    if (p == NULL)
        return -1;
    *arr = p;
    return 0;
}

static int rule_row(void *ctx, char **f, size_t n, const char *path, unsigned ln,
                    char *err, size_t cap)
{
    struct rc_catalogue *c = ctx;
    if (n != 6) {
        snprintf(err, cap, "%s:%u: %zu columns, expected 6 (id level revisions area "
                 "statement untestable)", path, ln, n);
        return -1;
    }
    if (strcmp(f[1], "shall") && strcmp(f[1], "should") && strcmp(f[1], "may") &&
        strcmp(f[1], "def")) {
        snprintf(err, cap, "%s:%u: level '%s': use shall, should, may or def", path,
                 ln, f[1]);
        return -1;
    }
    if (rc_rule_find(c, f[0]) != NULL) {
        snprintf(err, cap, "%s:%u: rule %s listed twice", path, ln, f[0]);
        return -1;
    }
    if (f[0][0] == '\0' || f[4][0] == '\0' || f[5][0] == '\0') {
        snprintf(err, cap, "%s:%u: empty id, statement or untestable column", path, ln);
        return -1;
    }
    if (grow((void **)&c->rule, c->nrule, sizeof *c->rule) != 0)
        goto oom;
    struct rc_rule *r = &c->rule[c->nrule];
    r->id = dup_or_null(f[0]);
    r->level = dup_or_null(f[1]);
    r->revisions = dup_or_null(f[2]);
    r->area = dup_or_null(f[3]);
    r->statement = dup_or_null(f[4]);
    r->untestable = dup_or_null(f[5]);
    c->nrule++;
    if (!r->id || !r->level || !r->revisions || !r->area || !r->statement ||
        !r->untestable)
        goto oom;
    return 0;
oom:
    snprintf(err, cap, "%s:%u: out of memory", path, ln);
    return -1;
}

/* Split a list on commas and spaces. */
static int split_list(char *s, char ***out, size_t *n)
{
    *out = NULL;
    *n = 0;
    for (char *t = strtok(s, ", "); t; t = strtok(NULL, ", ")) {
        if (grow((void **)out, *n, sizeof **out) != 0)
            return -1;
        if (((*out)[*n] = strdup(t)) == NULL)
            return -1;
        (*n)++;
    }
    return 0;
}

static int map_row(void *ctx, char **f, size_t n, const char *path, unsigned ln,
                   char *err, size_t cap)
{
    struct rc_catalogue *c = ctx;
    if (n != 3) {
        snprintf(err, cap, "%s:%u: %zu columns, expected 3 (official_id rule_ids note)",
                 path, ln, n);
        return -1;
    }
    for (size_t i = 0; i < c->nmap; i++)
        if (strcmp(c->map[i].official, f[0]) == 0) {
            snprintf(err, cap, "%s:%u: %s mapped twice", path, ln, f[0]);
            return -1;
        }
    if (grow((void **)&c->map, c->nmap, sizeof *c->map) != 0)
        goto oom;
    struct rc_mapping *m = &c->map[c->nmap++];
    memset(m, 0, sizeof *m);
    m->official = strdup(f[0]);
    m->note = strdup(f[2]);
    if (!m->official || !m->note || split_list(f[1], &m->rules, &m->nrules) != 0)
        goto oom;
    if (m->nrules == 0) {
        snprintf(err, cap, "%s:%u: %s maps to no rule", path, ln, f[0]);
        return -1;
    }
    return 0;
oom:
    snprintf(err, cap, "%s:%u: out of memory", path, ln);
    return -1;
}

static int suite_row(void *ctx, char **f, size_t n, const char *path, unsigned ln,
                     char *err, size_t cap)
{
    struct rc_catalogue *c = ctx;
    if (n != 3) {
        snprintf(err, cap, "%s:%u: %zu columns, expected 3 (name files title)", path,
                 ln, n);
        return -1;
    }
    if (rc_suite_find(c, f[0]) != NULL) {
        snprintf(err, cap, "%s:%u: suite %s defined twice", path, ln, f[0]);
        return -1;
    }
    if (grow((void **)&c->suite, c->nsuite, sizeof *c->suite) != 0)
        goto oom;
    struct rc_suite *s = &c->suite[c->nsuite++];
    memset(s, 0, sizeof *s);
    s->name = strdup(f[0]);
    s->title = strdup(f[2]);
    if (!s->name || !s->title || split_list(f[1], &s->patterns, &s->npatterns) != 0)
        goto oom;
    if (s->npatterns == 0) {
        snprintf(err, cap, "%s:%u: suite %s names no files", path, ln, f[0]);
        return -1;
    }
    return 0;
oom:
    snprintf(err, cap, "%s:%u: out of memory", path, ln);
    return -1;
}

int rc_catalogue_load(struct rc_catalogue *c, const char *root, char *err, size_t cap)
{
    static const char *const name[3] = {"catalogue.tsv", "checklist-map.tsv",
                                        "suites.tsv"};
    int (*const row[3])(void *, char **, size_t, const char *, unsigned, char *,
                        size_t) = {rule_row, map_row, suite_row};
    char path[4096];
    memset(c, 0, sizeof *c);
    for (int i = 0; i < 3; i++) {
        int w = snprintf(path, sizeof path, "%s/suites/%s", root, name[i]);
        if (w < 0 || (size_t)w >= sizeof path) {
            snprintf(err, cap, "%s/suites/%s: path longer than %zu bytes", root, name[i],
                     sizeof path - 1);
            return -1;
        }
        if (read_tsv(path, row[i], c, err, cap) != 0)
            return -1;
    }
    return 0;
}

void rc_catalogue_free(struct rc_catalogue *c)
{
    for (size_t i = 0; i < c->nrule; i++) {
        struct rc_rule *r = &c->rule[i];
        free(r->id), free(r->level), free(r->revisions), free(r->area);
        free(r->statement), free(r->untestable);
    }
    for (size_t i = 0; i < c->nmap; i++) {
        for (size_t k = 0; k < c->map[i].nrules; k++)
            free(c->map[i].rules[k]);
        free(c->map[i].rules), free(c->map[i].official), free(c->map[i].note);
    }
    for (size_t i = 0; i < c->nsuite; i++) {
        for (size_t k = 0; k < c->suite[i].npatterns; k++)
            free(c->suite[i].patterns[k]);
        free(c->suite[i].patterns), free(c->suite[i].name), free(c->suite[i].title);
    }
    free(c->rule), free(c->map), free(c->suite);
    memset(c, 0, sizeof *c);
}

const struct rc_rule *rc_rule_find(const struct rc_catalogue *c, const char *id)
{
    for (size_t i = 0; i < c->nrule; i++)
        if (strcmp(c->rule[i].id, id) == 0)
            return &c->rule[i];
    return NULL;
}

const struct rc_suite *rc_suite_find(const struct rc_catalogue *c, const char *name)
{
    for (size_t i = 0; i < c->nsuite; i++)
        if (strcmp(c->suite[i].name, name) == 0)
            return &c->suite[i];
    return NULL;
}

int rc_suite_of_file(const struct rc_catalogue *c, const char *root, const char *file)
{
    size_t rl = strlen(root);
    const char *rel = file;
    if (strncmp(file, root, rl) == 0 && file[rl] == '/')
        rel = file + rl + 1;
    for (size_t i = 0; i < c->nsuite; i++)
        for (size_t k = 0; k < c->suite[i].npatterns; k++)
            if (fnmatch(c->suite[i].patterns[k], rel, FNM_PATHNAME) == 0)
                return (int)i;
    return -1;
}

int rc_load_suite_vectors(const struct rc_catalogue *c, const char *root,
                          struct vec_set *set, char *err, size_t cap)
{
    for (size_t i = 0; i < c->nsuite; i++) {
        for (size_t k = 0; k < c->suite[i].npatterns; k++) {
            char pat[4096];
            glob_t g;
            int w = snprintf(pat, sizeof pat, "%s/%s", root, c->suite[i].patterns[k]);
            if (w < 0 || (size_t)w >= sizeof pat) {
                snprintf(err, cap, "suites/suites.tsv: suite %s: %s/%s: path longer "
                         "than %zu bytes", c->suite[i].name, root,
                         c->suite[i].patterns[k], sizeof pat - 1);
                return -1;
            }
            int grc = glob(pat, 0, NULL, &g);
            if (grc == GLOB_NOMATCH) {
                snprintf(err, cap, "suites/suites.tsv: suite %s: '%s' matches no file",
                         c->suite[i].name, c->suite[i].patterns[k]);
                return -1;
            }
            if (grc != 0) {
                snprintf(err, cap, "suites/suites.tsv: suite %s: cannot expand '%s'",
                         c->suite[i].name, c->suite[i].patterns[k]);
                return -1;
            }
            for (size_t f = 0; f < g.gl_pathc; f++) {
                int seen = 0;
                for (size_t j = 0; j < set->nfiles; j++)
                    if (strcmp(set->files[j], g.gl_pathv[f]) == 0)
                        seen = 1;
                if (!seen && vec_load_file(set, g.gl_pathv[f], err, cap) != 0) {
                    globfree(&g);
                    return -1;
                }
            }
            globfree(&g);
        }
    }
    return vec_check_unique(set, err, cap);
}
