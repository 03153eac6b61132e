/* SPDX-License-Identifier: Apache-2.0 */
/*
 * notsup_dut.c - DUT libraries for notsup_test.sh: a partial decline with a
 * reason (rc_dut.why_notsup, capability why_notsup; riocheck/dut.h). Test
 * data, not an example: it implements only what the test's vectors drive.
 *
 * Machines (Part 12 rev 3 and Part 9 rev 3):
 *   codec  stype2_decode rev=3 width=0: value 0x2001 answers the right
 *          voq_msg (CMD 1, status 1, group 0: Part 12 3.1 Table 3-1); any
 *          other value RC_NOTSUP ("value V is not supported");
 *   p9reg  create refuses every configuration with RC_NOTSUP ("p9reg with
 *          N ports is not supported").
 * The reason is the text above, or, with NOTSUP_DUT_WHY=hostile in the
 * environment, a hostile one: quotes, backslashes, a newline followed by
 * TAP, markup (<script>, ]]>, |, `), a CR, control bytes, then 10 kB; with
 * NOTSUP_DUT_WHY=none why_notsup returns NULL.
 *
 * Builds (cc -shared -fPIC -I harness/include):
 *   (default)          declares why_notsup and has the field;
 *   -DNOTSUP_DUT_SHORT a library built before why_notsup existed: it
 *                      declares no why_notsup and its struct rc_dut ENDS
 *                      at why_lost, placed so that the byte after it is the
 *                      first of an inaccessible page (PROT_NONE): riocheck
 *                      reading the field it must not read crashes (in every
 *                      variant, not only under ASan).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../cli/tests/test_dut.h"

static char why[16384];

static const char *reason(const char *plain)
{
    const char *mode = getenv("NOTSUP_DUT_WHY");
    if (mode != NULL && strcmp(mode, "none") == 0)
        return NULL;
    if (mode != NULL && strcmp(mode, "hostile") == 0) {
        int n = snprintf(why, sizeof why,
                         "\"q\" \\b 'x'\nnot ok 99 - injected\n1..1\nBail out! x # TODO "
                         "<script>alert(1)</script> ]]> <b>&amp; |a|b| `x` \r\x01\x1b[31m ");
        size_t k = n > 0 ? (size_t)n : 0;
        for (; k < 10240; k++)
            why[k] = (char)('A' + k % 26);
        why[k] = '\0';
        return why;
    }
    snprintf(why, sizeof why, "%s", plain);
    return why;
}

static const char *last_why; /* the reason of the last RC_NOTSUP */

static void set_reason(const char *plain)
{
    last_why = reason(plain);
}

static int codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out, uint32_t cap,
                      uint32_t *n)
{
    (void)inst;
    if (!test_dut_stype2_decode(ev, cap, n)) {
        set_reason("only stype2_decode is implemented");
        return RC_NOTSUP;
    }
    if (ev->arg[0] != 3 || ev->arg[1] != 0 || ev->arg[2] != 0x2001) {
        char t[96];
        snprintf(t, sizeof t, "value 0x%llX is not supported", (unsigned long long)ev->arg[2]);
        set_reason(t);
        return RC_NOTSUP;
    }
    test_dut_voq_msg(out, n, RC_VC_ALL, 1);
    return RC_OK;
}

static int p9reg_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    unsigned long long ports = 4;
    for (uint32_t i = 0; i < cfg->n; i++)
        if (cfg->kv[i].key == RC_P9REG_CFG_PORTS)
            ports = (unsigned long long)cfg->kv[i].value;
    char t[96];
    snprintf(t, sizeof t, "p9reg with %llu ports is not supported", ports);
    set_reason(t);
    *inst = NULL;
    return RC_NOTSUP;
}

#define PROFILE_CAPS (RC_CAP_CODEC | RC_CAP_STYPE2 | RC_CAP_CS48_SPLIT | RC_CAP_P9REG)

#ifndef NOTSUP_DUT_SHORT

static const char *dut_why_notsup(void *ctx)
{
    (void)ctx;
    return last_why;
}

static const struct rc_dut dut = {
    .abi_version = RC_DUT_ABI_VERSION,
    .name = "notsup-why",
    .version = "1",
    .profile = {.p12_revs = 1u << 3, .p9_revs = 1u << 3,
                .caps = PROFILE_CAPS | RC_CAP_WHY_NOTSUP, .ports = 4},
    .machine = {[RC_M_CODEC] = {test_dut_create, test_dut_destroy, codec_step, NULL},
                [RC_M_P9REG] = {p9reg_create, test_dut_destroy, NULL, NULL}},
    .why_notsup = dut_why_notsup,
};

const struct rc_dut *riocheck_dut_v2(void)
{
    return &dut;
}

#else

/* struct rc_dut as it was before why_notsup: everything up to why_lost. */
#define SHORT_SIZE offsetof(struct rc_dut, why_notsup)

const struct rc_dut *riocheck_dut_v2(void)
{
    static unsigned char *page;
    if (page == NULL) {
        long ps = sysconf(_SC_PAGESIZE);
        size_t psz = ps > 0 ? (size_t)ps : 4096u;
        void *m = mmap(NULL, 2 * psz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED)
            return NULL;
        page = m;
        if (mprotect(page + psz, psz, PROT_NONE) != 0)
            return NULL;
        struct rc_dut full = {
            .abi_version = RC_DUT_ABI_VERSION,
            .name = "notsup-short",
            .version = "1",
            .profile = {.p12_revs = 1u << 3, .p9_revs = 1u << 3, .caps = PROFILE_CAPS,
                        .ports = 4},
            .machine = {[RC_M_CODEC] = {test_dut_create, test_dut_destroy, codec_step, NULL},
                        [RC_M_P9REG] = {p9reg_create, test_dut_destroy, NULL, NULL}},
        };
        /* the struct ends where the inaccessible page begins */
        page = page + psz - SHORT_SIZE;
        memcpy(page, &full, SHORT_SIZE);
    }
    return (const struct rc_dut *)(const void *)page;
}

#endif
