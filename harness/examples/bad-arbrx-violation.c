/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-arbrx-violation.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 2.4.7 rule 11, as its violation notes report it.
 * The device declares arbrx_violations but reports a second REQUEST sent
 * before the first was answered as data sent without a grant (rule 1): the
 * wrong rule is blamed on the transmitter.
 *
 * BREAKS: P9-2.4.7-11
 *
 * How: the reference DUT (rc_refdut()) with the arbrx step wrapped: a
 * violation note second_request (4) is rewritten to data_without_grant (1).
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-arbrx-violation.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_arbrx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                          uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_ARBRX].step(inst, ev, out, cap, n);
    for (uint32_t i = 0; rc == RC_OK && i < *n; i++)
        /* violation(violation, flow) */
        if (out[i].kind == RC_ARBRX_OUT_VIOLATION && out[i].nargs == 2u &&
            out[i].arg[0] == 4u)
            out[i].arg[0] = 1u;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-arbrx-violation";
    dut.machine[RC_M_ARBRX].step = bad_arbrx_step;
    return &dut;
}
