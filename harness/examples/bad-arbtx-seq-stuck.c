/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-arbtx-seq-stuck.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 9 2.4.7 rule 4, "The sequence number shall advance
 * for any new REQUESTs". This arbitration transmitter never advances a
 * flow's sequence bit: every REQUEST (and so every RELEASE, which carries the
 * granted REQUEST's bit) of a flow carries the bit its first REQUEST had, and
 * it answers "next sequence bit" with that same bit.
 *
 * BREAKS: P9-2.4.7-4
 *
 * How: the reference DUT (rc_refdut()) with the arbtx machine wrapped. For
 * each flow f the wrapper keeps stuck[f], the bit the reference would use
 * first, and flip[f], the difference between the bit the reference used in
 * its latest REQUEST and stuck[f]. Outputs: REQUEST and RELEASE messages, and
 * the notes about them, carry stuck[f] instead of the reference's bit.
 * Inputs: the answers the peer sends (XON(ARB)/XOFF(ARB)) name the bit it
 * saw, which is stuck[f]; the wrapper hands the reference that bit xor
 * flip[f], so an answer to the latest REQUEST still matches it and any other
 * bit still does not. The next_seq query answers stuck[f]. PDUs, slots,
 * ticks, data packets and every other machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-arbtx-seq-stuck.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define BAD_FLOWS 16u /* flows an arbtx instance has at most (rio/arb.h) */

/* "cmd" values (dut.h RC_SYMBOLS) and note kinds (refdut.c mapping note A2:
 * enum rio_arb_tx_note_kind) that matter here. */
enum {
    BAD_CMD_RELEASE = 2,
    BAD_CMD_REQUEST_SINGLE = 5,
    BAD_CMD_REQUEST_MULTI = 6,
    BAD_NOTE_STALE_RESPONSE = 3,   /* reports the bit that arrived */
    BAD_NOTE_DEALLOC_REQUESTED = 4 /* reports the bit that arrived */
};

struct bad_arbtx {
    void *inner;               /* the reference arbtx instance */
    uint8_t stuck[BAD_FLOWS];  /* the one bit this device ever sends */
    uint8_t flip[BAD_FLOWS];   /* reference bit of the latest REQUEST ^ stuck */
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
    for (uint32_t f = 0; f < BAD_FLOWS; f++) {
        struct rc_msg q = {.kind = RC_ARBTX_Q_NEXT_SEQ, .nargs = 1, .arg = {f}};
        uint64_t seq = 0;
        if (bad_ref()->query(inner, &q, &seq) == RC_OK) /* else: no flow f */
            b->stuck[f] = (uint8_t)(seq & 1u);
    }
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

/* Outputs: msg(cmd, seq, flow, reissue) and note(kind, flow, seq). `arrived`
 * is the bit of this step's incoming CCP (as the peer sent it). */
static void bad_outputs(struct bad_arbtx *b, struct rc_msg *out, uint32_t n,
                        uint64_t arrived)
{
    for (uint32_t i = 0; i < n; i++) {
        struct rc_msg *m = &out[i];
        if (m->kind == RC_ARBTX_OUT_MSG && m->arg[2] < BAD_FLOWS) {
            uint64_t f = m->arg[2];
            if (m->arg[0] == BAD_CMD_REQUEST_SINGLE ||
                m->arg[0] == BAD_CMD_REQUEST_MULTI)
                b->flip[f] = (uint8_t)((m->arg[1] ^ b->stuck[f]) & 1u);
            if (m->arg[0] == BAD_CMD_REQUEST_SINGLE ||
                m->arg[0] == BAD_CMD_REQUEST_MULTI ||
                m->arg[0] == BAD_CMD_RELEASE)
                m->arg[1] = b->stuck[f];
        } else if (m->kind == RC_ARBTX_OUT_NOTE && m->arg[1] < BAD_FLOWS) {
            int about_arrival = m->arg[0] == BAD_NOTE_STALE_RESPONSE ||
                                m->arg[0] == BAD_NOTE_DEALLOC_REQUESTED;
            m->arg[2] = about_arrival ? arrived : b->stuck[m->arg[1]];
        }
    }
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_arbtx *b = inst;
    if (b == NULL || ev == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    struct rc_msg e = *ev;
    uint64_t arrived = 0;
    /* ccp(flow, cmd, seq): the peer's bit, translated for the reference */
    if (e.kind == RC_ARBTX_EV_CCP && e.nargs == 3u && e.arg[0] < BAD_FLOWS &&
        e.arg[2] <= 1u) {
        arrived = e.arg[2];
        e.arg[2] ^= b->flip[e.arg[0]];
    }
    int rc = bad_ref()->step(b->inner, &e, out, cap, n);
    if (rc == RC_OK)
        bad_outputs(b, out, *n, arrived);
    return rc;
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_arbtx *b = inst;
    int rc = bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
    if (rc == RC_OK && q->kind == RC_ARBTX_Q_NEXT_SEQ && q->arg[0] < BAD_FLOWS)
        *value = b->stuck[q->arg[0]];
    return rc;
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the arbtx machine replaced.
     * Filled on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-arbtx-seq-stuck";
    dut.machine[RC_M_ARBTX] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                      bad_step, bad_query};
    return &dut;
}
