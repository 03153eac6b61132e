/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sw.c - the Part 9 switch flow control (rio/fcsw.h) behind the riocheck vendor
 * ABI: machine RC_M_SW of the reference DUT (rd_dut in refdut.c). Its mapping
 * notes (S1-S4) and the general ones (G1-G7) are at the top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/fcsw.h"

RD_TABLE_(sw_events, RC_SW_EVENTS);
RD_TABLE_(sw_queries, RC_SW_QUERIES);
RD_KEYTABLE_(sw_keys, RC_SW_CONFIG);

struct rd_sw {
    uint8_t tt;               /* the configured tt, for forward (S3) */
    struct rio_fcsw ctx;
    struct rio_fcsw scratch; /* G5 */
    struct rio_fcsw_event ev; /* candidates collect here (S1) */
    struct rio_fcsw_out out;
};

int rd_sw_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, sw_keys, RD_COUNT_(sw_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_fcsw_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_SW_CFG_REV], &c.rev) || v[RC_SW_CFG_ROLE] > 1u ||
        v[RC_SW_CFG_PICK] > 1u)
        return RC_INVAL; /* as rio_fcsw_init */
    if (v[RC_SW_CFG_TT] > RD_UINT || v[RC_SW_CFG_PORTS] > RD_UINT ||
        v[RC_SW_CFG_LIST] > RD_UINT || v[RC_SW_CFG_CRF] > RD_U8 ||
        v[RC_SW_CFG_RESPONSES] > RD_U8 || v[RC_SW_CFG_DROP] > RD_U8 ||
        v[RC_SW_CFG_ARB_NEEDS_FC] > RD_U8)
        return RC_RANGE;
    c.role = v[RC_SW_CFG_ROLE] ? RIO_FCSW_ENDPOINT : RIO_FCSW_SWITCH;
    c.tt = (unsigned)v[RC_SW_CFG_TT];
    c.ports = (unsigned)v[RC_SW_CFG_PORTS];
    c.list_capacity = (unsigned)v[RC_SW_CFG_LIST];
    c.crf_supported = (uint8_t)v[RC_SW_CFG_CRF];
    c.target_responses = (uint8_t)v[RC_SW_CFG_RESPONSES];
    c.response_pick =
        v[RC_SW_CFG_PICK] ? RIO_FCSW_PICK_UNPROMOTED : RIO_FCSW_PICK_LOWEST;
    c.drop_ccp_no_buffer = (uint8_t)v[RC_SW_CFG_DROP];
    c.arb_requires_fc_participant = (uint8_t)v[RC_SW_CFG_ARB_NEEDS_FC];
    struct rd_sw *s = calloc(1, sizeof *s);
    if (s == NULL)
        return RC_FULL;
    rc = rio_fcsw_init(&s->ctx, &c);
    if (rc != RIO_OK) {
        free(s);
        return rc;
    }
    s->tt = (uint8_t)c.tt; /* init accepted it: tt <= 2 */
    *inst = s;
    return RC_OK;
}

/* S2: the RC_SYMBOLS "verdict" value (Part 9 terms). */
static uint64_t sw_verdict(enum rio_fcsw_verdict v)
{
    switch (v) {
    case RIO_FCSW_NONE:
        return 0; /* none */
    case RIO_FCSW_XOFF_SENT:
        return 1; /* xoff */
    case RIO_FCSW_XOFF_SENT_REPLACING:
        return 2; /* xoff_replacing */
    case RIO_FCSW_NOT_CHOSEN:
        return 3; /* not_chosen */
    case RIO_FCSW_NEVER_MAINTENANCE:
        return 4; /* maintenance */
    case RIO_FCSW_NEVER_FLOW_CONTROL:
        return 5; /* flow_control */
    case RIO_FCSW_ILLEGAL_PRIO:
        return 6; /* illegal_prio */
    case RIO_FCSW_RESPONSE_SKIPPED:
        return 7; /* response */
    case RIO_FCSW_NOT_PARTICIPANT:
        return 8; /* not_participant */
    case RIO_FCSW_ALREADY_CONTROLLED:
        return 9; /* listed */
    case RIO_FCSW_LIST_FULL:
        return 10; /* list_full */
    case RIO_FCSW_XON_SENT:
        return 11; /* xon */
    case RIO_FCSW_XON_HELD:
        return 12; /* xon_held */
    case RIO_FCSW_FORWARDED:
        return 13; /* forwarded */
    case RIO_FCSW_DROPPED_NO_BUFFER:
        return 14; /* dropped */
    }
    return 0; /* NEVER: every verdict is listed */
}

static void sw_outputs(struct rd_out *o, const struct rio_fcsw_out *r)
{
    for (unsigned i = 0; i < r->n_send && i < RIO_FCSW_OUT_MAX; i++) {
        const struct rio_fcsw_send *s = &r->send[i];
        RD_EMIT(o, RC_SW_OUT_CCP, s->port, s->pkt.ccp.xon, s->pkt.ccp.fam,
                s->pkt.ccp.flow_id, s->pkt.destination_id,
                s->pkt.ccp.tgt_destination_id, s->pkt.ccp.soc, s->pkt.prio,
                s->pkt.crf);
    }
    RD_EMIT(o, RC_SW_OUT_VERDICT, sw_verdict(r->verdict));
}

/* Builds the reference event in s->ev; returns RC_OK to run it, 1 when the
 * event was handled here (candidate), or an error. */
static int sw_event(struct rd_sw *s, const struct rc_msg *ev)
{
    const uint64_t *a = ev->arg;
    struct rio_fcsw_event *e = &s->ev;
    switch ((enum rc_sw_event)ev->kind) {
    case RC_SW_EV_CANDIDATE: {
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U8, RD_U32, RD_U32, RD_U16))
            return RC_RANGE;
        if (e->n_candidates >= RIO_FCSW_CANDIDATES_MAX)
            return RC_FULL;
        struct rio_fcsw_packet *p = &e->candidates[e->n_candidates++];
        p->ftype = (uint8_t)a[0];
        p->vc = (uint8_t)a[1];
        p->prio = (uint8_t)a[2];
        p->crf = (uint8_t)a[3];
        p->source_id = (uint32_t)a[4];
        p->destination_id = (uint32_t)a[5];
        p->ccp_port = (uint16_t)a[6];
        return 1;
    }
    case RC_SW_EV_CONGESTED:
        if (e->n_candidates == 0)
            return RC_STATE;
        if (!RD_FIT(ev, RD_U16))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_CONGESTED;
        e->port = (uint16_t)a[0];
        return RC_OK;
    case RC_SW_EV_ABATED_PORT:
        if (!RD_FIT(ev, RD_U16))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_ABATED_PORT;
        e->port = (uint16_t)a[0];
        return RC_OK;
    case RC_SW_EV_ABATED_FLOW:
        if (!RD_FIT(ev, RD_U32, RD_U32, RD_U8))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_ABATED_FLOW;
        e->flow.destination_id = (uint32_t)a[0];
        e->flow.tgt_destination_id = (uint32_t)a[1];
        e->flow.flow_id = (uint8_t)a[2];
        return RC_OK;
    case RC_SW_EV_PORT_CONTROL:
        if (!RD_FIT(ev, RD_U16, RD_U32))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_PORT_CONTROL;
        e->port = (uint16_t)a[0];
        e->port_control = (uint32_t)a[1];
        return RC_OK;
    case RC_SW_EV_FORWARD:
        if (!RD_FIT(ev, RD_U16, RD_U16, RD_U8, RD_U8, RD_U8, RD_U8, RD_U8,
                    RD_U32, RD_U32))
            return RC_RANGE;
        e->type = RIO_FCSW_EV_FORWARD;
        e->in_port = (uint16_t)a[0];
        e->port = (uint16_t)a[1];
        e->no_buffer = (uint8_t)a[2];
        memset(&e->ccp, 0, sizeof e->ccp); /* S3 */
        e->ccp.crf = RIO_CCP_CRF;
        e->ccp.prio = RIO_CCP_PRIO;
        e->ccp.tt = s->tt;
        e->ccp.ftype = RIO_FTYPE_FLOW_CONTROL;
        e->ccp.ccp.xon = (uint8_t)a[3];
        e->ccp.ccp.fam = (uint8_t)a[4];
        e->ccp.ccp.flow_id = (uint8_t)a[5];
        e->ccp.ccp.soc = (uint8_t)a[6];
        e->ccp.destination_id = (uint32_t)a[7];
        e->ccp.ccp.tgt_destination_id = (uint32_t)a[8];
        return RC_OK;
    case RC_SW_EV_END_:
        break;
    }
    return RC_INVAL; /* not reached */
}

int rd_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
            uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_sw *s = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, sw_events,
                           RD_COUNT_(sw_events));
    if (rc != RC_OK)
        return rc;
    int congested = ev->kind == RC_SW_EV_CONGESTED;
    rc = sw_event(s, ev);
    if (rc == 1)
        return rd_step_end(&o, n, RC_OK); /* candidate collected */
    if (rc == RC_OK) {
        s->scratch = s->ctx;
        rc = rio_fcsw_step(&s->scratch, &s->ev, &s->out);
        if (rc == RIO_OK) {
            sw_outputs(&o, &s->out);
            if (!o.full)
                s->ctx = s->scratch;
        }
    }
    if (congested)
        s->ev.n_candidates = 0; /* S1: consumed whatever the result */
    return rd_step_end(&o, n, rc);
}

int rd_sw_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_sw *s = inst;
    int rc = rd_query_begin(inst, q, value, sw_queries, RD_COUNT_(sw_queries));
    if (rc != RC_OK)
        return rc;
    switch ((enum rc_sw_query)q->kind) {
    case RC_SW_Q_LISTED: {
        if (!RD_FIT(q, RD_U32, RD_U32, RD_U8))
            return RC_RANGE;
        struct rio_fcsw_flow_key key = {(uint32_t)q->arg[0],
                                        (uint32_t)q->arg[1],
                                        (uint8_t)q->arg[2]};
        rc = rio_fcsw_find(&s->ctx, &key);
        if (rc == RIO_ENOENT)
            return RC_OK; /* *value is 0 */
        if (rc < 0)
            return rc;
        *value = 1;
        return RC_OK;
    }
    case RC_SW_Q_LIST_LEN:
        *value = rio_fcsw_list_len(&s->ctx);
        return RC_OK;
    case RC_SW_Q_END_:
        break;
    }
    return RC_INVAL;
}
