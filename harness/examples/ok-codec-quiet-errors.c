/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-codec-quiet-errors.c - a CONFORMING example DUT that uses a freedom the
 * vectors must leave open.
 *
 * What it does differently: its decoders report nothing when they reject an
 * input. A CS48 / CS64 with a bad CRC, a symbol or packet of the wrong
 * length, a CCP with a wrong ftype, a reserved tt or a Dev32 header under
 * Part 9 rev 2: the result code says why, and no field is output.
 *
 * Why that is allowed: Part 6 rev 4.0 3.6 and Table 3-8 only require the
 * receiver to detect the error ("Received a control symbol with bad CRC",
 * "Received a packet with bad CRC") and not act on the corrupt symbol or
 * packet; no part of the spec says what a decoder reports about the fields
 * of something it rejected. The codec vectors therefore `allow` the fields
 * after a rejection instead of expecting them.
 *
 * PERMITS: Part 6 rev 4.0 3.6, Table 3-8 "Received a control symbol with bad CRC"
 * DECLARES: none
 *
 * How: the reference DUT (rc_refdut()) with the codec's step wrapped: when a
 * decode event (stype2_decode, cs64_decode, cs48_unpack, cs64_unpack,
 * ccp_unpack, fam_decode, flow_decode) returns an error, its outputs are
 * dropped (n = 0). Encoders and every other machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-ok-codec-quiet-errors.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int ok_is_decode(uint32_t kind)
{
    return kind == RC_CODEC_EV_STYPE2_DECODE || kind == RC_CODEC_EV_CS64_DECODE ||
           kind == RC_CODEC_EV_CS48_UNPACK || kind == RC_CODEC_EV_CS64_UNPACK ||
           kind == RC_CODEC_EV_CCP_UNPACK || kind == RC_CODEC_EV_FAM_DECODE ||
           kind == RC_CODEC_EV_FLOW_DECODE;
}

static int ok_codec_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_CODEC];
    int rc = ref->step(inst, ev, out, cap, n);
    if (rc != RC_OK && ev != NULL && n != NULL && ok_is_decode(ev->kind))
        *n = 0;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-codec-quiet-errors";
    dut.machine[RC_M_CODEC].step = ok_codec_step;
    return &dut;
}
