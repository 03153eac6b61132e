/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/catalogue.c - the rule catalogue, the official checklist mapping and
 * the named suites (harness/core/suite.h: rc_catalogue_load, then
 * rc_load_suite_vectors and rc_suite_of_file; formats in suites/README.md).
 *
 * suite.c reads files only, so every input is written, per call, into a
 * fresh folder made by mkdtemp under /tmp (removed again before returning):
 *
 *     ROOT/suites/catalogue.tsv       section 1
 *     ROOT/suites/checklist-map.tsv   section 2
 *     ROOT/suites/suites.tsv          section 3
 *     ROOT/vectors/fuzz.vec           section 4 (optional)
 *
 * The input is the four sections separated by the 3 bytes "\n\x1c\n" (a
 * line holding only the ASCII file separator); missing sections are empty
 * files. Nothing outside ROOT is ever read: the suite patterns are expanded
 * (rc_load_suite_vectors) only when none is absolute or contains "..".
 *
 * Properties checked (fuzz_fail on violation):
 *   C1  a rejected catalogue gives an error "ROOT/suites/FILE:LINE: reason"
 *       naming one of the three files, with 1 <= LINE <= its line count;
 *       NUL-terminated.
 *   C2  an accepted catalogue is well formed: every rule has a non-empty id,
 *       statement and untestable column and a level of shall, should, may or
 *       def, and no id is listed twice (rc_rule_find finds each rule itself);
 *       every mapping has an official id, at least one rule id, none empty,
 *       and no official id twice; every suite has a name (found by
 *       rc_suite_find), at least one non-empty pattern, no name twice.
 *   C3  rc_suite_of_file gives -1 or the index of a suite one of whose
 *       patterns matches the file (fnmatch, FNM_PATHNAME), with or without
 *       the ROOT/ prefix.
 *   C4  rc_load_suite_vectors: an error names "suites/suites.tsv: suite " or
 *       a file under ROOT (vector file errors are "FILE:LINE: ..."); on
 *       success every file is loaded once and every record's file belongs to
 *       a suite (rc_suite_of_file >= 0).
 *   Memory: rc_catalogue_free and vec_set_free release everything (the
 *   catalogue is freed after a failed load too); LeakSanitizer checks it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#endif
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fuzz.h"

#include "../harness/core/suite.h"
#include "../harness/core/vec.h"

#define MAX_INPUT (256u * 1024u)
#define SEP "\n\x1c\n"
#define NSECT 4

static const char *const sect_path[NSECT] = {
    "suites/catalogue.tsv", "suites/checklist-map.tsv", "suites/suites.tsv",
    "vectors/fuzz.vec"};

struct sect {
    const uint8_t *p;
    size_t n;
};

static size_t split(const uint8_t *data, size_t size, struct sect *s)
{
    size_t k = 0, start = 0, sl = sizeof SEP - 1;
    for (size_t i = 0; k + 1 < NSECT && i + sl <= size; i++)
        if (memcmp(data + i, SEP, sl) == 0) {
            s[k].p = data + start;
            s[k].n = i - start;
            k++;
            start = i + sl;
            i = start - 1;
        }
    s[k].p = data + start;
    s[k].n = size - start;
    for (size_t j = k + 1; j < NSECT; j++)
        s[j].p = data, s[j].n = 0;
    return k + 1;
}

/* Lines as fgets counts them (the last one may lack its newline). */
static size_t count_lines(const struct sect *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += s->p[i] == '\n';
    return n + (s->n > 0 && s->p[s->n - 1] != '\n');
}

static int write_file(const char *root, const char *rel, const struct sect *s)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return -1;
    size_t w = s->n ? fwrite(s->p, 1, s->n, f) : 0;
    return fclose(f) != 0 || w != s->n ? -1 : 0;
}

static void remove_tree(const char *root)
{
    char path[512];
    for (size_t i = 0; i < NSECT; i++) {
        snprintf(path, sizeof path, "%s/%s", root, sect_path[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/suites", root);
    rmdir(path);
    snprintf(path, sizeof path, "%s/vectors", root);
    rmdir(path);
    rmdir(root);
}

/* C1 */
static void check_load_error(const char *err, size_t cap, const char *root,
                             const struct sect *s)
{
    if (memchr(err, '\0', cap) == NULL)
        fuzz_fail("C1: error message not NUL-terminated");
    size_t rl = strlen(root);
    for (size_t i = 0; i < 3; i++) {
        size_t pl = strlen(sect_path[i]);
        if (strncmp(err, root, rl) != 0 || err[rl] != '/' ||
            strncmp(err + rl + 1, sect_path[i], pl) != 0 || err[rl + 1 + pl] != ':')
            continue;
        const char *p = err + rl + 1 + pl + 1, *d = p;
        unsigned long line = 0;
        while (*d >= '0' && *d <= '9' && d - p < 12)
            line = line * 10 + (unsigned long)(*d++ - '0');
        if (d == p || d[0] != ':' || d[1] != ' ' || d[2] == '\0')
            fuzz_fail("C1: error is not 'FILE:LINE: reason': \"%s\"", err);
        size_t lines = count_lines(&s[i]);
        if (line < 1 || line > lines)
            fuzz_fail("C1: error names line %lu of %s, which has %zu lines: \"%s\"",
                      line, sect_path[i], lines, err);
        return;
    }
    fuzz_fail("C1: error names none of the three files: \"%s\"", err);
}

static int nonempty(const char *s)
{
    return s != NULL && s[0] != '\0';
}

/* C2 */
static void check_catalogue(const struct rc_catalogue *c)
{
    for (size_t i = 0; i < c->nrule; i++) {
        const struct rc_rule *r = &c->rule[i];
        if (!nonempty(r->id) || !nonempty(r->statement) || !nonempty(r->untestable) ||
            r->level == NULL || r->revisions == NULL || r->area == NULL)
            fuzz_fail("C2: rule %zu has an empty required column", i);
        if (strcmp(r->level, "shall") && strcmp(r->level, "should") &&
            strcmp(r->level, "may") && strcmp(r->level, "def"))
            fuzz_fail("C2: rule %s has level '%s'", r->id, r->level);
        if (rc_rule_find(c, r->id) != r)
            fuzz_fail("C2: rule %s is listed twice", r->id);
    }
    for (size_t i = 0; i < c->nmap; i++) {
        const struct rc_mapping *m = &c->map[i];
        if (m->official == NULL || m->note == NULL || m->nrules == 0)
            fuzz_fail("C2: mapping %zu has no official id, note or rule", i);
        for (size_t k = 0; k < m->nrules; k++)
            if (!nonempty(m->rules[k]) || strpbrk(m->rules[k], ", ") != NULL)
                fuzz_fail("C2: mapping %s: rule %zu is empty or has a separator",
                          m->official, k);
        for (size_t k = 0; k < i; k++)
            if (strcmp(c->map[k].official, m->official) == 0)
                fuzz_fail("C2: %s mapped twice", m->official);
    }
    for (size_t i = 0; i < c->nsuite; i++) {
        const struct rc_suite *s = &c->suite[i];
        if (s->name == NULL || s->title == NULL || s->npatterns == 0)
            fuzz_fail("C2: suite %zu has no name, title or pattern", i);
        if (rc_suite_find(c, s->name) != s)
            fuzz_fail("C2: suite %s defined twice", s->name);
        for (size_t k = 0; k < s->npatterns; k++)
            if (!nonempty(s->patterns[k]) || strpbrk(s->patterns[k], ", ") != NULL)
                fuzz_fail("C2: suite %s: pattern %zu is empty or has a separator",
                          s->name, k);
    }
}

/* C3: the suite of one file, checked against the patterns. */
static int check_suite_of(const struct rc_catalogue *c, const char *root, const char *file)
{
    int got = rc_suite_of_file(c, root, file);
    size_t rl = strlen(root);
    const char *rel = strncmp(file, root, rl) == 0 && file[rl] == '/' ? file + rl + 1 : file;
    int first = -1;
    for (size_t i = 0; i < c->nsuite && first < 0; i++)
        for (size_t k = 0; k < c->suite[i].npatterns; k++)
            if (fnmatch(c->suite[i].patterns[k], rel, FNM_PATHNAME) == 0) {
                first = (int)i;
                break;
            }
    if (got != first)
        fuzz_fail("C3: rc_suite_of_file(%s) = %d, the first matching suite is %d", file,
                  got, first);
    return got;
}

/* Patterns that stay inside ROOT when glob()bed. */
static int patterns_safe(const struct rc_catalogue *c)
{
    for (size_t i = 0; i < c->nsuite; i++)
        for (size_t k = 0; k < c->suite[i].npatterns; k++) {
            const char *p = c->suite[i].patterns[k];
            if (p[0] == '/' || strstr(p, "..") != NULL || strlen(p) > 200)
                return 0;
        }
    return 1;
}

/* C4 */
static void check_suite_vectors(const struct rc_catalogue *c, const char *root)
{
    struct vec_set set;
    memset(&set, 0, sizeof set);
    char err[1024];
    memset(err, 'x', sizeof err);
    if (rc_load_suite_vectors(c, root, &set, err, sizeof err) != 0) {
        size_t rl = strlen(root);
        if (memchr(err, '\0', sizeof err) == NULL)
            fuzz_fail("C4: error message not NUL-terminated");
        if (strncmp(err, "suites/suites.tsv: suite ", 25) != 0 &&
            (strncmp(err, root, rl) != 0 || err[rl] != '/'))
            fuzz_fail("C4: error names neither suites.tsv nor a file under the root: "
                      "\"%s\"", err);
    } else {
        for (size_t i = 0; i < set.nfiles; i++)
            for (size_t k = 0; k < i; k++)
                if (strcmp(set.files[i], set.files[k]) == 0)
                    fuzz_fail("C4: %s loaded twice", set.files[i]);
        for (size_t i = 0; i < set.n; i++)
            if (check_suite_of(c, root, set.rec[i].file) < 0)
                fuzz_fail("C4: record %s of %s was loaded for a suite, but "
                          "rc_suite_of_file finds none", set.rec[i].id, set.rec[i].file);
    }
    vec_set_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    struct sect s[NSECT];
    size_t nsect = split(data, size, s);
    char root[] = "/tmp/riocheck-fuzz-catalogue-XXXXXX";
    if (mkdtemp(root) == NULL)
        fuzz_fail("mkdtemp: cannot make a folder under /tmp");
    char dir[512];
    snprintf(dir, sizeof dir, "%s/suites", root);
    int ok = mkdir(dir, 0700) == 0;
    snprintf(dir, sizeof dir, "%s/vectors", root);
    ok = ok && mkdir(dir, 0700) == 0;
    for (size_t i = 0; ok && i < NSECT; i++)
        ok = (i < 3 || nsect == NSECT) ? write_file(root, sect_path[i], &s[i]) == 0 : 1;
    if (!ok) {
        remove_tree(root);
        fuzz_fail("cannot write the input files under %s", root);
    }

    struct rc_catalogue c;
    char err[1024];
    memset(err, 'x', sizeof err);
    if (rc_catalogue_load(&c, root, err, sizeof err) != 0) {
        check_load_error(err, sizeof err, root, s);
    } else {
        check_catalogue(&c);
        static const char *const probe[] = {
            "vectors/fuzz.vec", "vectors/p12/cs48-r2.vec", "vectors/sweeps/exhaustive.vec",
            "suites/suites.tsv", "fuzz.vec", ""};
        char full[600];
        for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
            check_suite_of(&c, root, probe[i]);
            snprintf(full, sizeof full, "%s/%s", root, probe[i]);
            check_suite_of(&c, root, full);
        }
        if (patterns_safe(&c))
            check_suite_vectors(&c, root);
    }
    rc_catalogue_free(&c);
    remove_tree(root);
    return 0;
}
