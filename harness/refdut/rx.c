/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rx.c - the VoQ backpressure receiver (rio/voqrx.h) behind the riocheck vendor
 * ABI: machine RC_M_RX of the reference DUT (rd_dut in refdut.c). Its mapping
 * notes (X1-X4) and the general ones (G1-G7) are at the top of refdut.c.
 */
#include "refdut_int.h"

#include <stdlib.h>
#include <string.h>

#include "rio/voqrx.h"

RD_TABLE_(rx_events, RC_RX_EVENTS);
RD_TABLE_(rx_queries, RC_RX_QUERIES);
RD_KEYTABLE_(rx_keys, RC_RX_CONFIG);

/* X4: the routing association of the upstream device (rx route events):
 * destination ID -> downstream egress port, at most this many entries. */
#define RD_RX_ROUTES 256u

struct rd_rx {
    struct rio_voqrx_cfg cfg; /* as given to rio_voqrx_init (map: X1) */
    int traffic;              /* a symbol or enqueue succeeded (X1) */
    struct rio_voqrx rx;
    uint32_t nroutes;         /* X4 */
    struct {
        uint32_t destination_id;
        uint16_t port;
    } route[RD_RX_ROUTES];
};

int rd_rx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    uint64_t v[RD_KEYS];
    uint32_t given;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = rd_config(v, &given, rx_keys, RD_COUNT_(rx_keys), cfg);
    if (rc != RC_OK)
        return rc;
    struct rd_rx *r = calloc(1, sizeof *r);
    if (r == NULL)
        return RC_FULL;
    struct rio_voqrx_cfg *c = &r->cfg;
    if (!rd_p12_rev(v[RC_RX_CFG_REV], &c->rev) ||
        !rd_format(v[RC_RX_CFG_FORMAT], &c->format) ||
        v[RC_RX_CFG_BEYOND] > 1u) {
        free(r);
        return RC_INVAL; /* as rio_voqrx_init */
    }
    if (v[RC_RX_CFG_PORTS] > RD_UINT || v[RC_RX_CFG_VCS] > RD_UINT ||
        v[RC_RX_CFG_PER_VC] > 1u || v[RC_RX_CFG_WIDTH] > RD_UINT ||
        v[RC_RX_CFG_QUEUE_WITHIN_VCS] > 1u || v[RC_RX_CFG_QUEUES] > RD_UINT) {
        free(r);
        return RC_RANGE;
    }
    c->port_count = (unsigned)v[RC_RX_CFG_PORTS];
    c->optional_vcs = (unsigned)v[RC_RX_CFG_VCS];
    c->per_vc = v[RC_RX_CFG_PER_VC] != 0;
    c->rx_group_width = (unsigned)v[RC_RX_CFG_WIDTH];
    c->queue_within_vcs = v[RC_RX_CFG_QUEUE_WITHIN_VCS] != 0;
    c->queue_count = (unsigned)v[RC_RX_CFG_QUEUES];
    c->beyond = v[RC_RX_CFG_BEYOND] ? RIO_VOQRX_BEYOND_DISCARD
                                    : RIO_VOQRX_BEYOND_IGNORE_BITS;
    /* X1: the default map (queue numbers < 256 fit the uint8_t map). */
    for (unsigned p = 0; p < RIO_VOQRX_MAX_PORTS && c->queue_count > 0; p++)
        c->queue_of_port[p] =
            (uint8_t)(c->queue_count >= c->port_count ? p
                                                      : p % c->queue_count);
    rc = rio_voqrx_init(&r->rx, c);
    if (rc != RIO_OK) {
        free(r);
        return rc;
    }
    *inst = r;
    return RC_OK;
}

static void rx_result(struct rd_out *o, const struct rio_voqrx_out *r)
{
    switch (r->result) {
    case RIO_VOQRX_NOTHING:
    case RIO_VOQRX_ENQUEUED:
    case RIO_VOQRX_NOTHING_ELIGIBLE:
        break;
    case RIO_VOQRX_APPLIED:
        RD_EMIT(o, RC_RX_OUT_APPLIED, r->vc);
        break;
    case RIO_VOQRX_DISCARDED_CRC:
        RD_EMIT(o, RC_RX_OUT_DISCARDED, RD_REASON_CRC);
        break;
    case RIO_VOQRX_DISCARDED_BEYOND:
        RD_EMIT(o, RC_RX_OUT_DISCARDED, RD_REASON_BEYOND);
        break;
    case RIO_VOQRX_IGNORED_NOT_VOQ:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOT_VOQ);
        break;
    case RIO_VOQRX_IGNORED_NOP:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOP);
        break;
    case RIO_VOQRX_IGNORED_RESERVED_CMD:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_RESERVED_CMD);
        break;
    case RIO_VOQRX_IGNORED_RESERVED_VC_IND:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_RESERVED_VC_IND);
        break;
    case RIO_VOQRX_IGNORED_NOT_LINKED:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_NOT_LINKED);
        break;
    case RIO_VOQRX_IGNORED_VC_NOT_IN_USE:
        RD_EMIT(o, RC_RX_OUT_IGNORED, RD_REASON_VC_NOT_IN_USE);
        break;
    case RIO_VOQRX_COMMITTED:
        RD_EMIT(o, RC_RX_OUT_COMMITTED, r->packet.id, r->packet.flow_id,
                r->packet.port, r->packet.vc);
        break;
    }
}

static int rx_map(struct rd_rx *r, const struct rc_msg *ev)
{
    struct rio_voqrx_cfg c = r->cfg;
    if (r->traffic)
        return RC_STATE;
    if (ev->arg[0] >= c.port_count || ev->arg[1] >= c.queue_count)
        return RC_RANGE;
    c.queue_of_port[ev->arg[0]] = (uint8_t)ev->arg[1];
    int rc = rio_voqrx_init(&r->rx, &c);
    if (rc == RIO_OK)
        r->cfg = c;
    return rc;
}

/* X4: route(destination_id, port): add or replace the entry. */
static int rx_route(struct rd_rx *r, const struct rc_msg *ev)
{
    if (!RD_FIT(ev, RD_U32, RD_U16) || ev->arg[1] >= r->cfg.port_count)
        return RC_RANGE;
    uint32_t i = 0;
    while (i < r->nroutes && r->route[i].destination_id != ev->arg[0])
        i++;
    if (i == RD_RX_ROUTES)
        return RC_FULL;
    r->route[i].destination_id = (uint32_t)ev->arg[0];
    r->route[i].port = (uint16_t)ev->arg[1];
    if (i == r->nroutes)
        r->nroutes++;
    return RC_OK;
}

/* X4: the downstream egress port of a routed enqueue (port = RC_NONE). */
static int rx_lookup(const struct rd_rx *r, uint64_t destination_id,
                     uint16_t *port)
{
    for (uint32_t i = 0; i < r->nroutes; i++)
        if (r->route[i].destination_id == destination_id) {
            *port = r->route[i].port;
            return RC_OK;
        }
    return RC_NOENT;
}

int rd_rx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
            uint32_t cap, uint32_t *n)
{
    struct rd_out o;
    struct rd_rx *r = inst;
    int rc = rd_step_begin(&o, inst, ev, out, cap, n, rx_events,
                           RD_COUNT_(rx_events));
    if (rc != RC_OK)
        return rc;
    const uint64_t *a = ev->arg;
    struct rio_voqrx_event e;
    struct rio_voqrx_out ro;
    uint8_t buf[16];
    memset(&e, 0, sizeof e);
    memset(&ro, 0, sizeof ro);
    switch ((enum rc_rx_event)ev->kind) {
    case RC_RX_EV_MAP:
        return rx_map(r, ev);
    case RC_RX_EV_ROUTE:
        return rx_route(r, ev);
    case RC_RX_EV_SYMBOL:
        rc = rd_bytes_in(buf, &e.len, a[0], a[1], a[2]);
        if (rc != RC_OK)
            return rc;
        e.type = RIO_VOQRX_EV_RX_SYMBOL;
        e.bytes = buf;
        break;
    case RC_RX_EV_ENQUEUE:
        if (!RD_FIT(ev, RD_U32, RD_U32, RD_U16, RD_U8, RD_U32))
            return RC_RANGE;
        e.type = RIO_VOQRX_EV_ENQUEUE;
        e.packet.id = (uint32_t)a[0];
        e.packet.flow_id = (uint32_t)a[1];
        e.packet.port = (uint16_t)a[2];
        e.packet.vc = (uint8_t)a[3];
        if (a[2] == RC_NONE) { /* X4: routed by destination_id */
            rc = rx_lookup(r, a[4], &e.packet.port);
            if (rc != RC_OK)
                return rc;
        }
        break;
    case RC_RX_EV_SCHEDULE:
        e.type = RIO_VOQRX_EV_SCHEDULE;
        break;
    case RC_RX_EV_RESET:
        e.type = RIO_VOQRX_EV_RESET;
        break;
    case RC_RX_EV_END_:
        return RC_INVAL; /* not reached */
    }
    rc = rio_voqrx_step(&r->rx, &e, &ro);
    if (rc == RIO_OK || (rc == RIO_ECRC && ro.result == RIO_VOQRX_DISCARDED_CRC))
        rx_result(&o, &ro);
    if (rc == RIO_OK && (e.type == RIO_VOQRX_EV_RX_SYMBOL ||
                         e.type == RIO_VOQRX_EV_ENQUEUE))
        r->traffic = 1;
    if (rc == RIO_OK && e.type == RIO_VOQRX_EV_RESET)
        r->traffic = 0;
    return rd_step_end(&o, n, rc);
}

int rd_rx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct rd_rx *r = inst;
    int rc = rd_query_begin(inst, q, value, rx_queries, RD_COUNT_(rx_queries));
    if (rc != RC_OK)
        return rc;
    if (!RD_FIT(q, RD_UINT, RD_UINT))
        return RC_RANGE;
    unsigned x = (unsigned)q->arg[0], vc = (unsigned)q->arg[1];
    switch ((enum rc_rx_query)q->kind) {
    case RC_RX_Q_CONGESTED:
        return rd_query_result(rio_voqrx_port_congested(&r->rx, x, vc), value);
    case RC_RX_Q_ELIGIBLE:
        return rd_query_result(rio_voqrx_queue_eligible(&r->rx, x, vc), value);
    case RC_RX_Q_DEPTH:
        return rd_query_result(rio_voqrx_queue_depth(&r->rx, x, vc), value);
    case RC_RX_Q_END_:
        break;
    }
    return RC_INVAL;
}
