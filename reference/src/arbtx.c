/*
 * arbtx.c - Part 9 flow arbitration transmitter (rio/arb.h).
 *
 * The step function works on a copy of the context and commits it only when
 * the whole event succeeded, so "on error the context is unchanged" holds for
 * every path, including the (unreachable, see the bounds in arb.h) output
 * array overflow.
 */
#include "rio/arb.h"

#include <stddef.h>

#include "arb_int.h"
#include "rio/err.h"

/* ========================================================================
 * Transmitter
 * ======================================================================== */

/* One step's working set: the context copy and the outputs being built. */
struct tx_run {
    struct rio_arb_tx *c;
    struct rio_arb_tx_out *out;
    int overflow;
};

static struct rio_arb_tx_pdu *tx_at(struct rio_arb_tx_flow *fl, unsigned i)
{
    return &fl->q[(fl->head + i) % RIO_ARB_TX_QUEUE];
}

static const struct rio_arb_tx_pdu *tx_at_c(const struct rio_arb_tx_flow *fl,
                                            unsigned i)
{
    return &fl->q[(fl->head + i) % RIO_ARB_TX_QUEUE];
}

static struct rio_arb_tx_note *tx_note(struct tx_run *r,
                                       enum rio_arb_tx_note_kind kind,
                                       unsigned f, unsigned seq,
                                       unsigned multi)
{
    struct rio_arb_tx_out *o = r->out;
    if (o->nnote >= RIO_ARB_OUT_NOTES) {
        r->overflow = 1; /* NEVER: bounded in arb.h */
        return NULL;
    }
    struct rio_arb_tx_note *n = &o->note[o->nnote++];
    n->kind = kind;
    n->flow = (uint16_t)f;
    n->seq = (uint8_t)seq;
    n->multi = (uint8_t)multi;
    n->early = 0;
    n->cmd = RIO_FAM_RESERVED;
    n->pdu = 0;
    return n;
}

static void tx_msg(struct tx_run *r, enum rio_fam_cmd cmd, unsigned f,
                   unsigned seq, enum rio_arb_travel travel, unsigned reissue)
{
    struct rio_arb_tx_out *o = r->out;
    if (o->nmsg >= RIO_ARB_OUT_MSGS) {
        r->overflow = 1; /* NEVER: bounded in arb.h */
        return;
    }
    struct rio_arb_msg *m = &o->msg[o->nmsg++];
    m->cmd = cmd;
    m->seq = (uint8_t)seq;
    m->flow = (uint16_t)f;
    m->travel = travel;
    m->reissue = (uint8_t)reissue;
    m->dealloc = 0;
}

/* A context ends after the PDU at queue index i when that PDU was marked by
 * END, or the PDU after it asks for a single-PDU grant (I-ARB-9). A SINGLE
 * PDU never shares a multi-PDU context, so it is a boundary too. */
static int tx_boundary_after(const struct rio_arb_tx_flow *fl, unsigned i)
{
    const struct rio_arb_tx_pdu *p = tx_at_c(fl, i);
    if (p->ends_context || p->mode == RIO_ARB_SINGLE)
        return 1;
    return i + 1u < fl->count && tx_at_c(fl, i + 1u)->mode == RIO_ARB_SINGLE;
}

/* Queue index of the first PDU that the current context will not carry, i.e.
 * the one the next REQUEST is for; -1 if there is none (yet). */
static int tx_uncovered(const struct rio_arb_tx_flow *fl)
{
    switch (fl->ctx) {
    case RIO_ARB_TX_CTX_STATIC:
        return -1;
    case RIO_ARB_TX_CTX_NONE:
        return fl->count > 0 ? 0 : -1;
    case RIO_ARB_TX_CTX_SINGLE:
    case RIO_ARB_TX_CTX_DRAINING:
        /* the head PDU is the last one this context carries */
        return fl->count > 1 ? 1 : -1;
    case RIO_ARB_TX_CTX_MULTI:
        for (unsigned i = 0; i < fl->count; i++)
            if (tx_boundary_after(fl, i))
                return i + 1u < fl->count ? (int)(i + 1u) : -1;
        return -1; /* the end of this context is not known yet */
    }
    return -1;
}

static void tx_send_request(struct tx_run *r, unsigned f, unsigned reissue)
{
    const struct rio_arb_tx_flow *fl = &r->c->flow[f];
    tx_msg(r, fl->req_multi ? RIO_FAM_REQUEST_MULTI : RIO_FAM_REQUEST_SINGLE,
           f, fl->req_seq, travel_of(r->c->cfg.ccp_in_own_flow), reissue);
}

/* Issue a NEW REQUEST if a queued PDU needs a context nobody has asked for:
 * never with one outstanding or a next grant in hand (rule 11), never during
 * the backoff after XOFF(ARB), ahead of the current context only with
 * cfg.pipeline and only if its bit differs from the context's (I-ARB-8: after
 * a rejected pipelined REQUEST the next bit is the context's own, and an
 * XOFF(ARB) or XON(ARB) with that bit would be ambiguous). A new REQUEST
 * takes the next bit (rule 4). */
static void tx_pump(struct tx_run *r, unsigned f)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    if (fl->req != RIO_ARB_TX_REQ_NONE)
        return;
    int k = tx_uncovered(fl);
    if (k < 0)
        return;
    if (fl->ctx != RIO_ARB_TX_CTX_NONE &&
        (!r->c->cfg.pipeline || fl->next_seq == fl->ctx_seq))
        return; /* I-ARB-8: a REQUEST ahead never has the context's bit */
    fl->req = RIO_ARB_TX_REQ_EXPECT_RESPONSE;
    fl->req_seq = fl->next_seq;
    fl->next_seq ^= 1u;
    fl->req_multi = (uint8_t)(tx_at(fl, (unsigned)k)->mode == RIO_ARB_MULTI);
    fl->req_elapsed = 0;
    tx_send_request(r, f, 0);
}

/* The current context is over (rule 5: last segment of a single PDU sent;
 * rules 7/8: RELEASE sent). A grant already in hand for the next context
 * becomes current. */
static void tx_context_end(struct tx_run *r, unsigned f)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    tx_note(r, RIO_ARB_TX_CONTEXT_END, f, fl->ctx_seq,
            fl->ctx != RIO_ARB_TX_CTX_SINGLE);
    if (fl->req == RIO_ARB_TX_REQ_GRANTED_NEXT) {
        fl->ctx = fl->req_multi ? RIO_ARB_TX_CTX_MULTI : RIO_ARB_TX_CTX_SINGLE;
        fl->ctx_seq = fl->req_seq;
        fl->req = RIO_ARB_TX_REQ_NONE;
        tx_note(r, RIO_ARB_TX_CONTEXT_START, f, fl->ctx_seq, fl->req_multi);
    } else {
        fl->ctx = RIO_ARB_TX_CTX_NONE;
    }
}

/* RELEASE, in the flow of the context (rule 12), with the context's bit
 * (I-ARB-4). */
static void tx_release(struct tx_run *r, unsigned f)
{
    tx_msg(r, RIO_FAM_RELEASE, f, r->c->flow[f].ctx_seq, RIO_ARB_OWN_FLOW, 0);
    tx_context_end(r, f);
}

/* After any change to a flow: give back a multi-PDU context that has reached
 * a release point with no PDU in progress (I-ARB-9, I-ARB-10), then ask for
 * what is still needed. A grant in hand never makes a multi-PDU context whose
 * head is SINGLE (a multi REQUEST is only issued for a MULTI PDU, and every
 * PDU between the head and it is MULTI), so one pass is enough. */
static void tx_settle(struct tx_run *r, unsigned f)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    if (fl->head_sent == 0) {
        if (fl->ctx == RIO_ARB_TX_CTX_DRAINING ||
            (fl->ctx == RIO_ARB_TX_CTX_MULTI && fl->count > 0 &&
             tx_at(fl, 0)->mode == RIO_ARB_SINGLE))
            tx_release(r, f);
    }
    tx_pump(r, f);
}

static int tx_can_send(const struct rio_arb_tx_flow *fl)
{
    switch (fl->ctx) {
    case RIO_ARB_TX_CTX_NONE:
        return 0; /* P9-2.4.7-1, P9-2.4.2.1-b: no data without a grant */
    case RIO_ARB_TX_CTX_STATIC:
    case RIO_ARB_TX_CTX_SINGLE:
    case RIO_ARB_TX_CTX_MULTI:
    case RIO_ARB_TX_CTX_DRAINING:
        return fl->count > 0;
    }
    return 0;
}

static void tx_slot(struct tx_run *r, unsigned f)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    if (!tx_can_send(fl))
        return;
    const struct rio_arb_tx_pdu *p = tx_at(fl, 0);
    struct rio_arb_data *d = &r->out->data;
    r->out->ndata = 1;
    d->flow = (uint16_t)f;
    d->pdu = fl->head_pdu;
    d->segment = fl->head_sent;
    d->last = (uint8_t)(fl->head_sent + 1u >= p->packets);
    fl->head_sent++;
    if (!d->last)
        return;
    int boundary = tx_boundary_after(fl, 0);
    fl->head = (fl->head + 1u) % RIO_ARB_TX_QUEUE;
    fl->count--;
    fl->head_sent = 0;
    struct rio_arb_tx_note *n = tx_note(r, RIO_ARB_TX_PDU_DONE, f, 0, 0);
    if (n != NULL)
        n->pdu = fl->head_pdu;
    fl->head_pdu++;
    switch (fl->ctx) {
    case RIO_ARB_TX_CTX_STATIC:
    case RIO_ARB_TX_CTX_NONE: /* NEVER: tx_can_send */
        break;
    case RIO_ARB_TX_CTX_SINGLE:
        tx_context_end(r, f); /* rule 5 */
        break;
    case RIO_ARB_TX_CTX_MULTI:
        if (boundary)
            tx_release(r, f); /* rule 7 */
        break;
    case RIO_ARB_TX_CTX_DRAINING:
        tx_release(r, f); /* rule 8 */
        break;
    }
    tx_settle(r, f);
}

static int tx_pdu(struct tx_run *r, unsigned f, enum rio_arb_mode mode,
                  uint32_t packets)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    if (mode != RIO_ARB_SINGLE && mode != RIO_ARB_MULTI)
        return RIO_EINVAL;
    if (packets == 0)
        return RIO_ERANGE;
    if (fl->count >= RIO_ARB_TX_QUEUE)
        return RIO_EFULL;
    fl->count++;
    struct rio_arb_tx_pdu *p = tx_at(fl, fl->count - 1u);
    p->packets = packets;
    p->mode = (uint8_t)mode;
    p->ends_context = 0;
    if (fl->ctx != RIO_ARB_TX_CTX_STATIC)
        tx_settle(r, f);
    return RIO_OK;
}

static int tx_end(struct tx_run *r, unsigned f)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    if (fl->ctx == RIO_ARB_TX_CTX_STATIC)
        return RIO_OK; /* nothing is arbitrated: nothing to release */
    if (fl->count == 0) {
        if (fl->ctx != RIO_ARB_TX_CTX_MULTI)
            return RIO_ESTATE;
        tx_release(r, f); /* rule 7, idle context */
    } else {
        struct rio_arb_tx_pdu *tail = tx_at(fl, fl->count - 1u);
        if (tail->mode != RIO_ARB_MULTI)
            return RIO_ESTATE;
        tail->ends_context = 1;
    }
    tx_settle(r, f);
    return RIO_OK;
}

static void tx_ccp(struct tx_run *r, unsigned f, enum rio_fam_cmd cmd,
                   unsigned seq)
{
    struct rio_arb_tx_flow *fl = &r->c->flow[f];
    int matches = fl->req == RIO_ARB_TX_REQ_EXPECT_RESPONSE &&
                  seq == fl->req_seq;
    struct rio_arb_tx_note *n;
    if (fl->ctx == RIO_ARB_TX_CTX_STATIC) {
        n = tx_note(r, RIO_ARB_TX_IGNORED_CCP, f, seq, 0); /* I-ARB-11 */
        if (n != NULL)
            n->cmd = cmd;
        return;
    }
    switch (cmd) {
    case RIO_FAM_XON_ARB:
        if (!matches)
            break; /* stale, below */
        n = tx_note(r, RIO_ARB_TX_GRANTED, f, seq, fl->req_multi);
        if (fl->ctx == RIO_ARB_TX_CTX_NONE) {
            fl->ctx = fl->req_multi ? RIO_ARB_TX_CTX_MULTI
                                    : RIO_ARB_TX_CTX_SINGLE;
            fl->ctx_seq = fl->req_seq;
            fl->req = RIO_ARB_TX_REQ_NONE;
            tx_note(r, RIO_ARB_TX_CONTEXT_START, f, seq, fl->req_multi);
        } else {
            if (n != NULL)
                n->early = 1; /* I-ARB-19 */
            fl->req = RIO_ARB_TX_REQ_GRANTED_NEXT;
        }
        tx_settle(r, f);
        return;
    case RIO_FAM_XOFF_ARB:
        if (matches) {
            /* rule 3 (2): a new REQUEST may follow; its bit was already
             * advanced when this one was issued (I-ARB-1). */
            tx_note(r, RIO_ARB_TX_REJECTED, f, seq, fl->req_multi);
            fl->backoff = r->c->cfg.retry_backoff;
            fl->req = fl->backoff ? RIO_ARB_TX_REQ_EXPECT_RETRY_TIME
                                  : RIO_ARB_TX_REQ_NONE;
            tx_settle(r, f);
            return;
        }
        if ((fl->ctx == RIO_ARB_TX_CTX_MULTI ||
             fl->ctx == RIO_ARB_TX_CTX_DRAINING) &&
            (seq == fl->ctx_seq || r->c->cfg.xoff_arb_any_seq)) {
            /* rule 8 (I-ARB-3, I-ARB-10); a repeat while draining changes
             * nothing */
            tx_note(r, RIO_ARB_TX_DEALLOC_REQUESTED, f, seq, 1);
            if (fl->ctx == RIO_ARB_TX_CTX_MULTI) {
                fl->ctx = RIO_ARB_TX_CTX_DRAINING;
                tx_settle(r, f); /* releases at once if no PDU in progress */
            }
            return;
        }
        break; /* stale, below */
    case RIO_FAM_XOFF:
    case RIO_FAM_RELEASE:
    case RIO_FAM_XON:
    case RIO_FAM_REQUEST_SINGLE:
    case RIO_FAM_REQUEST_MULTI:
    case RIO_FAM_RESERVED:
        n = tx_note(r, RIO_ARB_TX_IGNORED_CCP, f, seq, 0);
        if (n != NULL)
            n->cmd = cmd;
        return;
    }
    n = tx_note(r, RIO_ARB_TX_STALE_RESPONSE, f, seq, 0); /* I-ARB-2 */
    if (n != NULL)
        n->cmd = cmd;
}

static void tx_tick(struct tx_run *r, uint32_t ticks)
{
    const struct rio_arb_tx_cfg *cfg = &r->c->cfg;
    for (unsigned f = 0; f < cfg->nflows; f++) {
        struct rio_arb_tx_flow *fl = &r->c->flow[f];
        switch (fl->req) {
        case RIO_ARB_TX_REQ_NONE:
        case RIO_ARB_TX_REQ_GRANTED_NEXT:
            break;
        case RIO_ARB_TX_REQ_EXPECT_RESPONSE:
            fl->req_elapsed = sat_add(fl->req_elapsed, ticks);
            if (cfg->request_timeout != 0 &&
                fl->req_elapsed >= cfg->request_timeout) {
                /* rules 3 (1) and 4, P9-2.4.2.1-b: retry the REQUEST with
                 * the same bit; never just start sending */
                fl->req_elapsed = 0;
                if (fl->reissues < UINT32_MAX)
                    fl->reissues++;
                tx_note(r, RIO_ARB_TX_TIMEOUT_REISSUE, f, fl->req_seq,
                        fl->req_multi);
                tx_send_request(r, f, 1);
            }
            break;
        case RIO_ARB_TX_REQ_EXPECT_RETRY_TIME:
            fl->backoff -= (ticks < fl->backoff) ? ticks : fl->backoff;
            if (fl->backoff == 0) {
                fl->req = RIO_ARB_TX_REQ_NONE;
                tx_pump(r, f);
            }
            break;
        }
    }
}

int rio_arb_tx_init(struct rio_arb_tx *ctx, const struct rio_arb_tx_cfg *cfg)
{
    if (ctx == NULL)
        return RIO_EINVAL;
    ctx->ready = 0;
    if (cfg == NULL || !is_rev(cfg->rev))
        return RIO_EINVAL;
    if (cfg->nflows == 0 || cfg->nflows > RIO_ARB_MAX_FLOWS)
        return RIO_ERANGE;
    if (cfg->peer_arb > 1u || cfg->pipeline > 1u ||
        cfg->ccp_in_own_flow > 1u || cfg->xoff_arb_any_seq > 1u)
        return RIO_ERANGE;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++)
        if (cfg->static_flow[f] > 1u)
            return RIO_ERANGE;
    ctx->cfg = *cfg;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        struct rio_arb_tx_flow *fl = &ctx->flow[f];
        *fl = (struct rio_arb_tx_flow){0};
        fl->ctx = (!cfg->peer_arb || cfg->static_flow[f])
                      ? RIO_ARB_TX_CTX_STATIC
                      : RIO_ARB_TX_CTX_NONE;
        fl->req = RIO_ARB_TX_REQ_NONE;
    }
    ctx->ready = 1;
    return RIO_OK;
}

/*
 * Transmitter transition table, per flow. Two orthogonal halves: the context
 * (what the flow holds) and the request (what it has asked for). "settle"
 * after every row: a multi-PDU context at a release point with no PDU in
 * progress sends RELEASE; then, if a queued PDU needs a context nobody asked
 * for, a NEW REQUEST goes out with the next bit (ahead of the current context
 * only with cfg.pipeline) - 2.2.2, rules 1, 4, 11; I-ARB-8, I-ARB-9.
 *
 * Context (state)        event                     -> next, output
 * ---------------------  ------------------------  --------------------------
 * NONE (IDLE/EXPECT_*)   XON(ARB) = outstanding    -> SENDING_SINGLE/MULTI per
 *                                                     the REQUEST; GRANTED,
 *                                                     CONTEXT_START (2.2.1)
 * NONE                   SLOT                      -> no data (rule 1,
 *                                                     P9-2.4.7-1, 2.4.2.1)
 * SENDING_SINGLE_PDU     SLOT                      -> one packet; after the
 *                                                     last: context gone
 *                                                     (rule 5), the next
 *                                                     grant in hand starts
 * SENDING_MULTI_PDU      SLOT                      -> one packet; last of a
 *                                                     PDU at a release point:
 *                                                     RELEASE (rule 7, 12)
 * SENDING_MULTI_PDU      PDU SINGLE / END, no PDU  -> RELEASE now (I-ARB-9)
 *                        in progress, none queued
 * SENDING_MULTI_PDU      XOFF(ARB) ctx bit (I-ARB-3)-> DRAINING_TO_RELEASE, or
 *                                                     RELEASE now if no PDU is
 *                                                     in progress (rule 8,
 *                                                     I-ARB-10)
 * DRAINING_TO_RELEASE    SLOT                      -> one packet; after the
 *                                                     PDU's last: RELEASE
 * DRAINING_TO_RELEASE    XOFF(ARB) ctx bit         -> (no change), note
 * NOT_ARBITRATED         SLOT                      -> one packet whenever a
 *                                                     PDU is queued (1.2.1,
 *                                                     3.3, I-ARB-11)
 * NOT_ARBITRATED         CCP                       -> IGNORED_CCP
 * any                    REQUEST/RELEASE/XON/XOFF/ -> IGNORED_CCP
 *                        reserved received
 * any                    XON(ARB)/XOFF(ARB) that   -> STALE_RESPONSE, ignored
 *                        matches nothing              (I-ARB-2)
 *
 * Request                event                     -> next, output
 * ---------------------  ------------------------  --------------------------
 * NONE                   a PDU needs a context     -> EXPECT_RESPONSE,
 *                                                     REQUEST bit next_seq,
 *                                                     next_seq flips (rule 4)
 * NONE, context open     next_seq = context's bit, -> NONE until the context
 *                        or pipeline 0                ends (I-ARB-8)
 * EXPECT_RESPONSE        XON(ARB) same bit, no ctx -> NONE (context starts)
 * EXPECT_RESPONSE        XON(ARB) same bit, ctx    -> GRANTED_NEXT (I-ARB-19)
 * EXPECT_RESPONSE        XOFF(ARB) same bit        -> EXPECT_RETRY_TIME (NONE
 *                                                     if retry_backoff 0);
 *                                                     REJECTED (rule 3 (2))
 * EXPECT_RESPONSE        TICK reaches timeout      -> same; REQUEST re-issued,
 *                                                     same bit (rules 3 (1),
 *                                                     4; P9-2.4.2.1-b)
 * EXPECT_RETRY_TIME      TICK ends the backoff     -> NONE (then settle: a
 *                                                     new REQUEST, next bit,
 *                                                     I-ARB-1)
 * GRANTED_NEXT           current context ends      -> NONE; the grant becomes
 *                                                     the context
 */
int rio_arb_tx_step(struct rio_arb_tx *ctx, const struct rio_arb_tx_event *ev,
                    struct rio_arb_tx_out *out)
{
    if (ctx == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    if (!ctx->ready)
        return RIO_ESTATE;
    struct rio_arb_tx work = *ctx;
    struct tx_run r = {&work, out, 0};
    out->nmsg = 0;
    out->ndata = 0;
    out->nnote = 0;
    int rc = RIO_OK;
    int known = 0, flow_event = 0;
    switch (ev->type) {
    case RIO_ARB_TX_EV_TICK:
        known = 1;
        break;
    case RIO_ARB_TX_EV_PDU:
    case RIO_ARB_TX_EV_END:
    case RIO_ARB_TX_EV_CCP:
    case RIO_ARB_TX_EV_SLOT:
        known = flow_event = 1;
        break;
    }
    if (!known)
        return RIO_EINVAL; /* a value outside the enum */
    if (flow_event && ev->flow >= work.cfg.nflows)
        return RIO_ERANGE;
    switch (ev->type) {
    case RIO_ARB_TX_EV_PDU:
        rc = tx_pdu(&r, ev->flow, ev->mode, ev->packets);
        break;
    case RIO_ARB_TX_EV_END:
        rc = tx_end(&r, ev->flow);
        break;
    case RIO_ARB_TX_EV_CCP:
        if (!is_cmd(ev->cmd))
            return RIO_EINVAL;
        if (ev->seq > 1u)
            return RIO_ERANGE;
        tx_ccp(&r, ev->flow, ev->cmd, ev->seq);
        break;
    case RIO_ARB_TX_EV_TICK:
        tx_tick(&r, ev->ticks);
        break;
    case RIO_ARB_TX_EV_SLOT:
        tx_slot(&r, ev->flow);
        break;
    }
    if (rc == RIO_OK && r.overflow)
        rc = RIO_EFULL; /* NEVER: bounded in arb.h */
    if (rc == RIO_OK)
        *ctx = work;
    return rc;
}

static int tx_query(const struct rio_arb_tx *ctx, unsigned flow)
{
    if (ctx == NULL || !ctx->ready)
        return RIO_EINVAL;
    if (flow >= ctx->cfg.nflows)
        return RIO_ERANGE;
    return RIO_OK;
}

int rio_arb_tx_state(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    if (rc != RIO_OK)
        return rc;
    const struct rio_arb_tx_flow *fl = &ctx->flow[flow];
    switch (fl->ctx) {
    case RIO_ARB_TX_CTX_STATIC:
        return RIO_ARB_TX_NOT_ARBITRATED;
    case RIO_ARB_TX_CTX_SINGLE:
        return RIO_ARB_TX_SENDING_SINGLE_PDU;
    case RIO_ARB_TX_CTX_MULTI:
        return RIO_ARB_TX_SENDING_MULTI_PDU;
    case RIO_ARB_TX_CTX_DRAINING:
        return RIO_ARB_TX_DRAINING_TO_RELEASE;
    case RIO_ARB_TX_CTX_NONE:
        break;
    }
    switch (fl->req) {
    case RIO_ARB_TX_REQ_EXPECT_RESPONSE:
        return RIO_ARB_TX_EXPECT_RESPONSE;
    case RIO_ARB_TX_REQ_EXPECT_RETRY_TIME:
        return RIO_ARB_TX_EXPECT_RETRY_TIME;
    case RIO_ARB_TX_REQ_NONE:
    case RIO_ARB_TX_REQ_GRANTED_NEXT: /* NEVER without a context */
        break;
    }
    return RIO_ARB_TX_IDLE;
}

int rio_arb_tx_request(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    return rc != RIO_OK ? rc : (int)ctx->flow[flow].req;
}

int rio_arb_tx_next_seq(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    return rc != RIO_OK ? rc : (int)ctx->flow[flow].next_seq;
}

int rio_arb_tx_outstanding(const struct rio_arb_tx *ctx, unsigned flow,
                           unsigned *seq)
{
    int rc = tx_query(ctx, flow);
    if (rc != RIO_OK)
        return rc;
    const struct rio_arb_tx_flow *fl = &ctx->flow[flow];
    if (fl->req != RIO_ARB_TX_REQ_EXPECT_RESPONSE)
        return 0;
    if (seq != NULL)
        *seq = fl->req_seq;
    return 1;
}

int rio_arb_tx_context_seq(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    return rc != RIO_OK ? rc : (int)ctx->flow[flow].ctx_seq;
}

int rio_arb_tx_may_send(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    return rc != RIO_OK ? rc : tx_can_send(&ctx->flow[flow]);
}

int rio_arb_tx_queued(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    return rc != RIO_OK ? rc : (int)ctx->flow[flow].count;
}

int rio_arb_tx_reissues(const struct rio_arb_tx *ctx, unsigned flow)
{
    int rc = tx_query(ctx, flow);
    if (rc != RIO_OK)
        return rc;
    uint32_t n = ctx->flow[flow].reissues;
    return n > (uint32_t)INT32_MAX ? INT32_MAX : (int)n;
}

const char *rio_arb_tx_state_name(enum rio_arb_tx_state state)
{
    switch (state) {
    case RIO_ARB_TX_NOT_ARBITRATED:
        return "NOT_ARBITRATED";
    case RIO_ARB_TX_IDLE:
        return "IDLE";
    case RIO_ARB_TX_EXPECT_RESPONSE:
        return "EXPECT_RESPONSE";
    case RIO_ARB_TX_EXPECT_RETRY_TIME:
        return "EXPECT_RETRY_TIME";
    case RIO_ARB_TX_SENDING_SINGLE_PDU:
        return "SENDING_SINGLE_PDU";
    case RIO_ARB_TX_SENDING_MULTI_PDU:
        return "SENDING_MULTI_PDU";
    case RIO_ARB_TX_DRAINING_TO_RELEASE:
        return "DRAINING_TO_RELEASE";
    }
    return "?";
}

const char *rio_arb_tx_note_name(enum rio_arb_tx_note_kind kind)
{
    switch (kind) {
    case RIO_ARB_TX_GRANTED:
        return "GRANTED";
    case RIO_ARB_TX_REJECTED:
        return "REJECTED";
    case RIO_ARB_TX_TIMEOUT_REISSUE:
        return "TIMEOUT_REISSUE";
    case RIO_ARB_TX_STALE_RESPONSE:
        return "STALE_RESPONSE";
    case RIO_ARB_TX_DEALLOC_REQUESTED:
        return "DEALLOC_REQUESTED";
    case RIO_ARB_TX_CONTEXT_START:
        return "CONTEXT_START";
    case RIO_ARB_TX_CONTEXT_END:
        return "CONTEXT_END";
    case RIO_ARB_TX_PDU_DONE:
        return "PDU_DONE";
    case RIO_ARB_TX_IGNORED_CCP:
        return "IGNORED_CCP";
    }
    return "?";
}
/* SPDX-License-Identifier: Apache-2.0 */
