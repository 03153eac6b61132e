/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-sw-soc.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 3.2, the SOC (source of congestion) bit of the CCPs
 * a congested element originates: "0b0 = switch, 0b1 = end point". This
 * device has the meaning backwards: as a switch it sends SOC = 1, as a
 * destination end point SOC = 0. CCPs it only routes (forward events) are
 * passed on unchanged, as they should be: it did not originate them.
 *
 * BREAKS: P9-3.2-b
 *
 * How: the reference DUT (rc_refdut()) with the sw machine's step wrapped:
 * in the ccp outputs of every event except forward, soc is inverted. The
 * wrapper needs no state of its own: the reference's instance is used as it
 * is. Every other machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-sw-soc.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_SW].step(inst, ev, out, cap, n);
    if (rc != RC_OK || ev->kind == RC_SW_EV_FORWARD)
        return rc;
    for (uint32_t i = 0; i < *n; i++)
        /* ccp(port, xon, fam, flow_id, destination_id, tgt_destination_id,
         *     soc, prio, crf) */
        if (out[i].kind == RC_SW_OUT_CCP && out[i].nargs == 9u)
            out[i].arg[6] ^= 1u;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the sw step replaced. Filled on
     * every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-sw-soc";
    dut.machine[RC_M_SW].step = bad_sw_step;
    return &dut;
}
