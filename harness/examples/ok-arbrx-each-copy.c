/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-arbrx-each-copy.c - a CONFORMING example DUT that makes another legal
 * choice than the reference.
 *
 * What it chooses: every copy of a REQUEST it holds unanswered (same flow,
 * same bit, e.g. re-issued by a transmitter's timeout) gets an answer of its
 * own: when the held REQUEST is answered, the same answer is sent once more
 * for each copy. The reference answers a held REQUEST and its copies once
 * (I-ARB-5). Part 9 2.4.7 rule 2: "The receiver shall respond to all
 * REQUEST messages with a XOFF(ARB) or XON(ARB) depending on the
 * availability of resources and the arbitration policy at the receiver."
 *
 * PERMITS: 2.4.7 rule 2 "The receiver shall respond to all REQUEST messages"
 * DECLARES: arbrx_copies=other
 *
 * How: the reference arbrx; the wrapper remembers, per flow, the bit of a
 * REQUEST the reference held (no answer in its step) and counts the copies
 * with that bit that arrive while it is held (again no answer). When the
 * reference answers that flow with that bit (XON(ARB) or XOFF(ARB) with
 * dealloc 0), the answer is repeated once per copy, right behind it.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define OK_FLOWS 16u /* flows an arbrx instance has at most (rio/arb.h) */

enum { OK_CMD_XOFF_ARB = 1, OK_CMD_XON_ARB = 4, OK_CMD_REQUEST_SINGLE = 5,
       OK_CMD_REQUEST_MULTI = 6 };

struct ok_arbrx {
    void *inner;
    uint8_t held[OK_FLOWS];     /* a REQUEST was held with bit held_seq */
    uint8_t held_seq[OK_FLOWS];
    uint32_t copies[OK_FLOWS];  /* copies of it that got no answer yet */
};

static const struct rc_machine_ops *ok_ref(void)
{
    return &rc_refdut()->machine[RC_M_ARBRX];
}

static int ok_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = ok_ref()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    struct ok_arbrx *o = calloc(1, sizeof *o);
    if (o == NULL) {
        ok_ref()->destroy(inner);
        return RC_FULL;
    }
    o->inner = inner;
    *inst = o;
    return RC_OK;
}

static void ok_destroy(void *inst)
{
    struct ok_arbrx *o = inst;
    if (o != NULL)
        ok_ref()->destroy(o->inner);
    free(o);
}

static int ok_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct ok_arbrx *o = inst;
    if (o == NULL || ev == NULL)
        return ok_ref()->step(NULL, ev, out, cap, n);
    int rc = ok_ref()->step(o->inner, ev, out, cap, n);
    if (rc != RC_OK)
        return rc;
    if (ev->kind == RC_ARBRX_EV_RESET)
        for (uint32_t f = 0; f < OK_FLOWS; f++)
            o->held[f] = 0, o->copies[f] = 0;
    uint32_t nmsg = 0;
    for (uint32_t i = 0; i < *n; i++)
        nmsg += out[i].kind == RC_ARBRX_OUT_MSG;
    if (ev->kind == RC_ARBRX_EV_CCP && ev->nargs >= 3u &&
        ev->arg[0] < OK_FLOWS &&
        (ev->arg[1] == OK_CMD_REQUEST_SINGLE ||
         ev->arg[1] == OK_CMD_REQUEST_MULTI) && nmsg == 0u) {
        uint64_t f = ev->arg[0];
        struct rc_msg q = {.kind = RC_ARBRX_Q_HELD, .nargs = 1, .arg = {f}};
        uint64_t held = 0;
        if (ok_ref()->query(o->inner, &q, &held) == RC_OK && held == 1u) {
            if (o->held[f] && o->held_seq[f] == ev->arg[2])
                o->copies[f]++;
            else if (!o->held[f]) {
                o->held[f] = 1;
                o->held_seq[f] = (uint8_t)(ev->arg[2] & 1u);
                o->copies[f] = 0;
            }
        }
    }
    struct rc_msg tmp[RC_MAX_OUTPUTS];
    uint32_t m = 0;
    for (uint32_t i = 0; i < *n; i++) {
        const struct rc_msg *x = &out[i];
        if (m >= RC_MAX_OUTPUTS)
            return RC_FULL;
        tmp[m++] = *x;
        if (x->kind != RC_ARBRX_OUT_MSG || x->nargs < 4u ||
            x->arg[2] >= OK_FLOWS || x->arg[3] != 0u ||
            (x->arg[0] != OK_CMD_XON_ARB && x->arg[0] != OK_CMD_XOFF_ARB))
            continue;
        uint64_t f = x->arg[2];
        if (!o->held[f] || o->held_seq[f] != x->arg[1])
            continue;
        for (uint32_t c = 0; c < o->copies[f]; c++) {
            if (m >= RC_MAX_OUTPUTS)
                return RC_FULL;
            tmp[m++] = *x;
        }
        o->held[f] = 0;
        o->copies[f] = 0;
    }
    if (m > cap)
        return RC_FULL;
    for (uint32_t i = 0; i < m; i++)
        out[i] = tmp[i];
    *n = m;
    return RC_OK;
}

static int ok_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct ok_arbrx *o = inst;
    return ok_ref()->query(o != NULL ? o->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-arbrx-each-copy";
    dut.profile.policy[RC_POL_ARBRX_COPIES] = 2; /* other */
    dut.machine[RC_M_ARBRX] =
        (struct rc_machine_ops){ok_create, ok_destroy, ok_step, ok_query};
    return &dut;
}
