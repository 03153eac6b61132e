/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-create-p12reg-257.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 rev 3+ 5.1.1 Table 5-1 and 5.1.2: the VoQ block has
 * a Port n VoQ CSR for n = 0..255 and one for every port of the device, so a
 * rev 3 block of more than 256 ports cannot exist. This device accepts such a
 * configuration anyway (it silently models the first 256 ports) instead of
 * refusing it.
 *
 * BREAKS: P12-5.1.1-a P12-5.1.2-a
 *
 * How: the reference DUT (rc_refdut()) with the p12reg create wrapped: a rev
 * 3 config (rev given as 3 or left to its default) with ports > 256 is passed
 * on with ports = 256. Rev 2 configurations are the reference's. Found by
 * the `create refused` vector p12.create.reg.r3.ports257, and by the
 * differential fuzzer's refused mode of the configuration header (a
 * configuration the spec rules out: only create acceptance is compared,
 * fuzz/DIFFERENTIAL.md).
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-create-p12reg-257.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_p12reg_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    struct rc_config c = *cfg;
    int rev3 = 1;
    for (uint32_t i = 0; i < c.n && i < RC_MAX_CONFIG; i++)
        if (c.kv[i].key == RC_P12REG_CFG_REV)
            rev3 = c.kv[i].value == 3u;
    for (uint32_t i = 0; i < c.n && i < RC_MAX_CONFIG; i++)
        if (rev3 && c.kv[i].key == RC_P12REG_CFG_PORTS && c.kv[i].value > 256u)
            c.kv[i].value = 256u;
    return rc_refdut()->machine[RC_M_P12REG].create(ctx, inst, &c);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-create-p12reg-257";
    dut.machine[RC_M_P12REG].create = bad_p12reg_create;
    return &dut;
}
