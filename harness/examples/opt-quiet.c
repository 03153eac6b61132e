/* SPDX-License-Identifier: Apache-2.0 */
/*
 * opt-quiet.c - a CONFORMING example DUT that uses neither of two options
 * the spec leaves to the implementer, to show that the vectors do not hold
 * it to them:
 *   - it does not declare RC_CAP_SW_REPLACE (Part 9 2.4.2.2: a full
 *     controlled flow list "may" give a less important entry's place to a
 *     new flow): the p9.sw.full.replace-* vectors are not applicable;
 *   - it does not report the optional arbrx note freed(flow, reason) and
 *     does not declare RC_CAP_ARBRX_FREED: vectors skip their expectation
 *     of that note and check the rest (queries allocated / free).
 * With RIOCHECK_OPT_QUIET_CLAIM=1 in the environment it declares both while
 * still not reporting freed notes: then the freed vectors fail, which
 * proves the skipping depends on the declaration (examples_test.sh).
 *
 * BREAKS: none (conforming; checked by examples_test.sh)
 *
 * How: the reference DUT with the two capability bits cleared and the
 * arbrx step's freed notes removed from its outputs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int quiet_arbrx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                            uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_ARBRX].step(inst, ev, out, cap, n);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < *n; i++)
        if (out[i].kind != RC_ARBRX_OUT_FREED)
            out[kept++] = out[i];
    *n = kept;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    const char *claim = getenv("RIOCHECK_OPT_QUIET_CLAIM");
    dut = *rc_refdut();
    dut.name = "opt-quiet";
    if (claim == NULL || strcmp(claim, "1") != 0)
        dut.profile.caps &= ~(uint32_t)(RC_CAP_SW_REPLACE | RC_CAP_ARBRX_FREED);
    dut.machine[RC_M_ARBRX].step = quiet_arbrx_step;
    return &dut;
}
