/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-arbtx-seq-one.c - a CONFORMING example DUT that makes another legal
 * choice than the reference.
 *
 * What it chooses: every flow's first REQUEST carries sequence bit 1 (the
 * reference starts with 0). Part 9 2.4.7 rule 4 only asks that "Sequence
 * numbers shall remain coherent for each individual flow. The sequence
 * number shall remain the same for REQUESTs reissued for a given flow,
 * without having received a response. The sequence number shall advance for
 * any new REQUESTs on a given flow." No sentence fixes the first bit
 * (Figure 2-4's "Request_0" is an example).
 *
 * PERMITS: 2.4.7 rule 4 "The sequence number shall advance for any new REQUESTs"
 * DECLARES: none of its own (it keeps every policy the reference declares:
 * only the bit labels differ, which no policy covers)
 *
 * How: the reference arbtx with every sequence bit relabelled: outputs
 * msg(cmd, seq, flow, reissue, travel) and note(kind, flow, seq) carry
 * seq ^ 1, incoming ccp(flow, cmd, seq) events are handed to the reference
 * with seq ^ 1, and next_seq answers the reference's value ^ 1. Everything
 * else is the reference.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static const struct rc_machine_ops *ok_ref(void)
{
    return &rc_refdut()->machine[RC_M_ARBTX];
}

static int ok_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    return ok_ref()->create(ctx, inst, cfg);
}

static void ok_destroy(void *inst)
{
    ok_ref()->destroy(inst);
}

static int ok_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    if (ev == NULL)
        return ok_ref()->step(inst, ev, out, cap, n);
    struct rc_msg e = *ev;
    if (e.kind == RC_ARBTX_EV_CCP && e.nargs >= 3u && e.arg[2] <= 1u)
        e.arg[2] ^= 1u;
    int rc = ok_ref()->step(inst, &e, out, cap, n);
    if (rc != RC_OK)
        return rc;
    for (uint32_t i = 0; i < *n; i++) {
        if (out[i].kind == RC_ARBTX_OUT_MSG && out[i].nargs >= 2u)
            out[i].arg[1] ^= 1u;
        else if (out[i].kind == RC_ARBTX_OUT_NOTE && out[i].nargs >= 3u)
            out[i].arg[2] ^= 1u;
    }
    return RC_OK;
}

static int ok_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    int rc = ok_ref()->query(inst, q, value);
    if (rc == RC_OK && q != NULL && q->kind == RC_ARBTX_Q_NEXT_SEQ)
        *value ^= 1u;
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-arbtx-seq-one";
    dut.machine[RC_M_ARBTX] =
        (struct rc_machine_ops){ok_create, ok_destroy, ok_step, ok_query};
    return &dut;
}
