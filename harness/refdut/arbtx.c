/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arbtx.c - the Part 9 flow arbitration transmitter (rio/arb.h) behind the
 * riocheck vendor ABI: machine RC_M_ARBTX of the reference DUT (rd_dut in
 * refdut.c). Its mapping notes (A1, A2, A4) and the general ones (G1-G7) are at
 * the top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/arb.h"

RD_TABLE_(arbtx_events, RC_ARBTX_EVENTS);
RD_TABLE_(arbtx_queries, RC_ARBTX_QUERIES);
RD_KEYTABLE_(arbtx_keys, RC_ARBTX_CONFIG);

struct rd_arbtx {
    struct rio_arb_tx ctx;
    struct rio_arb_tx_out out;
};

int rd_arbtx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, arbtx_keys, RD_COUNT_(arbtx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_arb_tx_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_ARBTX_CFG_REV], &c.rev))
        return RC_INVAL; /* as rio_arb_tx_init */
    if (v[RC_ARBTX_CFG_FLOWS] > RD_UINT || v[RC_ARBTX_CFG_PEER_ARB] > RD_U8 ||
        v[RC_ARBTX_CFG_PIPELINE] > RD_U8 || v[RC_ARBTX_CFG_OWN_FLOW] > RD_U8 ||
        v[RC_ARBTX_CFG_ANY_SEQ] > RD_U8 || v[RC_ARBTX_CFG_TIMEOUT] > RD_U32 ||
        v[RC_ARBTX_CFG_BACKOFF] > RD_U32)
        return RC_RANGE;
    rc = rd_static_flows(c.static_flow, v[RC_ARBTX_CFG_STATIC_MASK],
                         v[RC_ARBTX_CFG_FLOWS]);
    if (rc != RC_OK)
        return rc;
    c.nflows = (unsigned)v[RC_ARBTX_CFG_FLOWS];
    c.peer_arb = (uint8_t)v[RC_ARBTX_CFG_PEER_ARB];
    c.pipeline = (uint8_t)v[RC_ARBTX_CFG_PIPELINE];
    c.ccp_in_own_flow = (uint8_t)v[RC_ARBTX_CFG_OWN_FLOW];
    c.xoff_arb_any_seq = (uint8_t)v[RC_ARBTX_CFG_ANY_SEQ];
    c.request_timeout = (uint32_t)v[RC_ARBTX_CFG_TIMEOUT];
    c.retry_backoff = (uint32_t)v[RC_ARBTX_CFG_BACKOFF];
    struct rd_arbtx *t = calloc(1, sizeof *t);
    if (t == NULL)
        return RC_FULL;
    rc = rio_arb_tx_init(&t->ctx, &c);
    if (rc != RIO_OK) {
        free(t);
        return rc;
    }
    *inst = t;
    return RC_OK;
}

/* A2: the RC_SYMBOLS "note" value (Part 9 2.4.7 terms). */
static uint64_t arbtx_note(enum rio_arb_tx_note_kind k)
{
    switch (k) {
    case RIO_ARB_TX_GRANTED:
        return 0; /* granted */
    case RIO_ARB_TX_REJECTED:
        return 1; /* rejected */
    case RIO_ARB_TX_TIMEOUT_REISSUE:
        return 2; /* reissued */
    case RIO_ARB_TX_STALE_RESPONSE:
        return 3; /* stale */
    case RIO_ARB_TX_DEALLOC_REQUESTED:
        return 4; /* dealloc */
    case RIO_ARB_TX_CONTEXT_START:
        return 5; /* context_start */
    case RIO_ARB_TX_CONTEXT_END:
        return 6; /* context_end */
    case RIO_ARB_TX_PDU_DONE:
        return 7; /* pdu_done */
    case RIO_ARB_TX_IGNORED_CCP:
        return 8; /* ignored */
    }
    return 8; /* NEVER: every kind is listed */
}

static void arbtx_outputs(struct rd_out *o, const struct rio_arb_tx_out *r)
{
    if (r->ndata != 0)
        RD_EMIT(o, RC_ARBTX_OUT_DATA, r->data.flow, r->data.pdu,
                r->data.segment, r->data.last);
    for (unsigned i = 0; i < r->nmsg && i < RIO_ARB_OUT_MSGS; i++)
        RD_EMIT(o, RC_ARBTX_OUT_MSG, (uint64_t)r->msg[i].cmd, r->msg[i].seq,
                r->msg[i].flow, r->msg[i].reissue,
                (uint64_t)r->msg[i].travel);
    for (unsigned i = 0; i < r->nnote && i < RIO_ARB_OUT_NOTES; i++)
        RD_EMIT(o, RC_ARBTX_OUT_NOTE, arbtx_note(r->note[i].kind),
                r->note[i].flow, r->note[i].seq);
}

int rd_arbtx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
               uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_arbtx *t = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, arbtx_events,
                           RD_COUNT_(arbtx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_arb_tx_event e;
    memset(&e, 0, sizeof e);
    switch ((enum rc_arbtx_event)ev->kind) {
    case RC_ARBTX_EV_PDU:
        if (a[1] > 1u)
            return RC_INVAL; /* as rio_arb_tx_step: unknown mode */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U32))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_PDU;
        e.flow = (unsigned)a[0];
        e.mode = a[1] ? RIO_ARB_MULTI : RIO_ARB_SINGLE;
        e.packets = (uint32_t)a[2];
        break;
    case RC_ARBTX_EV_END:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_END;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBTX_EV_CCP:
        if (!rd_fam_cmd(a[1], &e.cmd))
            return RC_INVAL; /* as rio_arb_tx_step: unknown command */
        if (!RD_FIT(ev, RD_UINT, RD_ANY, RD_U8))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_CCP;
        e.flow = (unsigned)a[0];
        e.seq = (uint8_t)a[2];
        break;
    case RC_ARBTX_EV_TICK:
        if (!RD_FIT(ev, RD_U32))
            return RC_RANGE; /* A1 */
        e.type = RIO_ARB_TX_EV_TICK;
        e.ticks = (uint32_t)a[0];
        break;
    case RC_ARBTX_EV_SLOT:
        if (!RD_FIT(ev, RD_UINT))
            return RC_RANGE;
        e.type = RIO_ARB_TX_EV_SLOT;
        e.flow = (unsigned)a[0];
        break;
    case RC_ARBTX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_arb_tx_step(&t->ctx, &e, &t->out);
    if (rc == RIO_OK)
        arbtx_outputs(&o, &t->out);
    return rd_step_end(&o, n, rc);
}

int rd_arbtx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_arbtx *t = inst;
    int rc = rd_query_begin(inst, q, value, arbtx_queries,
                            RD_COUNT_(arbtx_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_UINT))
        return RC_RANGE;
    unsigned flow = (unsigned)q->arg[0];
    switch ((enum rc_arbtx_query)q->kind) {
    case RC_ARBTX_Q_MAY_SEND:
        return rd_query_result(rio_arb_tx_may_send(&t->ctx, flow), value);
    case RC_ARBTX_Q_OUTSTANDING:
        return rd_query_result(rio_arb_tx_outstanding(&t->ctx, flow, NULL),
                               value);
    case RC_ARBTX_Q_NEXT_SEQ:
        return rd_query_result(rio_arb_tx_next_seq(&t->ctx, flow), value);
    case RC_ARBTX_Q_QUEUED:
        return rd_query_result(rio_arb_tx_queued(&t->ctx, flow), value);
    case RC_ARBTX_Q_END_:
        break;
    }
    return RC_INVAL;
}
