/* Part 9 congested element: CCP generation, controlled flow list, CCP
 * routing. The contract and the interpretations (I-FCSW-n) are in
 * rio/fcsw.h. */
#include "rio/fcsw.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "rio/err.h"

/* Table 2-1 cells as flow masks (bit f = VC0 flow f). */
#define FLOWS_A 0x01u
#define FLOWS_B 0x02u
#define FLOWS_A_OR_B 0x03u
#define FLOWS_C_OR_HIGHER 0x3Cu /* C, D, E, F ("F" = F and higher) */
#define FLOWS_ALL 0x3Fu

int rio_fcsw_ftype_class(enum rio_fcsw_class *dst, unsigned ftype)
{
    if (dst == NULL)
        return RIO_EINVAL;
    if (ftype > 15)
        return RIO_ERANGE;
    if (ftype == RIO_FTYPE_MAINTENANCE)
        *dst = RIO_FCSW_MAINTENANCE;
    else if (ftype == RIO_FTYPE_FLOW_CONTROL)
        *dst = RIO_FCSW_FLOW_CONTROL;
    else if (ftype == RIO_FTYPE_RESPONSE)
        *dst = RIO_FCSW_RESPONSE;
    else
        *dst = RIO_FCSW_REQUEST; /* I-FCSW-2 */
    return RIO_OK;
}

int rio_fcsw_prio_flows(uint8_t *flows, unsigned prio, enum rio_fcsw_class cls)
{
    /* Table 2-1, rows in the spec's order; index [prio][class]. */
    static const uint8_t table[4][2] = {
        /* request            response */
        {FLOWS_A,           0},            /* 0b00: Lowest / Illegal */
        {FLOWS_B,           FLOWS_A},      /* 0b01: Next / Lowest */
        {FLOWS_C_OR_HIGHER, FLOWS_A_OR_B}, /* 0b10: Highest / Lowest or Next */
        {0,                 FLOWS_ALL},    /* 0b11: Illegal / any */
    };
    if (flows == NULL || (cls != RIO_FCSW_REQUEST && cls != RIO_FCSW_RESPONSE))
        return RIO_EINVAL;
    if (prio > 3)
        return RIO_ERANGE;
    *flows = table[prio][cls == RIO_FCSW_RESPONSE];
    return RIO_OK;
}

int rio_fcsw_flow_id(uint8_t *flow_id, enum rio_fcsw_class cls, unsigned vc,
                     unsigned prio, enum rio_fcsw_pick pick)
{
    uint8_t flows;
    if (flow_id == NULL ||
        (pick != RIO_FCSW_PICK_LOWEST && pick != RIO_FCSW_PICK_UNPROMOTED))
        return RIO_EINVAL;
    int err = rio_fcsw_prio_flows(&flows, prio, cls);
    if (err != RIO_OK)
        return err;
    if (vc > 8)
        return RIO_ERANGE;
    if (vc >= 1) /* I-FCSW-3: "VCn flow A and higher" */
        return rio_flow_encode(flow_id, vc, RIO_FLOW_A);
    if (flows == 0)
        return RIO_ENOENT; /* Illegal cell */
    unsigned flow = 0;
    if (cls == RIO_FCSW_RESPONSE && pick == RIO_FCSW_PICK_UNPROMOTED) {
        flow = prio - 1u; /* an unpromoted response is one above its request */
    } else {
        while (!(flows & (1u << flow))) /* the lowest flow of the cell */
            flow++;
    }
    return rio_flow_encode(flow_id, 0, flow);
}

static int id_width(const struct rio_fcsw *ctx, unsigned tt)
{
    switch (tt) {
    case RIO_TT_DEV8:
        return 8;
    case RIO_TT_DEV16:
        return 16;
    case RIO_TT_DEV32:
        return ctx->cfg.rev == RIO_P9_REV3 ? 32 : 0;
    default:
        return 0;
    }
}

/* I-FCSW-4: larger key = more important to hold off. */
static unsigned importance(uint8_t request, uint8_t flow_id, uint8_t crf)
{
    unsigned rank = flow_id <= RIO_FLOW_F ? flow_id : 0u; /* VCn A ranks as A */
    return (unsigned)request << 4 | rank << 1 | (crf == 0);
}

static unsigned entry_importance(const struct rio_fcsw_entry *e)
{
    return importance(e->request, e->flow.flow_id, e->crf);
}

static int same_flow(const struct rio_fcsw_flow_key *a, const struct rio_fcsw_flow_key *b)
{
    return a->destination_id == b->destination_id &&
           a->tgt_destination_id == b->tgt_destination_id && a->flow_id == b->flow_id;
}

int rio_fcsw_find(const struct rio_fcsw *ctx, const struct rio_fcsw_flow_key *key)
{
    if (ctx == NULL || key == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    for (unsigned i = 0; i < ctx->len; i++)
        if (same_flow(&ctx->list[i].flow, key))
            return (int)i;
    return RIO_ENOENT;
}

static void remove_entry(struct rio_fcsw *ctx, unsigned i)
{
    memmove(&ctx->list[i], &ctx->list[i + 1], (ctx->len - i - 1) * sizeof ctx->list[0]);
    ctx->len--;
}

/* A congestion-management CCP for a listed flow (header comment "CCP fields"). */
static void make_ccp(struct rio_ccp_packet *p, const struct rio_fcsw *ctx,
                     const struct rio_fcsw_flow_key *flow, uint8_t xon)
{
    memset(p, 0, sizeof *p);
    p->ack_id = 0;
    p->vc = 0;
    p->crf = ctx->cfg.crf_supported ? RIO_CCP_CRF : 0u; /* P9-2.4.2-a */
    p->prio = RIO_CCP_PRIO;
    p->tt = (uint8_t)ctx->cfg.tt;
    p->ftype = RIO_FTYPE_FLOW_CONTROL;
    p->destination_id = flow->destination_id;           /* P9-3.4-a */
    p->ccp.tgt_destination_id = flow->tgt_destination_id;
    p->ccp.xon = xon;
    p->ccp.fam = 0;
    p->ccp.rsrv = 0;                                    /* P9-3.2-c */
    p->ccp.flow_id = flow->flow_id;
    p->ccp.soc = ctx->cfg.role == RIO_FCSW_ENDPOINT ? 1u : 0u; /* P9-3.2-b */
}

static void emit(struct rio_fcsw_out *out, const struct rio_fcsw *ctx,
                 const struct rio_fcsw_entry *e, uint8_t xon, enum rio_fcsw_send_why why)
{
    if (out->n_send >= RIO_FCSW_OUT_MAX)
        return; /* NEVER: bounded by the list capacity (see rio_fcsw_step) */
    struct rio_fcsw_send *s = &out->send[out->n_send++];
    s->port = e->ccp_port;
    s->why = why;
    make_ccp(&s->pkt, ctx, &e->flow, xon);
}

/* Per-candidate eligibility (everything but list room and choice). */
static enum rio_fcsw_verdict judge(const struct rio_fcsw *ctx,
                                   const struct rio_fcsw_packet *p,
                                   struct rio_fcsw_entry *e)
{
    enum rio_fcsw_class cls = RIO_FCSW_REQUEST;
    (void)rio_fcsw_ftype_class(&cls, p->ftype); /* ftype <= 15 checked */
    switch (cls) {
    case RIO_FCSW_MAINTENANCE:
        return RIO_FCSW_NEVER_MAINTENANCE;  /* P9-2.4.3-a */
    case RIO_FCSW_FLOW_CONTROL:
        return RIO_FCSW_NEVER_FLOW_CONTROL; /* P9-2.4.3-a */
    case RIO_FCSW_REQUEST:
    case RIO_FCSW_RESPONSE:
        break;
    }
    uint8_t flow_id = 0;
    if (rio_fcsw_flow_id(&flow_id, cls, p->vc, p->prio, ctx->cfg.response_pick) != RIO_OK)
        return RIO_FCSW_ILLEGAL_PRIO; /* Table 2-1, P9-2.4.3-b */
    if (cls == RIO_FCSW_RESPONSE && !ctx->cfg.target_responses)
        return RIO_FCSW_RESPONSE_SKIPPED; /* P9-2.4.3-c */
    if (!ctx->fc_participant[p->ccp_port])
        return RIO_FCSW_NOT_PARTICIPANT;  /* P9-4.2.2-a */
    e->flow.destination_id = p->source_id;        /* P9-3.4-a */
    e->flow.tgt_destination_id = p->destination_id;
    e->flow.flow_id = flow_id;
    e->state = RIO_FCSW_WAIT_ABATE;
    e->request = (uint8_t)(cls == RIO_FCSW_REQUEST);
    e->crf = p->vc == 0 ? p->crf : 0u;
    e->ccp_port = p->ccp_port;
    if (rio_fcsw_find(ctx, &e->flow) >= 0)
        return RIO_FCSW_ALREADY_CONTROLLED; /* I-FCSW-5 */
    return RIO_FCSW_NOT_CHOSEN;             /* eligible */
}

static int packet_ok(const struct rio_fcsw *ctx, const struct rio_fcsw_packet *p)
{
    unsigned w = (unsigned)id_width(ctx, ctx->cfg.tt);
    return p->ftype <= 15 && p->vc <= 8 && p->prio <= 3 && p->crf <= 1 &&
           p->ccp_port < ctx->cfg.ports && rio_fits(p->source_id, w) &&
           rio_fits(p->destination_id, w);
}

static int on_congested(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                        struct rio_fcsw_out *out)
{
    struct rio_fcsw_entry cand[RIO_FCSW_CANDIDATES_MAX];
    if (ev->port >= ctx->cfg.ports || ev->n_candidates == 0 ||
        ev->n_candidates > RIO_FCSW_CANDIDATES_MAX)
        return RIO_ERANGE;
    for (unsigned i = 0; i < ev->n_candidates; i++)
        if (!packet_ok(ctx, &ev->candidates[i]))
            return RIO_ERANGE;
    int best = -1;
    for (unsigned i = 0; i < ev->n_candidates; i++) {
        memset(&cand[i], 0, sizeof cand[i]);
        cand[i].congested_port = ev->port;
        out->candidate[i] = judge(ctx, &ev->candidates[i], &cand[i]);
        if (out->candidate[i] == RIO_FCSW_NOT_CHOSEN &&
            (best < 0 || entry_importance(&cand[i]) > entry_importance(&cand[best])))
            best = (int)i;
    }
    out->chosen = best;
    if (best < 0) {
        out->verdict = out->candidate[0];
        return RIO_OK;
    }
    const struct rio_fcsw_entry *e = &cand[best];
    enum rio_fcsw_verdict v = RIO_FCSW_XOFF_SENT;
    if (ctx->len >= ctx->cfg.list_capacity) {
        /* P9-2.4.2.2-b: room only by XONing a less important flow early; a
         * flow whose XON cannot be sent now is never a victim. */
        int victim = -1;
        for (unsigned i = 0; i < ctx->len; i++) {
            const struct rio_fcsw_entry *x = &ctx->list[i];
            if (x->state != RIO_FCSW_WAIT_ABATE || !ctx->fc_participant[x->ccp_port])
                continue;
            if (victim < 0 || entry_importance(x) < entry_importance(&ctx->list[victim]))
                victim = (int)i;
        }
        if (victim < 0 || entry_importance(e) <= entry_importance(&ctx->list[victim])) {
            out->candidate[best] = RIO_FCSW_LIST_FULL;
            out->verdict = RIO_FCSW_LIST_FULL;
            return RIO_OK;
        }
        emit(out, ctx, &ctx->list[victim], 1, RIO_FCSW_SEND_XON_EARLY);
        remove_entry(ctx, (unsigned)victim);
        v = RIO_FCSW_XOFF_SENT_REPLACING;
    }
    ctx->list[ctx->len++] = *e; /* P9-2.4.2.2-a, P9-2.4.6-3, P9-2.4.5-4 */
    emit(out, ctx, e, 0, RIO_FCSW_SEND_XOFF);
    out->candidate[best] = v;
    out->verdict = v;
    return RIO_OK;
}

/* Congestion abated for entry i: XON it, or hold it if its port does not
 * participate (I-FCSW-6). Returns 1 if the entry was removed. */
static int abate(struct rio_fcsw *ctx, unsigned i, struct rio_fcsw_out *out)
{
    struct rio_fcsw_entry *e = &ctx->list[i];
    if (!ctx->fc_participant[e->ccp_port]) {
        e->state = RIO_FCSW_WAIT_PARTICIPANT;
        out->n_held++;
        return 0;
    }
    emit(out, ctx, e, 1, RIO_FCSW_SEND_XON_ABATED);
    remove_entry(ctx, i);
    return 1;
}

static void abate_verdict(struct rio_fcsw_out *out)
{
    out->verdict = out->n_send ? RIO_FCSW_XON_SENT
                   : out->n_held ? RIO_FCSW_XON_HELD
                                 : RIO_FCSW_NONE;
}

static int on_abated_port(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                          struct rio_fcsw_out *out)
{
    if (ev->port >= ctx->cfg.ports)
        return RIO_ERANGE;
    for (unsigned i = 0; i < ctx->len;) {
        if (ctx->list[i].congested_port == ev->port && abate(ctx, i, out))
            continue; /* entry i is now the next one */
        i++;
    }
    abate_verdict(out);
    return RIO_OK;
}

static int on_abated_flow(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                          struct rio_fcsw_out *out)
{
    if (ev->flow.flow_id > 0x7F)
        return RIO_ERANGE;
    int i = rio_fcsw_find(ctx, &ev->flow);
    if (i < 0)
        return RIO_ENOENT;
    (void)abate(ctx, (unsigned)i, out);
    abate_verdict(out);
    return RIO_OK;
}

static int on_port_control(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                           struct rio_fcsw_out *out)
{
    if (ev->port >= ctx->cfg.ports)
        return RIO_ERANGE;
    uint8_t was = ctx->fc_participant[ev->port];
    ctx->fc_participant[ev->port] = (ev->port_control & RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT) != 0;
    ctx->fa_participant[ev->port] = (ev->port_control & RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT) != 0;
    if (!was && ctx->fc_participant[ev->port]) {
        for (unsigned i = 0; i < ctx->len;) {
            struct rio_fcsw_entry *e = &ctx->list[i];
            if (e->state == RIO_FCSW_WAIT_PARTICIPANT && e->ccp_port == ev->port) {
                emit(out, ctx, e, 1, RIO_FCSW_SEND_XON_RESUMED);
                remove_entry(ctx, i);
                continue;
            }
            i++;
        }
    }
    out->verdict = out->n_send ? RIO_FCSW_XON_SENT : RIO_FCSW_NONE;
    return RIO_OK;
}

static int on_forward(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                      struct rio_fcsw_out *out)
{
    const struct rio_ccp_packet *p = &ev->ccp;
    if (ctx->cfg.role == RIO_FCSW_ENDPOINT)
        return RIO_ENOTSUP;
    if (ev->port >= ctx->cfg.ports || ev->in_port >= ctx->cfg.ports || ev->no_buffer > 1)
        return RIO_ERANGE;
    if (p->tt == 3)
        return RIO_ERESERVED;
    if (p->tt == RIO_TT_DEV32 && ctx->cfg.rev == RIO_P9_REV2)
        return RIO_EREVISION;
    unsigned w = (unsigned)id_width(ctx, p->tt);
    if (w == 0 || !rio_fits(p->ack_id, 6) || !rio_fits(p->vc, 1) || !rio_fits(p->crf, 1) ||
        !rio_fits(p->prio, 2) || !rio_fits(p->ftype, 4) || !rio_fits(p->destination_id, w) ||
        !rio_fits(p->ccp.tgt_destination_id, w) || !rio_fits(p->ccp.xon, 1) ||
        !rio_fits(p->ccp.fam, 3) || !rio_fits(p->ccp.rsrv, 4) ||
        !rio_fits(p->ccp.flow_id, 7) || !rio_fits(p->ccp.soc, 1))
        return RIO_ERANGE;
    if (p->ftype != RIO_FTYPE_FLOW_CONTROL)
        return RIO_EFORMAT;
    uint8_t gate = ctx->fc_participant[ev->port];
    switch (rio_fam_decode(p->ccp.xon, p->ccp.fam, NULL)) {
    case RIO_FAM_XOFF:
    case RIO_FAM_XON:
    case RIO_FAM_RESERVED:
        break;
    case RIO_FAM_XOFF_ARB:
    case RIO_FAM_RELEASE:
    case RIO_FAM_XON_ARB:
    case RIO_FAM_REQUEST_SINGLE:
    case RIO_FAM_REQUEST_MULTI:
        gate = ctx->fa_participant[ev->port] && /* I-FCSW-6: bit 15 */
               (gate || !ctx->cfg.arb_requires_fc_participant);
        break;
    }
    if (!gate) {
        out->verdict = RIO_FCSW_NOT_PARTICIPANT; /* P9-4.2.2-a/b */
        return RIO_OK;
    }
    if (ev->no_buffer && ctx->cfg.drop_ccp_no_buffer) {
        out->verdict = RIO_FCSW_DROPPED_NO_BUFFER; /* P9-2.4.2-b, P9-2.4.6-2 */
        return RIO_OK;
    }
    /* I-FCSW-7: forwarded in this step, so per-pair order = event order. */
    out->send[0].port = ev->port;
    out->send[0].why = RIO_FCSW_SEND_FORWARD;
    out->send[0].pkt = *p;
    out->n_send = 1;
    out->verdict = RIO_FCSW_FORWARDED;
    return RIO_OK;
}

int rio_fcsw_init(struct rio_fcsw *ctx, const struct rio_fcsw_cfg *cfg)
{
    if (ctx == NULL || cfg == NULL)
        return RIO_EINVAL;
    ctx->ready = 0;
    if ((cfg->rev != RIO_P9_REV2 && cfg->rev != RIO_P9_REV3) ||
        (cfg->role != RIO_FCSW_SWITCH && cfg->role != RIO_FCSW_ENDPOINT) ||
        (cfg->response_pick != RIO_FCSW_PICK_LOWEST &&
         cfg->response_pick != RIO_FCSW_PICK_UNPROMOTED) ||
        cfg->crf_supported > 1 || cfg->target_responses > 1 || cfg->drop_ccp_no_buffer > 1 ||
        cfg->arb_requires_fc_participant > 1)
        return RIO_EINVAL;
    if (cfg->ports == 0 || cfg->ports > RIO_FCSW_PORTS_MAX || cfg->list_capacity == 0 ||
        cfg->list_capacity > RIO_FCSW_LIST_MAX || cfg->tt > 3)
        return RIO_ERANGE;
    if (cfg->tt == 3)
        return RIO_ERESERVED;
    if (cfg->tt == RIO_TT_DEV32 && cfg->rev == RIO_P9_REV2)
        return RIO_EREVISION;
    memset(ctx, 0, sizeof *ctx);
    ctx->cfg = *cfg;
    ctx->ready = 1;
    return RIO_OK;
}

/*
 * Transition table. Per flow: not listed -> WAIT_ABATE (XOFF sent) ->
 * [WAIT_PARTICIPANT (XON due, port not participating)] -> not listed.
 *
 * event         condition                               effect                           spec
 * CONGESTED     candidate ftype 8 / 7                   never a CCP                      P9-2.4.3-a
 *               Table 2-1 Illegal                       no CCP: ILLEGAL_PRIO             P9-2.4.3-b
 *               response, target_responses 0            no CCP: RESPONSE_SKIPPED         P9-2.4.3-c
 *               ccp_port bit 13 = 0                     no CCP: NOT_PARTICIPANT          P9-4.2.2-a
 *               flow listed                             no CCP: ALREADY_CONTROLLED       I-FCSW-5
 *               most important eligible, list not full  XOFF; listed (WAIT_ABATE)        P9-2.4.6-1,
 *                                                                                        P9-2.4.2.2-a
 *               list full, more important than the      XON victim, unlist it; XOFF,     P9-2.4.2.2-b
 *               least important sendable entry          list new
 *               list full otherwise                     no CCP: LIST_FULL                P9-2.4.2.2-b
 * ABATED_PORT p entries with congested_port p, oldest   XON, unlist; or (bit 13 = 0)     P9-2.4.6-3,
 * ABATED_FLOW f first / the entry of f (RIO_ENOENT)     WAIT_PARTICIPANT                 P9-2.4.5-4
 * PORT_CONTROL  bit 13 goes 0 -> 1                      XON every WAIT_PARTICIPANT       I-FCSW-6
 *               on that port                            entry of that port, unlist
 * FORWARD       bit 13 (XON/XOFF) / bit 15 (ARB) = 0    discarded: NOT_PARTICIPANT       P9-4.2.2-a/b
 *               no_buffer and drop_ccp_no_buffer        dropped                          P9-2.4.2-b
 *               otherwise                               sent unchanged, same step        P9-2.4.4-a
 */
int rio_fcsw_step(struct rio_fcsw *ctx, const struct rio_fcsw_event *ev,
                  struct rio_fcsw_out *out)
{
    if (ctx == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    if (ctx->ready != 1)
        return RIO_ESTATE;
    out->verdict = RIO_FCSW_NONE;
    out->chosen = -1;
    for (unsigned i = 0; i < RIO_FCSW_CANDIDATES_MAX; i++)
        out->candidate[i] = RIO_FCSW_NONE;
    out->n_held = 0;
    out->n_send = 0;
    switch (ev->type) {
    case RIO_FCSW_EV_CONGESTED:
        return on_congested(ctx, ev, out);
    case RIO_FCSW_EV_ABATED_PORT:
        return on_abated_port(ctx, ev, out);
    case RIO_FCSW_EV_ABATED_FLOW:
        return on_abated_flow(ctx, ev, out);
    case RIO_FCSW_EV_PORT_CONTROL:
        return on_port_control(ctx, ev, out);
    case RIO_FCSW_EV_FORWARD:
        return on_forward(ctx, ev, out);
    }
    return RIO_EINVAL; /* not an event type */
}

unsigned rio_fcsw_list_len(const struct rio_fcsw *ctx)
{
    return ctx != NULL && ctx->ready == 1 ? ctx->len : 0u;
}

int rio_fcsw_list_entry(struct rio_fcsw_entry *dst, const struct rio_fcsw *ctx, unsigned i)
{
    if (dst == NULL || ctx == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    if (i >= ctx->len)
        return RIO_ENOENT;
    *dst = ctx->list[i];
    return RIO_OK;
}

int rio_fcsw_port_control(uint32_t *csr, const struct rio_fcsw *ctx, unsigned port)
{
    if (csr == NULL || ctx == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    if (port >= ctx->cfg.ports)
        return RIO_ERANGE;
    *csr = (ctx->fc_participant[port] ? RIO_FCREG_CTL_FLOW_CTL_PARTICIPANT : 0u) |
           (ctx->fa_participant[port] ? RIO_FCREG_CTL_FLOW_ARB_PARTICIPANT : 0u);
    return RIO_OK;
}

const char *rio_fcsw_verdict_name(enum rio_fcsw_verdict v)
{
    switch (v) {
    case RIO_FCSW_NONE:
        return "NONE";
    case RIO_FCSW_XOFF_SENT:
        return "XOFF_SENT";
    case RIO_FCSW_XOFF_SENT_REPLACING:
        return "XOFF_SENT_REPLACING";
    case RIO_FCSW_NOT_CHOSEN:
        return "NOT_CHOSEN";
    case RIO_FCSW_NEVER_MAINTENANCE:
        return "NEVER_MAINTENANCE";
    case RIO_FCSW_NEVER_FLOW_CONTROL:
        return "NEVER_FLOW_CONTROL";
    case RIO_FCSW_ILLEGAL_PRIO:
        return "ILLEGAL_PRIO";
    case RIO_FCSW_RESPONSE_SKIPPED:
        return "RESPONSE_SKIPPED";
    case RIO_FCSW_NOT_PARTICIPANT:
        return "NOT_PARTICIPANT";
    case RIO_FCSW_ALREADY_CONTROLLED:
        return "ALREADY_CONTROLLED";
    case RIO_FCSW_LIST_FULL:
        return "LIST_FULL";
    case RIO_FCSW_XON_SENT:
        return "XON_SENT";
    case RIO_FCSW_XON_HELD:
        return "XON_HELD";
    case RIO_FCSW_FORWARDED:
        return "FORWARDED";
    case RIO_FCSW_DROPPED_NO_BUFFER:
        return "DROPPED_NO_BUFFER";
    }
    return "?";
}
/* SPDX-License-Identifier: Apache-2.0 */
