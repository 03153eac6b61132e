/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-ep-orphan-other.c - a CONFORMING example DUT whose orphaned-XOFF
 * mechanism is not the Annex A.2 timer.
 *
 * Part 9 2.4.2.1: "there shall be an orphaned XOFF mechanism for the purpose
 * of restarting orphaned flows which were XOFF'd but never XON'd in end
 * points. Details of this mechanism are implementation specific, however the
 * end point shall have sufficient means to avoid abandonment of orphaned
 * flows. A typical implementation of such a mechanism would be some sort of
 * counter. A description of a possible implementation is given in Appendix
 * A." Annex A is informative.
 *
 * PERMITS: Part 9 2.4.2.1 "Details of this mechanism are implementation specific"
 * DECLARES: ep_orphan=other
 *
 * Its mechanism: one timer PER FLOW (destination, flowID) instead of A.2's
 * single timer on the oldest XOFF'd flow. The timer of a flow starts when
 * its counter leaves 0 and is reloaded by every CCP that names the flow
 * (XOFF or XON); when it has run 2 x orphan ticks (the configured orphan
 * count, twice: a longer timeout) the flow's counter is set to 0 and the
 * flow restarts as if XON'd (2.4.2.3 "If the orphaned XOFF mechanism
 * activates, the counter is reset to zero and the flow is restarted"). So
 * several XOFF'd flows expire together, not one orphan period after another,
 * and a second XOFF to a flow restarts its count: the exact A.2 vectors
 * (policy ep_orphan=annex_a2) do not apply to it, and every other vector
 * must pass.
 *
 * BREAKS: none (conforming)
 *
 * How: the reference DUT (rc_refdut()) with the ep machine wrapped. The
 * reference's own A.2 timer is configured with the longest count (2^32 - 1
 * ticks, never reached by a vector, and ticks are not passed to it); the
 * wrapper keeps the per-flow timers and, on expiry, reports orphan(dest,
 * flow_id) and drives the reference counter to 0 with XONs for that flow,
 * reporting their outputs (the restart) as the tick's. With the shared
 * aggregate counters of I-FCEP-2 the timer is kept per (destination, flowID)
 * named in the CCPs. Everything else is the reference.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define OTHER_FLOWS 256u

struct other_timer {
    uint64_t dest, flow_id, deadline;
};

struct other_ep {
    void *inner;      /* the reference ep instance */
    uint64_t period;  /* 2 x the configured orphan count */
    uint64_t now;
    uint32_t n;       /* running timers, oldest deadline not sorted */
    struct other_timer t[OTHER_FLOWS];
};

static const struct rc_machine_ops *other_ref(void)
{
    return &rc_refdut()->machine[RC_M_EP];
}

static int other_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (inst == NULL || cfg == NULL || cfg->n > RC_MAX_CONFIG)
        return RC_INVAL;
    *inst = NULL;
    struct rc_config c = *cfg;
    uint64_t orphan = 1000; /* the dut.h table default */
    uint32_t i = 0;
    while (i < c.n && c.kv[i].key != RC_EP_CFG_ORPHAN)
        i++;
    if (i < c.n) {
        orphan = c.kv[i].value;
    } else {
        if (c.n >= RC_MAX_CONFIG)
            return RC_INVAL;
        c.kv[c.n++].key = RC_EP_CFG_ORPHAN;
    }
    if (orphan == 0 || orphan > UINT32_MAX)
        return RC_NOTSUP;
    c.kv[i].value = UINT32_MAX; /* the reference's A.2 timer never fires */
    void *inner = NULL;
    int rc = other_ref()->create(ctx, &inner, &c);
    if (rc != RC_OK)
        return rc;
    struct other_ep *e = calloc(1, sizeof *e);
    if (e == NULL) {
        other_ref()->destroy(inner);
        return RC_FULL;
    }
    e->inner = inner;
    e->period = 2u * orphan;
    *inst = e;
    return RC_OK;
}

static void other_destroy(void *inst)
{
    struct other_ep *e = inst;
    if (e != NULL)
        other_ref()->destroy(e->inner);
    free(e);
}

static uint64_t other_counter(const struct other_ep *e, uint64_t dest,
                              uint64_t flow_id)
{
    struct rc_msg q = {.kind = RC_EP_Q_COUNTER, .nargs = 2,
                       .arg = {dest, flow_id}};
    uint64_t value = 0;
    return other_ref()->query(e->inner, &q, &value) == RC_OK ? value : 0u;
}

/* After a CCP or set-up naming (dest, flow_id): (re)start its timer while
 * its counter is not 0, drop it when the counter is 0. */
static int other_track(struct other_ep *e, uint64_t dest, uint64_t flow_id)
{
    uint32_t i = 0;
    while (i < e->n && !(e->t[i].dest == dest && e->t[i].flow_id == flow_id))
        i++;
    if (other_counter(e, dest, flow_id) == 0) {
        if (i < e->n)
            e->t[i] = e->t[--e->n];
        return RC_OK;
    }
    if (i == e->n) {
        if (e->n >= OTHER_FLOWS)
            return RC_FULL;
        e->n++;
    }
    e->t[i] = (struct other_timer){dest, flow_id, e->now + e->period};
    return RC_OK;
}

static int other_emit(struct rc_msg *out, uint32_t cap, uint32_t *n,
                      const struct rc_msg *m)
{
    if (*n >= cap)
        return RC_FULL;
    out[(*n)++] = *m;
    return RC_OK;
}

/* tick n: expire every timer whose deadline has come, earliest first. */
static int other_tick(struct other_ep *e, uint64_t ticks, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    e->now = ticks > UINT64_MAX - e->now ? UINT64_MAX : e->now + ticks;
    for (;;) {
        uint32_t best = e->n;
        for (uint32_t i = 0; i < e->n; i++)
            if (e->t[i].deadline <= e->now &&
                (best == e->n || e->t[i].deadline < e->t[best].deadline))
                best = i;
        if (best == e->n)
            return RC_OK;
        struct other_timer x = e->t[best];
        e->t[best] = e->t[--e->n];
        const struct rc_msg note = {.kind = RC_EP_OUT_ORPHAN, .nargs = 2,
                                    .arg = {x.dest, x.flow_id}};
        int rc = other_emit(out, cap, n, &note);
        if (rc != RC_OK)
            return rc;
        const struct rc_msg xon = {.kind = RC_EP_EV_CCP, .nargs = 5,
                                   .arg = {1, 0, x.flow_id, x.dest, 0}};
        for (uint64_t c = other_counter(e, x.dest, x.flow_id); c > 0; c--) {
            struct rc_msg tmp[RC_MAX_OUTPUTS];
            uint32_t k = 0;
            rc = other_ref()->step(e->inner, &xon, tmp, RC_MAX_OUTPUTS, &k);
            if (rc != RC_OK)
                return rc;
            for (uint32_t j = 0; j < k; j++)
                if ((rc = other_emit(out, cap, n, &tmp[j])) != RC_OK)
                    return rc;
        }
    }
}

static int other_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                      uint32_t cap, uint32_t *n)
{
    struct other_ep *e = inst;
    if (e == NULL || ev == NULL || out == NULL || n == NULL)
        return other_ref()->step(NULL, ev, out, cap, n);
    *n = 0;
    switch (ev->kind) {
    case RC_EP_EV_TICK:
        return ev->nargs == 1u ? other_tick(e, ev->arg[0], out, cap, n)
                               : RC_INVAL;
    case RC_EP_EV_RESET: {
        int rc = other_ref()->step(e->inner, ev, out, cap, n);
        if (rc == RC_OK)
            e->n = 0;
        return rc;
    }
    case RC_EP_EV_CCP:
    case RC_EP_EV_SETUP: {
        int rc = other_ref()->step(e->inner, ev, out, cap, n);
        if (rc != RC_OK)
            return rc;
        if (ev->kind == RC_EP_EV_CCP && ev->nargs == 5u)
            return other_track(e, ev->arg[3], ev->arg[2]);
        if (ev->kind == RC_EP_EV_SETUP && ev->nargs == 2u)
            return other_track(e, ev->arg[0], ev->arg[1]);
        return RC_OK;
    }
    default:
        return other_ref()->step(e->inner, ev, out, cap, n);
    }
}

static int other_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct other_ep *e = inst;
    return other_ref()->query(e != NULL ? e->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-ep-orphan-other";
    dut.profile.policy[RC_POL_EP_ORPHAN] = 2; /* other */
    dut.machine[RC_M_EP] = (struct rc_machine_ops){other_create, other_destroy,
                                                   other_step, other_query};
    return &dut;
}
