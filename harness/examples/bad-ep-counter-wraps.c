/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-ep-counter-wraps.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: XON/XOFF counter saturation at the source end point.
 * Part 9 2.4.2.3: the counter is incremented for each XOFF and "shall not
 * wrap": an XOFF that arrives when the counter is at its terminal count
 * (2^width - 1) leaves it there, and the flow stays stopped. This device's
 * counter is a plain modulo-2^width counter: that XOFF wraps it to 0, and
 * since a flow runs when its counter is 0 the flow (and the flows it held
 * stopped) restarts.
 *
 * BREAKS: P9-2.4.2.3-c
 *
 * How: the reference DUT (rc_refdut()) with the ep machine wrapped. Before an
 * XOFF CCP the wrapper reads the reference's counter for its
 * (tgtdestinationID, flowID); when that is the terminal count and the
 * reference counted the XOFF (saturated: no "ignored" note, counter still at
 * terminal count), the wrapper drives the reference counter back to 0 with
 * terminal-count XONs for the same flow and reports their outputs (the
 * restart) as this step's. Everything else - other CCPs, ticks, set-up,
 * queries - and every other machine is the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-ep-counter-wraps.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

struct bad_ep {
    void *inner;           /* the reference ep instance */
    uint64_t terminal;     /* 2^width - 1 */
};

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_EP];
}

/* The value of a config key, or `def` (the dut.h table default). */
static uint64_t bad_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

static int bad_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = bad_ref()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    struct bad_ep *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    /* the reference accepted the width: 1..16 */
    b->terminal = (1ull << bad_cfg(cfg, RC_EP_CFG_WIDTH, 4)) - 1u;
    *inst = b;
    return RC_OK;
}

static void bad_destroy(void *inst)
{
    struct bad_ep *b = inst;
    if (b != NULL)
        bad_ref()->destroy(b->inner);
    free(b);
}

/* ccp(xon, fam, flow_id, tgt_destination_id, soc): the counter of its flow,
 * 0 when it has none (reserved flowID: RC_RANGE). */
static uint64_t bad_counter(const struct bad_ep *b, const struct rc_msg *ccp)
{
    struct rc_msg q = {.kind = RC_EP_Q_COUNTER, .nargs = 2,
                       .arg = {ccp->arg[3], ccp->arg[2]}};
    uint64_t value = 0;
    return bad_ref()->query(b->inner, &q, &value) == RC_OK ? value : 0u;
}

static int bad_ignored(const struct rc_msg *out, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (out[i].kind == RC_EP_OUT_IGNORED)
            return 1;
    return 0;
}

/* The wrap: `terminal` XONs bring the reference counter back to 0. Their
 * outputs (the restart) are appended to the step's. */
static int bad_wrap(struct bad_ep *b, const struct rc_msg *xoff,
                    struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    const struct rc_msg xon = {.kind = RC_EP_EV_CCP, .nargs = 5,
                               .arg = {1, 0, xoff->arg[2], xoff->arg[3],
                                       xoff->arg[4]}};
    struct rc_msg tmp[RC_MAX_OUTPUTS];
    for (uint64_t i = 0; i < b->terminal; i++) {
        uint32_t k = 0;
        int rc = bad_ref()->step(b->inner, &xon, tmp, RC_MAX_OUTPUTS, &k);
        if (rc != RC_OK)
            return rc; /* not reached: an XON of a counted flow is valid */
        for (uint32_t j = 0; j < k; j++) {
            if (*n >= cap)
                return RC_FULL; /* not reached: one restart output */
            out[(*n)++] = tmp[j];
        }
    }
    return RC_OK;
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_ep *b = inst;
    if (b == NULL || ev == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    int xoff = ev->kind == RC_EP_EV_CCP && ev->nargs == 5u && ev->arg[0] == 0u;
    int at_terminal = xoff && bad_counter(b, ev) == b->terminal;
    int rc = bad_ref()->step(b->inner, ev, out, cap, n);
    if (rc != RC_OK || !at_terminal || bad_ignored(out, *n) ||
        bad_counter(b, ev) != b->terminal)
        return rc;
    return bad_wrap(b, ev, out, cap, n);
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_ep *b = inst;
    return bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the ep machine replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-ep-counter-wraps";
    dut.machine[RC_M_EP] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                   bad_step, bad_query};
    return &dut;
}
