/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dutload_test.c - loading DUT libraries of ABI versions 1 and 2
 * (harness/core/dutload.h). The libraries are the built examples:
 * lib/riocheck-reference.so (version 2) and lib/riocheck-v1-reference.so
 * (the reference behind the version 1 layout), found beside the riocheck
 * named by $RIOCHECK (default build/gcc/bin/riocheck).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../reference/tests/check.h"
#include "../../refdut/refdut.h"
#include "../dutload.h"
#include "libdir.h"
#include "../registry.h"

static char libdir[4096];

static void lib_path(char *dst, size_t cap, const char *name)
{
    snprintf(dst, cap, "%s/riocheck-%s.so", libdir, name);
}

static void loads_a_version_2_library_as_it_is(void)
{
    char path[4200], err[512];
    struct rc_dut_lib *lib = NULL;
    lib_path(path, sizeof path, "reference");
    const struct rc_dut *d = rc_dut_load(path, &lib, err, sizeof err);
    if (d == NULL)
        fprintf(stderr, "  %s: %s\n", path, err);
    CHECK(d != NULL && lib != NULL);
    CHECK_EQ(d->abi_version, RC_DUT_ABI_VERSION);
    CHECK(d->profile.policy[0] != 0); /* the reference declares its policies */
    void *inst = NULL;
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &inst, &cfg), RC_OK);
    d->machine[RC_M_GEN].destroy(inst);
    rc_dut_unload(lib);
}

static void loads_a_version_1_library_behind_a_translation(void)
{
    char path[4200], err[512];
    struct rc_dut_lib *lib = NULL;
    lib_path(path, sizeof path, "v1-reference");
    const struct rc_dut *d = rc_dut_load(path, &lib, err, sizeof err);
    if (d == NULL)
        fprintf(stderr, "  %s: %s\n", path, err);
    CHECK(d != NULL && lib != NULL);
    CHECK_EQ(d->abi_version, 1u); /* the runner's sign of a v1 device */
    CHECK(strcmp(d->name, "reference as an ABI v1 library") == 0);
    for (unsigned i = 0; i < RC_POLICY_SLOTS; i++)
        CHECK_EQ_AT(i, d->profile.policy[i], 0); /* v1: reserved, ignored */
    CHECK(d->step_many == NULL && d->why_lost == NULL);
    /* every machine answers through the translated create like the reference */
    const struct rc_dut *r = rc_refdut();
    struct rc_config cfg;
    memset(&cfg, 0, sizeof cfg);
    for (unsigned m = 0; m < RC_MACHINE_COUNT; m++) {
        void *a = NULL, *b = NULL;
        CHECK_EQ_AT(m, d->machine[m].create(d->ctx, &a, &cfg), r->machine[m].create(r->ctx, &b, &cfg));
        if (a != NULL)
            d->machine[m].destroy(a);
        if (b != NULL)
            r->machine[m].destroy(b);
    }
    /* a stateful machine steps through the translation */
    void *g = NULL;
    CHECK_EQ(d->machine[RC_M_GEN].create(d->ctx, &g, &cfg), RC_OK);
    struct rc_msg ev, out[RC_MAX_OUTPUTS];
    memset(&ev, 0, sizeof ev);
    ev.kind = RC_GEN_EV_CONGEST;
    ev.nargs = 3;
    ev.arg[0] = 1; /* port */
    ev.arg[2] = 1; /* on */
    uint32_t n = 0;
    CHECK_EQ(d->machine[RC_M_GEN].step(g, &ev, out, RC_MAX_OUTPUTS, &n), RC_OK);
    d->machine[RC_M_GEN].destroy(g);
    /* and the fast path */
    struct rc_msg x, y;
    CHECK(d->cs64_decode != NULL);
    CHECK_EQ(d->cs64_decode(d->ctx, 4, 0xF00010, &x), r->cs64_decode(r->ctx, 4, 0xF00010, &y));
    CHECK_EQ(x.kind, y.kind);
    CHECK_EQ(x.arg[0], y.arg[0]);
    rc_dut_unload(lib);
}

static void refuses_what_is_not_a_dut_library_with_a_reason(void)
{
    char path[4200], err[512];
    struct rc_dut_lib *lib = (struct rc_dut_lib *)&err; /* must be reset */
    CHECK(rc_dut_load("/nonexistent/x.so", &lib, err, sizeof err) == NULL);
    CHECK(lib == NULL);
    CHECK(strstr(err, "/nonexistent/x.so") != NULL);
    /* librio.so is a library, but exports no entry */
    snprintf(path, sizeof path, "%s/librio.so", libdir);
    CHECK(rc_dut_load(path, &lib, err, sizeof err) == NULL);
    CHECK(strstr(err, "exports neither riocheck_dut_v2 nor riocheck_dut_v1") != NULL);
    CHECK(rc_dut_load("", &lib, err, sizeof err) == NULL);
    CHECK(rc_dut_load(NULL, &lib, err, sizeof err) == NULL);
    CHECK(rc_dut_load(path, NULL, err, sizeof err) == NULL);
    rc_dut_unload(NULL);
}

static void a_version_1_view_refuses_other_versions(void)
{
    struct rc_dut_v1_view v;
    uint32_t words[64];
    memset(words, 0, sizeof words);
    CHECK_EQ(rc_dut_from_v1(NULL, &v), -1);
    words[0] = 2; /* abi_version */
    CHECK_EQ(rc_dut_from_v1(words, &v), -1);
}

static void a_lost_device_without_a_reason_gets_a_fixed_text(void)
{
    CHECK(strstr(rc_dut_why_lost(rc_refdut()), "said nothing more") != NULL);
    CHECK(strstr(rc_dut_why_lost(NULL), "said nothing more") != NULL);
}

int main(int argc, char **argv)
{
    (void)argc;
    test_libdir(libdir, sizeof libdir);
    RUN(loads_a_version_2_library_as_it_is);
    RUN(loads_a_version_1_library_behind_a_translation);
    RUN(refuses_what_is_not_a_dut_library_with_a_reason);
    RUN(a_version_1_view_refuses_other_versions);
    RUN(a_lost_device_without_a_reason_gets_a_fixed_text);
    return check_finish(argv[0]);
}
