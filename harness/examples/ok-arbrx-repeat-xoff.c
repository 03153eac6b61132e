/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-arbrx-repeat-xoff.c - a CONFORMING example DUT that makes another
 * legal choice than the reference.
 *
 * What it chooses: once its arbitration receiver has asked for a multi-PDU
 * resource back (a de-allocation XOFF(ARB), rule 8 or the idle timeout of
 * 2.4.8), it repeats that XOFF(ARB) on every later TICK until the resource
 * is freed (RELEASE, or the asynchronous free after the second timeout).
 * The reference sends it once. Part 9 2.4.2: "If a switch runs out of
 * packet buffer space, it is permitted to drop CCPs" (2.4.6 rule 2), so a
 * de-allocation request can be lost; rule 8 says the receiver "may send a
 * XOFF(ARB) message during the multi-PDU transfer to indicate its desire to
 * deallocate resources" and no sentence limits it to one.
 *
 * PERMITS: 2.4.7 rule 8 "The receiver may send a XOFF(ARB) message during the multi-PDU transfer"
 * DECLARES: none
 *
 * How: the reference arbrx; the wrapper remembers, per flow, the bit of the
 * last de-allocation XOFF(ARB) (dealloc = 1) the reference sent. After each
 * TICK step, for every such flow that still holds its resource (query
 * allocated) and got no XOFF(ARB) from the reference in that step, it
 * appends XOFF(ARB) with that bit and dealloc = 1. A flow's memory is
 * cleared when its resource is freed, and by RESET.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define OK_FLOWS 16u /* flows an arbrx instance has at most (rio/arb.h) */

enum { OK_CMD_XOFF_ARB = 1 };

struct ok_arbrx {
    void *inner;
    uint8_t asking[OK_FLOWS]; /* a de-allocation XOFF(ARB) was sent */
    uint8_t bit[OK_FLOWS];    /* its bit */
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

static int ok_allocated(struct ok_arbrx *o, uint32_t f)
{
    struct rc_msg q = {.kind = RC_ARBRX_Q_ALLOCATED, .nargs = 1, .arg = {f}};
    uint64_t v = 0;
    return ok_ref()->query(o->inner, &q, &v) == RC_OK && v != 0u;
}

static int ok_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                   uint32_t cap, uint32_t *n)
{
    struct ok_arbrx *o = inst;
    if (o == NULL || ev == NULL || out == NULL || n == NULL)
        return ok_ref()->step(o != NULL ? o->inner : NULL, ev, out, cap, n);
    int rc = ok_ref()->step(o->inner, ev, out, cap, n);
    if (rc != RC_OK)
        return rc;
    uint8_t sent[OK_FLOWS] = {0};
    for (uint32_t i = 0; i < *n; i++)
        if (out[i].kind == RC_ARBRX_OUT_MSG && out[i].nargs >= 4u &&
            out[i].arg[0] == OK_CMD_XOFF_ARB && out[i].arg[3] == 1u &&
            out[i].arg[2] < OK_FLOWS) {
            uint64_t f = out[i].arg[2];
            o->asking[f] = 1;
            o->bit[f] = (uint8_t)(out[i].arg[1] & 1u);
            sent[f] = 1;
        }
    for (uint32_t f = 0; f < OK_FLOWS; f++) {
        if (!o->asking[f])
            continue;
        if (ev->kind == RC_ARBRX_EV_RESET || !ok_allocated(o, f)) {
            o->asking[f] = 0;
            continue;
        }
        if (ev->kind != RC_ARBRX_EV_TICK || sent[f])
            continue;
        if (*n >= cap)
            return RC_FULL;
        out[*n] = (struct rc_msg){.kind = RC_ARBRX_OUT_MSG, .nargs = 4,
                                  .arg = {OK_CMD_XOFF_ARB, o->bit[f], f, 1u}};
        (*n)++;
    }
    return RC_OK;
}

static int ok_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    struct ok_arbrx *o = inst;
    return ok_ref()->query(o != NULL ? o->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-arbrx-repeat-xoff";
    dut.machine[RC_M_ARBRX] =
        (struct rc_machine_ops){ok_create, ok_destroy, ok_step, ok_query};
    return &dut;
}
