/* SPDX-License-Identifier: Apache-2.0 */
/* riocheck trace: the traceability check of the rule catalogue, the official
 * checklist mapping and the vectors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/suite.h"
#include "cli.h"

static const char trace_help[] =
    "Usage: riocheck trace [--data DIR] [--rules FILE] [--checklist FILE]\n"
    "\n"
    "Check that the suite is complete and consistent, and print the counts:\n"
    "  - every rule of suites/catalogue.tsv has a vector or a written reason\n"
    "    why no device-level test can check it;\n"
    "  - every rule id a vector cites is in the catalogue;\n"
    "  - every vector that expects a rejection first shows, in a set-up step,\n"
    "    that the DUT accepts the matching valid input (no vacuous negatives);\n"
    "  - every official checklist row is mapped, to catalogue ids only;\n"
    "  - every vector file under the suites' patterns parses, ids are unique;\n"
    "  - (with --rules) every id of the project rule list is in the catalogue;\n"
    "  - (with --checklist) every official row of the RapidIO compliance\n"
    "    checklist file is in suites/checklist-map.tsv.\n"
    "\n"
    "Options (--opt VALUE or --opt=VALUE):\n"
    "  --data DIR        the data folder ROOT (synonym: --root DIR); default:\n"
    "                    RIOCHECK_DATA, else the current folder when it holds\n"
    "                    suites/catalogue.tsv, else the installed one\n"
    "  --rules FILE      the project rule list (default\n"
    "                    ROOT/../shared/rules/checklist.tsv when present)\n"
    "  --checklist FILE  the official checklist (default ROOT/../shared/spec/\n"
    "                    rapidio-compliance-checklist-p9-p12.txt when present)\n"
    "  -h, --help        this text\n"
    "\n"
    "Exit status: 0 consistent; 1 a check failed (each problem printed); 2 usage\n"
    "error; 3 a file is missing or malformed (FILE:LINE named).\n";

static int file_exists(const char *p)
{
    FILE *f = fopen(p, "re");
    if (f)
        fclose(f);
    return f != NULL;
}

int cmd_trace(int argc, char **argv)
{
    enum { O_ROOT = 256, O_DATA, O_RULES, O_CHECKLIST };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"data", required_argument, NULL, O_DATA},
        {"root", required_argument, NULL, O_ROOT},
        {"rules", required_argument, NULL, O_RULES},
        {"checklist", required_argument, NULL, O_CHECKLIST},
        {NULL, 0, NULL, 0},
    };
    const char *data = NULL, *data_opt = "--data", *rules = NULL, *checklist = NULL;
    int c;
    optind = 0; /* glibc: a full re-initialisation */
    while ((c = cli_getopt(argc, argv, "-:h", longopts, "trace")) != -1) {
        switch (c) {
        case 'h':
            fputs(trace_help, stdout);
            return CLI_OK;
        case O_DATA:
        case O_ROOT:
            data = optarg;
            data_opt = c == O_DATA ? "--data" : "--root";
            break;
        case O_RULES:
            rules = optarg;
            break;
        case O_CHECKLIST:
            checklist = optarg;
            break;
        case 1:
            fprintf(stderr, "riocheck trace: unexpected argument '%s' (see riocheck trace "
                            "--help)\n", optarg);
            return CLI_USAGE;
        default:
            return CLI_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "riocheck trace: unexpected argument '%s'\n", argv[optind]);
        return CLI_USAGE;
    }
    struct cli_data d;
    {
        char derr[3 * 4200];
        if (cli_data_find(&d, data, data_opt, derr, sizeof derr) != 0) {
            fprintf(stderr, "riocheck trace: %s\n", derr);
            return CLI_IOERR;
        }
    }
    const char *root = d.dir;
    char dflt_rules[4096], dflt_check[4096], err[1024];
    snprintf(dflt_rules, sizeof dflt_rules, "%s/../shared/rules/checklist.tsv", root);
    snprintf(dflt_check, sizeof dflt_check,
             "%s/../shared/spec/rapidio-compliance-checklist-p9-p12.txt", root);
    if (rules == NULL && file_exists(dflt_rules))
        rules = dflt_rules;
    if (checklist == NULL && file_exists(dflt_check))
        checklist = dflt_check;

    struct rc_catalogue cat;
    struct vec_set set;
    memset(&set, 0, sizeof set);
    if (rc_catalogue_load(&cat, root, err, sizeof err) != 0 ||
        rc_load_suite_vectors(&cat, root, &set, err, sizeof err) != 0) {
        fprintf(stderr, "riocheck trace: %s\n", err);
        vec_set_free(&set);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    unsigned problems = 0;
    size_t *nvec = calloc(cat.nrule ? cat.nrule : 1, sizeof *nvec);
    if (nvec == NULL) {
        vec_set_free(&set);
        rc_catalogue_free(&cat);
        return CLI_IOERR;
    }
    /* vectors -> rules; negatives paired with their valid input */
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        if (vec_negative_unpaired(r)) {
            printf("%s:%u: vector %s expects a rejection with no set-up step before it "
                   "showing the valid input accepted (a vacuous negative)\n", r->file,
                   r->line, r->id);
            problems++;
        }
        for (unsigned k = 0; k < r->nrules; k++) {
            const struct rc_rule *ru = rc_rule_find(&cat, r->rules[k]);
            if (ru == NULL) {
                printf("%s:%u: vector %s cites unknown rule %s\n", r->file, r->line,
                       r->id, r->rules[k]);
                problems++;
            } else {
                nvec[ru - cat.rule]++;
            }
        }
    }
    /* rules -> vectors or reasons */
    size_t with_vectors = 0, untestable = 0;
    for (size_t i = 0; i < cat.nrule; i++) {
        int reason = strcmp(cat.rule[i].untestable, "-") != 0;
        if (nvec[i])
            with_vectors++;
        if (reason)
            untestable++;
        if (!nvec[i] && !reason) {
            printf("suites/catalogue.tsv: rule %s has neither a vector nor a reason\n",
                   cat.rule[i].id);
            problems++;
        }
    }
    /* official rows -> rules */
    for (size_t i = 0; i < cat.nmap; i++)
        for (size_t k = 0; k < cat.map[i].nrules; k++)
            if (rc_rule_find(&cat, cat.map[i].rules[k]) == NULL) {
                printf("suites/checklist-map.tsv: %s maps to unknown rule %s\n",
                       cat.map[i].official, cat.map[i].rules[k]);
                problems++;
            }
    unsigned official = 0;
    if (checklist != NULL) {
        FILE *f = fopen(checklist, "re");
        char line[4096];
        while (f && fgets(line, sizeof line, f)) {
            if (line[0] != '\'' || line[1] != 'R')
                continue;
            char *q = strchr(line + 1, '\'');
            if (q == NULL)
                continue;
            *q = '\0';
            official++;
            int found = 0;
            for (size_t i = 0; i < cat.nmap; i++)
                found |= strcmp(cat.map[i].official, line + 1) == 0;
            if (!found) {
                printf("%s: official row %s is not in suites/checklist-map.tsv\n",
                       checklist, line + 1);
                problems++;
            }
        }
        if (f)
            fclose(f);
    }
    unsigned listed = 0;
    if (rules != NULL) {
        FILE *f = fopen(rules, "re");
        char line[4096];
        while (f && fgets(line, sizeof line, f)) {
            if (line[0] == '#' || line[0] == '\n')
                continue;
            line[strcspn(line, "\t\n")] = '\0';
            listed++;
            if (rc_rule_find(&cat, line) == NULL) {
                printf("%s: rule %s is not in suites/catalogue.tsv\n", rules, line);
                problems++;
            }
        }
        if (f)
            fclose(f);
    }
    /* vectors per level: a vector counts for each level among its rules */
    static const char *const levels[] = {"shall", "should", "may", "def"};
    size_t per_level[4] = {0}, sweeps = 0;
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        sweeps += r->sweep ? 1u : 0u;
        for (int l = 0; l < 4; l++) {
            int has = 0;
            for (unsigned k = 0; k < r->nrules; k++) {
                const struct rc_rule *ru = rc_rule_find(&cat, r->rules[k]);
                has |= ru && strcmp(ru->level, levels[l]) == 0;
            }
            per_level[l] += has ? 1u : 0u;
        }
    }
    printf("rules: %zu in the catalogue, %zu with vectors, %zu with a reason why no "
           "device-level test can check them\n", cat.nrule, with_vectors, untestable);
    printf("official checklist rows: %zu mapped%s", cat.nmap,
           checklist ? "" : " (no official checklist file to compare with)");
    if (checklist)
        printf(", %u in %s", official, checklist);
    printf("\nvectors: %zu in %zu files (%zu sweeps); by rule level: shall %zu, "
           "should %zu, may %zu, def %zu\n", set.n, set.nfiles, sweeps, per_level[0],
           per_level[1], per_level[2], per_level[3]);
    if (rules)
        printf("project rule list: %u ids in %s\n", listed, rules);
    printf("trace: %u problems\n", problems);
    free(nvec);
    vec_set_free(&set);
    rc_catalogue_free(&cat);
    return problems ? CLI_INVALID : CLI_OK;
}
