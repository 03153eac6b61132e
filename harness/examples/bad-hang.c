/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-hang.c - a deliberately HANGING example DUT.
 *
 * What it breaks: no rule - it never answers. Its Part 9 source endpoint
 * loops forever on a `tick n` event with n > 1000 (more time than the
 * reference profile's orphan timeout of 1000 ticks passing at once). Only the
 * few endpoint vectors with such a tick reach it, so a run against this
 * library shows the per-vector time limit at work: those vectors are
 * reported as errors ("the DUT hung: no verdict after N ms"), the hung
 * process is killed, and every other vector gets its real verdict.
 *
 * BREAKS: none (hangs)
 *
 * How: the reference DUT (rc_refdut()) with the ep machine's step wrapped: a
 * tick(n) event with n > 1000 spins in a loop that never ends (a volatile
 * counter, so the compiler keeps the loop); every other event, and every
 * other machine, is the reference.
 *
 * Run it by hand (after `make examples cli`), with a short limit so that the
 * hung vectors cost little:
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-hang.so --area ep --timeout-ms 500
 * (the --timeout-ms option comes with crash isolation in riocheck run.)
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_HANG_TICKS 1000u

static volatile unsigned long bad_spins;

static int bad_ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    /* tick(n) */
    if (ev != NULL && ev->kind == RC_EP_EV_TICK && ev->nargs >= 1u &&
        ev->arg[0] > BAD_HANG_TICKS)
        for (;;)
            bad_spins++;
    return rc_refdut()->machine[RC_M_EP].step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the ep step replaced. Filled on
     * every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-hang";
    dut.machine[RC_M_EP].step = bad_ep_step;
    return &dut;
}
