/* SPDX-License-Identifier: Apache-2.0 */
/*
 * caps_test.c - the cs48 / stype2 capability split (riocheck/dut.h,
 * "Capabilities"; issue 13).
 *
 * Every vector file under vectors/ is loaded (those other people add too)
 * and checked to be tagged by what its steps use: a codec record that calls
 * stype2_decode or stype2_encode (or a sweep with an stype2 oracle) needs
 * stype2, one that calls cs48_pack or cs48_unpack needs cs48, and a codec
 * record needs stype2 only when it uses it.
 *
 * Then the vectors that need cs48 or stype2 are played against the
 * reference with three declarations of the same code:
 *   split:  codec cs48 cs48_split (a symbol codec without stype2): every
 *           stype2 vector is not-applicable ("lacks capability stype2"),
 *           every other one passes (or is not-applicable for another
 *           reason, exactly as for the full reference);
 *   old:    codec cs48 alone (a library built before the split): the
 *           stype2 vectors run and pass (rc_caps_effective gives stype2);
 *   stype2: codec stype2 cs48_split without cs48: the cs48 vectors are
 *           not-applicable, the stype2-only ones pass.
 * Sweeps are played strided (every 7th value).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../../reference/tests/check.h"
#include "../../refdut/refdut.h"
#include "../run.h"

static struct vec_set set;
static char load_err[600];
static int loaded; /* 1 ok, -1 failed */

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Load every *.vec below dir, in name order. 0, or -1 (load_err). */
static int load_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        snprintf(load_err, sizeof load_err, "%s: cannot open", dir);
        return -1;
    }
    char *names[512];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < sizeof names / sizeof names[0])
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (rc == 0 && stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                rc = load_tree(path);
            else if (ends_with(names[i], ".vec") &&
                     vec_load_file(&set, path, load_err, sizeof load_err) != 0)
                rc = -1;
        }
        free(names[i]);
    }
    return rc;
}

static int load(void)
{
    if (loaded == 0)
        loaded = load_tree("vectors") == 0 && set.n > 0 ? 1 : -1;
    if (loaded < 0)
        fprintf(stderr, "  loading vectors/: %s (%zu records)\n", load_err, set.n);
    return loaded > 0;
}

/* What a record's steps use: bit 0 stype2_*, bit 1 cs48_pack/unpack. */
static unsigned uses(const struct vec_record *r)
{
    unsigned u = 0;
    if (r->sweep && strncmp(r->oracle, "stype2", 6) == 0)
        u |= 1;
    if (r->sweep || r->machine->id != RC_M_CODEC)
        return u;
    for (unsigned i = 0; i < r->nsteps; i++) {
        const struct vec_step *s = &r->steps[i];
        if (s->type != VEC_DO || s->kind == NULL)
            continue;
        if (s->kind->kind == RC_CODEC_EV_STYPE2_DECODE || s->kind->kind == RC_CODEC_EV_STYPE2_ENCODE)
            u |= 1;
        if (s->kind->kind == RC_CODEC_EV_CS48_PACK || s->kind->kind == RC_CODEC_EV_CS48_UNPACK)
            u |= 2;
    }
    return u;
}

static void every_vector_is_tagged_by_what_it_uses(void)
{
    CHECK(load());
    size_t bad = 0, stype2 = 0;
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        unsigned u = uses(r);
        const char *why = NULL;
        if ((u & 1) && !(r->needs & RC_CAP_STYPE2))
            why = "uses stype2_decode/stype2_encode but does not need stype2";
        else if ((u & 2) && !(r->needs & RC_CAP_CS48))
            why = "uses cs48_pack/cs48_unpack but does not need cs48";
        else if (!(u & 1) && (r->needs & RC_CAP_STYPE2))
            why = "needs stype2 but calls neither stype2_decode nor stype2_encode";
        else if ((u & 1) && !(u & 2) && (r->needs & RC_CAP_CS48) &&
                 (r->sweep || r->machine->id == RC_M_CODEC))
            why = "needs cs48 but packs and unpacks no symbol";
        if (why != NULL) {
            if (bad++ < 10)
                fprintf(stderr, "  %s:%u: %s: %s\n", r->file, r->line, r->id, why);
        }
        stype2 += (u & 1) != 0;
    }
    CHECK_EQ(bad, 0);
    CHECK(stype2 >= 300); /* the stype2 vectors of cs48-r2/r3 and the sweeps */
}

/* The reference declared with caps (its code unchanged). */
static struct rc_dut as_declared(uint32_t caps)
{
    struct rc_dut d = *rc_refdut();
    d.profile.caps = caps;
    return d;
}

#define NOT_STYPE2 ((uint32_t)RC_CAP_STYPE2 | RC_CAP_CS48_SPLIT)
static const char *const lacks_stype2 = "the DUT lacks capability stype2";
static const char *const lacks_cs48 = "the DUT lacks capability cs48";

/* Play every record that needs cs48 or stype2 against the reference as it
 * is (full) and as declared by dut; check each against want(). Returns the
 * number of mismatches (printed), or -1 when nothing was played. */
static long play(const struct rc_dut *dut, const char *name,
                 int (*want)(const struct vec_record *, unsigned uses,
                             const struct rc_vec_result *full,
                             const struct rc_vec_result *got),
                 size_t *na_out)
{
    struct rc_run_opts opts = {.sweep_stride = 7};
    long bad = 0;
    size_t played = 0, na = 0;
    for (size_t i = 0; i < set.n; i++) {
        const struct vec_record *r = &set.rec[i];
        if (!(r->needs & (RC_CAP_CS48 | RC_CAP_STYPE2)))
            continue;
        static struct rc_vec_result full, got;
        rc_run_vector(rc_refdut(), r, &opts, &full);
        rc_run_vector(dut, r, &opts, &got);
        played++;
        na += got.verdict == RC_V_NA;
        if (!want(r, uses(r), &full, &got)) {
            if (bad++ < 10)
                fprintf(stderr, "  %s: %s:%u %s: %s (full reference: %s) %s\n", name, r->file,
                        r->line, r->id, rc_verdict_name(got.verdict),
                        rc_verdict_name(full.verdict), got.detail);
        }
    }
    *na_out = na;
    return played ? bad : -1;
}

/* The same verdict as the full reference, which passes or is NA. */
static int same_as_full(const struct rc_vec_result *full, const struct rc_vec_result *got)
{
    return (full->verdict == RC_V_PASS || full->verdict == RC_V_NA) &&
           got->verdict == full->verdict;
}

static int want_split(const struct vec_record *r, unsigned u, const struct rc_vec_result *full,
                      const struct rc_vec_result *got)
{
    if (r->needs & RC_CAP_STYPE2)
        return (u & 1) && got->verdict == RC_V_NA && strcmp(got->detail, lacks_stype2) == 0;
    return same_as_full(full, got);
}

static int want_old(const struct vec_record *r, unsigned u, const struct rc_vec_result *full,
                    const struct rc_vec_result *got)
{
    (void)r;
    (void)u;
    return same_as_full(full, got);
}

static int want_stype2_only(const struct vec_record *r, unsigned u,
                            const struct rc_vec_result *full, const struct rc_vec_result *got)
{
    (void)u;
    if (r->needs & RC_CAP_CS48)
        return got->verdict == RC_V_NA && strcmp(got->detail, lacks_cs48) == 0;
    return same_as_full(full, got);
}

static void split_symbol_codec_gets_stype2_vectors_not_applicable(void)
{
    CHECK(load());
    uint32_t caps = (rc_refdut()->profile.caps & ~NOT_STYPE2) | RC_CAP_CS48 | RC_CAP_CS48_SPLIT;
    struct rc_dut d = as_declared(caps);
    CHECK(!(rc_caps_effective(&d.profile) & RC_CAP_STYPE2));
    size_t na = 0;
    long bad = play(&d, "cs48 cs48_split", want_split, &na);
    CHECK_EQ(bad, 0);
    CHECK(na >= 300);
}

static void old_library_declaring_cs48_runs_stype2_vectors(void)
{
    CHECK(load());
    uint32_t caps = (rc_refdut()->profile.caps & ~NOT_STYPE2) | RC_CAP_CS48;
    struct rc_dut d = as_declared(caps);
    CHECK(rc_caps_effective(&d.profile) & RC_CAP_STYPE2);
    CHECK_EQ(rc_caps_effective(&d.profile) & RC_CAP_CS48_SPLIT, 0);
    size_t na = 0;
    long bad = play(&d, "cs48 (old)", want_old, &na);
    CHECK_EQ(bad, 0);
    /* and the same verdicts as the reference's own declaration */
    size_t na_ref = 0;
    CHECK_EQ(play(rc_refdut(), "reference", want_old, &na_ref), 0);
    CHECK_EQ(na, na_ref);
}

static void stype2_without_cs48_gets_symbol_vectors_not_applicable(void)
{
    CHECK(load());
    uint32_t caps = (rc_refdut()->profile.caps & ~(uint32_t)RC_CAP_CS48) | NOT_STYPE2;
    struct rc_dut d = as_declared(caps);
    size_t na = 0;
    CHECK_EQ(play(&d, "stype2 cs48_split", want_stype2_only, &na), 0);
}

static void effective_caps_add_stype2_only_to_unsplit_cs48(void)
{
    struct rc_profile p = {0};
    CHECK_EQ(rc_caps_effective(NULL), 0);
    CHECK_EQ(rc_caps_effective(&p), 0);
    p.caps = RC_CAP_CS48;
    CHECK_EQ(rc_caps_effective(&p), RC_CAP_CS48 | RC_CAP_STYPE2);
    p.caps = RC_CAP_CS48 | RC_CAP_CS48_SPLIT;
    CHECK_EQ(rc_caps_effective(&p), p.caps);
    p.caps = RC_CAP_CS64 | RC_CAP_CODEC;
    CHECK_EQ(rc_caps_effective(&p), p.caps);
    p.caps = RC_CAP_STYPE2 | RC_CAP_CS48_SPLIT;
    CHECK_EQ(rc_caps_effective(&p), p.caps);
    /* the reference declares the split and both halves */
    CHECK_EQ(rc_refdut()->profile.caps & (RC_CAP_CS48 | NOT_STYPE2), RC_CAP_CS48 | NOT_STYPE2);
}

int main(int argc, char **argv)
{
    (void)argc;
    RUN(effective_caps_add_stype2_only_to_unsplit_cs48);
    RUN(every_vector_is_tagged_by_what_it_uses);
    RUN(split_symbol_codec_gets_stype2_vectors_not_applicable);
    RUN(old_library_declaring_cs48_runs_stype2_vectors);
    RUN(stype2_without_cs48_gets_symbol_vectors_not_applicable);
    vec_set_free(&set);
    return check_finish(argv[0]);
}
