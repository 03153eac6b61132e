/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-arbtx-early-release.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 2.4.7 rule 8: on an XOFF(ARB) during a multi-PDU
 * transfer the transmitter "shall complete the transmission of the current
 * PDU" and only then send RELEASE. This transmitter sends RELEASE at once,
 * in the step that receives the XOFF(ARB), while the current PDU still has
 * packets to go (it then sends them anyway, behind the RELEASE, where the
 * receiver no longer holds a resource for them).
 *
 * BREAKS: P9-2.4.7-8
 *
 * How: the reference DUT (rc_refdut()) with the arbtx machine wrapped. When
 * the reference reports that an XOFF(ARB) asks for a multi-PDU context back
 * (note dealloc_requested) and sends no RELEASE in that step (it is draining
 * the current PDU), the wrapper adds the RELEASE right away - with the bit
 * of the context, taken from the reference's context_start note - after the
 * step's messages, and later removes the reference's own RELEASE for that
 * flow, the one that follows the PDU's last packet. Everything else and
 * every other machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-arbtx-early-release.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_FLOWS 16u /* flows an arbtx instance has at most (rio/arb.h) */

/* "cmd" value (dut.h RC_SYMBOLS) and note kinds (refdut.c mapping note A2:
 * enum rio_arb_tx_note_kind) that matter here. */
enum {
    BAD_CMD_RELEASE = 2,
    BAD_NOTE_DEALLOC_REQUESTED = 4,
    BAD_NOTE_CONTEXT_START = 5
};

struct bad_arbtx {
    void *inner;                   /* the reference arbtx instance */
    uint8_t context_seq[BAD_FLOWS];/* bit of the flow's current context */
    uint8_t released[BAD_FLOWS];   /* RELEASE sent early, the reference's
                                      own is still to come */
};

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_ARBTX];
}

static int bad_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = bad_ref()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    struct bad_arbtx *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    *inst = b;
    return RC_OK;
}

static void bad_destroy(void *inst)
{
    struct bad_arbtx *b = inst;
    if (b != NULL)
        bad_ref()->destroy(b->inner);
    free(b);
}

static int bad_is_release(const struct rc_msg *m, uint64_t flow)
{
    return m->kind == RC_ARBTX_OUT_MSG && m->arg[0] == BAD_CMD_RELEASE &&
           m->arg[2] == flow;
}

/* Rewrites out[0..*n): the wire outputs (data, msg(cmd, seq, flow,
 * reissue)) without a RELEASE already sent early, then the early RELEASE if
 * this step calls for one, then the notes (kind, flow, seq) (mapping note
 * A2 of refdut.c gives that order). */
static int bad_outputs(struct bad_arbtx *b, struct rc_msg *out, uint32_t cap,
                       uint32_t *n)
{
    struct rc_msg tmp[RC_MAX_OUTPUTS];
    uint32_t k = 0;
    uint64_t early = BAD_FLOWS; /* the flow that gets an early RELEASE */
    if (*n >= RC_MAX_OUTPUTS)
        return RC_FULL; /* not reached: arbtx steps have at most 49 outputs */
    for (uint32_t i = 0; i < *n; i++) {
        const struct rc_msg *m = &out[i];
        uint64_t f = m->arg[1];
        if (m->kind != RC_ARBTX_OUT_NOTE || f >= BAD_FLOWS)
            continue;
        if (m->arg[0] == BAD_NOTE_CONTEXT_START)
            b->context_seq[f] = (uint8_t)(m->arg[2] & 1u);
        if (m->arg[0] == BAD_NOTE_DEALLOC_REQUESTED && !b->released[f])
            early = f;
    }
    for (uint32_t i = 0; i < *n && early < BAD_FLOWS; i++)
        if (bad_is_release(&out[i], early))
            early = BAD_FLOWS; /* the reference releases at once itself */
    for (uint32_t i = 0; i < *n; i++) {
        const struct rc_msg *m = &out[i];
        if (m->kind == RC_ARBTX_OUT_NOTE)
            continue;
        if (m->kind == RC_ARBTX_OUT_MSG && m->arg[2] < BAD_FLOWS &&
            bad_is_release(m, m->arg[2]) && b->released[m->arg[2]])
            b->released[m->arg[2]] = 0; /* sent already, early */
        else
            tmp[k++] = *m;
    }
    if (early < BAD_FLOWS) {
        if (*n + 1u > cap)
            return RC_FULL; /* not reached: cap >= RC_MAX_OUTPUTS */
        tmp[k++] = (struct rc_msg){
            .kind = RC_ARBTX_OUT_MSG, .nargs = 5,
            .arg = {BAD_CMD_RELEASE, b->context_seq[early], early, 0,
                    0 /* travel own: in its own flow, rule 12 */}};
        b->released[early] = 1;
    }
    for (uint32_t i = 0; i < *n; i++)
        if (out[i].kind == RC_ARBTX_OUT_NOTE)
            tmp[k++] = out[i];
    for (uint32_t i = 0; i < k; i++)
        out[i] = tmp[i];
    *n = k;
    return RC_OK;
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_arbtx *b = inst;
    if (b == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    int rc = bad_ref()->step(b->inner, ev, out, cap, n);
    if (rc != RC_OK)
        return rc;
    return bad_outputs(b, out, cap, n);
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_arbtx *b = inst;
    return bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the arbtx machine replaced.
     * Filled on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-arbtx-early-release";
    dut.machine[RC_M_ARBTX] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                      bad_step, bad_query};
    return &dut;
}
