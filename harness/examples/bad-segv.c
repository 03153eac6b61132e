/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-segv.c - a deliberately CRASHING example DUT.
 *
 * What it breaks: no rule - the process. Its Part 12 generator dereferences
 * a NULL pointer on the first `congest` event for port 3, which kills the
 * process with SIGSEGV (or, in a sanitizer build, makes the sanitizer print
 * its report and exit). Only the vectors that congest port 3 of a generator
 * reach that event, so a run against this library shows crash isolation at
 * work: those vectors are reported as errors ("the DUT crashed: signal 11
 * (Segmentation fault)") and every other vector gets its real verdict.
 *
 * BREAKS: none (crashes)
 *
 * How: the reference DUT (rc_refdut()) with the gen machine's step wrapped:
 * a congest(port, vc, on) event with port 3 stores through a NULL pointer;
 * every other event, and every other machine, is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-segv.so --rule 'P12-4.2-*'
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_CRASH_PORT 3u

/* Never assigned: the compiler cannot prove it NULL, so the store below is
 * a real memory access at address 0, not something it may optimise away or
 * turn into a trap instruction. */
static int *volatile bad_nowhere;

static int bad_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    /* congest(port, vc, on) */
    if (ev != NULL && ev->kind == RC_GEN_EV_CONGEST && ev->nargs >= 1u &&
        ev->arg[0] == BAD_CRASH_PORT)
        *bad_nowhere = 1;
    return rc_refdut()->machine[RC_M_GEN].step(inst, ev, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the gen step replaced. Filled on
     * every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-segv";
    dut.machine[RC_M_GEN].step = bad_gen_step;
    return &dut;
}
