/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-ep-no-notes.c - a CONFORMING example DUT whose flow-control endpoint
 * reports none of the optional notes.
 *
 * The ep machine's outputs stopped(dest, mask), restarted(dest, mask),
 * orphan(dest, flow_id) and ignored(reason) are RC_NOTE outputs of
 * riocheck/dut.h: observations a device may report, not something Part 9
 * asks an end point to emit (2.4.2.1, 2.4.5 and 3.4 say what it does with
 * its flows, which the queries enabled / counter observe). This endpoint
 * reports none of them and says so by not declaring the capability
 * ep_notes: the vectors that check the notes (needs ep_notes) are not
 * applicable to it, every other endpoint vector still applies.
 *
 * PERMITS: riocheck/dut.h "RC_NOTE outputs are observations a device may report" (Part 9 2.4.5 and 3.4 name no such indication)
 * DECLARES: none (capability ep_notes not declared)
 *
 * BREAKS: none (conforming: 0 fail over every vector)
 *
 * How: the reference DUT (rc_refdut()) with every RC_NOTE output of the ep
 * step removed and RC_CAP_EP_NOTES cleared. With RIOCHECK_EP_NOTES_CLAIM=1
 * in the environment it declares ep_notes while still reporting no note:
 * then exactly the note vectors fail, which shows that their applicability
 * follows the declaration (checked by hand; docs/verdict-audit.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int quiet_ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_EP].step(inst, ev, out, cap, n);
    if (out == NULL || n == NULL)
        return rc;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < *n; i++) {
        uint32_t k = out[i].kind;
        if (k != RC_EP_OUT_STOPPED && k != RC_EP_OUT_RESTARTED && k != RC_EP_OUT_ORPHAN &&
            k != RC_EP_OUT_IGNORED)
            out[kept++] = out[i];
    }
    *n = kept;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    const char *claim = getenv("RIOCHECK_EP_NOTES_CLAIM");
    dut = *rc_refdut();
    dut.name = "ok-ep-no-notes";
    if (claim == NULL || strcmp(claim, "1") != 0)
        dut.profile.caps &= ~(uint32_t)RC_CAP_EP_NOTES;
    dut.machine[RC_M_EP].step = quiet_ep_step;
    return &dut;
}
