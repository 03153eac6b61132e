/*
 * arbrx.c - Part 9 flow arbitration receiver (rio/arb.h).
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

#define RIO_ARB_POOL_MAX 0xFFFFu

/* ========================================================================
 * Receiver
 * ======================================================================== */

struct rx_run {
    struct rio_arb_rx *c;
    struct rio_arb_rx_out *out;
    int overflow;
};

static int rx_has_resource(const struct rio_arb_rx_flow *fl)
{
    switch (fl->state) {
    case RIO_ARB_RX_EXPECT_SINGLE_PDU:
    case RIO_ARB_RX_EXPECT_MULTI_PDU:
    case RIO_ARB_RX_EXPECT_RELEASE:
        return 1;
    case RIO_ARB_RX_NOT_ARBITRATED:
    case RIO_ARB_RX_EXPECT_REQUEST:
        return 0;
    }
    return 0;
}

static struct rio_arb_rx_note *rx_note(struct rx_run *r,
                                       enum rio_arb_rx_note_kind kind,
                                       unsigned f, unsigned seq,
                                       unsigned multi)
{
    struct rio_arb_rx_out *o = r->out;
    if (o->nnote >= RIO_ARB_OUT_NOTES) {
        r->overflow = 1; /* NEVER: bounded in arb.h */
        return NULL;
    }
    struct rio_arb_rx_note *n = &o->note[o->nnote++];
    n->kind = kind;
    n->flow = (uint16_t)f;
    n->seq = (uint8_t)seq;
    n->multi = (uint8_t)multi;
    n->reason = RIO_ARB_FREE_RESET;
    n->cmd = RIO_FAM_RESERVED;
    return n;
}

static void rx_msg(struct rx_run *r, enum rio_fam_cmd cmd, unsigned f,
                   unsigned seq, unsigned dealloc)
{
    struct rio_arb_rx_out *o = r->out;
    if (o->nmsg >= RIO_ARB_OUT_MSGS) {
        r->overflow = 1; /* NEVER: bounded in arb.h */
        return;
    }
    struct rio_arb_msg *m = &o->msg[o->nmsg++];
    m->cmd = cmd;
    m->seq = (uint8_t)seq;
    m->flow = (uint16_t)f;
    m->travel = travel_of(r->c->cfg.ccp_in_own_flow);
    m->reissue = 0;
    m->dealloc = (uint8_t)dealloc;
}

/* XON(ARB) echoing the REQUEST's bit (rule 2); one instance per flow (rule
 * 10: only called for a flow without a resource). */
static void rx_grant(struct rx_run *r, unsigned f, unsigned seq,
                     unsigned multi)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    r->c->free--;
    fl->state = multi ? RIO_ARB_RX_EXPECT_MULTI_PDU
                      : RIO_ARB_RX_EXPECT_SINGLE_PDU;
    fl->ctx_seq = (uint8_t)seq;
    fl->in_pdu = 0;
    fl->idle = 0;
    fl->last_valid = 1;
    fl->last_seq = (uint8_t)seq;
    fl->last_granted = 1;
    rx_note(r, RIO_ARB_RX_ALLOCATED, f, seq, multi);
    rx_msg(r, RIO_FAM_XON_ARB, f, seq, 0);
}

/* XOFF(ARB) echoing the REQUEST's bit (rule 2). record = 0 for answers that
 * must not change the flow's history: copies (I-ARB-7) and a second
 * outstanding REQUEST (I-ARB-14). */
static void rx_reject(struct rx_run *r, unsigned f, unsigned seq, int record)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (record) {
        fl->last_valid = 1;
        fl->last_seq = (uint8_t)seq;
        fl->last_granted = 0;
    }
    rx_msg(r, RIO_FAM_XOFF_ARB, f, seq, 0);
}

/* The one place a NEW REQUEST gets its answer. A REQUEST with the bit of a
 * de-allocation XOFF(ARB) sent since the last answer may be one the
 * transmitter already took that XOFF(ARB) for (I-ARB-20): it is rejected. */
static void rx_answer_new(struct rx_run *r, unsigned f, unsigned seq,
                          unsigned multi, int grant)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (fl->dealloc_sent && seq == fl->dealloc_seq) {
        rx_note(r, RIO_ARB_RX_DEALLOC_CROSSING, f, seq, multi);
        grant = 0;
    }
    fl->dealloc_sent = 0;
    if (grant)
        rx_grant(r, f, seq, multi);
    else
        rx_reject(r, f, seq, 1);
}

static int rx_policy_grants(const struct rio_arb_rx *c)
{
    switch (c->cfg.policy) {
    case RIO_ARB_RX_GRANT_IF_FREE:
        return c->free > 0;
    case RIO_ARB_RX_REJECT_ALL:
        return 0;
    }
    return 0;
}

/* XOFF(ARB) asking for a multi-PDU resource back (rule 8, 2.4.8), with the
 * grant's bit (I-ARB-3). The second timer starts at the first ask; asking
 * again does not postpone the asynchronous de-allocation (I-ARB-12). */
static void rx_send_dealloc(struct rx_run *r, unsigned f)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (fl->state != RIO_ARB_RX_EXPECT_RELEASE)
        fl->idle = 0;
    fl->state = RIO_ARB_RX_EXPECT_RELEASE;
    fl->dealloc_sent = 1;
    fl->dealloc_seq = fl->ctx_seq;
    rx_msg(r, RIO_FAM_XOFF_ARB, f, fl->ctx_seq, 1);
}

static void rx_free(struct rx_run *r, unsigned f,
                    enum rio_arb_free_reason reason)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    unsigned multi = fl->state != RIO_ARB_RX_EXPECT_SINGLE_PDU;
    r->c->free++;
    fl->state = RIO_ARB_RX_EXPECT_REQUEST;
    fl->in_pdu = 0;
    fl->idle = 0;
    struct rio_arb_rx_note *n = rx_note(r, RIO_ARB_RX_FREED, f, fl->ctx_seq,
                                        multi);
    if (n != NULL)
        n->reason = reason;
}

/* The current grant has ended: a pipelined REQUEST may be honoured now
 * (P9-2.2.2-a); IMMEDIATE answers it at once, ON_DECIDE at the next DECIDE. */
static void rx_free_and_answer(struct rx_run *r, unsigned f,
                               enum rio_arb_free_reason reason)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    rx_free(r, f, reason);
    if (fl->held && r->c->cfg.answer == RIO_ARB_RX_IMMEDIATE) {
        fl->held = 0;
        rx_answer_new(r, f, fl->held_seq, fl->held_multi,
                      rx_policy_grants(r->c));
    }
}

static void rx_hold(struct rx_run *r, unsigned f, unsigned seq, unsigned multi)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    fl->held = 1;
    fl->held_seq = (uint8_t)seq;
    fl->held_multi = (uint8_t)multi;
    rx_note(r, RIO_ARB_RX_HELD, f, seq, multi);
}

/* A copy of the last REQUEST answered on the flow (same bit) gets the same
 * answer again and never a new allocation (I-ARB-6, I-ARB-7). Returns 0 when
 * the copy is to be decided as a new REQUEST (cfg.rejected_copy_afresh). */
static int rx_answer_copy(struct rx_run *r, unsigned f, unsigned seq,
                          unsigned multi)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (fl->last_granted && rx_has_resource(fl)) {
        /* the grant still stands (its XON(ARB) was lost) - unless the
         * receiver is asking for it back */
        rx_note(r, RIO_ARB_RX_DUPLICATE_REQUEST, f, seq, multi);
        if (fl->state == RIO_ARB_RX_EXPECT_RELEASE)
            rx_msg(r, RIO_FAM_XOFF_ARB, f, seq, 1);
        else
            rx_msg(r, RIO_FAM_XON_ARB, f, seq, 0);
        return 1;
    }
    if (fl->last_granted) { /* that grant has ended */
        rx_note(r, RIO_ARB_RX_STALE_REQUEST, f, seq, multi);
        rx_reject(r, f, seq, 0);
        return 1;
    }
    if (r->c->cfg.rejected_copy_afresh)
        return 0;
    rx_note(r, RIO_ARB_RX_DUPLICATE_REQUEST, f, seq, multi);
    rx_reject(r, f, seq, 0);
    return 1;
}

static void rx_request(struct rx_run *r, unsigned f, unsigned seq,
                       unsigned multi)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (fl->state == RIO_ARB_RX_NOT_ARBITRATED) {
        rx_msg(r, RIO_FAM_XON_ARB, f, seq, 0); /* I-ARB-11 */
        return;
    }
    if (fl->held && seq == fl->held_seq) { /* I-ARB-5: answered once */
        rx_note(r, RIO_ARB_RX_DUPLICATE_REQUEST, f, seq, multi);
        return;
    }
    if (fl->held && fl->dealloc_sent && fl->dealloc_seq == fl->held_seq) {
        /* I-ARB-20: the transmitter took the de-allocation XOFF(ARB) as the
         * answer to the held REQUEST (it may not ask again before an answer,
         * rule 11): settle that one as rejected, then decide this one */
        fl->held = 0;
        fl->dealloc_sent = 0;
        fl->last_valid = 1;
        fl->last_seq = fl->held_seq;
        fl->last_granted = 0;
        rx_note(r, RIO_ARB_RX_DEALLOC_CROSSING, f, fl->held_seq,
                fl->held_multi);
    }
    if (fl->last_valid && seq == fl->last_seq && rx_answer_copy(r, f, seq, multi))
        return;
    if (fl->held) { /* I-ARB-14 */
        rx_note(r, RIO_ARB_RX_V_SECOND_REQUEST, f, seq, multi);
        rx_reject(r, f, seq, 0);
        return;
    }
    if (rx_has_resource(fl)) { /* a pipelined REQUEST */
        if (r->c->cfg.pipelining)
            rx_hold(r, f, seq, multi); /* P9-2.2.2-a */
        else
            rx_answer_new(r, f, seq, multi, 0); /* 2.2.2: XOFF(ARB) at once */
        return;
    }
    if (r->c->cfg.answer == RIO_ARB_RX_IMMEDIATE)
        rx_answer_new(r, f, seq, multi, rx_policy_grants(r->c));
    else
        rx_hold(r, f, seq, multi); /* rule 9 */
}

static void rx_release(struct rx_run *r, unsigned f, unsigned seq)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    switch (fl->state) {
    case RIO_ARB_RX_NOT_ARBITRATED: {
        struct rio_arb_rx_note *n =
            rx_note(r, RIO_ARB_RX_IGNORED_CCP, f, seq, 0);
        if (n != NULL)
            n->cmd = RIO_FAM_RELEASE;
        return;
    }
    case RIO_ARB_RX_EXPECT_REQUEST:
        rx_note(r, RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE, f, seq, 0);
        return;
    case RIO_ARB_RX_EXPECT_SINGLE_PDU:
    case RIO_ARB_RX_EXPECT_MULTI_PDU:
    case RIO_ARB_RX_EXPECT_RELEASE: {
        unsigned multi = fl->state != RIO_ARB_RX_EXPECT_SINGLE_PDU;
        if (seq != fl->ctx_seq) /* I-ARB-4 */
            rx_note(r, RIO_ARB_RX_RELEASE_SEQ_MISMATCH, f, seq, multi);
        if (fl->in_pdu) /* I-ARB-15 */
            rx_note(r, RIO_ARB_RX_V_RELEASE_MID_PDU, f, seq, multi);
        rx_free_and_answer(r, f, RIO_ARB_FREE_RELEASE); /* P9-2.2.1-b */
        return;
    }
    }
}

static void rx_ccp(struct rx_run *r, unsigned f, enum rio_fam_cmd cmd,
                   unsigned seq)
{
    switch (cmd) {
    case RIO_FAM_REQUEST_SINGLE:
        rx_request(r, f, seq, 0);
        return;
    case RIO_FAM_REQUEST_MULTI:
        rx_request(r, f, seq, 1);
        return;
    case RIO_FAM_RELEASE:
        rx_release(r, f, seq);
        return;
    case RIO_FAM_XOFF:
    case RIO_FAM_XOFF_ARB:
    case RIO_FAM_XON:
    case RIO_FAM_XON_ARB:
    case RIO_FAM_RESERVED:
        break;
    }
    struct rio_arb_rx_note *n = rx_note(r, RIO_ARB_RX_IGNORED_CCP, f, seq, 0);
    if (n != NULL)
        n->cmd = cmd;
}

static void rx_data(struct rx_run *r, unsigned f, unsigned last,
                    unsigned aborted)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    switch (fl->state) {
    case RIO_ARB_RX_NOT_ARBITRATED:
        return;
    case RIO_ARB_RX_EXPECT_REQUEST:
        rx_note(r, RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE, f, 0, 0); /* rule 1 */
        return;
    case RIO_ARB_RX_EXPECT_SINGLE_PDU:
        fl->idle = 0;
        if (aborted)
            rx_free_and_answer(r, f, RIO_ARB_FREE_ABORTED); /* 2.4.8 1 */
        else if (last)
            rx_free_and_answer(r, f, RIO_ARB_FREE_LAST_SEGMENT); /* 2.2.1 */
        else
            fl->in_pdu = 1;
        return;
    case RIO_ARB_RX_EXPECT_MULTI_PDU:
    case RIO_ARB_RX_EXPECT_RELEASE:
        fl->idle = 0;
        fl->in_pdu = (uint8_t)!(last || aborted);
        if (aborted) /* 2.4.8 2: still held until RELEASE */
            rx_note(r, RIO_ARB_RX_ABORT_KEPT, f, fl->ctx_seq, 1);
        return;
    }
}

static void rx_tick(struct rx_run *r, uint32_t ticks)
{
    const struct rio_arb_rx_cfg *cfg = &r->c->cfg;
    for (unsigned f = 0; f < cfg->nflows; f++) {
        struct rio_arb_rx_flow *fl = &r->c->flow[f];
        switch (fl->state) {
        case RIO_ARB_RX_NOT_ARBITRATED:
        case RIO_ARB_RX_EXPECT_REQUEST:
            break;
        case RIO_ARB_RX_EXPECT_SINGLE_PDU:
            fl->idle = sat_add(fl->idle, ticks);
            if (cfg->idle_timeout != 0 && fl->idle >= cfg->idle_timeout)
                rx_free_and_answer(r, f, RIO_ARB_FREE_IDLE_TIMEOUT);
            break;
        case RIO_ARB_RX_EXPECT_MULTI_PDU:
            fl->idle = sat_add(fl->idle, ticks);
            if (cfg->idle_timeout != 0 && fl->idle >= cfg->idle_timeout)
                rx_send_dealloc(r, f); /* 2.4.8 2: handshake first */
            break;
        case RIO_ARB_RX_EXPECT_RELEASE:
            fl->idle = sat_add(fl->idle, ticks);
            if (cfg->release_timeout != 0 && fl->idle >= cfg->release_timeout)
                rx_free_and_answer(r, f, RIO_ARB_FREE_RELEASE_TIMEOUT);
            break;
        }
    }
}

static int rx_decide(struct rx_run *r, unsigned f, unsigned grant)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    if (!fl->held)
        return RIO_ENOENT;
    if (grant) {
        if (rx_has_resource(fl))
            return RIO_EBUSY; /* P9-2.2.2-a */
        if (r->c->free == 0)
            return RIO_EFULL;
    }
    fl->held = 0;
    rx_answer_new(r, f, fl->held_seq, fl->held_multi, (int)grant);
    return RIO_OK;
}

static int rx_ask_dealloc(struct rx_run *r, unsigned f)
{
    struct rio_arb_rx_flow *fl = &r->c->flow[f];
    switch (fl->state) {
    case RIO_ARB_RX_EXPECT_MULTI_PDU:
    case RIO_ARB_RX_EXPECT_RELEASE: /* asking again is allowed */
        rx_send_dealloc(r, f); /* rule 8 */
        return RIO_OK;
    case RIO_ARB_RX_NOT_ARBITRATED:
    case RIO_ARB_RX_EXPECT_REQUEST:
    case RIO_ARB_RX_EXPECT_SINGLE_PDU:
        break;
    }
    return RIO_ESTATE;
}

static void rx_reset(struct rx_run *r)
{
    for (unsigned f = 0; f < r->c->cfg.nflows; f++) {
        struct rio_arb_rx_flow *fl = &r->c->flow[f];
        if (rx_has_resource(fl))
            rx_free(r, f, RIO_ARB_FREE_RESET);
        fl->held = 0;
        fl->last_valid = 0;
        fl->dealloc_sent = 0;
    }
}

int rio_arb_rx_init(struct rio_arb_rx *ctx, const struct rio_arb_rx_cfg *cfg)
{
    if (ctx == NULL)
        return RIO_EINVAL;
    ctx->ready = 0;
    if (cfg == NULL || !is_rev(cfg->rev))
        return RIO_EINVAL;
    if (cfg->answer != RIO_ARB_RX_IMMEDIATE &&
        cfg->answer != RIO_ARB_RX_ON_DECIDE)
        return RIO_EINVAL;
    if (cfg->policy != RIO_ARB_RX_GRANT_IF_FREE &&
        cfg->policy != RIO_ARB_RX_REJECT_ALL)
        return RIO_EINVAL;
    if (cfg->nflows == 0 || cfg->nflows > RIO_ARB_MAX_FLOWS ||
        cfg->pool > RIO_ARB_POOL_MAX)
        return RIO_ERANGE;
    if (cfg->pipelining > 1u || cfg->ccp_in_own_flow > 1u ||
        cfg->rejected_copy_afresh > 1u)
        return RIO_ERANGE;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++)
        if (cfg->static_flow[f] > 1u)
            return RIO_ERANGE;
    ctx->cfg = *cfg;
    ctx->free = cfg->pool;
    for (unsigned f = 0; f < RIO_ARB_MAX_FLOWS; f++) {
        ctx->flow[f] = (struct rio_arb_rx_flow){0};
        ctx->flow[f].state = cfg->static_flow[f] ? RIO_ARB_RX_NOT_ARBITRATED
                                                 : RIO_ARB_RX_EXPECT_REQUEST;
    }
    ctx->ready = 1;
    return RIO_OK;
}

/*
 * Receiver transition table, per flow. A REQUEST "held" is at most one per
 * flow (2.2.2 "the destination only has to queue up one outstanding request
 * per flow"). Every REQUEST gets exactly one XON(ARB)/XOFF(ARB) echoing its
 * bit (rule 2), copies with the same bit share it (I-ARB-5).
 *
 * State               event                          -> next, output
 * ------------------  -----------------------------  -------------------------
 * EXPECT_REQUEST      REQUEST, IMMEDIATE             -> EXPECT_SINGLE/MULTI_PDU
 *                                                       + XON(ARB) if policy and
 *                                                       pool allow, else
 *                                                       XOFF(ARB) (2.2.1, rule 2)
 * EXPECT_REQUEST      REQUEST, ON_DECIDE             -> held (rule 9)
 * EXPECT_REQUEST      DECIDE grant / reject          -> as IMMEDIATE / XOFF(ARB)
 * any arbitrated     REQUEST, bit of the held one   -> nothing more (I-ARB-5)
 * any arbitrated     REQUEST, bit of the last answer-> the same answer again,
 *                                                       XOFF(ARB) if that grant
 *                                                       has ended; no allocation
 *                                                       (I-ARB-6, I-ARB-7)
 * EXPECT_REQUEST      REQUEST, other bit than held   -> XOFF(ARB) to it,
 *                                                       V_SECOND_REQUEST (I-ARB-14)
 * any                 answer to a NEW REQUEST with   -> XOFF(ARB),
 *                     the bit of a de-allocation        DEALLOC_CROSSING
 *                     XOFF(ARB) sent since              (I-ARB-20)
 * any                 REQUEST, other bit, while one  -> the held one counts as
 *                     with the de-allocation bit is     rejected (no CCP), this
 *                     held                              one is decided (I-ARB-20)
 * EXPECT_REQUEST      DATA / RELEASE                 -> V_DATA_WITHOUT_RESOURCE /
 *                                                       V_RELEASE_WITHOUT_RESOURCE
 * EXPECT_SINGLE_PDU   DATA last / aborted            -> EXPECT_REQUEST, FREED
 *                                                       (P9-2.2.1-a, P9-2.4.8-a)
 * EXPECT_SINGLE_PDU   TICK idle >= idle_timeout      -> EXPECT_REQUEST, FREED
 *                                                       (rule 5, P9-2.4.8-a)
 * EXPECT_MULTI_PDU    DATA (any, aborted too)        -> same, nothing freed
 *                                                       (P9-2.2.1-b, P9-2.4.8-b)
 * EXPECT_MULTI_PDU    TICK idle >= idle_timeout      -> EXPECT_RELEASE,
 *                                                       XOFF(ARB) (P9-2.4.8-b)
 * EXPECT_MULTI_PDU    ASK_DEALLOC                    -> EXPECT_RELEASE,
 *                                                       XOFF(ARB) (rule 8)
 * EXPECT_RELEASE      TICK idle >= release_timeout   -> EXPECT_REQUEST, FREED
 *                                                       asynchronously (2.4.8 2)
 * EXPECT_*_PDU,       RELEASE                        -> EXPECT_REQUEST, FREED
 * EXPECT_RELEASE                                        (P9-2.2.1-b, rule 8;
 *                                                       I-ARB-4, I-ARB-15)
 * EXPECT_*_PDU,       REQUEST, the grant's bit       -> XON(ARB) again (XOFF(ARB)
 * EXPECT_RELEASE      (copy of the last answer)         in EXPECT_RELEASE), no
 *                                                       allocation (I-ARB-6,
 *                                                       rule 10)
 * EXPECT_*_PDU,       REQUEST, new bit               -> held until the grant ends
 * EXPECT_RELEASE                                        (P9-2.2.2-a), or XOFF(ARB)
 *                                                       with pipelining 0
 * any granted         grant ends (FREED)             -> a held REQUEST is
 *                                                       answered (IMMEDIATE) or
 *                                                       stays for DECIDE
 * NOT_ARBITRATED      REQUEST / DATA / RELEASE       -> XON(ARB) without the
 *                                                       pool / accepted / ignored
 *                                                       (I-ARB-11)
 * any                 RESET                          -> EXPECT_REQUEST, FREED
 *                                                       (RESET), held dropped
 *                                                       (I-ARB-17)
 */
int rio_arb_rx_step(struct rio_arb_rx *ctx, const struct rio_arb_rx_event *ev,
                    struct rio_arb_rx_out *out)
{
    if (ctx == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    if (!ctx->ready)
        return RIO_ESTATE;
    struct rio_arb_rx work = *ctx;
    struct rx_run r = {&work, out, 0};
    out->nmsg = 0;
    out->nnote = 0;
    int rc = RIO_OK;
    int known = 0, flow_event = 0;
    switch (ev->type) {
    case RIO_ARB_RX_EV_TICK:
    case RIO_ARB_RX_EV_RESET:
        known = 1;
        break;
    case RIO_ARB_RX_EV_CCP:
    case RIO_ARB_RX_EV_DATA:
    case RIO_ARB_RX_EV_DECIDE:
    case RIO_ARB_RX_EV_ASK_DEALLOC:
        known = flow_event = 1;
        break;
    }
    if (!known)
        return RIO_EINVAL; /* a value outside the enum */
    if (flow_event && ev->flow >= work.cfg.nflows)
        return RIO_ERANGE;
    switch (ev->type) {
    case RIO_ARB_RX_EV_CCP:
        if (!is_cmd(ev->cmd))
            return RIO_EINVAL;
        if (ev->seq > 1u)
            return RIO_ERANGE;
        rx_ccp(&r, ev->flow, ev->cmd, ev->seq);
        break;
    case RIO_ARB_RX_EV_DATA:
        if (ev->last > 1u || ev->aborted > 1u)
            return RIO_ERANGE;
        rx_data(&r, ev->flow, ev->last, ev->aborted);
        break;
    case RIO_ARB_RX_EV_TICK:
        rx_tick(&r, ev->ticks);
        break;
    case RIO_ARB_RX_EV_DECIDE:
        if (ev->grant > 1u)
            return RIO_ERANGE;
        rc = rx_decide(&r, ev->flow, ev->grant);
        break;
    case RIO_ARB_RX_EV_ASK_DEALLOC:
        rc = rx_ask_dealloc(&r, ev->flow);
        break;
    case RIO_ARB_RX_EV_RESET:
        rx_reset(&r);
        break;
    }
    if (rc == RIO_OK && r.overflow)
        rc = RIO_EFULL; /* NEVER: bounded in arb.h */
    if (rc == RIO_OK)
        *ctx = work;
    return rc;
}

static int rx_query(const struct rio_arb_rx *ctx, unsigned flow)
{
    if (ctx == NULL || !ctx->ready)
        return RIO_EINVAL;
    if (flow >= ctx->cfg.nflows)
        return RIO_ERANGE;
    return RIO_OK;
}

int rio_arb_rx_state(const struct rio_arb_rx *ctx, unsigned flow)
{
    int rc = rx_query(ctx, flow);
    return rc != RIO_OK ? rc : (int)ctx->flow[flow].state;
}

int rio_arb_rx_free(const struct rio_arb_rx *ctx)
{
    if (ctx == NULL || !ctx->ready)
        return RIO_EINVAL;
    return (int)ctx->free;
}

int rio_arb_rx_allocated(const struct rio_arb_rx *ctx, unsigned flow)
{
    int rc = rx_query(ctx, flow);
    return rc != RIO_OK ? rc : rx_has_resource(&ctx->flow[flow]);
}

int rio_arb_rx_held(const struct rio_arb_rx *ctx, unsigned flow,
                    unsigned *seq, unsigned *multi)
{
    int rc = rx_query(ctx, flow);
    if (rc != RIO_OK)
        return rc;
    const struct rio_arb_rx_flow *fl = &ctx->flow[flow];
    if (!fl->held)
        return 0;
    if (seq != NULL)
        *seq = fl->held_seq;
    if (multi != NULL)
        *multi = fl->held_multi;
    return 1;
}

int rio_arb_rx_note_is_violation(enum rio_arb_rx_note_kind kind)
{
    switch (kind) {
    case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
    case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
    case RIO_ARB_RX_V_RELEASE_MID_PDU:
    case RIO_ARB_RX_V_SECOND_REQUEST:
        return 1;
    case RIO_ARB_RX_ALLOCATED:
    case RIO_ARB_RX_FREED:
    case RIO_ARB_RX_HELD:
    case RIO_ARB_RX_DUPLICATE_REQUEST:
    case RIO_ARB_RX_ABORT_KEPT:
    case RIO_ARB_RX_IGNORED_CCP:
    case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
    case RIO_ARB_RX_STALE_REQUEST:
    case RIO_ARB_RX_DEALLOC_CROSSING:
        return 0;
    }
    return 0;
}

const char *rio_arb_rx_state_name(enum rio_arb_rx_state state)
{
    switch (state) {
    case RIO_ARB_RX_NOT_ARBITRATED:
        return "NOT_ARBITRATED";
    case RIO_ARB_RX_EXPECT_REQUEST:
        return "EXPECT_REQUEST";
    case RIO_ARB_RX_EXPECT_SINGLE_PDU:
        return "EXPECT_SINGLE_PDU";
    case RIO_ARB_RX_EXPECT_MULTI_PDU:
        return "EXPECT_MULTI_PDU";
    case RIO_ARB_RX_EXPECT_RELEASE:
        return "EXPECT_RELEASE";
    }
    return "?";
}

const char *rio_arb_rx_note_name(enum rio_arb_rx_note_kind kind)
{
    switch (kind) {
    case RIO_ARB_RX_ALLOCATED:
        return "ALLOCATED";
    case RIO_ARB_RX_FREED:
        return "FREED";
    case RIO_ARB_RX_HELD:
        return "HELD";
    case RIO_ARB_RX_DUPLICATE_REQUEST:
        return "DUPLICATE_REQUEST";
    case RIO_ARB_RX_ABORT_KEPT:
        return "ABORT_KEPT";
    case RIO_ARB_RX_IGNORED_CCP:
        return "IGNORED_CCP";
    case RIO_ARB_RX_RELEASE_SEQ_MISMATCH:
        return "RELEASE_SEQ_MISMATCH";
    case RIO_ARB_RX_STALE_REQUEST:
        return "STALE_REQUEST";
    case RIO_ARB_RX_DEALLOC_CROSSING:
        return "DEALLOC_CROSSING";
    case RIO_ARB_RX_V_DATA_WITHOUT_RESOURCE:
        return "V_DATA_WITHOUT_RESOURCE";
    case RIO_ARB_RX_V_RELEASE_WITHOUT_RESOURCE:
        return "V_RELEASE_WITHOUT_RESOURCE";
    case RIO_ARB_RX_V_RELEASE_MID_PDU:
        return "V_RELEASE_MID_PDU";
    case RIO_ARB_RX_V_SECOND_REQUEST:
        return "V_SECOND_REQUEST";
    }
    return "?";
}
/* SPDX-License-Identifier: Apache-2.0 */
