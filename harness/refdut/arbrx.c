/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arbrx.c - the Part 9 flow arbitration receiver (rio/arb.h) behind the
 * riocheck vendor ABI: machine RC_M_ARBRX of the reference DUT (rd_dut in
 * refdut.c). Its mapping notes (A1, A3, A4) and the general ones (G1-G7) are at
 * the top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/arb.h"

RD_TABLE_(arbrx_events, RC_ARBRX_EVENTS);
RD_TABLE_(arbrx_queries, RC_ARBRX_QUERIES);
RD_KEYTABLE_(arbrx_keys, RC_ARBRX_CONFIG);

struct rd_arbrx {
    struct rio_arb_rx ctx;
    struct rio_arb_rx_out out;
};

int rd_arbrx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, arbrx_keys, RD_COUNT_(arbrx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_arb_rx_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_ARBRX_CFG_REV], &c.rev) ||
        v[RC_ARBRX_CFG_ANSWER] > 1u || v[RC_ARBRX_CFG_POLICY] > 1u)
        return RC_INVAL; /* as rio_arb_rx_init */
    if (v[RC_ARBRX_CFG_FLOWS] > RD_UINT || v[RC_ARBRX_CFG_POOL] > RD_UINT ||
        v[RC_ARBRX_CFG_PIPELINING] > RD_U8 || v[RC_ARBRX_CFG_OWN_FLOW] > RD_U8 ||
        v[RC_ARBRX_CFG_AFRESH] > RD_U8 || v[RC_ARBRX_CFG_IDLE] > RD_U32 ||
        v[RC_ARBRX_CFG_RELEASE] > RD_U32)
        return RC_RANGE;
    rc = rd_static_flows(c.static_flow, v[RC_ARBRX_CFG_STATIC_MASK],
                         v[RC_ARBRX_CFG_FLOWS]);
    if (rc != RC_OK)
        return rc;
    c.nflows = (unsigned)v[RC_ARBRX_CFG_FLOWS];
    c.pool = (unsigned)v[RC_ARBRX_CFG_POOL];
    c.answer = v[RC_ARBRX_CFG_ANSWER] ? RIO_ARB_RX_ON_DECIDE
                                      : RIO_ARB_RX_IMMEDIATE;
    c.policy = v[RC_ARBRX_CFG_POLICY] ? RIO_ARB_RX_REJECT_ALL
                                      : RIO_ARB_RX_GRANT_IF_FREE;
    c.pipelining = (uint8_t)v[RC_ARBRX_CFG_PIPELINING];
    c.ccp_in_own_flow = (uint8_t)v[RC_ARBRX_CFG_OWN_FLOW];
    c.rejected_copy_afresh = (uint8_t)v[RC_ARBRX_CFG_AFRESH];
    c.idle_timeout = (uint32_t)v[RC_ARBRX_CFG_IDLE];
    c.release_timeout = (uint32_t)v[RC_ARBRX_CFG_RELEASE];
    struct rd_arbrx *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    rc = rio_arb_rx_init(&r->ctx, &c);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static uint64_t arbrx_reason(enum rio_arb_free_reason reason)
{
    switch (reason) {
    case RIO_ARB_FREE_LAST_SEGMENT:
        return RD_REASON_LAST_SEGMENT;
    case RIO_ARB_FREE_ABORTED:
        return RD_REASON_ABORTED;
    case RIO_ARB_FREE_IDLE_TIMEOUT:
        return RD_REASON_IDLE_TIMEOUT;
    case RIO_ARB_FREE_RELEASE:
        return RD_REASON_RELEASE;
    case RIO_ARB_FREE_RELEASE_TIMEOUT:
        return RD_REASON_RELEASE_TIMEOUT;
    case RIO_ARB_FREE_RESET:
        return RD_REASON_RESET;
    }
    return 0; /* not reached: the reference reports its own reasons */
}

/* A3: the RC_SYMBOLS "violation" value (Part 9 2.4.7 rule broken). */
static uint64_t arbrx_violation(enum rio_arb_rx_note_kind k)
{
    switch (k) {
    case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
        return 1; /* data_without_grant, rule 1 */
    case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
        return 2; /* release_without_grant, rules 7, 12 */
    case RIO_ARB_RX_V_RELEASE_MID_PDU:
        return 3; /* release_mid_pdu, rules 7, 8 */
    case RIO_ARB_RX_V_SECOND_REQUEST:
        return 4; /* second_request, rule 11 */
    case RIO_ARB_RX_ALLOCATED:
    case RIO_ARB_RX_FREED:
    case RIO_ARB_RX_HELD:
    case RIO_ARB_RX_DUPLICATE_REQUEST:
    case RIO_ARB_RX_ABORT_KEPT:
    case RIO_ARB_RX_IGNORED_CCP:
    case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
    case RIO_ARB_RX_STALE_REQUEST:
    case RIO_ARB_RX_DEALLOC_CROSSING:
        break;
    }
    return 0; /* NEVER: called for the violations only */
}

static void arbrx_outputs(struct rd_out *o, const struct rio_arb_rx_out *r)
{
    for (unsigned i = 0; i < r->nmsg && i < RIO_ARB_OUT_MSGS; i++)
        RD_EMIT(o, RC_ARBRX_OUT_MSG, (uint64_t)r->msg[i].cmd, r->msg[i].seq,
                r->msg[i].flow, r->msg[i].dealloc);
    for (unsigned i = 0; i < r->nnote && i < RIO_ARB_OUT_NOTES; i++) {
        const struct rio_arb_rx_note *nt = &r->note[i];
        switch (nt->kind) {
        case RIO_ARB_RX_ALLOCATED:
            RD_EMIT(o, RC_ARBRX_OUT_ALLOCATED, nt->flow);
            break;
        case RIO_ARB_RX_FREED:
            RD_EMIT(o, RC_ARBRX_OUT_FREED, nt->flow, arbrx_reason(nt->reason));
            break;
        case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
        case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
        case RIO_ARB_RX_V_RELEASE_MID_PDU:
        case RIO_ARB_RX_V_SECOND_REQUEST:
            RD_EMIT(o, RC_ARBRX_OUT_VIOLATION, arbrx_violation(nt->kind), nt->flow);
            break;
        case RIO_ARB_RX_HELD:
        case RIO_ARB_RX_DUPLICATE_REQUEST:
        case RIO_ARB_RX_ABORT_KEPT:
        case RIO_ARB_RX_IGNORED_CCP:
        case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
        case RIO_ARB_RX_STALE_REQUEST:
        case RIO_ARB_RX_DEALLOC_CROSSING:
            break; /* A3: no ABI output */
        }
    }
}

int rd_arbrx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_arbrx *r = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, arbrx_events,
                           RD_COUNT_(arbrx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_arb_rx_event e;
    memset(&e, 0, sizeof e);
    switch ((enum rc_arbrx_event)ev->kind) {
    case RC_ARBRX_EV_CCP:
        if (!rd_fam_cmd(a[1], &e.cmd))
            return RC_INVAL; /* as rio_arb_rx_step: unknown command */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_CCP;
        e.flow = (unsigned)a[0];
        e.seq = (uint8_t)a[2];
        break;
    case RC_ARBRX_EV_DATA:
        if (!RD_FIT(ev, RD_UINT, RD_U8, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_DATA;
        e.flow = (unsigned)a[0];
        e.last = (uint8_t)a[1];
        e.aborted = (uint8_t)a[2];
        break;
    case RC_ARBRX_EV_TICK:
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE; /* A1 */
        e.type = RIO_ARB_RX_EV_TICK;
        e.ticks = (uint32_t)a[0];
        break;
    case RC_ARBRX_EV_DECIDE:
        if (!RD_FIT(ev, RD_UINT, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_DECIDE;
        e.flow = (unsigned)a[0];
        e.grant = (uint8_t)a[1];
        break;
    case RC_ARBRX_EV_ASK_DEALLOC:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_RX_EV_ASK_DEALLOC;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBRX_EV_RESET:
        e.type = RIO_ARB_RX_EV_RESET;
        break;
    case RC_ARBRX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_arb_rx_step(&r->ctx, &e, &r->out);
    if (rc == RIO_OK)
        arbrx_outputs(&o, &r->out);
    return rd_step_end(&o, n, rc);
}

int rd_arbrx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_arbrx *r = inst;
    int rc = rd_query_begin(inst, q, value, arbrx_queries,
                            RD_COUNT_(arbrx_queries));
    if (rc != RC_OK)
        return rc;
    switch ((enum rc_arbrx_query)q->kind) {
    case RC_ARBRX_Q_FREE:
        return rd_query_result(rio_arb_rx_free(&r->ctx), value);
    case RC_ARBRX_Q_ALLOCATED:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(
            rio_arb_rx_allocated(&r->ctx, (unsigned)q->arg[0]), value);
    case RC_ARBRX_Q_HELD:
        if (!RD_FIT(q, RD_UINT))
            return RC_RANGE;
        return rd_query_result(
            rio_arb_rx_held(&r->ctx, (unsigned)q->arg[0], NULL, NULL), value);
    case RC_ARBRX_Q_END_:
        break;
    }
    return RC_INVAL;
}
