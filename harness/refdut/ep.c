/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ep.c - the Part 9 end point flow control (rio/fcep.h) behind the riocheck
 * vendor ABI: machine RC_M_EP of the reference DUT (rd_dut in refdut.c). Its
 * mapping notes (E1-E3) and the general ones (G1-G7) are at the top of
 * refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/fcep.h"

RD_TABLE_(ep_events, RC_EP_EVENTS);
RD_TABLE_(ep_queries, RC_EP_QUERIES);
RD_KEYTABLE_(ep_keys, RC_EP_CONFIG);

struct rd_ep {
    struct rio_fcep ctx;
    struct rio_fcep scratch; /* G5: the step runs here first */
    struct rio_fcep_out out;
};

int rd_ep_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, ep_keys, RD_COUNT_(ep_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rio_fcep_cfg c;
    memset(&c, 0, sizeof c);
    if (!rd_p9_rev(v[RC_EP_CFG_REV], &c.rev))
        return RC_INVAL; /* as rio_fcep_init */
    if (v[RC_EP_CFG_WIDTH] > RD_UINT || v[RC_EP_CFG_CAPACITY] > RD_UINT ||
        v[RC_EP_CFG_ORPHAN] > RD_U32 || v[RC_EP_CFG_ARB] > RD_U8 ||
        v[RC_EP_CFG_CRITICAL] > RD_U16)
        return RC_RANGE;
    c.counter_width = (unsigned)v[RC_EP_CFG_WIDTH];
    c.capacity = (unsigned)v[RC_EP_CFG_CAPACITY];
    c.orphan_timeout = (uint32_t)v[RC_EP_CFG_ORPHAN];
    c.arb_support = (uint8_t)v[RC_EP_CFG_ARB];
    c.critical_mask = (uint16_t)v[RC_EP_CFG_CRITICAL];
    struct rd_ep *e = calloc(1, sizeof *e);
    if (e == NULL)
        return RC_FULL;
    rc = rio_fcep_init(&e->ctx, &c);
    if (rc != RIO_OK) {
        free(e);
        return rc;
    }
    *inst = e;
    return RC_OK;
}

static void ep_outputs(struct rd_out *o, const struct rio_fcep_out *r)
{
    switch (r->action) {
    case RIO_FCEP_NO_CCP:
    case RIO_FCEP_XOFF_COUNTED:
    case RIO_FCEP_XOFF_SATURATED:
    case RIO_FCEP_XON_COUNTED:
    case RIO_FCEP_XON_AT_ZERO:
        break;
    case RIO_FCEP_RESERVED_FLOW_ID:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_RESERVED_FLOW_ID);
        break;
    case RIO_FCEP_CRITICAL_FLOW:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_CRITICAL_FLOW);
        break;
    case RIO_FCEP_RESERVED_FAM:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_RESERVED_FAM);
        break;
    case RIO_FCEP_NOT_CONGESTION_MGMT:
        RD_EMIT(o, RC_EP_OUT_IGNORED, RD_REASON_NOT_CONGESTION_MGMT);
        break;
    }
    if (r->stopped != 0)
        RD_EMIT(o, RC_EP_OUT_STOPPED, r->dest, r->stopped);
    if (r->restarted != 0)
        RD_EMIT(o, RC_EP_OUT_RESTARTED, r->dest, r->restarted);
    for (unsigned i = 0; i < r->n_expired && i < RIO_FCEP_FIFO_MAX; i++) {
        const struct rio_fcep_expiry *x = &r->expired[i];
        RD_EMIT(o, RC_EP_OUT_ORPHAN, x->dest, rd_flow_id(x->vc, x->flow));
        if (x->restarted != 0)
            RD_EMIT(o, RC_EP_OUT_RESTARTED, x->dest, x->restarted);
    }
}

/* E2: feed n ticks to the scratch context in 32-bit chunks. */
static int ep_tick(struct rio_fcep *c, struct rd_ep *e, struct rd_out *o,
                   uint64_t n)
{
    struct rio_fcep_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RIO_FCEP_EV_TICK;
    do {
        struct rio_fcep_orphan orphan;
        ev.ticks = n > RD_U32 ? (uint32_t)RD_U32 : (uint32_t)n;
        n -= ev.ticks;
        int rc = rio_fcep_step(c, &ev, &e->out);
        if (rc != RIO_OK)
            return rc;
        ep_outputs(o, &e->out);
        rc = rio_fcep_orphan_state(&orphan, c);
        if (rc != RIO_OK)
            return rc;
        if (!orphan.running)
            break; /* no flow XOFF'd: further ticks do nothing */
    } while (n > 0 && !o->full);
    return RC_OK;
}

int rd_ep_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
            uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_ep *e = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, ep_events,
                           RD_COUNT_(ep_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_fcep_event re;
    memset(&re, 0, sizeof re);
    /* G5 needs the scratch copy (a few KB) only when the outputs may not
     * fit: a CCP, SETUP or RESET reports at most 3 (ep_outputs), a TICK at
     * most 2 per XOFF'd flow. Otherwise the context is stepped in place
     * (rio_fcep_step leaves it unchanged on error). */
    uint32_t most = ev->kind == RC_EP_EV_TICK ? 2u * RIO_FCEP_FIFO_MAX : 3u;
    int direct = cap >= most;
    struct rio_fcep *c = direct ? &e->ctx : &e->scratch;
    if (!direct)
        e->scratch = e->ctx;
    switch ((enum rc_ep_event)ev->kind) {
    case RC_EP_EV_CCP:
        if (!RD_FIT(ev, RD_U8, RD_U8, RD_U8, RD_U32, RD_U8))
            return RC_RANGE;
        re.type = RIO_FCEP_EV_CCP;
        re.ccp.xon = (uint8_t)a[0];
        re.ccp.fam = (uint8_t)a[1];
        re.ccp.flow_id = (uint8_t)a[2];
        re.ccp.tgt_destination_id = (uint32_t)a[3];
        re.ccp.soc = (uint8_t)a[4];
        break;
    case RC_EP_EV_TICK:
        rc = ep_tick(c, e, &o, a[0]);
        if (rc == RC_OK && !o.full && !direct)
            e->ctx = e->scratch;
        return rd_step_end(&o, n, rc);
    case RC_EP_EV_SETUP: {
        unsigned vc = 0, flow = 0;
        if (!RD_FIT(ev, RD_U32, RD_ANY))
            return RC_RANGE;
        rc = rd_flow_of_id(a[1], &vc, &flow);
        if (rc != RC_OK)
            return rc;
        re.type = RIO_FCEP_EV_SETUP;
        re.dest = (uint32_t)a[0];
        re.vc = (uint8_t)vc;
        re.flow = (uint8_t)flow;
        break;
    }
    case RC_EP_EV_RESET:
        re.type = RIO_FCEP_EV_RESET;
        break;
    case RC_EP_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_fcep_step(c, &re, &e->out);
    if (rc == RIO_OK) {
        ep_outputs(&o, &e->out);
        if (!o.full && !direct)
            e->ctx = e->scratch;
    }
    return rd_step_end(&o, n, rc);
}

int rd_ep_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_ep *e = inst;
    unsigned vc = 0, flow = 0;
    int rc = rd_query_begin(inst, q, value, ep_queries, RD_COUNT_(ep_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_U32, RD_ANY))
        return RC_RANGE;
    rc = rd_flow_of_id(q->arg[1], &vc, &flow);
    if (rc != RC_OK)
        return rc;
    uint32_t dest = (uint32_t)q->arg[0];
    switch ((enum rc_ep_query)q->kind) {
    case RC_EP_Q_ENABLED:
        return rd_query_result(rio_fcep_flow_enabled(&e->ctx, dest, vc, flow),
                               value);
    case RC_EP_Q_COUNTER: {
        uint16_t c = 0;
        rc = rio_fcep_counter(&c, NULL, &e->ctx, dest, vc, flow);
        if (rc == RIO_OK)
            *value = c;
        return rc;
    }
    case RC_EP_Q_END_:
        break;
    }
    return RC_INVAL;
}
