/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-cs64-bit-order.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: the order of the Port Status bits of a CS64 VoQ message.
 * Part 12 rev 4.1 3.2 Table 3-4 and 2.1: with group width N the Port Status
 * field has S = 20 - N bits and status bit k, counted from the least
 * significant end, reports port group x S + k (the lowest-numbered port is
 * the rightmost status bit). This device numbers them from the other end:
 * bit k reports port group x S + (S - 1 - k), on decode and on encode alike.
 * Its own symbols decode as themselves (decode(encode(x)) == x still holds),
 * so only vectors whose values come from the spec catch it.
 *
 * BREAKS: P12-3.2-e P12-2.1-b
 *
 * How: the reference DUT (rc_refdut()) with the codec's step and the sweep
 * fast path cs64_decode wrapped. cs64_decode: the status of the voq_msg
 * output is reversed over its status_width bits. cs64_encode: the status
 * argument is reversed over 20 - width bits before the reference encodes it.
 * Every other codec event (CS48, stype2, CCP, ...) and every other machine
 * is the reference. The codec has no state: the reference's instance is used
 * as it is.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-cs64-bit-order.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

/* The low `width` bits of v in the opposite order; higher bits unchanged, so
 * a value too wide for its field still reaches the reference (RC_RANGE). */
static uint64_t bad_reverse(uint64_t v, uint64_t width)
{
    uint64_t r = v;
    for (uint64_t k = 0; k < width; k++) {
        uint64_t from = (v >> k) & 1u;
        uint64_t to = width - 1u - k;
        r = (r & ~(1ull << to)) | (from << to);
    }
    return r;
}

/* voq_msg(kind, vc_ind, vc, group_width, status_width, group, status, ...) */
static void bad_reverse_voq_msg(struct rc_msg *m)
{
    if (m->kind == RC_CODEC_OUT_VOQ_MSG && m->nargs >= 7u && m->arg[4] <= 20u)
        m->arg[6] = bad_reverse(m->arg[6], m->arg[4]);
}

static int bad_codec_step(void *inst, const struct rc_msg *ev,
                          struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_CODEC];
    if (ev == NULL)
        return ref->step(inst, ev, out, cap, n);
    struct rc_msg e = *ev;
    /* cs64_encode(vc_ind, width, group, status): S = 20 - width bits. */
    if (e.kind == RC_CODEC_EV_CS64_ENCODE && e.nargs == 4u && e.arg[1] <= 6u)
        e.arg[3] = bad_reverse(e.arg[3], 20u - e.arg[1]);
    int rc = ref->step(inst, &e, out, cap, n);
    if (rc == RC_OK && e.kind == RC_CODEC_EV_CS64_DECODE)
        for (uint32_t i = 0; i < *n; i++)
            bad_reverse_voq_msg(&out[i]);
    return rc;
}

static int bad_cs64_decode(void *ctx, uint32_t width, uint32_t param, struct rc_msg *out)
{
    (void)ctx;
    int rc = rc_refdut()->cs64_decode(ctx, width, param, out);
    if (rc == RC_OK)
        bad_reverse_voq_msg(out);
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the codec step replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-cs64-bit-order";
    dut.machine[RC_M_CODEC].step = bad_codec_step;
    dut.cs64_decode = bad_cs64_decode;
    return &dut;
}
