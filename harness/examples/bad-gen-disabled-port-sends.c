/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-gen-disabled-port-sends.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 4.2a, "VoQ Backpressure control symbols shall only
 * be sent from ports with Enable VoQ Symbol Generation [Port n VoQ CSR bit 8]
 * set". This generator ignores bit 8: every port transmits VoQ symbols as if
 * generation were enabled, from the start and whatever software writes.
 *
 * BREAKS: P12-4.2-a P12-5.1.2.2-b8
 *
 * How: the reference DUT (rc_refdut()) with the gen machine's create and
 * step wrapped. After the reference instance is created, every port's CSR is
 * written once with only bit 8 set (nothing is congested yet, so nothing is
 * sent); after that every csr(port, value) event reaches the reference with
 * bit 8 set. Congestion, ticks, link recovery, the queries and every other
 * machine are the reference. The wrapper keeps no state of its own: the
 * reference's instance is used as it is.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-gen-disabled-port-sends.so
 */
#include <stdint.h>

#include "riocheck/dut.h"
#include "../refdut/refdut.h"

/* Port n VoQ CSR (Part 12 Table 5-3), big-endian bit numbers. */
#define BAD_CSR_BIT8_GEN_ENABLE 0x00800000u

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_GEN];
}

/* The value of a config key, or `def` (the dut.h table default). */
static uint64_t bad_cfg(const struct rc_config *cfg, uint32_t key, uint64_t def)
{
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == key)
            return cfg->kv[i].value;
    return def;
}

static int bad_gen_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    int rc = bad_ref()->create(ctx, inst, cfg);
    if (rc != RC_OK)
        return rc;
    /* Bit 8 ignored: every port generates from the start. The reference
     * accepted the port count (at most 256). */
    uint64_t ports = bad_cfg(cfg, RC_GEN_CFG_PORTS, 8);
    for (uint64_t p = 0; p < ports; p++) {
        struct rc_msg e = {.kind = RC_GEN_EV_CSR, .nargs = 2,
                           .arg = {p, BAD_CSR_BIT8_GEN_ENABLE}};
        struct rc_msg out[RC_MAX_OUTPUTS];
        uint32_t n = 0;
        rc = bad_ref()->step(*inst, &e, out, RC_MAX_OUTPUTS, &n);
        if (rc != RC_OK) { /* not reached: nothing to send, a valid port */
            bad_ref()->destroy(*inst);
            *inst = NULL;
            return rc;
        }
    }
    return RC_OK;
}

static int bad_gen_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                        uint32_t cap, uint32_t *n)
{
    if (ev == NULL)
        return bad_ref()->step(inst, ev, out, cap, n);
    struct rc_msg e = *ev;
    /* csr(port, value); a value wider than 32 bits stays RC_RANGE */
    if (e.kind == RC_GEN_EV_CSR && e.nargs == 2u && e.arg[1] <= 0xFFFFFFFFu)
        e.arg[1] |= BAD_CSR_BIT8_GEN_ENABLE;
    return bad_ref()->step(inst, &e, out, cap, n);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the gen create and step
     * replaced. Filled on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-gen-disabled-port-sends";
    dut.machine[RC_M_GEN].create = bad_gen_create;
    dut.machine[RC_M_GEN].step = bad_gen_step;
    return &dut;
}
