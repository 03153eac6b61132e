/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-gen-link-order.c - a CONFORMING example DUT whose generator emits the
 * symbols of one event in another order than the reference: reversed, so the
 * highest transmitting port, VC stream and group come first.
 *
 * Permitted because no sentence of Part 12 (rev 2.0 or rev 4.1) orders them:
 * 4.2a says "only ports enabled for this feature shall actually transmit the
 * symbol" and 4.2e "The backpressure symbol shall be generated any time the
 * status of at least one of the ports in the group changes", one symbol per
 * group and link, without an order between links, VC streams or groups; each
 * link carries its own symbols (2.1: "the scope of the message is limited to
 * a device and its immediately adjacent upstream devices"). The reference's
 * ascending order (I-GEN-13) is one choice among many. No event of the
 * reference emits two symbols for the same link, group and VC, so reversing
 * changes no upstream state.
 *
 * PERMITS: Part 12 4.2e "The backpressure symbol shall be generated any time the status of at least one of the ports in the group changes" (no order among groups or links)
 * DECLARES: none
 *
 * BREAKS: none (conforming: 0 fail over every vector)
 *
 * How: the reference DUT (rc_refdut()) with the gen step wrapped: its
 * outputs are reversed in place. A timer tick that completes several refresh
 * intervals is reversed as a whole too (the refreshes' symbols are equal).
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int order_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                          uint32_t cap, uint32_t *n)
{
    int rc = rc_refdut()->machine[RC_M_GEN].step(inst, ev, out, cap, n);
    if (out == NULL || n == NULL || *n > cap)
        return rc;
    for (uint32_t i = 0, j = *n; i + 1 < j; i++, j--) {
        struct rc_msg t = out[i];
        out[i] = out[j - 1];
        out[j - 1] = t;
    }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-gen-link-order";
    dut.machine[RC_M_GEN].step = order_gen_step;
    return &dut;
}
