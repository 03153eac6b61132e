/* Part 9 source end point congestion management: XON/XOFF counters, enabled
 * flows, orphaned-XOFF timer. The contract and the interpretations
 * (I-FCEP-n) are in rio/fcep.h. */
#include "rio/fcep.h"

#include <stddef.h>
#include <string.h>

#include "rio/err.h"

#define AGGREGATE RIO_FCEP_MAX_DESTS /* index of the shared set in sets[] */
#define NO_SET (-1)
#define VC0_FLOWS 6u                 /* VC0 flows A..F: mask bits 0..5 */

int rio_fcep_flow_index(unsigned vc, unsigned flow)
{
    if (vc == 0 && flow <= RIO_FLOW_F)
        return (int)flow;
    if (vc >= 1 && vc <= 8 && flow == RIO_FLOW_A)
        return (int)(RIO_FLOW_F + vc);
    return RIO_ERANGE;
}

/* Inverse of rio_fcep_flow_index for 0..13. */
static void flow_of_index(uint8_t *vc, uint8_t *flow, unsigned idx)
{
    if (idx < VC0_FLOWS) {
        *vc = 0;
        *flow = (uint8_t)idx;
    } else {
        *vc = (uint8_t)(idx - RIO_FLOW_F);
        *flow = RIO_FLOW_A;
    }
}

static int dest_fits(const struct rio_fcep *ctx, uint32_t dest)
{
    /* Rev 2 has Dev8 and Dev16 only; Dev32 arrived in rev 3 (3.4). */
    return ctx->cfg.rev == RIO_P9_REV3 || dest <= 0xFFFFu;
}

static int set_is_zero(const struct rio_fcep_set *s)
{
    for (unsigned i = 0; i < RIO_FCEP_FLOWS; i++)
        if (s->counter[i] != 0)
            return 0;
    return 1;
}

/* I-FCEP-1 and I-FCEP-4: VC0 flow Y is enabled iff every VC0 counter >= Y is
 * 0 (walk from F down, remembering whether a higher counter was non-zero);
 * VC1-VC8 flows depend on their own counter only; critical flows always. */
static uint16_t enabled_mask(const struct rio_fcep *ctx, const struct rio_fcep_set *s)
{
    unsigned mask = 0;
    int held = 0;
    for (unsigned f = VC0_FLOWS; f > 0; f--) {
        if (s->counter[f - 1] != 0)
            held = 1;
        if (!held)
            mask |= 1u << (f - 1);
    }
    for (unsigned i = VC0_FLOWS; i < RIO_FCEP_FLOWS; i++)
        if (s->counter[i] == 0)
            mask |= 1u << i;
    return (uint16_t)(mask | ctx->cfg.critical_mask);
}

static int find_own(const struct rio_fcep *ctx, uint32_t dest)
{
    for (unsigned i = 0; i < ctx->cfg.capacity; i++)
        if (ctx->sets[i].in_use && ctx->sets[i].dest == dest)
            return (int)i;
    return NO_SET;
}

static int find_free(const struct rio_fcep *ctx)
{
    for (unsigned i = 0; i < ctx->cfg.capacity; i++)
        if (!ctx->sets[i].in_use)
            return (int)i;
    return NO_SET;
}

/* Where dest's counters live now (I-FCEP-2): its own set, the aggregate when
 * dest is a member of a non-zero aggregate, or NO_SET (all its counters are
 * 0 and nothing is shared). */
static int set_of(const struct rio_fcep *ctx, uint32_t dest)
{
    int s = find_own(ctx, dest);
    if (s != NO_SET)
        return s;
    if (!set_is_zero(&ctx->sets[AGGREGATE]))
        return (int)AGGREGATE;
    return NO_SET;
}

/* The set an XOFF for dest is counted in: a new own set is only taken while
 * the aggregate is all zero, otherwise an earlier XOFF of dest may be sitting
 * in the aggregate and the destination's state would be split in two. */
static unsigned set_for_xoff(struct rio_fcep *ctx, uint32_t dest)
{
    int s = set_of(ctx, dest);
    if (s != NO_SET)
        return (unsigned)s;
    s = find_free(ctx);
    if (s == NO_SET)
        return AGGREGATE;
    ctx->sets[s].in_use = 1;
    ctx->sets[s].dest = dest;
    return (unsigned)s;
}

/* Own sets whose counters are all 0 carry no state: give their slots back,
 * but only while the aggregate is all zero too. Releasing one while the
 * aggregate holds XOFFs would make its destination a member of the
 * aggregate and stop its flows for other destinations' XOFFs: an event
 * for one flow would change the counters of others (I-FCEP-2). */
static void release_zero_sets(struct rio_fcep *ctx)
{
    if (!set_is_zero(&ctx->sets[AGGREGATE]))
        return;
    for (unsigned i = 0; i < ctx->cfg.capacity; i++)
        if (ctx->sets[i].in_use && set_is_zero(&ctx->sets[i])) {
            ctx->sets[i].in_use = 0;
            ctx->sets[i].dest = 0;
        }
}

static void fifo_push(struct rio_fcep *ctx, unsigned s, unsigned idx)
{
    if (ctx->fifo_len >= RIO_FCEP_FIFO_MAX)
        return; /* NEVER: each (set, flow) is listed at most once */
    ctx->fifo[ctx->fifo_len].set = (uint8_t)s;
    ctx->fifo[ctx->fifo_len].flow = (uint8_t)idx;
    ctx->fifo_len++;
    if (ctx->fifo_len == 1)
        ctx->timer = ctx->cfg.orphan_timeout; /* it is the oldest now (A.2) */
}

static void fifo_remove(struct rio_fcep *ctx, unsigned s, unsigned idx)
{
    unsigned i = 0;
    while (i < ctx->fifo_len && !(ctx->fifo[i].set == s && ctx->fifo[i].flow == idx))
        i++;
    if (i == ctx->fifo_len)
        return; /* NEVER: a non-zero counter is always listed */
    memmove(&ctx->fifo[i], &ctx->fifo[i + 1],
            (ctx->fifo_len - i - 1) * sizeof ctx->fifo[0]);
    ctx->fifo_len--;
    /* A.2: the timer is reset when a flow "first becomes the oldest". */
    if (i == 0)
        ctx->timer = ctx->fifo_len ? ctx->cfg.orphan_timeout : 0;
}

/* Set counter idx of set s to 0 (orphan expiry, SETUP); returns the flows
 * that restart. */
static uint16_t zero_counter(struct rio_fcep *ctx, unsigned s, unsigned idx)
{
    struct rio_fcep_set *set = &ctx->sets[s];
    if (set->counter[idx] == 0)
        return 0;
    uint16_t before = enabled_mask(ctx, set);
    set->counter[idx] = 0;
    fifo_remove(ctx, s, idx);
    uint16_t after = enabled_mask(ctx, set);
    release_zero_sets(ctx);
    return (uint16_t)(after & ~before);
}

static int ccp_fields_fit(const struct rio_fcep *ctx, const struct rio_ccp *c)
{
    return c->xon <= 1 && c->fam <= 7 && c->rsrv <= 15 && c->flow_id <= 0x7F &&
           c->soc <= 1 && dest_fits(ctx, c->tgt_destination_id);
}

static void on_xoff(struct rio_fcep *ctx, unsigned idx, uint32_t dest,
                    struct rio_fcep_out *out)
{
    if (ctx->cfg.critical_mask & (1u << idx)) {
        out->action = RIO_FCEP_CRITICAL_FLOW; /* I-FCEP-4 */
        return;
    }
    unsigned s = set_for_xoff(ctx, dest);
    struct rio_fcep_set *set = &ctx->sets[s];
    out->aggregated = (uint8_t)(s == AGGREGATE);
    if (set->counter[idx] >= ctx->terminal) {
        out->action = RIO_FCEP_XOFF_SATURATED; /* P9-2.4.2.3-c: never wrap */
        out->counter = set->counter[idx];
        return;
    }
    uint16_t before = enabled_mask(ctx, set);
    set->counter[idx]++;
    if (set->counter[idx] == 1)
        fifo_push(ctx, s, idx);
    out->action = RIO_FCEP_XOFF_COUNTED;
    out->counter = set->counter[idx];
    out->stopped = (uint16_t)(before & ~enabled_mask(ctx, set));
}

static void on_xon(struct rio_fcep *ctx, unsigned idx, uint32_t dest,
                   struct rio_fcep_out *out)
{
    int found = set_of(ctx, dest);
    if (found == NO_SET || ctx->sets[found].counter[idx] == 0) {
        out->action = RIO_FCEP_XON_AT_ZERO; /* P9-2.4.2.3-b: stops at zero */
        out->aggregated = (uint8_t)(found == (int)AGGREGATE);
        return;
    }
    unsigned s = (unsigned)found;
    struct rio_fcep_set *set = &ctx->sets[s];
    out->aggregated = (uint8_t)(s == AGGREGATE);
    uint16_t before = enabled_mask(ctx, set);
    set->counter[idx]--;
    out->action = RIO_FCEP_XON_COUNTED;
    out->counter = set->counter[idx];
    if (set->counter[idx] == 0)
        fifo_remove(ctx, s, idx);
    out->restarted = (uint16_t)(enabled_mask(ctx, set) & ~before);
    release_zero_sets(ctx);
}

static void on_ccp(struct rio_fcep *ctx, const struct rio_ccp *c,
                   struct rio_fcep_out *out)
{
    struct rio_flow fl;
    (void)rio_flow_decode(&fl, c->flow_id); /* flow_id <= 127 checked */
    if (fl.reserved) {
        out->action = RIO_FCEP_RESERVED_FLOW_ID; /* 3.4: tgtdestinationID ignored */
        return;
    }
    out->dest = c->tgt_destination_id;
    out->vc = fl.vc;
    out->flow = fl.flow;
    unsigned idx = (unsigned)rio_fcep_flow_index(fl.vc, fl.flow);
    int xon = c->xon;
    if (!ctx->cfg.arb_support) {
        out->fam_ignored = (uint8_t)(c->fam != 0); /* 3.3: FAM ignored */
    } else {
        switch (rio_fam_decode(c->xon, c->fam, NULL)) {
        case RIO_FAM_XOFF:
        case RIO_FAM_XON:
            break;
        case RIO_FAM_XOFF_ARB:
        case RIO_FAM_RELEASE:
        case RIO_FAM_XON_ARB:
        case RIO_FAM_REQUEST_SINGLE:
        case RIO_FAM_REQUEST_MULTI:
            out->action = RIO_FCEP_NOT_CONGESTION_MGMT;
            return;
        case RIO_FAM_RESERVED:
            out->action = RIO_FCEP_RESERVED_FAM;
            return;
        }
    }
    if (xon)
        on_xon(ctx, idx, c->tgt_destination_id, out);
    else
        on_xoff(ctx, idx, c->tgt_destination_id, out);
}

/* Advance the orphan timer by n ticks, expiring the oldest flow each time the
 * timer reaches 0 (A.2). Each expiry removes one FIFO entry and none are
 * added, so at most RIO_FCEP_FIFO_MAX expiries happen. */
static void on_tick(struct rio_fcep *ctx, uint32_t n, struct rio_fcep_out *out)
{
    while (ctx->fifo_len > 0 && n >= ctx->timer) {
        n -= ctx->timer;
        unsigned s = ctx->fifo[0].set;
        unsigned idx = ctx->fifo[0].flow;
        struct rio_fcep_expiry *e = &out->expired[out->n_expired++];
        e->aggregated = (uint8_t)(s == AGGREGATE);
        e->dest = s == AGGREGATE ? 0 : ctx->sets[s].dest;
        flow_of_index(&e->vc, &e->flow, idx);
        /* P9-2.4.2.3-d: counter reset to 0, flow restarted; zero_counter
         * takes it off the FIFO head, which reloads the timer. */
        e->restarted = zero_counter(ctx, s, idx);
    }
    if (ctx->fifo_len > 0)
        ctx->timer -= n;
}

static int on_setup(struct rio_fcep *ctx, const struct rio_fcep_event *ev,
                    struct rio_fcep_out *out)
{
    int idx = rio_fcep_flow_index(ev->vc, ev->flow);
    if (idx < 0 || !dest_fits(ctx, ev->dest))
        return RIO_ERANGE;
    int s = set_of(ctx, ev->dest);
    if (s == (int)AGGREGATE)
        return RIO_EFULL; /* I-FCEP-6: shared with other destinations */
    out->dest = ev->dest;
    out->vc = ev->vc;
    out->flow = ev->flow;
    if (s != NO_SET)
        out->restarted = zero_counter(ctx, (unsigned)s, (unsigned)idx);
    return RIO_OK;
}

static void clear_state(struct rio_fcep *ctx)
{
    memset(ctx->sets, 0, sizeof ctx->sets);
    memset(ctx->fifo, 0, sizeof ctx->fifo);
    ctx->fifo_len = 0;
    ctx->timer = 0;
}

int rio_fcep_init(struct rio_fcep *ctx, const struct rio_fcep_cfg *cfg)
{
    if (ctx == NULL || cfg == NULL)
        return RIO_EINVAL;
    ctx->ready = 0;
    if ((cfg->rev != RIO_P9_REV2 && cfg->rev != RIO_P9_REV3) || cfg->arb_support > 1)
        return RIO_EINVAL;
    if (cfg->counter_width < RIO_FCEP_WIDTH_MIN ||
        cfg->counter_width > RIO_FCEP_WIDTH_MAX ||
        cfg->capacity > RIO_FCEP_MAX_DESTS || cfg->orphan_timeout == 0 ||
        (cfg->critical_mask & ~RIO_FCEP_FLOW_MASK_ALL) != 0)
        return RIO_ERANGE;
    ctx->cfg = *cfg;
    ctx->terminal = (uint16_t)((1u << cfg->counter_width) - 1u);
    clear_state(ctx);
    ctx->ready = 1;
    return RIO_OK;
}

/*
 * Transition table (per flow: counter c, terminal count T; FIFO = XOFF'd
 * flows, oldest first; timer watches the oldest):
 *
 * event       condition                       effect                          spec
 * CCP         flowID reserved                 nothing: RESERVED_FLOW_ID       3.4, P9-3.2-e
 * CCP         arb device, ARB/REQ/RELEASE     nothing: NOT_CONGESTION_MGMT    3.3, I-FCEP-5
 * CCP         arb device, undefined FAM       nothing: RESERVED_FAM           Table 3-2
 * CCP         no arb device, FAM != 0         as XON/XOFF bit, fam_ignored    3.3, P9-3.3-b
 * CCP XOFF    flow critical                   nothing: CRITICAL_FLOW          2.4.3, P9-2.4.3-d
 * CCP XOFF    c = T                           nothing: XOFF_SATURATED         P9-2.4.2.3-c
 * CCP XOFF    c = 0                           c = 1, flow joins FIFO tail     P9-2.4.5-1, A.2
 *                                             (timer loaded if FIFO was empty)
 * CCP XOFF    0 < c < T                       c + 1                           P9-2.4.2.3-b
 * CCP XON     c = 0                           nothing: XON_AT_ZERO            P9-2.4.2.3-b
 * CCP XON     c = 1                           c = 0, flow leaves FIFO (timer  P9-2.4.5-2
 *                                             reloaded if it was the oldest),
 *                                             flows restart (I-FCEP-1)
 * CCP XON     c > 1                           c - 1                           P9-2.4.2.3-b
 * TICK n      FIFO empty or n < timer         timer - n                       A.2
 * TICK n      n >= timer                      oldest flow: c = 0, leaves      P9-2.4.2.3-d,
 *                                             FIFO, restarts; timer reloaded  P9-2.4.5-3, A.2
 *                                             for the next; repeat, n - timer
 * SETUP       own set                         c = 0 (leaves FIFO)             P9-2.4.2.3-a
 * SETUP       member of non-zero aggregate    RIO_EFULL, nothing changes      I-FCEP-6
 * SETUP       otherwise                       nothing (c is already 0)        P9-2.4.2.3-a
 * RESET       -                               every c = 0, FIFO empty         P9-2.4.2.3-a
 */
int rio_fcep_step(struct rio_fcep *ctx, const struct rio_fcep_event *ev,
                  struct rio_fcep_out *out)
{
    if (ctx == NULL || ev == NULL || out == NULL)
        return RIO_EINVAL;
    if (ctx->ready != 1)
        return RIO_ESTATE;
    /* Only the fields that matter are cleared: expired[] beyond n_expired is
     * unspecified, so the large array is not wiped on every step. */
    out->action = RIO_FCEP_NO_CCP;
    out->fam_ignored = 0;
    out->aggregated = 0;
    out->dest = 0;
    out->vc = 0;
    out->flow = 0;
    out->counter = 0;
    out->stopped = 0;
    out->restarted = 0;
    out->n_expired = 0;
    switch (ev->type) {
    case RIO_FCEP_EV_CCP:
        if (!ccp_fields_fit(ctx, &ev->ccp))
            return RIO_ERANGE;
        on_ccp(ctx, &ev->ccp, out);
        return RIO_OK;
    case RIO_FCEP_EV_TICK:
        on_tick(ctx, ev->ticks, out);
        return RIO_OK;
    case RIO_FCEP_EV_SETUP:
        return on_setup(ctx, ev, out);
    case RIO_FCEP_EV_RESET:
        clear_state(ctx);
        return RIO_OK;
    }
    return RIO_EINVAL; /* not an event type */
}

static int query_args(const struct rio_fcep *ctx, uint32_t dest, unsigned vc,
                      unsigned flow)
{
    if (ctx == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    int idx = rio_fcep_flow_index(vc, flow);
    if (idx < 0 || !dest_fits(ctx, dest))
        return RIO_ERANGE;
    return idx;
}

int rio_fcep_counter(uint16_t *value, uint8_t *aggregated,
                     const struct rio_fcep *ctx, uint32_t dest, unsigned vc,
                     unsigned flow)
{
    if (value == NULL)
        return RIO_EINVAL;
    int idx = query_args(ctx, dest, vc, flow);
    if (idx < 0)
        return idx;
    int s = set_of(ctx, dest);
    *value = s == NO_SET ? 0 : ctx->sets[s].counter[idx];
    if (aggregated != NULL)
        *aggregated = (uint8_t)(s == (int)AGGREGATE);
    return RIO_OK;
}

int rio_fcep_enabled_mask(const struct rio_fcep *ctx, uint32_t dest)
{
    if (ctx == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    if (!dest_fits(ctx, dest))
        return RIO_ERANGE;
    int s = set_of(ctx, dest);
    if (s == NO_SET)
        return (int)RIO_FCEP_FLOW_MASK_ALL;
    return enabled_mask(ctx, &ctx->sets[s]);
}

int rio_fcep_flow_enabled(const struct rio_fcep *ctx, uint32_t dest,
                          unsigned vc, unsigned flow)
{
    int idx = query_args(ctx, dest, vc, flow);
    if (idx < 0)
        return idx;
    int mask = rio_fcep_enabled_mask(ctx, dest);
    return (mask >> idx) & 1;
}

int rio_fcep_orphan_state(struct rio_fcep_orphan *dst, const struct rio_fcep *ctx)
{
    if (dst == NULL || ctx == NULL || ctx->ready != 1)
        return RIO_EINVAL;
    memset(dst, 0, sizeof *dst);
    dst->xoffd = ctx->fifo_len;
    if (ctx->fifo_len == 0)
        return RIO_OK;
    unsigned s = ctx->fifo[0].set;
    dst->running = 1;
    dst->remaining = ctx->timer;
    dst->aggregated = (uint8_t)(s == AGGREGATE);
    dst->dest = s == AGGREGATE ? 0 : ctx->sets[s].dest;
    flow_of_index(&dst->vc, &dst->flow, ctx->fifo[0].flow);
    return RIO_OK;
}

const char *rio_fcep_action_name(enum rio_fcep_action action)
{
    switch (action) {
    case RIO_FCEP_NO_CCP:
        return "NO_CCP";
    case RIO_FCEP_XOFF_COUNTED:
        return "XOFF_COUNTED";
    case RIO_FCEP_XOFF_SATURATED:
        return "XOFF_SATURATED";
    case RIO_FCEP_XON_COUNTED:
        return "XON_COUNTED";
    case RIO_FCEP_XON_AT_ZERO:
        return "XON_AT_ZERO";
    case RIO_FCEP_RESERVED_FLOW_ID:
        return "RESERVED_FLOW_ID";
    case RIO_FCEP_CRITICAL_FLOW:
        return "CRITICAL_FLOW";
    case RIO_FCEP_RESERVED_FAM:
        return "RESERVED_FAM";
    case RIO_FCEP_NOT_CONGESTION_MGMT:
        return "NOT_CONGESTION_MGMT";
    }
    return "?";
}
/* SPDX-License-Identifier: Apache-2.0 */
