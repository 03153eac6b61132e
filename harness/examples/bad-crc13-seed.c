/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bad-crc13-seed.c - a deliberately NON-CONFORMING example DUT.
 *
 * What it breaks: the initial value of the CRC-13 of a Control Symbol 48.
 * Part 6 rev 4.0 3.6 (and shared/spec/README.md): the CRC-13
 * x^13+x^10+x^8+x^5+x^2+1 is computed over bits 0-34 with initial value 0,
 * and Part 12 3.1 Figure 3-1 puts the VoQ stype2 under it (P12-3.1-a). This
 * device starts its CRC-13 register at all ones (0x1FFF), on transmit and on
 * receipt alike: its own symbols check against themselves, every symbol of a
 * conforming link partner is rejected as corrupt.
 *
 * BREAKS: P12-3.1-a
 *
 * Every vector that decodes a valid CS48 first accepts it under
 * `setup P12-3.1-a`, so this device fails that rule only: the codec and
 * receiver checks behind that set-up become inconclusive, never failed.
 *
 * How: the reference DUT (rc_refdut()) with the codec step and the rx
 * machine wrapped.
 *   codec cs48_unpack: a 6-byte symbol whose CRC is the all-ones-seed CRC
 *     reaches the reference with the right CRC (the reported crc field is
 *     set back to the one received); any other 6-byte symbol is rejected
 *     (RC_CRC, with whatever fields the reference reported).
 *   codec cs48_pack: the CRC-13 of the reference's bytes is replaced by the
 *     all-ones-seed CRC.
 *   rx symbol (format cs48): the same acceptance as cs48_unpack; a symbol the
 *     reference would accept but this device does not reaches the reference
 *     with its last CRC bit flipped, so it is discarded (RC_CRC, no change).
 * CS64, stype2, CCP, every other event and machine are the reference.
 *
 * Run it by hand (after `make examples cli`):
 *   build/gcc/bin/riocheck run --dut build/gcc/lib/riocheck-bad-crc13-seed.so
 */
#include <stdint.h>
#include <stdlib.h>

#include "riocheck/dut.h"
#include "rio/crc.h"
#include "../refdut/refdut.h"

#define BAD_SEED 0x1FFFu  /* the conforming initial value is 0 */
#define BAD_POLY 0x0525u  /* x^13+x^10+x^8+x^5+x^2+1 without x^13 */

/* The CRC-13 of bits 0-34 of a CS48 as this device computes it. */
static uint16_t bad_crc13(uint64_t bits0_34)
{
    return (uint16_t)rio_crc_bits(BAD_SEED, bits0_34, 35u, 13u, BAD_POLY);
}

/* A 6-byte symbol (len, hi, lo): its 48 bits. */
static uint64_t bad_v48(const struct rc_msg *e)
{
    return e->arg[1] >> 16;
}

/* How this device treats a 6-byte symbol: 1 when it accepts it, and then
 * *fixed holds the same symbol with the conforming CRC (for the reference). */
static int bad_accepts(const struct rc_msg *e, struct rc_msg *fixed)
{
    uint64_t v = bad_v48(e);
    uint64_t bits = v >> 13;
    *fixed = *e;
    if ((v & 0x1FFFu) == bad_crc13(bits)) {
        fixed->arg[1] = ((bits << 13) | rio_crc13(bits)) << 16;
        return 1;
    }
    /* rejected: a symbol whose CRC is right for the reference is corrupted */
    if ((v & 0x1FFFu) == rio_crc13(bits))
        fixed->arg[1] = (v ^ 1u) << 16;
    return 0;
}

static int bad_is_cs48(const struct rc_msg *e)
{
    return e->nargs == 3u && e->arg[0] == 6u && e->arg[2] == 0u &&
           (e->arg[1] & 0xFFFFu) == 0u;
}

static int bad_codec_step(void *inst, const struct rc_msg *ev,
                          struct rc_msg *out, uint32_t cap, uint32_t *n)
{
    const struct rc_machine_ops *ref = &rc_refdut()->machine[RC_M_CODEC];
    if (ev == NULL || out == NULL || n == NULL)
        return ref->step(inst, ev, out, cap, n);
    if (ev->kind == RC_CODEC_EV_CS48_UNPACK && bad_is_cs48(ev)) {
        struct rc_msg fixed;
        int ok = bad_accepts(ev, &fixed);
        int rc = ref->step(inst, &fixed, out, cap, n);
        /* cs48(stype0, parameter0, parameter1, stype1, cmd, stype2, crc) */
        for (uint32_t i = 0; i < *n; i++)
            if (out[i].kind == RC_CODEC_OUT_CS48 && out[i].nargs >= 7u)
                out[i].arg[6] = bad_v48(ev) & 0x1FFFu;
        return ok ? rc : (rc == RC_OK ? RC_CRC : rc);
    }
    int rc = ref->step(inst, ev, out, cap, n);
    if (rc == RC_OK && ev->kind == RC_CODEC_EV_CS48_PACK)
        for (uint32_t i = 0; i < *n; i++) {
            /* bytes(len, hi, lo) */
            struct rc_msg *m = &out[i];
            if (m->kind != RC_CODEC_OUT_BYTES || !bad_is_cs48(m))
                continue;
            uint64_t v = bad_v48(m);
            v = (v & ~(uint64_t)0x1FFFu) | bad_crc13(v >> 13);
            m->arg[1] = v << 16;
        }
    return rc;
}

struct bad_rx {
    void *inner; /* the reference rx instance */
    int cs48;    /* configured format is CS48 */
};

static const struct rc_machine_ops *bad_ref_rx(void)
{
    return &rc_refdut()->machine[RC_M_RX];
}

static int bad_rx_create(void *ctx, void **inst, const struct rc_config *cfg)
{
    (void)ctx;
    void *inner = NULL;
    if (inst == NULL)
        return RC_INVAL;
    *inst = NULL;
    int rc = bad_ref_rx()->create(ctx, &inner, cfg);
    if (rc != RC_OK)
        return rc;
    struct bad_rx *b = calloc(1, sizeof *b);
    if (b == NULL) {
        bad_ref_rx()->destroy(inner);
        return RC_FULL;
    }
    b->inner = inner;
    b->cs48 = 1; /* the dut.h default format is 48 */
    for (uint32_t i = 0; cfg != NULL && i < cfg->n && i < RC_MAX_CONFIG; i++)
        if (cfg->kv[i].key == RC_RX_CFG_FORMAT)
            b->cs48 = cfg->kv[i].value == 48u;
    *inst = b;
    return RC_OK;
}

static void bad_rx_destroy(void *inst)
{
    struct bad_rx *b = inst;
    if (b != NULL)
        bad_ref_rx()->destroy(b->inner);
    free(b);
}

static int bad_rx_step(void *inst, const struct rc_msg *ev, struct rc_msg *out,
                       uint32_t cap, uint32_t *n)
{
    struct bad_rx *b = inst;
    if (b == NULL || ev == NULL)
        return bad_ref_rx()->step(NULL, ev, out, cap, n);
    if (b->cs48 && ev->kind == RC_RX_EV_SYMBOL && bad_is_cs48(ev)) {
        struct rc_msg fixed;
        (void)bad_accepts(ev, &fixed);
        return bad_ref_rx()->step(b->inner, &fixed, out, cap, n);
    }
    return bad_ref_rx()->step(b->inner, ev, out, cap, n);
}

static int bad_rx_query(void *inst, const struct rc_msg *q, uint64_t *value)
{
    const struct bad_rx *b = inst;
    return bad_ref_rx()->query(b != NULL ? b->inner : NULL, q, value);
}

const struct rc_dut *riocheck_dut_v2(void)
{
    /* The description: the reference's with the codec step and the rx
     * machine replaced. Filled on every call, always with the same values. */
    static struct rc_dut dut;
    dut = *rc_refdut();
    dut.name = "bad-crc13-seed";
    dut.machine[RC_M_CODEC].step = bad_codec_step;
    dut.machine[RC_M_RX] = (struct rc_machine_ops){bad_rx_create, bad_rx_destroy,
                                                   bad_rx_step, bad_rx_query};
    return &dut;
}
