/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ok-rx-beyond-discard.c - a CONFORMING example DUT that makes the other
 * choice the spec leaves open for ports a message names but the device does
 * not have.
 *
 * What it does differently: a VoQ message with a 1 for a downstream port the
 * device does not have (e.g. a CS48 width-0 message reaching port 12 on an
 * 8-port device) is discarded as a whole; a message with only 0s there
 * applies normally. The reference ignores those bits and applies the rest.
 *
 * Why that is allowed: Part 12 rev 4.1 3.1 / 3.2 let group widths reach more
 * ports (CS48 width 6: 448, CS64: 896) than a device or the register map has
 * (256), and say nothing of what a receiver does with the bits of ports it
 * lacks (shared/spec/README.md erratum 10: "behaviour for ports beyond the
 * device is implementation-defined"; I-RX-1).
 *
 * PERMITS: shared/spec/README.md erratum 10 "behaviour for ports beyond the device is implementation-defined"
 * DECLARES: rx_beyond=discard
 *
 * How: the reference DUT (rc_refdut()) with the rx machine's create wrapped:
 * the reference instance is always created with the config key beyond = 1
 * (discard), whatever the vector configures. Everything else is the
 * reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-ok-rx-beyond-discard.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

static int ok_rx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    struct rc_config own = {.n = 0};
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key != RC_RX_CFG_BEYOND && own.n < RC_MAX_CONFIG - 1u)
            own.kv[own.n++] = cfg->kv[i];
    own.kv[own.n++] = (struct rc_kv){RC_RX_CFG_BEYOND, 1u};
    return rc_refdut()->machine[RC_M_RX].create(ctx, inst, &own);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "ok-rx-beyond-discard";
    dut.profile.policy[RC_POL_RX_BEYOND] = 2; /* rx_beyond=discard */
    dut.machine[RC_M_RX].create = ok_rx_create;
    return &dut;
}
