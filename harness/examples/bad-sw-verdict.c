/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-sw-verdict.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 4.2.2 Table 4-2 bit 13, as its verdict notes report
 * it. The device declares sw_verdicts (every step but candidate reports what
 * it decided) but when the XOFF of a congestion decision is not sent because
 * its port's Flow Control Participant bit is 0 it reports verdict none
 * ("nothing to send") instead of not_participant. Its wire behaviour is the
 * reference's: only the report is wrong.
 *
 * BREAKS: P9-4.2.2-a
 *
 * How: the reference DUT (rc_refdut()) with the sw step wrapped: a verdict
 * note with the value not_participant (8) is rewritten to none (0).
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-sw-verdict.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_SW].step(inst, ev, out, cap, n);
    for (uint32_t i = 0; rc == RC_OK && i < *n; i++)
        if (out[i].kind == RC_SW_OUT_VERDICT && out[i].nargs == 1u && out[i].arg[0] == 8u)
            out[i].arg[0] = 0u; /* not_participant -> none */
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-sw-verdict";
    dut.machine[RC_M_SW].step = bad_sw_step;
    return &dut;
}
