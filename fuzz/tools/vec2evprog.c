/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz/tools/vec2evprog.c - turn conformance vectors into event-program seeds
 * (fuzz/common/evprog.h) for the state machine fuzz targets, so that a fuzzer
 * starts from the states the vectors reach.
 *
 *   vec2evprog [--diff] [--machine NAME] [--sample NAME N] OUTDIR FILE.vec...
 *
 * For every vector record (not sweeps) of the machine (default: every
 * machine) it writes OUTDIR/v-<vector id>: the record's `machine` line as the
 * program header, each `do` step as an event record (arguments not written
 * are 0, as in the vector language; repeat=N kept, split above
 * EVPROG_REPEAT_MAX) and each `query` step as a query record. `expect` and
 * `result` lines are dropped: the targets check properties, not the
 * vectors' answers. Profile variables (${tc}, ${ports}, ...) take the
 * reference DUT's profile values; a record that uses one the profile lacks is
 * skipped. --diff: each file starts with the machine number, the input format
 * of fuzz/diff.c. --sample NAME N: of the records of machine NAME keep only
 * every Nth (file order), to keep a corpus small.
 *
 * Built and run by fuzz/tools/seeds-evprog.sh; not part of the product. Exit
 * status 0, 1 on a vector file that does not parse or an output error, 2
 * usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../harness/core/vec.h"
#include "../../harness/refdut/refdut.h"
#include "../common/evprog.h"

#define PROG_MAX 65536u

static int resolve(const struct vec_val *v, uint64_t *out)
{
    return vec_resolve(v, &rc_refdut()->profile, out) == 0 ? 0 : -1;
}

/* 1 written, 0 skipped, -1 error. */
static int convert(const struct vec_record *r, const char *outdir, int diff)
{
    static uint8_t buf[PROG_MAX];
    struct evprog_writer w;
    struct rc_config cfg;
    size_t off = diff ? 1u : 0u;
    memset(&cfg, 0, sizeof cfg);
    for (unsigned i = 0; i < r->ncfg && i < RC_MAX_CONFIG; i++) {
        cfg.kv[i].key = r->cfg[i].key;
        if (resolve(&r->cfg[i].v, &cfg.kv[i].value) != 0)
            return 0;
        cfg.n++;
    }
    buf[0] = (uint8_t)r->machine->id;
    if (evprog_w_begin(&w, r->machine->id, &cfg, buf + off, sizeof buf - off) !=
        0)
        return 0;
    for (unsigned i = 0; i < r->nsteps; i++) {
        const struct vec_step *s = &r->steps[i];
        struct rc_msg m;
        uint64_t repeat = 1;
        if (s->type != VEC_DO && s->type != VEC_QUERY)
            continue;
        memset(&m, 0, sizeof m);
        m.kind = s->kind->kind;
        m.nargs = rc_kind_nargs(s->kind);
        for (unsigned a = 0; a < s->nargs; a++)
            if (s->args[a].index < RC_MAX_ARGS &&
                resolve(&s->args[a].v, &m.arg[s->args[a].index]) != 0)
                return 0;
        if (s->type == VEC_QUERY) {
            if (evprog_w_step(&w, 1, &m, 1) != 0)
                return 0;
            continue;
        }
        if (resolve(&s->repeat, &repeat) != 0)
            return 0;
        while (repeat > 0) {
            uint32_t k = repeat > EVPROG_REPEAT_MAX ? EVPROG_REPEAT_MAX
                                                    : (uint32_t)repeat;
            if (evprog_w_step(&w, 0, &m, k) != 0)
                return 0;
            repeat -= k;
        }
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/v-%s", outdir, r->id);
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    size_t n = off + w.len;
    int ok = fwrite(buf, 1, n, f) == n;
    if (fclose(f) != 0 || !ok) {
        perror(path);
        return -1;
    }
    return 1;
}

int main(int argc, char **argv)
{
    const char *machine = NULL, *sample = NULL;
    unsigned every = 1;
    int diff = 0, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--diff") == 0)
            diff = 1;
        else if (strcmp(argv[i], "--machine") == 0 && i + 1 < argc)
            machine = argv[++i];
        else if (strcmp(argv[i], "--sample") == 0 && i + 2 < argc) {
            sample = argv[++i];
            every = (unsigned)strtoul(argv[++i], NULL, 10);
            if (every == 0)
                every = 1;
        } else {
            fprintf(stderr, "vec2evprog: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (argc - i < 2) {
        fprintf(stderr, "usage: vec2evprog [--diff] [--machine NAME] "
                        "[--sample NAME N] OUTDIR FILE.vec...\n");
        return 2;
    }
    const char *outdir = argv[i++];
    struct vec_set set;
    char err[512];
    memset(&set, 0, sizeof set);
    for (; i < argc; i++)
        if (vec_load_file(&set, argv[i], err, sizeof err) != 0) {
            fprintf(stderr, "vec2evprog: %s\n", err);
            vec_set_free(&set);
            return 1;
        }
    unsigned written = 0, skipped = 0, seen = 0;
    for (size_t k = 0; k < set.n; k++) {
        const struct vec_record *r = &set.rec[k];
        if (r->sweep || r->machine == NULL ||
            (machine != NULL && strcmp(r->machine->name, machine) != 0))
            continue;
        if (sample != NULL && strcmp(r->machine->name, sample) == 0 &&
            seen++ % every != 0)
            continue;
        int rc = convert(r, outdir, diff);
        if (rc < 0) {
            vec_set_free(&set);
            return 1;
        }
        if (rc)
            written++;
        else
            skipped++;
    }
    vec_set_free(&set);
    printf("vec2evprog: %u programs written, %u records skipped\n", written,
           skipped);
    return 0;
}
