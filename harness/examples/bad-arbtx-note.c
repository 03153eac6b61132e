/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-arbtx-note.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 2.4.7 rules 1 and 4 as its transmitter notes report
 * them. The device declares arbtx_notes but reports a REQUEST rejected by
 * XOFF(ARB) as granted; on the wire it behaves as the reference (it sends no
 * data after the rejection), only its report is wrong.
 *
 * BREAKS: P9-2.4.7-1 P9-2.4.7-4
 *
 * How: the reference DUT (rc_refdut()) with the arbtx step wrapped: a note
 * rejected (1) is rewritten to granted (0).
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-arbtx-note.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_arbtx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                          uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_ARBTX].step(inst, ev, out, cap, n);
    for (uint32_t i = 0; rc == RC_OK && i < *n; i++)
        /* note(note, flow, seq) */
        if (out[i].kind == RC_ARBTX_OUT_NOTE && out[i].nargs == 3u && out[i].arg[0] == 1u)
            out[i].arg[0] = 0u;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-arbtx-note";
    dut.machine[RC_M_ARBTX].step = bad_arbtx_step;
    return &dut;
}
