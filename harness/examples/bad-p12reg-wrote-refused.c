/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-p12reg-wrote-refused.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 rev 3+ Table 5-3 bits 26-28 (TX Port Group Size
 * changes only while bit 8 is 0) and its enable bits 8 and 11, as its
 * write reports show them. The device declares p12reg_wrote and refuses a TX
 * size change made while generating (config tx_while_gen=0) and an enable
 * on a port without the capability (unsup_enable=0), as the reference does,
 * but its wrote note says nothing was refused (refused = 0): software cannot
 * tell that its write was dropped (vectors/p12/registers.vec wrote.*,
 * vectors/p12/registers-mut.vec).
 *
 * BREAKS: P12-5.1.2.2-tx P12-5.1.2.2-b8 P12-5.1.2.2-b11
 *
 * How: the reference DUT (rc_refdut()) with the p12reg step wrapped: the
 * refused argument of every wrote note is set to 0.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-p12reg-wrote-refused.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_p12reg_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                           uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_P12REG].step(inst, ev, out, cap, n);
    for (uint32_t i = 0; rc == RC_OK && i < *n; i++)
        /* wrote(after, read_only, reserved, refused) */
        if (out[i].kind == RC_P12REG_OUT_WROTE && out[i].nargs == 4u)
            out[i].arg[3] = 0u;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-p12reg-wrote-refused";
    dut.machine[RC_M_P12REG].step = bad_p12reg_step;
    return &dut;
}
