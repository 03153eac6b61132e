/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-ep-reserved-flowid.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 3.4 (Table 3-1): the flowIDs that Table 3-1 does
 * not assign (0x06-0x40, 0x49-0x7F) are reserved, and a CCP carrying one
 * causes no action. This source end point acts on them: it takes every
 * reserved flowID as VC0 flow F ("F and higher", flowID 0x05), so such an
 * XOFF stops, and such an XON restarts, VC0 flows of the tgtdestinationID.
 *
 * BREAKS: P9-3.2-e
 *
 * How: the reference DUT (rc_refdut()) with the ep machine's step wrapped:
 * a ccp event whose flow_id is reserved reaches the reference with flow_id
 * 0x05. The wrapper needs no state of its own: the reference's instance is
 * used as it is. Ticks, set-up, the queries (which take only assigned
 * flowIDs) and every other machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-ep-reserved-flowid.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_FLOW_ID_0F 0x05u /* VC0 flow F, "F and higher" */

/* Table 3-1: 0x00-0x05 VC0 flows A-F, 0x41-0x48 VC1-VC8 flow A; every other
 * 7-bit value is reserved. */
static int bad_reserved(uint64_t flow_id)
{
    return flow_id <= 0x7Fu && !(flow_id <= 0x05u) &&
           !(flow_id >= 0x41u && flow_id <= 0x48u);
}

static int bad_ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_EP];
    if (ev == NULL)
        return ref->step(inst, ev, out, cap, n);
    struct rc_msg e = *ev;
    /* ccp(xon, fam, flow_id, tgt_destination_id, soc) */
    if (e.kind == RC_EP_EV_CCP && e.nargs == 5u && bad_reserved(e.arg[2]))
        e.arg[2] = BAD_FLOW_ID_0F;
    return ref->step(inst, &e, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the ep step replaced. Filled on
     * every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-ep-reserved-flowid";
    dut.machine[RC_M_EP].step = bad_ep_step;
    return &dut;
}
