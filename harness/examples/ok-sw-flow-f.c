/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-sw-flow-f.c - a CONFORMING example DUT whose congested element XOFFs a
 * prio 0b10 request as flow F, the highest flow "C or higher" allows.
 *
 * Part 9 2.4.3 Table 2-1 (rev 2.2 and rev 4.1): transaction request flow
 * prio 0b10, request, System Priority "Highest", CCP flowID "C or higher".
 * Flows C, D, E and F all send their requests at prio 0b10, so a switch
 * that sees only the prio bits cannot tell them apart; an XOFF for F stops
 * every one of them (2.4.5 rule 1: "stops all transaction request flows of
 * the specified priority and lower"), while the reference's choice C stops
 * C, B and A only. Both are in the table. Responses are XOFF'd as flow A
 * (configuration pick=0, I-FCSW-1); this device has no pick=1 mode and
 * declines that configuration (not applicable, as the vendor guide says).
 *
 * PERMITS: Part 9 2.4.3 Table 2-1 "0b10 request Highest C or higher"
 * DECLARES: none
 *
 * What it proves: the Table 2-1 vectors accept flow C, D, E or F for a prio
 * 0b10 request, and the list vectors bind the flowID from the XOFF instead
 * of assuming C. Expected: 0 fail, 0 error.
 *
 * How: the reference DUT with the sw machine wrapped: flowIDs 0C and 0F are
 * swapped in the CCPs it originates, in abated_flow events and in the
 * listed query (a swap is its own inverse, so the reference's list keeps
 * working). With pick=0 the reference sends 0C only for prio 0b10 requests.
 * Routed CCPs (forward) are passed through unchanged.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-ok-sw-flow-f.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

#define FLOW_0C 0x02u
#define FLOW_0F 0x05u

static uint64_t swap_cf(uint64_t flow_id)
{
    if (flow_id == FLOW_0C)
        return FLOW_0F;
    if (flow_id == FLOW_0F)
        return FLOW_0C;
    return flow_id;
}

static int flowf_sw_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (cfg != NULL)
        for (uint32_t i = 0; i < cfg->n && i < RC_MAX_CONFIG; i++)
            if (cfg->kv[i].key == RC_SW_CFG_PICK && cfg->kv[i].value != 0)
                return RC_NOTSUP; /* responses are always XOFF'd as A */
    return rc_refdut()->machine[RC_M_SW].create(ctx, inst, cfg);
}

static int flowf_sw_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                         uint32_t cap, uint32_t *n)
{
    struct rc_msg e = *ev;
    /* abated_flow(destination_id, tgt_destination_id, flow_id) */
    if (e.kind == RC_SW_EV_ABATED_FLOW && e.nargs >= 3u)
        e.arg[2] = swap_cf(e.arg[2]);
    int rc = rc_refdut()->machine[RC_M_SW].step(inst, &e, out, cap, n);
    if (rc != RC_OK || ev->kind == RC_SW_EV_FORWARD)
        return rc;
    for (uint32_t i = 0; i < *n; i++)
        /* ccp(port, xon, fam, flow_id, ...): only congestion management */
        if (out[i].kind == RC_SW_OUT_CCP && out[i].nargs >= 4u &&
            out[i].arg[2] == 0u)
            out[i].arg[3] = swap_cf(out[i].arg[3]);
    return rc;
}

static int flowf_sw_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    struct rc_msg m = *q;
    /* listed(destination_id, tgt_destination_id, flow_id) */
    if (m.kind == RC_SW_Q_LISTED && m.nargs >= 3u)
        m.arg[2] = swap_cf(m.arg[2]);
    return rc_refdut()->machine[RC_M_SW].query(inst, &m, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-sw-flow-f";
    dut.machine[RC_M_SW].create = flowf_sw_create;
    dut.machine[RC_M_SW].step = flowf_sw_step;
    dut.machine[RC_M_SW].query = flowf_sw_query;
    return &dut;
}
