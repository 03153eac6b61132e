/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-rx-reserved-vcind.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: Part 12 rev 4.1 3.2 (Table 3-3): a receiver given a CS64
 * VoQ symbol whose VC_IND is reserved (0b1001-0b1110) "shall ignore" it. This
 * receiver decodes VC_IND by its top bit - 0b1111 all VCs, any other 0b1xxx
 * VC0, 0b0xxx VC1-VC8 - so a reserved VC_IND is taken as VC0 and the
 * message is applied.
 *
 * BREAKS: P12-3.2-c
 *
 * How: the reference DUT (rc_refdut()) with the rx machine wrapped. On a
 * receiver configured for CS64, a symbol event carrying a well-formed CS64
 * (8 bytes, good CRC) with stype0 VoQ backpressure (0b1101) and a reserved
 * VC_IND reaches the reference as the same symbol with VC_IND 0b1000 (VC0),
 * re-packed with its CRC by librio's rio_cs64_pack. Every other symbol and
 * event, the queries and every other machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-rx-reserved-vcind.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "rio/cs.h"
#include "../refdut/refdut.h"

#define BAD_VC_IND_VC0 0x8u /* Table 3-3: 0b1000 = VC0 */

struct bad_rx {
    void *inner; /* the reference rx instance */
    int cs64;    /* configured format is CS64 */
};

static const struct rc_machine_ops *bad_ref(void)
{
    return &rc_refdut()->machine[RC_M_RX];
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
    struct bad_rx *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    b->cs64 = bad_cfg(cfg, RC_RX_CFG_FORMAT, 48) == 64u;
    *inst = b;
    return RC_OK;
}

static void bad_destroy(void *inst)
{
    struct bad_rx *b = inst;
    if (b != NULL)
        bad_ref()->destroy(b->inner);
    free(b);
}

/* symbol(len, hi, lo): a CS64 VoQ symbol with a reserved VC_IND gets VC_IND
 * 0b1000 and a fresh CRC; 1 when it was rewritten. */
static int bad_rewrite(struct rc_msg *e)
{
    uint8_t b[RIO_CS64_BYTES];
    struct rio_cs64 cs;
    if (e->arg[0] != RIO_CS64_BYTES || e->arg[2] != 0u)
        return 0;
    for (unsigned i = 0; i < RIO_CS64_BYTES; i++)
        b[i] = (uint8_t)(e->arg[1] >> (56u - 8u * i));
    if (rio_cs64_unpack(&cs, b, sizeof b) != 0 ||
        cs.stype0 != RIO_CS64_STYPE0_VOQ_BACKPRESSURE)
        return 0;
    unsigned vc_ind = cs.parameter0 >> 8; /* the top 4 of parameter0's 12 */
    if (vc_ind < 0x9u || vc_ind > 0xEu)
        return 0;
    cs.parameter0 = (uint16_t)((BAD_VC_IND_VC0 << 8) | (cs.parameter0 & 0xFFu));
    if (rio_cs64_pack(b, &cs) != 0)
        return 0; /* not reached: the fields came from an unpack */
    e->arg[1] = 0;
    for (unsigned i = 0; i < RIO_CS64_BYTES; i++)
        e->arg[1] |= (uint64_t)b[i] << (56u - 8u * i);
    return 1;
}

static int bad_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                    uint32_t cap, uint32_t *n)
{
    struct bad_rx *b = inst;
    if (b == NULL || ev == NULL)
        return bad_ref()->step(NULL, ev, out, cap, n);
    struct rc_msg e = *ev;
    if (b->cs64 && e.kind == RC_RX_EV_SYMBOL && e.nargs == 3u)
        (void)bad_rewrite(&e);
    return bad_ref()->step(b->inner, &e, out, cap, n);
}

static int bad_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_rx *b = inst;
    return bad_ref()->query(b != NULL ? b->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the rx machine replaced. Filled
     * on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-rx-reserved-vcind";
    dut.machine[RC_M_RX] = (struct rc_machine_ops){bad_create, bad_destroy,
                                                   bad_step, bad_query};
    return &dut;
}
