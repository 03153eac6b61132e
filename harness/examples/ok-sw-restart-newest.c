/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-sw-restart-newest.c - a CONFORMING example DUT whose congested element
 * restarts its controlled flows newest first.
 *
 * Part 9 2.4.2.2 (rev 2.2 and rev 4.1): "It shall be permissible in the time
 * following the sending of a XOFF CCP for the flow control-initiating
 * element to re-evaluate system resources and modify the flow restart
 * ordering or expected XON watermark level within the controlled flow list
 * to better reflect current system state." The reference sends the XONs of
 * an abated port oldest XOFF first; this device sends them in the reverse
 * order (the most recently XOFF'd flow first), and declares so.
 *
 * PERMITS: Part 9 2.4.2.2 "permissible ... to modify the flow restart ordering"
 * DECLARES: sw_restart_order=other
 *
 * What it proves: the vectors accept any restart order (`order any`) and
 * the oldest-first vectors (p9.sw.restart.oldest-first.*) do not apply to a
 * device that declares another order. Expected: 0 fail, 0 error.
 *
 * How: the reference DUT (rc_refdut()) with the sw machine's step wrapped:
 * when one step sends several CCPs, they leave in reverse order (notes keep
 * their place). The same reversal of an early XON and the new XOFF that
 * replaces it is also permitted (2.4.4 rule 1: they go to different
 * sources). Every other machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-ok-sw-restart-newest.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int newest_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                          uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_SW].step(inst, ev, out, cap, n);
    if (rc != RC_OK || ev->kind == RC_SW_EV_FORWARD)
        return rc;
    /* reverse the ccp outputs among themselves */
    uint32_t lo = 0, hi = *n;
    for (;;) {
        while (lo < hi && out[lo].kind != RC_SW_OUT_CCP)
            lo++;
        while (hi > lo && out[hi - 1].kind != RC_SW_OUT_CCP)
            hi--;
        if (hi - lo < 2u)
            break;
        struct rc_msg t = out[lo];
        out[lo] = out[hi - 1];
        out[hi - 1] = t;
        lo++;
        hi--;
    }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-sw-restart-newest";
    dut.profile.policy[RC_POL_SW_RESTART_ORDER] = 2; /* other */
    dut.machine[RC_M_SW].step = newest_sw_step;
    return &dut;
}
