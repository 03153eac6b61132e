/* SPDX-License-Identifier: Apache-2.0 */
/*
 * suite.h - the rule catalogue (suites/catalogue.tsv), the official checklist
 * mapping (suites/checklist-map.tsv) and the named suites (suites/suites.tsv).
 * Formats: suites/README.md. Errors name file:line.
 */
#ifndef RC_SUITE_H
#define RC_SUITE_H

#include <stddef.h>

#include "vec.h"

struct rc_rule {
    char *id, *level, *revisions, *area, *statement, *untestable;
};

struct rc_mapping {
    char *official; /* R2.2p12s4.2r0001 */
    char **rules;
    size_t nrules;
    char *note;
};

struct rc_suite {
    char *name, *title;
    char **patterns;
    size_t npatterns;
};

struct rc_catalogue {
    struct rc_rule *rule;
    size_t nrule;
    struct rc_mapping *map;
    size_t nmap;
    struct rc_suite *suite;
    size_t nsuite;
};

/* Load the three files from dir (the repository root). -1 + message. */
int rc_catalogue_load(struct rc_catalogue *c, const char *root, char *err, size_t cap);
void rc_catalogue_free(struct rc_catalogue *c);
const struct rc_rule *rc_rule_find(const struct rc_catalogue *c, const char *id);
const struct rc_suite *rc_suite_find(const struct rc_catalogue *c, const char *name);

/* Load every vector file of the suites (each file once) into set; if
 * suite_of is not NULL it receives, per record, the index of the first
 * suite naming its file. */
int rc_load_suite_vectors(const struct rc_catalogue *c, const char *root,
                          struct vec_set *set, char *err, size_t cap);
/* The suite index of a record's file, or -1. */
int rc_suite_of_file(const struct rc_catalogue *c, const char *root, const char *file);

#endif
