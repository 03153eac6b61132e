/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-arb-late-timers.c - a CONFORMING example DUT that makes another legal
 * choice than the reference.
 *
 * What it chooses: its flow arbitration timers fire late. Every timer the
 * configuration sets to T ticks - the transmitter's request timeout and
 * retry backoff, the receiver's idle and release timeouts - expires after 2T
 * ticks (the reference: exactly T). Part 9 does not fix any of these times:
 * 2.4.8 NOTE "Use of timers with the arbitration protocol is optional.
 * Timer intervals are specific to system implementation and performance
 * goals"; rule 3(1) lets the transmitter send a new REQUEST once it "did
 * not receive a response to the previous REQUEST message and timed out";
 * rule 5 lets the receiver "deallocate the resources at any time after"
 * the idle counter times out. The vectors read a configured T as "not
 * before T, by 2T" (vectors/p9/arb-*.vec headers); this device sits at the
 * late edge of that window, as a timer with a coarse prescaler would.
 *
 * PERMITS: 2.4.8 NOTE "Timer intervals are specific to system implementation"
 * DECLARES: none
 *
 * How: the reference arbtx and arbrx machines, created with the timeout,
 * backoff, idle and release keys of the configuration doubled (0 = no timer
 * stays 0). Steps and queries are the reference's.
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static void ok_double(struct rc_config *c, uint32_t key)
{
    for (uint32_t i = 0; i < c->n && i < RC_MAX_CONFIG; i++)
        if (c->kv[i].key == key && c->kv[i].value <= 0x7FFFFFFFu)
            c->kv[i].value *= 2u;
}

static int ok_tx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (cfg == NULL)
        return rc_refdut()->machine[RC_M_ARBTX].create(ctx, inst, cfg);
    struct rc_config c = *cfg;
    ok_double(&c, RC_ARBTX_CFG_TIMEOUT);
    ok_double(&c, RC_ARBTX_CFG_BACKOFF);
    return rc_refdut()->machine[RC_M_ARBTX].create(ctx, inst, &c);
}

static int ok_rx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    if (cfg == NULL)
        return rc_refdut()->machine[RC_M_ARBRX].create(ctx, inst, cfg);
    struct rc_config c = *cfg;
    ok_double(&c, RC_ARBRX_CFG_IDLE);
    ok_double(&c, RC_ARBRX_CFG_RELEASE);
    return rc_refdut()->machine[RC_M_ARBRX].create(ctx, inst, &c);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-arb-late-timers";
    dut.machine[RC_M_ARBTX].create = ok_tx_create;
    dut.machine[RC_M_ARBRX].create = ok_rx_create;
    return &dut;
}
