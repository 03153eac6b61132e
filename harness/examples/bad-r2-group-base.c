/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-r2-group-base.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: the base port of a rev 2 port group. Part 12 rev 2.0 3.1
 * Tables 3-2 and 3-3, 2.1 Figure 2-1: port = group x 6 + offset, so group
 * 0b00000 starts at port 0 and group 0b11111 at 0xBA = 186. This device counts
 * ports from 1: its rev 2 decoder reports the first port of group g as
 * g x 6 + 1 (group 0 covers ports 1-6, group 31 ports 187-192).
 *
 * BREAKS: P12-3.1-f P12-2.1-c
 *
 * How: the reference DUT (rc_refdut()) with the codec's step wrapped: the
 * first_port of the voq_msg that a rev 2 stype2_decode of a VoQ message
 * (kind backpressure) outputs is one higher. Rev 3+ decoding, the encoders
 * (which take a group, not a port) and every other machine are the
 * reference. The codec has no state: the reference's instance is used as it
 * is.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-r2-group-base.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int bad_codec_step(void *inst, const struct rc_msg *ev,
                          struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_CODEC];
    int rc = ref->step(inst, ev, out, cap, n);
    /* stype2_decode(rev, width, value) with rev = 2 */
    if (rc != RC_OK || ev->kind != RC_CODEC_EV_STYPE2_DECODE || ev->arg[0] != 2u)
        return rc;
    for (uint32_t i = 0; i < *n; i++) {
        /* voq_msg(kind, vc_ind, vc, group_width, status_width, group, status,
         * first_port); kind 0 = backpressure */
        struct rc_msg *m = &out[i];
        if (m->kind == RC_CODEC_OUT_VOQ_MSG && m->nargs == 8u && m->arg[0] == 0u)
            m->arg[7] += 1u;
    }
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the codec step replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-r2-group-base";
    dut.machine[RC_M_CODEC].step = bad_codec_step;
    return &dut;
}
